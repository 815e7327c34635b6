/**
 * Every game this server offers, as room bindings. The server plumbing receives this list
 * and knows nothing else about games.
 */
import type { RoomBinding } from "./binding.ts";
import { achromaBinding } from "./achroma/binding.ts";
import { reactBinding } from "./react/binding.ts";
import { resonanceBinding } from "./resonance/binding.ts";
import { solreiBinding } from "./solrei/binding.ts";

export const gameBindings: readonly RoomBinding[] = [solreiBinding, achromaBinding, reactBinding, resonanceBinding];

/** The replay worker thread's entry: replay step views computed with these games' engines. */
export const replayWorkerEntry = new URL("./replayWorker.ts", import.meta.url);

/** The bot worker thread's entry: `normal` bot decisions with these games' search hooks. */
export const botWorkerEntry = new URL("./botWorker.ts", import.meta.url);
