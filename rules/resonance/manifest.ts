/** Resonance in the games list (rules/games.ts). */
import { defineManifest } from "../core/manifest.ts";

export const manifest = defineManifest({
  id: "resonance",
  title: "Resonance",
  players: { min: 2, max: 4 },
  benchSeats: 3,
  summary:
    "Two to four players, each a Player unit tuned to two colours, with a Codex and a Main Deck of Animations and Items. Spend Energy to bring units in and settle fights with Opposed Rolls. Bring every rival's Health to zero to be the last one standing.",
});
