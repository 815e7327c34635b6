import { Router } from "express";
import type { Sql } from "postgres";
import { deadLetterStats, type DeadLetterStats } from "../store/deadLetters.ts";
import type { Percentiles } from "../loadMonitor.ts";
import type { RedisHealth } from "../cluster/watch.ts";

/** The live-match journal writer's counters, as /health shows them. */
export interface JournalHealth {
  batches: number;
  ops: number;
  retries: number;
  refused: number;
  pending: number;
  /** Each operation's time from queued to durable, ms, over the last 10 s. */
  commitMs: Percentiles;
  /** Each batch's write, from sent to committed, ms, over the last 10 s: the database's share of `commitMs`. */
  writeMs: Percentiles;
}

/** The event loop every room runs on, over the last ~10 s (server/loadMonitor.ts). */
export interface EventLoopHealth {
  /** How late a 20 ms timer fired, ms. */
  delayMs: Percentiles;
  /** Share of the time the loop was busy, 0-1. */
  utilization: number | null;
}

/**
 * GET /health: 200 when the database answers, 503 otherwise.
 * `redis` (cluster mode only): whether this process reaches the cluster's Redis. Unreachable, the
 * status is `degraded` but the answer stays 200: matches in play need only the database and go
 * on, and a Redis outage is the same for every process, so a load balancer taking the processes
 * out of rotation for it would cut those matches off and gain nothing (matchmaking itself answers
 * 503 `cluster_unavailable` meanwhile). Alert on `status`, balance on the HTTP code.
 * `deadLetters`: finished matches the store refused (kept in match_dead_letters: `count` and the
 * `latest`; `files`: those kept in <spool>/rejected/ because even that table was unreachable).
 * A dead letter needs a human but is no outage: it never makes /health 503.
 * `journal`: the live-match journal's writer (batches and operations written, retries while
 * the database was unreachable, operations it refused, operations not yet durable, the time
 * from queued to durable and each batch's write time over the last 10 s).
 * `eventLoop`: how late and how busy the rooms' event loop ran over the last ~10 s. With
 * `journal.commitMs`, it tells which one a slow act -> patch comes from.
 */
export function healthRouter(deps: {
  sql: Sql;
  pendingWrites: () => number;
  startedAt: number;
  /** Records kept in <spool>/rejected/ (see MatchWriter.rejectedFiles). */
  rejectedFiles?: () => Promise<number>;
  /** The live-match journal's counters (server/journal/journal.ts). */
  journal?: () => JournalHealth;
  /** The event loop's delay and utilization (server/loadMonitor.ts). */
  eventLoop?: () => EventLoopHealth;
  /** The cluster's Redis (server/cluster/watch.ts); absent for a process on its own. */
  redis?: () => RedisHealth;
}): Router {
  const router = Router();
  const files = () => deps.rejectedFiles?.().catch(() => 0) ?? Promise.resolve(0);
  router.get("/health", async (_req, res) => {
    const started = performance.now();
    try {
      await deps.sql`select 1`;
    } catch (error) {
      res.status(503).json({
        status: "degraded",
        database: { ok: false, error: error instanceof Error ? error.message : String(error) },
        redis: deps.redis?.(),
        pendingMatchWrites: deps.pendingWrites(),
        deadLetters: { count: null, latest: null, files: await files() },
        journal: deps.journal?.(),
        eventLoop: deps.eventLoop?.(),
      });
      return;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    let stats: DeadLetterStats | { count: null; latest: null; error: string };
    try {
      stats = await deadLetterStats(deps.sql);
    } catch (error) {
      stats = { count: null, latest: null, error: error instanceof Error ? error.message : String(error) };
    }
    const redis = deps.redis?.();
    res.json({
      status: redis && !redis.ok ? "degraded" : "ok",
      database: { ok: true, latencyMs },
      redis,
      pendingMatchWrites: deps.pendingWrites(),
      deadLetters: { ...stats, files: await files() },
      journal: deps.journal?.(),
      eventLoop: deps.eventLoop?.(),
      uptimeS: Math.round((Date.now() - deps.startedAt) / 1000),
    });
  });
  return router;
}
