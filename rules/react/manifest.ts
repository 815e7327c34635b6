/** Re;ACT in the games list (rules/games.ts). */
import { defineManifest } from "../core/manifest.ts";

export const manifest = defineManifest({
  id: "react",
  title: "Re;ACT",
  players: { min: 2, max: 2 },
  benchSeats: 2,
  summary:
    "A duel of two Artists across a row of zones. Play Action Cards and your Artist's own abilities, and answer your rival's moves in the React Chain before they resolve. Land three hits on the other Artist, or let them run out of cards to draw, to win.",
});
