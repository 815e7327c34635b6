/**
 * Player profiles.
 *   GET /api/players/:id   { id, name, kind, createdAt, ratings: [per game], recentMatches: [latest 10] }
 * The full, paged history is GET /api/matches?player=:id.
 */
import { Router } from "express";
import type { Sql } from "postgres";
import { getPlayer, recentMatches } from "../store/players.ts";
import { getPlayerRatings } from "../store/ratings.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { uuidText } from "./params.ts";

const playerId = uuidText("must be a player id (uuid)");

export function playersRouter(deps: { sql: Sql }): Router {
  const router = Router();
  router.get("/api/players/:id", async (req, res) => {
    const id = parseOrThrow(playerId, req.params.id, "player id");
    const player = await getPlayer(deps.sql, id);
    if (!player) throw new HttpError(404, "player_not_found", `no player ${id}`);
    const [ratings, recent] = await Promise.all([getPlayerRatings(deps.sql, id), recentMatches(deps.sql, id, 10)]);
    res.json({ ...player, ratings, recentMatches: recent, history: `/api/matches?player=${player.id}` });
  });
  return router;
}
