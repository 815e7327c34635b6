/**
 * Leaderboards.
 *   GET /api/leaderboards/:game?limit=&after=&provisional=true
 *     { game, items: [{ position, playerId, name, display, mu, sigma, games, provisional }], next }
 * Best display rating first (ties by player id, descending), keyset paged: pass `next` as `after`.
 * Provisional players are left out unless provisional=true.
 */
import { Router } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import { LeaderboardCursorError, listLeaderboard } from "../store/ratings.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { cursorText, queryText, wholeNumber } from "./params.ts";

const gameParam = queryText(32);
const query = z.object({
  limit: wholeNumber(1, 100).default(20),
  after: cursorText.optional(),
  provisional: z.enum(["true", "false"]).optional(),
});

export function leaderboardsRouter(deps: { sql: Sql; games: () => Iterable<string> }): Router {
  const router = Router();
  router.get("/api/leaderboards/:game", async (req, res) => {
    const game = parseOrThrow(gameParam, req.params.game, "game");
    if (![...deps.games()].includes(game)) throw new HttpError(404, "unknown_game", `this server runs no game ${JSON.stringify(game)}`);
    const q = parseOrThrow(query, req.query, "query");
    try {
      const page = await listLeaderboard(deps.sql, { game, limit: q.limit, after: q.after, provisional: q.provisional === "true" });
      res.json({ game, ...page });
    } catch (error) {
      if (error instanceof LeaderboardCursorError) throw new HttpError(400, error.code, error.message);
      throw error;
    }
  });
  return router;
}
