/**
 * The web client's build (`node web/build.mjs`, run by `npm start` when web/dist is stale) and
 * its dev server (`npx vite web`: http://localhost:5173, the HTTP API proxied to the game server).
 * JSX is compiled by Vite's own transformer (oxc) for Preact: no Babel, no plugin.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const gameServer = process.env.GAME_SERVER ?? "http://localhost:2567";

export default defineConfig(({ command }) => ({
  // The dev page (served by Vite) opens its rooms on the game server itself; the built page, served
  // by the game server, uses its own origin.
  define: { __GAME_SERVER_PORT__: command === "serve" ? JSON.stringify(new URL(gameServer).port || "80") : "null" },
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 400 },
  server: {
    proxy: {
      "/api": gameServer,
      "/health": gameServer,
      // The matchmaking route and the room WebSocket (`/<processId>/<roomId>`): the dev page
      // talks to the game server directly for those (VITE_GAME_SERVER, see web/README.md).
    },
  },
}));
