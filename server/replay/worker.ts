/**
 * The replay worker's loop: answers view requests from its own ReplayViews. Started by a
 * game-aware entry (rooms/replayWorker.ts) that hands in the engines: server/ knows no game.
 */
import { parentPort } from "node:worker_threads";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { ReplayViews, type BoardOf } from "./replayViews.ts";
import type { FromWorker, ToWorker } from "./workerProtocol.ts";

export function serveReplayViews(engines: ReadonlyMap<string, AnyEngine>, boards?: ReadonlyMap<string, BoardOf>): void {
  const port = parentPort;
  if (!port) throw new Error("serveReplayViews runs in a worker thread");
  const views = new ReplayViews(engines, boards);
  port.on("message", (message: ToWorker) => {
    if (message.kind === "drop") {
      views.drop(message.id);
      return;
    }
    const started = performance.now();
    let reply: FromWorker;
    try {
      const json = JSON.stringify(views.answer(message.request, message.replay));
      reply = { ticket: message.ticket, ok: true, json, ms: performance.now() - started };
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      reply = { ticket: message.ticket, ok: false, error: { name: e.name, message: e.message } };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies FromWorker);
}
