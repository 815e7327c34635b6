/**
 * Match history and replays.
 *   GET /api/matches?game=&player=&limit=&before=   newest first, keyset paged
 *   GET /api/matches/:id
 *   GET /api/matches/:id/replay                     the replay record (config, seed, steps)
 *   GET /api/matches/:id/replay?step=&seat=&reveal=all   the view at a step, computed off the
 *                                                   rooms' event loop (server/replay/replayPool.ts)
 */
import { Router } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { type ReplayPool, ReplayUnavailableError } from "../replay/replayPool.ts";
import { getMatch, getReplay, listMatches } from "../store/matchHistory.ts";
import { StoreError } from "../store/matches.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { cursorText, queryText, uuidText, wholeNumber } from "./params.ts";

const uuid = uuidText("must be a match id (uuid)");
const listQuery = z.object({
  game: queryText(32).optional(),
  player: uuidText("must be a player id (uuid)").optional(),
  limit: wholeNumber(1, 100).default(20),
  before: cursorText.optional(),
});
const replayQuery = z
  .object({
    step: wholeNumber(0, 999_999_999).optional(),
    seat: wholeNumber(0, 15).optional(),
    reveal: z.literal("all").optional(),
  })
  .refine((q) => !(q.reveal && q.seat !== undefined), { message: "use either seat or reveal=all, not both" });

export function matchesRouter(deps: { sql: Sql; engines: ReadonlyMap<string, AnyEngine>; replays: ReplayPool }): Router {
  const router = Router();

  router.get("/api/matches", async (req, res) => {
    const q = parseOrThrow(listQuery, req.query, "query");
    try {
      const page = await listMatches(deps.sql, q);
      res.json(page);
    } catch (error) {
      if (error instanceof StoreError) throw new HttpError(400, error.code, error.message);
      throw error;
    }
  });

  router.get("/api/matches/:id", async (req, res) => {
    const id = parseOrThrow(uuid, req.params.id, "match id");
    const match = await getMatch(deps.sql, id);
    if (!match) throw new HttpError(404, "match_not_found", `no stored match ${id}`);
    res.json(match);
  });

  router.get("/api/matches/:id/replay", async (req, res) => {
    const id = parseOrThrow(uuid, req.params.id, "match id");
    const q = parseOrThrow(replayQuery, req.query, "query");
    const wantsView = q.step !== undefined || q.seat !== undefined || q.reveal !== undefined;
    // Stored matches never change: a viewer stepping through one reuses its index (no database, no re-run).
    const known = wantsView ? deps.replays.known(id) : undefined;
    const replay = known ? undefined : ((await getReplay(deps.sql, id)) ?? undefined);
    if (!known && !replay) throw new HttpError(404, "match_not_found", `no stored match ${id}`);
    if (!wantsView) {
      res.json(replay);
      return;
    }
    const match = known ?? { game: replay!.game, version: replay!.version, seats: replay!.seats.length, steps: replay!.steps.length };
    const engine = deps.engines.get(match.game);
    if (!engine) throw new HttpError(409, "unknown_game", `this server has no engine for ${match.game}`);
    if (engine.version !== match.version) {
      throw new HttpError(409, "version_mismatch", `match was played with ${match.game} ${match.version}; this server runs ${engine.version}`);
    }
    if (q.seat !== undefined && q.seat >= match.seats) {
      throw new HttpError(400, "bad_request", `seat must be 0..${match.seats - 1} for this match`);
    }
    const request = { id, step: Math.min(q.step ?? match.steps, match.steps), seat: q.seat ?? null, reveal: q.reveal === "all" };
    try {
      res.type("application/json").send(await deps.replays.view(request, replay));
    } catch (error) {
      if (error instanceof ReplayUnavailableError) {
        res.setHeader("Retry-After", "1");
        throw new HttpError(503, "replay_unavailable", error.message);
      }
      throw error;
    }
  });

  return router;
}
