/**
 * A bot worker's loop: answers decision requests with the `normal` search. Started by a
 * game-aware entry (rooms/botWorker.ts) that hands in the engines and their search hooks:
 * server/ knows no game.
 */
import { parentPort } from "node:worker_threads";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { seedRng } from "../../rules/core/rng.ts";
import { searchAction, type SearchHooks } from "../../rules/core/search.ts";
import type { BotRequest, FromBotWorker } from "./workerProtocol.ts";

export function serveBotDecisions(games: ReadonlyMap<string, { engine: AnyEngine; hooks: SearchHooks }>): void {
  const port = parentPort;
  if (!port) throw new Error("serveBotDecisions runs in a worker thread");
  port.on("message", (request: BotRequest) => {
    const started = performance.now();
    let reply: FromBotWorker;
    try {
      const game = games.get(request.game);
      if (!game) throw new Error(`no normal bot for game ${request.game}`);
      const action = searchAction(game.engine, game.hooks, request.state, request.seat, { rng: seedRng(request.seed) });
      reply = { ticket: request.ticket, ok: true, action, ms: performance.now() - started };
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      reply = { ticket: request.ticket, ok: false, error: { name: e.name, message: e.message } };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies FromBotWorker);
}
