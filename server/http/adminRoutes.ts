/**
 * The admin API's routes (server/http/admin.ts serves them): one table, each route with the
 * schemas of its inputs, what its audit row names, and its handler.
 */
import { matchMaker } from "@colyseus/core";
import type { Request } from "express";
import type { Sql } from "postgres";
import { z, type ZodType } from "zod";
import type { Admin } from "../admin/access.ts";
import { appendAudit, listAudit, type AuditEntry } from "../admin/audit.ts";
import { activeBanOf, activeBans, banAddress, banPlayer, bansOf, liftBan, liftPlayerBans, parseAddressOrRange } from "../admin/bans.ts";
import { RoomGoneError, type Moderation } from "../admin/moderation.ts";
import { listReports, resolveReport } from "../admin/reports.ts";
import { voidMatch, VoidError } from "../admin/voidMatch.ts";
import type { LimiterFactory } from "../auth/limits.ts";
import type { Logger } from "../log.ts";
import { listMatches } from "../store/matchHistory.ts";
import { StoreError } from "../store/matches.ts";
import { getPlayer } from "../store/players.ts";
import { getPlayerRatings } from "../store/ratings.ts";
import { safeText } from "../../match/text.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
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
export interface Call {
  req: Request;
  admin: Admin;
  audit: Pick<AuditEntry, "target" | "reason" | "detail">;
  /** The handler wrote its audit row itself (in its transaction): the wrapper writes none. */
  audited: boolean;
}

/** A path parameter: its schema and its name in a refusal. */
type Param<T> = { schema: ZodType<T>; label: string };

/** What a route's handler gets: its checked path parameters, body and query. */
export type Checked<P, B, Q> = { params: P; body: B; query: Q };

/**
 * One admin route: its inputs, checked in this order (params, body, query: a 400 names the one
 * that is wrong) before the handler runs; what its audit row names; and its handler.
 */
// biome-ignore lint/suspicious/noExplicitAny: one table holds every route, each with its own input types; a route's handler is typed by its own schemas where it is written
export interface AdminRoute<P = any, B = any, Q = any> {
  method: "get" | "post";
  path: string;
  action: string;
  params?: { [K in keyof P]: Param<P[K]> };
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /** The audit row's target, reason and detail, from the checked inputs (the handler may add to them). */
  audit?(input: Checked<P, B, Q>): Partial<Call["audit"]>;
  run(input: Checked<P, B, Q>, call: Call, deps: AdminDeps): Promise<{ status?: number; body: unknown }>;
}

/** A route, its handler's inputs typed from its schemas. */
function route<P, B, Q>(r: AdminRoute<P, B, Q>): AdminRoute<P, B, Q> {
  return r;
}

/** Checks a route's inputs (see AdminRoute) and fills its audit row's fields. */
// biome-ignore lint/suspicious/noExplicitAny: the table's routes are checked one way, whatever their input types (see AdminRoute)
export function checkInputs(r: AdminRoute, call: Call): Checked<any, any, any> {
  const params: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(r.params ?? {}) as [string, Param<unknown>][]) params[name] = parseOrThrow(p.schema, call.req.params[name], p.label);
  const body = r.body ? parseOrThrow(r.body, call.req.body, "body") : undefined;
  const query = r.query ? parseOrThrow(r.query, call.req.query, "query") : undefined;
  const input = { params, body, query };
  if (r.audit) Object.assign(call.audit, r.audit(input));
  return input;
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
const reasonBody = z.object({ reason }).strict();
const lower = (s: string) => s.toLowerCase();
const ROOM: Param<string> = { schema: roomId, label: "room id" };
const MATCH: Param<string> = { schema: uuidParam.transform(lower), label: "match id" };
const PLAYER: Param<string> = { schema: uuidParam.transform(lower), label: "player id" };
const BAN: Param<number> = { schema: numericId, label: "ban id" };
const REPORT: Param<number> = { schema: numericId, label: "report id" };

/** The ban's end: `until`, or now + `forS`, or null (for good); refuses a time in the past. */
function banUntil(b: { until?: string; forS?: number }): Date | null {
  if (b.until !== undefined && b.forS !== undefined) throw new HttpError(400, "bad_request", "give either until or forS, not both");
  if (b.forS !== undefined) return new Date(Date.now() + b.forS * 1000);
  if (b.until === undefined) return null;
  const until = new Date(b.until);
  if (until.getTime() <= Date.now()) throw new HttpError(400, "bad_request", "until must be in the future");
  return until;
}

export function auditIn(call: Call, action: string, status: number): AuditEntry {
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
  { change, detail }: { change: (tx: Sql) => Promise<T | null>; detail: (made: T) => Record<string, unknown> },
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
  route({
    method: "get",
    path: "/api/admin/live",
    action: "list_live",
    async run(_in, _call, deps) {
      return { body: { rooms: await deps.moderation.liveRooms() } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/live/:roomId/abort",
    action: "abort_match",
    params: { roomId: ROOM },
    body: reasonBody,
    audit: ({ params, body }) => ({ target: params.roomId, reason: body.reason }),
    async run({ params: { roomId: id }, body }, _call, deps) {
      const aborted = await roomCall(() => deps.moderation.abort(id, body.reason));
      if (!aborted) throw new HttpError(409, "match_over", "this match is over already (or is moving to another process)");
      return { body: { roomId: id, aborted: true } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/live/:roomId/remove",
    action: "remove_player",
    params: { roomId: ROOM },
    body: z.object({ playerId: uuidParam, reason }).strict(),
    audit: ({ params, body }) => ({ target: body.playerId.toLowerCase(), reason: body.reason, detail: { roomId: params.roomId } }),
    async run({ params: { roomId: id }, body }, _call, deps) {
      const removed = await roomCall(() => deps.moderation.removePlayer(id, body.playerId.toLowerCase(), body.reason));
      if (!removed) throw new HttpError(404, "player_not_in_match", "that player holds no seat in this match");
      return { body: { roomId: id, playerId: body.playerId.toLowerCase(), removed: true } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/matches/:matchId/void",
    action: "void_match",
    params: { matchId: MATCH },
    body: reasonBody,
    audit: ({ params, body }) => ({ target: params.matchId, reason: body.reason }),
    async run({ params: { matchId: id } }, call, deps) {
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
  }),
  route({
    method: "get",
    path: "/api/admin/players",
    action: "find_players",
    query: z.object({ name: queryText(40) }).strict(),
    audit: ({ query }) => ({ target: query.name }),
    async run({ query: q }, _call, deps) {
      const pattern = `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const players = await deps.sql`
        select p.id, coalesce(a.username, p.name) as name, p.kind, a.role
        from players p left join accounts a on a.player_id = p.id
        where coalesce(a.username, p.name) ilike ${pattern}
        order by (a.username is null), lower(coalesce(a.username, p.name)) limit 50`;
      return { body: { players } };
    },
  }),
  route({
    method: "get",
    path: "/api/admin/players/:playerId",
    action: "view_player",
    params: { playerId: PLAYER },
    audit: ({ params }) => ({ target: params.playerId }),
    async run({ params: { playerId: id } }, _call, deps) {
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
  }),
  route({
    method: "get",
    path: "/api/admin/players/:playerId/matches",
    action: "list_player_matches",
    params: { playerId: PLAYER },
    query: z.object(pageQuery).strict(),
    audit: ({ params }) => ({ target: params.playerId }),
    async run({ params: { playerId: id }, query: q }, _call, deps) {
      try {
        return { body: await listMatches(deps.sql, { player: id, limit: q.limit, before: q.before }) };
      } catch (error) {
        if (error instanceof StoreError) throw new HttpError(400, error.code, error.message);
        throw error;
      }
    },
  }),
  route({
    method: "post",
    path: "/api/admin/players/:playerId/ban",
    action: "ban_player",
    params: { playerId: PLAYER },
    body: z.object({ reason, ...banLength }).strict(),
    audit: ({ params, body }) => ({ target: params.playerId, reason: body.reason }),
    async run({ params: { playerId: id }, body }, call, deps) {
      if (id === call.admin.playerId.toLowerCase()) throw new HttpError(400, "bad_request", "you cannot ban yourself");
      if (!(await getPlayer(deps.sql, id))) throw new HttpError(404, "player_not_found", `no player ${id}`);
      const until = banUntil(body);
      const ban = await auditedChange(call, deps, "ban_player", 201, {
        change: (tx) => banPlayer(tx, { playerId: id, reason: body.reason, until, by: call.admin.playerId }),
        detail: (made) => ({ banId: made.id, until: made.until }),
      });
      // Committed: every process drops the player's queue connection and live seats now.
      await deps.moderation.dropEverywhere(id, body.reason);
      return { status: 201, body: { ban } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/players/:playerId/unban",
    action: "unban_player",
    params: { playerId: PLAYER },
    body: reasonBody,
    audit: ({ params, body }) => ({ target: params.playerId, reason: body.reason }),
    async run({ params: { playerId: id } }, call, deps) {
      const lifted = await auditedChange(call, deps, "unban_player", 200, {
        change: async (tx) => (await liftPlayerBans(tx, id, call.admin.playerId)) || null,
        detail: (n) => ({ lifted: n }),
      });
      if (lifted === null) throw new HttpError(404, "not_banned", "this player has no active ban");
      return { body: { playerId: id, lifted } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/bans/address",
    action: "ban_address",
    body: z.object({ address: safeText({ min: 1, max: 64 }), reason, ...banLength }).strict(),
    audit: ({ body }) => ({ target: body.address, reason: body.reason }),
    async run({ body }, call, deps) {
      const address = parseAddressOrRange(body.address);
      if (!address) throw new HttpError(400, "bad_request", "address must be an IPv4 or IPv6 address, or a range in CIDR form (10.0.0.0/8)");
      const until = banUntil(body);
      call.audit.target = address;
      const ban = await auditedChange(call, deps, "ban_address", 201, {
        change: (tx) => banAddress(tx, { address, reason: body.reason, until, by: call.admin.playerId }),
        detail: (made) => ({ banId: made.id, until: made.until, range: made.address }),
      });
      return { status: 201, body: { ban } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/bans/:banId/lift",
    action: "lift_ban",
    params: { banId: BAN },
    body: reasonBody,
    audit: ({ params, body }) => ({ target: String(params.banId), reason: body.reason }),
    async run({ params: { banId: id } }, call, deps) {
      const ban = await auditedChange(call, deps, "lift_ban", 200, {
        change: (tx) => liftBan(tx, id, call.admin.playerId),
        detail: (lifted) => ({ playerId: lifted.playerId, address: lifted.address }),
      });
      if (!ban) throw new HttpError(404, "ban_not_found", "no active ban with this id");
      return { body: { ban } };
    },
  }),
  route({
    method: "get",
    path: "/api/admin/bans",
    action: "list_bans",
    async run(_in, _call, deps) {
      return { body: { bans: await activeBans(deps.sql) } };
    },
  }),
  route({
    method: "get",
    path: "/api/admin/reports",
    action: "list_reports",
    query: z.object({ ...pageQuery, open: z.enum(["true", "false"]).optional(), player: uuidParam.optional() }).strict(),
    audit: ({ query }) => (query.player ? { target: query.player.toLowerCase() } : {}),
    async run({ query: q }, _call, deps) {
      return { body: await listReports(deps.sql, { limit: q.limit, before: q.before, open: q.open !== "false", player: q.player }) };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/reports/:reportId/resolve",
    action: "resolve_report",
    params: { reportId: REPORT },
    body: z.object({ resolution: reason }).strict(),
    audit: ({ params, body }) => ({ target: String(params.reportId), reason: body.resolution }),
    async run({ params: { reportId: id }, body }, call, deps) {
      const report = await resolveReport(deps.sql, id, call.admin.playerId, body.resolution);
      if (!report) throw new HttpError(404, "report_not_found", "no open report with this id");
      return { body: { report } };
    },
  }),
  route({
    method: "get",
    path: "/api/admin/audit",
    action: "list_audit",
    query: z.object({ ...pageQuery, actor: uuidParam.optional(), target: queryText(80).optional(), action: queryText(40).optional() }).strict(),
    async run({ query }, _call, deps) {
      return { body: await listAudit(deps.sql, query) };
    },
  }),
  route({
    method: "get",
    path: "/api/admin/processes",
    action: "list_processes",
    async run(_in, _call, deps) {
      return { body: { processes: await deps.moderation.processes() } };
    },
  }),
  route({
    method: "post",
    path: "/api/admin/drain",
    action: "drain",
    body: z.object({ draining: z.boolean(), processId: safeText({ min: 1, max: 64 }).optional() }).strict(),
    audit: ({ body }) => ({ target: body.processId ?? matchMaker.processId, detail: { draining: body.draining } }),
    async run({ body }, _call, deps) {
      const processId = body.processId ?? matchMaker.processId;
      const known = (await deps.moderation.processes()).some((p) => p.processId === processId);
      if (!known) throw new HttpError(404, "process_not_found", `no live process ${processId}`);
      await deps.moderation.setDraining(processId, body.draining);
      deps.log.info({ processId, draining: body.draining }, body.draining ? "process drained: it takes no new matches" : "process takes new matches again");
      return { body: { processId, draining: body.draining } };
    },
  }),
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
