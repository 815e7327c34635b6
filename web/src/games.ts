/**
 * What the lobby offers per game. The room options are docs/games.md's: the seat
 * count is a create option of Achroma (2-6) and Resonance (2-4); the others seat two.
 */
const TITLES: Record<string, string> = { solrei: "SolRei", achroma: "Achroma", react: "Re;ACT", resonance: "Resonance" };
const PLAYERS: Record<string, [number, number]> = { achroma: [2, 6], resonance: [2, 4] };

/** A few sentences for players: what the game is and how it is won (our own words). */
const SUMMARIES: Record<string, string> = {
  solrei:
    "A duel of two Muses fought with a deck of playing cards. Each Act you trade Attack and Charge cards, spend your Rei on Arts and wear your rival down until they are knocked out or cannot play. Win two Acts to win the Show.",
  achroma:
    "Two to six painters each bring a Palette of 30 cards to their own Canvas. Deploy Characters, attack the other Canvases and trade to fill your bank with Shards. The first to 30 Shards wins, or the last one still holding any.",
  react:
    "A duel of two Artists across a row of zones. Play Action Cards and your Artist's own abilities, and answer your rival's moves in the React Chain before they resolve. Land three hits on the other Artist, or let them run out of cards to draw, to win.",
  resonance:
    "Two to four players, each a Player unit tuned to two colours, with a Codex and a Main Deck of Animations and Items. Spend Energy to bring units in and settle fights with Opposed Rolls. Bring every rival's Health to zero to be the last one standing.",
};

export function gameTitle(game: string): string {
  return TITLES[game] ?? game;
}

export function gameSummary(game: string): string {
  return SUMMARIES[game] ?? "";
}

/** "2 players" or "2–6 players". */
export function seatText(game: string): string {
  const range = PLAYERS[game];
  return range ? `${range[0]}–${range[1]} players` : "2 players";
}

/** The seat counts a game's room can be created with, or null when it has no such option. */
export function playerCounts(game: string): number[] | null {
  const range = PLAYERS[game];
  if (!range) return null;
  return Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i);
}

/** How many seats a room of this game has with this player choice. */
export function seatCount(game: string, players: number): number {
  return PLAYERS[game] ? players : 2;
}

export function roomConfig(game: string, players: number): Record<string, unknown> {
  return PLAYERS[game] ? { players } : {};
}
