/**
 * The replay worker thread's entry (server/replay/replayPool.ts): the server's replay views,
 * computed with this build's engines, off the rooms' event loop.
 */
import { serveReplayViews } from "../server/replay/worker.ts";
import { boardProjections } from "./boardViews.ts";
import { gameBindings } from "./registry.ts";

serveReplayViews(new Map(gameBindings.map((b) => [b.engine.game, b.engine])), boardProjections(gameBindings));
