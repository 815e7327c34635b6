/**
 * The games this server runs, and each game's catalog.
 *   GET /api/games                  { games: [{ game, version, presets, catalog }] }
 *   GET /api/games/:game/catalog    { game, version, sections: { <kind>: { <id>: entry } } }
 * A catalog is static per engine version: it is built once, served with an ETag (a client's
 * If-None-Match gets 304) and may be cached by clients and proxies.
 */
import { createHash } from "node:crypto";
import { Router } from "express";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { queryText } from "./params.ts";

export function gamesRouter(deps: { engines: ReadonlyMap<string, AnyEngine> }): Router {
  const router = Router();
  const catalogs = new Map<string, { body: string; etag: string }>();
  const catalogOf = (engine: AnyEngine) => {
    let cached = catalogs.get(engine.game);
    if (!cached) {
      const body = JSON.stringify({ game: engine.game, version: engine.version, sections: engine.catalog?.().sections ?? {} });
      cached = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
      catalogs.set(engine.game, cached);
    }
    return cached;
  };

  router.get("/api/games", (_req, res) => {
    // `presets`: ready-made join `seat` options (decks, characters), usable as they are.
    res.json({
      games: [...deps.engines.values()].map((e) => ({
        game: e.game,
        version: e.version,
        presets: e.presets?.() ?? {},
        catalog: `/api/games/${e.game}/catalog`,
      })),
    });
  });

  router.get("/api/games/:game/catalog", (req, res) => {
    const game = parseOrThrow(queryText(32), req.params.game, "game");
    const engine = deps.engines.get(game);
    if (!engine) throw new HttpError(404, "unknown_game", `this server runs no game "${game}" (games: ${[...deps.engines.keys()].join(", ")})`);
    const { body, etag } = catalogOf(engine);
    res.set("ETag", etag);
    res.set("Cache-Control", "public, max-age=300");
    if (req.get("if-none-match") === etag) {
      res.status(304).end();
      return;
    }
    res.type("application/json").send(body);
  });

  return router;
}
