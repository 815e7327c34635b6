/** SolRei in the games list (rules/games.ts). */
import { defineManifest } from "../core/manifest.ts";

export const manifest = defineManifest({
  id: "solrei",
  title: "SolRei",
  players: { min: 2, max: 2 },
  benchSeats: 2,
  summary:
    "A duel of two Muses fought with a deck of playing cards. Each Act you trade Attack and Charge cards, spend your Rei on Arts and wear your rival down until they are knocked out or cannot play. Win two Acts to win the Show.",
});
