/**
 * Match history and replays.
 *   GET /api/matches?game=&player=&limit=&before=   newest first, keyset paged
 *   GET /api/matches/:id
 *   GET /api/matches/:id/replay                     the replay record (config, seed, steps)
 *   GET /api/matches/:id/replay?step=&seat=&reveal=all   the view at a step
 */
import { Router } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { ReplayIndex } from "../../rules/core/replayIndex.ts";
import { getMatch, getReplay, listMatches, StoreError, type StoredReplay } from "../store/matches.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { cursorText, queryText, uuidText } from "./params.ts";

const uuid = uuidText("must be a match id (uuid)");
const listQuery = z.object({
  game: queryText(32).optional(),
  player: uuidText("must be a player id (uuid)").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before: cursorText.optional(),
});
const replayQuery = z
  .object({
    step: z.coerce.number().int().min(0).optional(),
    seat: z.coerce.number().int().min(0).max(15).optional(),
    reveal: z.literal("all").optional(),
  })
  .refine((q) => !(q.reveal && q.seat !== undefined), { message: "use either seat or reveal=all, not both" });

/** Replay indexes of the matches viewed most recently (each: checkpoints every 64 steps and the event log). */
const REPLAY_INDEXES_KEPT = 16;

export function matchesRouter(deps: { sql: Sql; engines: ReadonlyMap<string, AnyEngine> }): Router {
  const router = Router();
  const indexes = new Lru<string, { replay: StoredReplay; index: ReplayIndex }>(REPLAY_INDEXES_KEPT);

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
    const known = wantsView ? indexes.get(id) : undefined;
    const replay = known?.replay ?? (await getReplay(deps.sql, id));
    if (!replay) throw new HttpError(404, "match_not_found", `no stored match ${id}`);
    if (!wantsView) {
      res.json(replay);
      return;
    }
    const engine = deps.engines.get(replay.game);
    if (!engine) throw new HttpError(409, "unknown_game", `this server has no engine for ${replay.game}`);
    if (engine.version !== replay.version) {
      throw new HttpError(409, "version_mismatch", `match was played with ${replay.game} ${replay.version}; this server runs ${engine.version}`);
    }
    const seatCount = replay.seats.length;
    if (q.seat !== undefined && q.seat >= seatCount) {
      throw new HttpError(400, "bad_request", `seat must be 0..${seatCount - 1} for this match`);
    }
    const step = Math.min(q.step ?? replay.steps.length, replay.steps.length);
    const index = known?.index ?? ReplayIndex.build(engine, replay);
    if (!known) indexes.set(id, { replay, index });
    if (q.reveal === "all") {
      // Stored matches are over and their seed is public, so the full state hides nothing any more.
      res.json({ matchId: id, game: replay.game, step, steps: replay.steps.length, reveal: "all", state: index.stateAt(step), events: index.eventsUpTo(step) });
      return;
    }
    const seat = q.seat ?? null;
    const at = index.viewAt(step, seat);
    res.json({ matchId: id, game: replay.game, step, steps: replay.steps.length, seat, view: at.view, events: at.events });
  });

  return router;
}

/** A small least-recently-used map. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
}
