/**
 * The admin API (docs/operations.md): admins only (server/admin/access.ts), rate-limited per
 * admin (ADMIN_CALLS_PER_MINUTE), and every call that passes both leaves exactly one audit row
 * (action, target, reason, the status it was answered with). Calls that change the database
 * write their audit row in the same transaction as the change.
 *
 *   GET  /api/admin/live                          live matches of the cluster, with their players
 *   POST /api/admin/live/:roomId/abort            { reason }            end it as aborted
 *   POST /api/admin/live/:roomId/remove           { playerId, reason }  take a player out
 *   POST /api/admin/matches/:matchId/void         { reason }            void a ranked match
 *   GET  /api/admin/players?name=                 find players by name
 *   GET  /api/admin/players/:playerId             a player's page: profile, role, ratings, matches, reports, bans
 *   GET  /api/admin/players/:playerId/matches     their matches, keyset paged (?before=&limit=)
 *   POST /api/admin/players/:playerId/ban         { reason, until? | forS? }  (neither: for good)
 *   POST /api/admin/players/:playerId/unban       { reason }
 *   POST /api/admin/bans/address                  { address, reason, until? | forS? }  an address or CIDR range
 *   POST /api/admin/bans/:banId/lift              { reason }
 *   GET  /api/admin/bans                          active bans
 *   GET  /api/admin/reports?open=&player=&before=&limit=
 *   POST /api/admin/reports/:reportId/resolve     { resolution }
 *   GET  /api/admin/audit?actor=&target=&action=&before=&limit=
 *   GET  /api/admin/processes                     the cluster's processes, their rooms, draining or not
 *   POST /api/admin/drain                         { draining, processId? }  (default: the process answering)
 */
import { Router, type Request, type Response } from "express";
import { requireAdmin, type Admin } from "../admin/access.ts";
import { appendAudit, AuditCursorError } from "../admin/audit.ts";
import { ReportError } from "../admin/reports.ts";
import { AuthError } from "../auth/tokens.ts";
import type { Limiter } from "../auth/limits.ts";
import { StoreError } from "../store/matches.ts";
import { authHttpError } from "./auth.ts";
import { HttpError, takeOrRefuse } from "./errors.ts";
import { ADMIN_ROUTES, auditIn, checkInputs, type AdminDeps, type Call } from "./adminRoutes.ts";

export { ADMIN_ROUTES, type AdminDeps };

export function adminRouter(deps: AdminDeps): Router {
  const router = Router();
  const limiter: Limiter = deps.limiters({ keyPrefix: "admin:calls", points: deps.callsPerMinute, duration: 60 });
  for (const route of ADMIN_ROUTES) {
    router[route.method](route.path, async (req: Request, res: Response) => {
      let admin: Admin;
      try {
        admin = await requireAdmin(deps, req.get("authorization"));
      } catch (error) {
        if (error instanceof AuthError) throw authHttpError(error);
        throw error;
      }
      await takeOrRefuse(limiter, admin.playerId, res, (s) => `too many admin calls: at most ${deps.callsPerMinute} a minute; try again in ${s} s`).catch((error: unknown) => {
        deps.counted?.(route.action, 429);
        throw error;
      });
      const call: Call = { req, admin, audit: { target: null, reason: null }, audited: false };
      let status = 500;
      let failure: { code: string } | null = null;
      let answer: Awaited<ReturnType<typeof route.run>>;
      try {
        answer = await route.run(checkInputs(route, call), call, deps);
        status = answer.status ?? 200;
      } catch (error) {
        const known = error instanceof HttpError ? error : mapStoreError(error);
        status = known?.status ?? 500;
        failure = { code: known?.code ?? "internal_error" };
        throw known ?? error;
      } finally {
        deps.counted?.(route.action, status);
        if (!call.audited) {
          const entry = auditIn(call, route.action, status);
          if (failure) entry.detail = { ...entry.detail, error: failure.code };
          await appendAudit(deps.sql, entry).catch((err: unknown) => deps.log.error({ err, action: route.action, admin: admin.playerId }, "writing the audit row failed"));
        }
      }
      // Answered once its audit row is written: whoever reads the log next sees this call.
      res.status(status).json(answer.body);
    });
  }
  return router;
}

function mapStoreError(error: unknown): HttpError | null {
  if (error instanceof AuditCursorError) return new HttpError(400, error.code, error.message);
  if (error instanceof ReportError) return new HttpError(error.status, error.code, error.message);
  if (error instanceof StoreError) return new HttpError(400, error.code, error.message);
  return null;
}
