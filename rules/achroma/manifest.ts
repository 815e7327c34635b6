/** Achroma in the games list (rules/games.ts). */
import { defineManifest } from "../core/manifest.ts";

export const manifest = defineManifest({
  id: "achroma",
  title: "Achroma",
  players: { min: 2, max: 6 },
  benchSeats: 4,
  summary:
    "Two to six painters each bring a Palette of 30 cards to their own Canvas. Deploy Characters, attack the other Canvases and trade to fill your bank with Shards. The first to 30 Shards wins, or the last one still holding any.",
});
