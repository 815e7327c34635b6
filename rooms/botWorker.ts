/**
 * The bot worker thread's entry (server/bots/botPool.ts, which defines the messages in
 * server/bots/workerProtocol.ts): `normal` bot decisions for every game with search hooks, off the
 * rooms' event loop. It answers each request with the search's decision or the error it threw.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { seedRng } from "../rules/core/rng.ts";
import { searchAction, type SearchHooks } from "../rules/core/search.ts";
import type { AnyEngine } from "../rules/core/engine.ts";
import { gameBindings } from "./registry.ts";

/** The bot threads' nice value (0 the process's own, 19 the lowest priority). */
const BOT_THREAD_NICE = 10;

const port = parentPort;
if (!port) throw new Error("rooms/botWorker.ts runs in a worker thread");

// A search may wait; a room's reply should not. On Linux this thread lowers its own scheduling
// priority (a thread is a task with its own nice value), so on a busy machine the rooms' thread
// gets the CPU first. Best effort: elsewhere, or where it is refused, nothing changes.
try {
  const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, BOT_THREAD_NICE);
} catch {
  // not Linux, or not allowed: the worker runs at the process's priority
}
const games = new Map<string, { engine: AnyEngine; hooks: SearchHooks }>(gameBindings.flatMap((b) => (b.bot ? [[b.engine.game, { engine: b.engine, hooks: b.bot }] as const] : [])));

port.on("message", (request: { ticket: number; game: string; state: unknown; seat: number; seed: string }) => {
  const started = performance.now();
  try {
    const game = games.get(request.game);
    if (!game) throw new Error(`no normal bot for game ${request.game}`);
    const action = searchAction(game.engine, game.hooks, request.state, request.seat, { rng: seedRng(request.seed) });
    port.postMessage({ ticket: request.ticket, ok: true, action, ms: performance.now() - started });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    port.postMessage({ ticket: request.ticket, ok: false, error: { name: e.name, message: e.message } });
  }
});
port.postMessage({ ready: true });
