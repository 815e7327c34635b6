/**
 * The bot worker process' entry (server/bots/botPool.ts, which defines the messages in
 * server/bots/workerProtocol.ts): `normal` bot decisions for every game with search hooks, off the
 * rooms' event loop. It answers each request with the search's decision or the error it threw.
 */
import { seedRng } from "../rules/core/rng.ts";
import { searchAction, type SearchHooks } from "../rules/core/search.ts";
import type { AnyEngine } from "../rules/core/engine.ts";
import { gameBindings } from "./registry.ts";

// The pool runs this in a worker process of its own (server/workers/processWorker.ts), which is
// in the lowest CPU class: a search may wait, a room's reply should not.
const send = process.send?.bind(process);
if (!send) throw new Error("rooms/botWorker.ts runs in a worker process (server/workers/processWorker.ts)");

const games = new Map<string, { engine: AnyEngine; hooks: SearchHooks }>(gameBindings.flatMap((b) => (b.bot ? [[b.engine.game, { engine: b.engine, hooks: b.bot }] as const] : [])));

process.on("message", (message) => {
  const request = message as { ticket: number; game: string; state: unknown; seat: number; seed: string };
  const started = performance.now();
  try {
    const game = games.get(request.game);
    if (!game) throw new Error(`no normal bot for game ${request.game}`);
    const action = searchAction(game.engine, game.hooks, request.state, request.seat, { rng: seedRng(request.seed) });
    send({ ticket: request.ticket, ok: true, action, ms: performance.now() - started });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ ticket: request.ticket, ok: false, error: { name: e.name, message: e.message } });
  }
});
send({ ready: true });
