/**
 * Every game this server offers: the one list. Adding a game is its folders (rules/<id>/ with a
 * `manifest.ts` and an engine, rooms/<id>/binding.ts, web/src/boards/<id>.tsx) and one line here;
 * the room registry, the lobby, the client typings and the benchmarks all read this list
 * (test/gameList.test.ts checks that no other file lists the games).
 */
import { manifest as achroma } from "./achroma/manifest.ts";
import { manifest as react } from "./react/manifest.ts";
import { manifest as resonance } from "./resonance/manifest.ts";
import { manifest as solrei } from "./solrei/manifest.ts";

export const GAMES = [solrei, achroma, react, resonance] as const;

/** A game's id: its room name and folder name. */
export type GameId = (typeof GAMES)[number]["id"];

export const GAME_IDS: readonly GameId[] = GAMES.map((g) => g.id);

export function manifestOf(id: string): (typeof GAMES)[number] | undefined {
  return GAMES.find((g) => g.id === id);
}
