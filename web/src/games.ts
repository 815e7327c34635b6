/**
 * What the lobby offers per game, from the games list (rules/games.ts): titles, summaries and
 * seat counts. A game with more than one seat count takes it as its `players` create option
 * (docs/games.md); the others have no options.
 */
import { configFor } from "../../rules/core/manifest.ts";
import { GAMES, manifestOf } from "../../rules/games.ts";

export { GAMES };

export function gameTitle(game: string): string {
  return manifestOf(game)?.title ?? game;
}

export function gameSummary(game: string): string {
  return manifestOf(game)?.summary ?? "";
}

/** The seat counts a game's room can be created with, or null when it has only one. */
export function playerCounts(game: string): number[] | null {
  const players = manifestOf(game)?.players;
  if (!players || players.min === players.max) return null;
  return Array.from({ length: players.max - players.min + 1 }, (_, i) => players.min + i);
}

/** "2 players" or "2–6 players". */
export function seatText(game: string): string {
  const players = manifestOf(game)?.players ?? { min: 2, max: 2 };
  return players.min === players.max ? `${players.min} players` : `${players.min}–${players.max} players`;
}

/** How many seats a room of this game has with this player choice. */
export function seatCount(game: string, players: number): number {
  return playerCounts(game) ? players : (manifestOf(game)?.players.min ?? 2);
}

export function roomConfig(game: string, players: number): Record<string, unknown> {
  const m = manifestOf(game);
  return m ? configFor(m, players) : {};
}
