/**
 * Every game this server offers, as room bindings: for each game of the list (rules/games.ts),
 * the default export of rooms/<id>/binding.ts. The server plumbing receives this list and knows
 * nothing else about games.
 */
import { GAMES } from "../rules/games.ts";
import type { RoomBinding } from "./binding.ts";

async function bindingOf(id: string): Promise<RoomBinding> {
  const { default: binding } = (await import(`./${id}/binding.ts`)) as { default?: RoomBinding };
  if (binding?.engine.game !== id) throw new Error(`rooms/${id}/binding.ts must default-export the room binding of the engine "${id}"`);
  return binding;
}

export const gameBindings: readonly RoomBinding[] = await Promise.all(GAMES.map((g) => bindingOf(g.id)));

/** The replay worker thread's entry: replay step views computed with these games' engines. */
export const replayWorkerEntry = new URL("./replayWorker.ts", import.meta.url);

/** The bot worker's entry (a worker process): `normal` bot decisions with these games' search hooks. */
export const botWorkerEntry = new URL("./botWorker.ts", import.meta.url);
