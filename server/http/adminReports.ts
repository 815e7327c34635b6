/**
 * Reports, filed by players for the admins' queue (GET /api/admin/reports):
 *   POST /api/matches/:matchId/reports   Authorization: Bearer   { playerId, reason, details? }
 *        201 { report }   a player of that stored match reports another player of it
 * reason: cheating | abuse | offensive_name | stalling | other; details: at most 500 characters.
 * Errors: 400 bad_request / self_report / player_not_in_match, 401 (token), 403 not_in_match,
 * 404 match_not_found, 409 already_reported (one report per match, reporter and reported),
 * 429 rate_limited (REPORTS_PER_HOUR per reporter).
 */
import { Router } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import type { Authenticate } from "../auth/identity.ts";
import type { LimiterFactory } from "../auth/limits.ts";
import { fileReport, REPORT_REASONS, ReportError } from "../admin/reports.ts";
import type { Logger } from "../log.ts";
import { safeText } from "../../match/text.ts";
import { requireBearer } from "./auth.ts";
import { HttpError, parseOrThrow, takeOrRefuse } from "./errors.ts";
import { uuidText } from "./params.ts";

const reportBody = z
  .object({
    playerId: uuidText("must be the reported player's id (uuid)"),
    reason: z.enum(REPORT_REASONS),
    details: safeText({ max: 500 }).default(""),
  })
  .strict();

export function reportsRouter(deps: { sql: Sql; log: Logger; authenticate: Authenticate; limiters: LimiterFactory; perHour: number }): Router {
  const router = Router();
  const limiter = deps.limiters({ keyPrefix: "reports:player", points: deps.perHour, duration: 3600 });
  router.post("/api/matches/:matchId/reports", async (req, res) => {
    const matchId = parseOrThrow(uuidText("must be a match id (uuid)"), req.params.matchId, "match id");
    const body = parseOrThrow(reportBody, req.body, "report");
    const reporter = await requireBearer(req, deps.authenticate);
    await takeOrRefuse(limiter, reporter.playerId, res, (s) => `too many reports: at most ${deps.perHour} an hour; try again in ${s} s`);
    try {
      const report = await fileReport(deps.sql, { matchId, reporter: reporter.playerId, reported: body.playerId, reason: body.reason, details: body.details });
      deps.log.info({ report: report.id, match: matchId, reporter: reporter.playerId, reported: report.reported.id, reason: body.reason }, "player reported");
      res.status(201).json({ report });
    } catch (error) {
      if (error instanceof ReportError) throw new HttpError(error.status, error.code, error.message);
      throw error;
    }
  });
  return router;
}
