/** Messages between the rooms' thread and a replay worker (server/replay/replayPool.ts). */
import type { IndexedReplay, ViewRequest } from "./replayViews.ts";

export type ToWorker =
  | { kind: "view"; ticket: number; request: ViewRequest; replay?: IndexedReplay }
  /** The pool no longer routes this match here: free its index. */
  | { kind: "drop"; id: string };

export type FromWorker =
  /** Sent once, when the worker has loaded its engines: request time limits start from here. */
  | { ready: true }
  /** `json`: the answer as the HTTP body, serialised in the worker (the rooms' thread only forwards it). */
  | { ticket: number; ok: true; json: string; ms: number }
  | { ticket: number; ok: false; error: { name: string; message: string } };
