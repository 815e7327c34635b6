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
import { matchMaker } from "@colyseus/core";
import { Router, type Request, type Response } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import { requireAdmin, type Admin } from "../admin/access.ts";
import { appendAudit, AuditCursorError, listAudit, type AuditEntry } from "../admin/audit.ts";
import { activeBanOf, activeBans, banAddress, banPlayer, bansOf, liftBan, liftPlayerBans, parseAddressOrRange } from "../admin/bans.ts";
import { Moderation, RoomGoneError } from "../admin/moderation.ts";
import { listReports, ReportError, resolveReport } from "../admin/reports.ts";
import { voidMatch, VoidError } from "../admin/voidMatch.ts";
import { AuthError } from "../auth/tokens.ts";
import type { Limiter, LimiterFactory } from "../auth/limits.ts";
import type { Logger } from "../log.ts";
import { listMatches, StoreError } from "../store/matches.ts";
import { getPlayer } from "../store/players.ts";
import { getPlayerRatings } from "../store/ratings.ts";
import { safeText } from "../../match/text.ts";
import { authHttpError } from "./auth.ts";
import { HttpError, parseOrThrow, takeOrRefuse } from "./errors.ts";
import { cursorText, queryText, uuidText, wholeNumber } from "./params.ts";

export interface AdminDeps {
  sql: Sql;
  log: Logger;
  jwtSecret: string;
  moderation: Moderation;
  limiters: LimiterFactory;
  callsPerMinute: number;
  /** Counts each call by action and status (server/metrics). */
  counted?(action: string, status: number): void;
}

/** What a handler gets: the admin, the checked inputs, and the audit row's fields to fill. */
interface Call {
  req: Request;
  admin: Admin;
  audit: Pick<AuditEntry, "target" | "reason" | "detail">;
  /** The handler wrote its audit row itself (in its transaction): the wrapper writes none. */
  audited: boolean;
}

interface AdminRoute {
  method: "get" | "post";
  path: string;
  action: string;
  run(call: Call, deps: AdminDeps): Promise<{ status?: number; body: unknown }>;
}

const reason = safeText({ min: 1, max: 500 });
const uuidParam = uuidText("must be an id (uuid)");
const roomId = safeText({ min: 1, max: 64, trim: false }).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/, "must be a room id"));
const numericId = wholeNumber(1, 999_999_999);
const MAX_BAN_S = 10 * 365 * 24 * 3600;
const banLength = {
  until: z.iso.datetime({ offset: true }).optional(),
  forS: z.number().int().min(60).max(MAX_BAN_S).optional(),
};
const pageQuery = { before: cursorText.optional(), limit: wholeNumber(1, 100).default(20) };

/** The ban's end: `until`, or now + `forS`, or null (for good); refuses a time in the past. */
function banUntil(b: { until?: string; forS?: number }): Date | null {
  if (b.until !== undefined && b.forS !== undefined) throw new HttpError(400, "bad_request", "give either until or forS, not both");
  if (b.forS !== undefined) return new Date(Date.now() + b.forS * 1000);
  if (b.until === undefined) return null;
  const until = new Date(b.until);
  if (until.getTime() <= Date.now()) throw new HttpError(400, "bad_request", "until must be in the future");
  return until;
}

function auditIn(call: Call, action: string, status: number): AuditEntry {
  return { actor: call.admin.playerId, actorName: call.admin.username, action, status, target: call.audit.target ?? null, reason: call.audit.reason ?? null, detail: call.audit.detail };
}

/**
 * A change and its audit row in one transaction: `change` returns what it made (null: nothing
 * to change, no row; the handler then answers its error and the wrapper audits that), and
 * `detail` what the row keeps about it.
 */
async function auditedChange<T>(
  call: Call,
  deps: AdminDeps,
  action: string,
  status: number,
  change: (tx: Sql) => Promise<T | null>,
  detail: (made: T) => Record<string, unknown>,
): Promise<T | null> {
  return (await deps.sql.begin(async (tx) => {
    const made = await change(tx as unknown as Sql);
    if (made === null) return null;
    call.audit.detail = detail(made);
    await appendAudit(tx, auditIn(call, action, status));
    call.audited = true;
    return made;
  })) as T | null;
}

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  {
    method: "get",
    path: "/api/admin/live",
    action: "list_live",
    async run(_call, deps) {
      return { body: { rooms: await deps.moderation.liveRooms() } };
    },
  },
  {
    method: "post",
    path: "/api/admin/live/:roomId/abort",
    action: "abort_match",
    async run(call, deps) {
      const id = parseOrThrow(roomId, call.req.params.roomId, "room id");
      const body = parseOrThrow(z.object({ reason }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: id, reason: body.reason });
      const aborted = await roomCall(() => deps.moderation.abort(id, body.reason));
      if (!aborted) throw new HttpError(409, "match_over", "this match is over already (or is moving to another process)");
      return { body: { roomId: id, aborted: true } };
    },
  },
  {
    method: "post",
    path: "/api/admin/live/:roomId/remove",
    action: "remove_player",
    async run(call, deps) {
      const id = parseOrThrow(roomId, call.req.params.roomId, "room id");
      const body = parseOrThrow(z.object({ playerId: uuidParam, reason }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: body.playerId.toLowerCase(), reason: body.reason, detail: { roomId: id } });
      const removed = await roomCall(() => deps.moderation.removePlayer(id, body.playerId.toLowerCase(), body.reason));
      if (!removed) throw new HttpError(404, "player_not_in_match", "that player holds no seat in this match");
      return { body: { roomId: id, playerId: body.playerId.toLowerCase(), removed: true } };
    },
  },
  {
    method: "post",
    path: "/api/admin/matches/:matchId/void",
    action: "void_match",
    async run(call, deps) {
      const id = parseOrThrow(uuidParam, call.req.params.matchId, "match id").toLowerCase();
      const body = parseOrThrow(z.object({ reason }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: id, reason: body.reason });
      try {
        const report = await voidMatch(deps.sql, id);
        call.audit.detail = { players: report.players, recomputed: report.recomputed, game: report.game };
        return { body: report };
      } catch (error) {
        if (error instanceof VoidError) {
          const status = error.code === "match_not_found" ? 404 : error.code === "inconsistent_history" ? 500 : 409;
          throw new HttpError(status, error.code, error.message);
        }
        throw error;
      }
    },
  },
  {
    method: "get",
    path: "/api/admin/players",
    action: "find_players",
    async run(call, deps) {
      const q = parseOrThrow(z.object({ name: queryText(40) }).strict(), call.req.query, "query");
      call.audit.target = q.name;
      const pattern = `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const players = await deps.sql`
        select p.id, coalesce(a.username, p.name) as name, p.kind, a.role
        from players p left join accounts a on a.player_id = p.id
        where coalesce(a.username, p.name) ilike ${pattern}
        order by (a.username is null), lower(coalesce(a.username, p.name)) limit 50`;
      return { body: { players } };
    },
  },
  {
    method: "get",
    path: "/api/admin/players/:playerId",
    action: "view_player",
    async run(call, deps) {
      const id = parseOrThrow(uuidParam, call.req.params.playerId, "player id").toLowerCase();
      call.audit.target = id;
      const player = await getPlayer(deps.sql, id);
      if (!player) throw new HttpError(404, "player_not_found", `no player ${id}`);
      const [[account], ratings, matches, reportsAbout, reportsBy, bans, ban] = await Promise.all([
        deps.sql<{ role: string; lastAddress: string | null }[]>`select role, last_address as "lastAddress" from accounts where player_id = ${id}::uuid`,
        getPlayerRatings(deps.sql, id),
        listMatches(deps.sql, { player: id, limit: 20 }),
        listReports(deps.sql, { limit: 50, player: id }).then((p) => p.items.filter((r) => r.reported.id === id)),
        listReports(deps.sql, { limit: 50, player: id }).then((p) => p.items.filter((r) => r.reporter.id === id)),
        bansOf(deps.sql, id),
        activeBanOf(deps.sql, id),
      ]);
      return { body: { player: { ...player, role: account?.role ?? null, lastAddress: account?.lastAddress ?? null }, ban, bans, ratings, matches, reports: { about: reportsAbout, by: reportsBy } } };
    },
  },
  {
    method: "get",
    path: "/api/admin/players/:playerId/matches",
    action: "list_player_matches",
    async run(call, deps) {
      const id = parseOrThrow(uuidParam, call.req.params.playerId, "player id").toLowerCase();
      const q = parseOrThrow(z.object(pageQuery).strict(), call.req.query, "query");
      call.audit.target = id;
      try {
        return { body: await listMatches(deps.sql, { player: id, limit: q.limit, before: q.before }) };
      } catch (error) {
        if (error instanceof StoreError) throw new HttpError(400, error.code, error.message);
        throw error;
      }
    },
  },
  {
    method: "post",
    path: "/api/admin/players/:playerId/ban",
    action: "ban_player",
    async run(call, deps) {
      const id = parseOrThrow(uuidParam, call.req.params.playerId, "player id").toLowerCase();
      const body = parseOrThrow(z.object({ reason, ...banLength }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: id, reason: body.reason });
      if (id === call.admin.playerId.toLowerCase()) throw new HttpError(400, "bad_request", "you cannot ban yourself");
      if (!(await getPlayer(deps.sql, id))) throw new HttpError(404, "player_not_found", `no player ${id}`);
      const until = banUntil(body);
      const ban = await auditedChange(
        call, deps, "ban_player", 201,
        (tx) => banPlayer(tx, { playerId: id, reason: body.reason, until, by: call.admin.playerId }),
        (made) => ({ banId: made.id, until: made.until }),
      );
      // Committed: every process drops the player's queue connection and live seats now.
      await deps.moderation.dropEverywhere(id, body.reason);
      return { status: 201, body: { ban } };
    },
  },
  {
    method: "post",
    path: "/api/admin/players/:playerId/unban",
    action: "unban_player",
    async run(call, deps) {
      const id = parseOrThrow(uuidParam, call.req.params.playerId, "player id").toLowerCase();
      const body = parseOrThrow(z.object({ reason }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: id, reason: body.reason });
      const lifted = await auditedChange(
        call, deps, "unban_player", 200,
        async (tx) => (await liftPlayerBans(tx, id, call.admin.playerId)) || null,
        (n) => ({ lifted: n }),
      );
      if (lifted === null) throw new HttpError(404, "not_banned", "this player has no active ban");
      return { body: { playerId: id, lifted } };
    },
  },
  {
    method: "post",
    path: "/api/admin/bans/address",
    action: "ban_address",
    async run(call, deps) {
      const body = parseOrThrow(z.object({ address: safeText({ min: 1, max: 64 }), reason, ...banLength }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: body.address, reason: body.reason });
      const address = parseAddressOrRange(body.address);
      if (!address) throw new HttpError(400, "bad_request", "address must be an IPv4 or IPv6 address, or a range in CIDR form (10.0.0.0/8)");
      const until = banUntil(body);
      call.audit.target = address;
      const ban = await auditedChange(
        call, deps, "ban_address", 201,
        (tx) => banAddress(tx, { address, reason: body.reason, until, by: call.admin.playerId }),
        (made) => ({ banId: made.id, until: made.until, range: made.address }),
      );
      return { status: 201, body: { ban } };
    },
  },
  {
    method: "post",
    path: "/api/admin/bans/:banId/lift",
    action: "lift_ban",
    async run(call, deps) {
      const id = parseOrThrow(numericId, call.req.params.banId, "ban id");
      const body = parseOrThrow(z.object({ reason }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: String(id), reason: body.reason });
      const ban = await auditedChange(
        call, deps, "lift_ban", 200,
        (tx) => liftBan(tx, id, call.admin.playerId),
        (lifted) => ({ playerId: lifted.playerId, address: lifted.address }),
      );
      if (!ban) throw new HttpError(404, "ban_not_found", "no active ban with this id");
      return { body: { ban } };
    },
  },
  {
    method: "get",
    path: "/api/admin/bans",
    action: "list_bans",
    async run(_call, deps) {
      return { body: { bans: await activeBans(deps.sql) } };
    },
  },
  {
    method: "get",
    path: "/api/admin/reports",
    action: "list_reports",
    async run(call, deps) {
      const q = parseOrThrow(z.object({ ...pageQuery, open: z.enum(["true", "false"]).optional(), player: uuidParam.optional() }).strict(), call.req.query, "query");
      if (q.player) call.audit.target = q.player.toLowerCase();
      return { body: await listReports(deps.sql, { limit: q.limit, before: q.before, open: q.open !== "false", player: q.player }) };
    },
  },
  {
    method: "post",
    path: "/api/admin/reports/:reportId/resolve",
    action: "resolve_report",
    async run(call, deps) {
      const id = parseOrThrow(numericId, call.req.params.reportId, "report id");
      const body = parseOrThrow(z.object({ resolution: reason }).strict(), call.req.body, "body");
      Object.assign(call.audit, { target: String(id), reason: body.resolution });
      const report = await resolveReport(deps.sql, id, call.admin.playerId, body.resolution);
      if (!report) throw new HttpError(404, "report_not_found", "no open report with this id");
      return { body: { report } };
    },
  },
  {
    method: "get",
    path: "/api/admin/audit",
    action: "list_audit",
    async run(call, deps) {
      const q = parseOrThrow(
        z.object({ ...pageQuery, actor: uuidParam.optional(), target: queryText(80).optional(), action: queryText(40).optional() }).strict(),
        call.req.query,
        "query",
      );
      return { body: await listAudit(deps.sql, q) };
    },
  },
  {
    method: "get",
    path: "/api/admin/processes",
    action: "list_processes",
    async run(_call, deps) {
      return { body: { processes: await deps.moderation.processes() } };
    },
  },
  {
    method: "post",
    path: "/api/admin/drain",
    action: "drain",
    async run(call, deps) {
      const body = parseOrThrow(z.object({ draining: z.boolean(), processId: safeText({ min: 1, max: 64 }).optional() }).strict(), call.req.body, "body");
      const processId = body.processId ?? matchMaker.processId;
      Object.assign(call.audit, { target: processId, detail: { draining: body.draining } });
      const known = (await deps.moderation.processes()).some((p) => p.processId === processId);
      if (!known) throw new HttpError(404, "process_not_found", `no live process ${processId}`);
      await deps.moderation.setDraining(processId, body.draining);
      deps.log.info({ processId, draining: body.draining }, body.draining ? "process drained: it takes no new matches" : "process takes new matches again");
      return { body: { processId, draining: body.draining } };
    },
  },
];

/** A room call's failure as the API answers it. */
async function roomCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof RoomGoneError) throw new HttpError(404, error.code, error.message);
    if (/timed out/.test(String((error as Error)?.message))) throw new HttpError(504, "room_unreachable", "the process hosting this room did not answer in time");
    throw error;
  }
}

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
        answer = await route.run(call, deps);
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
