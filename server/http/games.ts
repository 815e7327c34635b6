/**
 * The games this server runs, and each game's catalog.
 *   GET /api/games                  { games: [{ game, version, presets, catalog }] }
 *   GET /api/games/:game/catalog    { game, version, sections: { <kind>: { <id>: entry } } }
 *   GET /api/games/:game/protocol   { game, version, action, event, outcome, messages }: JSON Schemas
 * Both are static per engine version: built once (and gzipped once, for clients that take
 * gzip), served with an ETag (a client's If-None-Match gets 304) and may be cached by clients
 * and proxies.
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { Router, type Request, type Response } from "express";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { queryText } from "./params.ts";

interface Cached {
  body: string;
  etag: string;
  /** The body gzipped once (catalogs run to hundreds of kB), and its own ETag. */
  gzip: Buffer;
  gzipEtag: string;
}

/** A per-engine JSON document built once, with its ETag, plain and gzipped. */
function staticDocuments(build: (engine: AnyEngine) => unknown): (engine: AnyEngine) => Cached {
  const cache = new Map<string, Cached>();
  return (engine) => {
    let cached = cache.get(engine.game);
    if (!cached) {
      const body = JSON.stringify(build(engine));
      const tag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
      cached = { body, etag: `"${tag}"`, gzip: gzipSync(body, { level: 9 }), gzipEtag: `"${tag}-gz"` };
      cache.set(engine.game, cached);
    }
    return cached;
  };
}

export function gamesRouter(deps: {
  engines: ReadonlyMap<string, AnyEngine>;
  /** The game's protocol as JSON Schemas (rooms/messages.ts: the engine's plus the room's messages). */
  protocolOf: (engine: AnyEngine) => unknown;
  /** The game's catalog (rooms/messages.ts: the engine's plus the room's own outcome reasons). */
  catalogOf: (engine: AnyEngine) => unknown;
}): Router {
  const router = Router();
  const catalogOf = staticDocuments(deps.catalogOf);
  const protocolOf = staticDocuments(deps.protocolOf);
  const engineOf = (param: unknown): AnyEngine => {
    const game = parseOrThrow(queryText(32), param, "game");
    const engine = deps.engines.get(game);
    if (!engine) throw new HttpError(404, "unknown_game", `this server runs no game "${game}" (games: ${[...deps.engines.keys()].join(", ")})`);
    return engine;
  };
  const sendStatic = (req: Request, res: Response, doc: Cached) => {
    const gzip = req.acceptsEncodings("gzip", "identity") === "gzip";
    const etag = gzip ? doc.gzipEtag : doc.etag;
    res.set("ETag", etag);
    res.set("Cache-Control", "public, max-age=300");
    res.vary("Accept-Encoding");
    if (req.get("if-none-match") === etag) {
      res.status(304).end();
      return;
    }
    res.type("application/json");
    if (gzip) res.set("Content-Encoding", "gzip").send(doc.gzip);
    else res.send(doc.body);
  };

  router.get("/api/games", (_req, res) => {
    // `presets`: ready-made join `seat` options (decks, characters), usable as they are.
    res.json({
      games: [...deps.engines.values()].map((e) => ({
        game: e.game,
        version: e.version,
        presets: e.presets?.() ?? {},
        catalog: `/api/games/${e.game}/catalog`,
        protocol: `/api/games/${e.game}/protocol`,
      })),
    });
  });

  router.get("/api/games/:game/catalog", (req, res) => sendStatic(req, res, catalogOf(engineOf(req.params.game))));
  router.get("/api/games/:game/protocol", (req, res) => {
    const engine = engineOf(req.params.game);
    if (!engine.protocol) throw new HttpError(404, "no_protocol", `${engine.game} publishes no protocol document`);
    sendStatic(req, res, protocolOf(engine));
  });

  return router;
}
