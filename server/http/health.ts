import { Router } from "express";
import type { Sql } from "postgres";

/** GET /health: 200 when the database answers, 503 otherwise. */
export function healthRouter(deps: { sql: Sql; pendingWrites: () => number; startedAt: number }): Router {
  const router = Router();
  router.get("/health", async (_req, res) => {
    const started = performance.now();
    try {
      await deps.sql`select 1`;
      res.json({
        status: "ok",
        database: { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
        pendingMatchWrites: deps.pendingWrites(),
        uptimeS: Math.round((Date.now() - deps.startedAt) / 1000),
      });
    } catch (error) {
      res.status(503).json({
        status: "degraded",
        database: { ok: false, error: error instanceof Error ? error.message : String(error) },
        pendingMatchWrites: deps.pendingWrites(),
      });
    }
  });
  return router;
}
