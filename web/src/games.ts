/**
 * What the lobby offers per game. The room options are the README's (Games table): the seat
 * count is a create option of Achroma (2-6) and Resonance (2-4); the others seat two.
 */
const TITLES: Record<string, string> = { solrei: "SolRei", achroma: "Achroma", react: "Re;ACT", resonance: "Resonance" };
const PLAYERS: Record<string, [number, number]> = { achroma: [2, 6], resonance: [2, 4] };

export function gameTitle(game: string): string {
  return TITLES[game] ?? game;
}

/** The seat counts a game's room can be created with, or null when it has no such option. */
export function playerCounts(game: string): number[] | null {
  const range = PLAYERS[game];
  if (!range) return null;
  return Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i);
}

export function roomConfig(game: string, players: number): Record<string, unknown> {
  return PLAYERS[game] ? { players } : {};
}
