/**
 * Player reports: after a stored match, a player of it reports another player of it, with a
 * reason (one of REPORT_REASONS) and optional details. One report per (match, reporter,
 * reported). Reports queue for admins, newest first, keyset paged by id; an admin resolves
 * one with a note.
 */
import type { Sql } from "postgres";

export const REPORT_REASONS = ["cheating", "abuse", "offensive_name", "stalling", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export interface Report {
  id: number;
  matchId: string;
  game: string;
  reporter: { id: string; name: string };
  reported: { id: string; name: string };
  reason: ReportReason;
  details: string;
  /** ISO 8601 UTC */
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: string | null;
}

export class ReportError extends Error {
  constructor(
    readonly code: "match_not_found" | "not_in_match" | "player_not_in_match" | "self_report" | "already_reported" | "bad_cursor",
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ReportError";
  }
}

function reportColumns(sql: Sql) {
  return sql`
    r.id::int as id, r.match_id as "matchId", m.game,
    json_build_object('id', r.reporter, 'name', coalesce(ra.username, rp.name)) as reporter,
    json_build_object('id', r.reported, 'name', coalesce(da.username, dp.name)) as reported,
    r.reason, r.details,
    to_char(r.created_at at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as "createdAt",
    to_char(r.resolved_at at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as "resolvedAt",
    r.resolved_by as "resolvedBy", r.resolution`;
}

const REPORT_FROM = `reports r join matches m on m.id = r.match_id
  join players rp on rp.id = r.reporter left join accounts ra on ra.player_id = r.reporter
  join players dp on dp.id = r.reported left join accounts da on da.player_id = r.reported`;

/** Files a report; throws ReportError when the reporter or the reported did not play that match. */
export async function fileReport(sql: Sql, r: { matchId: string; reporter: string; reported: string; reason: ReportReason; details: string }): Promise<Report> {
  const matchId = r.matchId.toLowerCase();
  const reporter = r.reporter.toLowerCase();
  const reported = r.reported.toLowerCase();
  if (reporter === reported) throw new ReportError("self_report", 400, "you cannot report yourself");
  const seats = await sql<{ playerId: string }[]>`select player_id as "playerId" from match_players where match_id = ${matchId}::uuid`;
  if (seats.length === 0) throw new ReportError("match_not_found", 404, `no stored match ${r.matchId}`);
  if (!seats.some((s) => s.playerId === reporter)) throw new ReportError("not_in_match", 403, "only a player of this match may report someone in it");
  if (!seats.some((s) => s.playerId === reported)) throw new ReportError("player_not_in_match", 400, "that player did not play this match");
  const [row] = await sql<{ id: number }[]>`
    insert into reports (match_id, reporter, reported, reason, details)
    values (${matchId}::uuid, ${reporter}::uuid, ${reported}::uuid, ${r.reason}, ${r.details})
    on conflict (match_id, reporter, reported) do nothing
    returning id::int as id`;
  if (!row) throw new ReportError("already_reported", 409, "you already reported this player for this match");
  const [report] = await sql<Report[]>`select ${reportColumns(sql)} from ${sql.unsafe(REPORT_FROM)} where r.id = ${row.id}`;
  return report!;
}

export function encodeReportCursor(id: number): string {
  return Buffer.from(`report|${id}`, "utf8").toString("base64url");
}

function decodeReportCursor(cursor: string): number {
  const m = /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? /^report\|([1-9]\d{0,17})$/.exec(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  if (!m || encodeReportCursor(Number(m[1])) !== cursor) throw new ReportError("bad_cursor", 400, "malformed cursor: pass back the `next` value of a previous page unchanged");
  return Number(m[1]);
}

/** Newest first; `open`: unresolved only; `player`: reports about or by that player. */
export async function listReports(sql: Sql, q: { limit: number; before?: string; open?: boolean; player?: string }): Promise<{ items: Report[]; next: string | null }> {
  const before = q.before === undefined ? null : decodeReportCursor(q.before);
  const empty = sql``;
  const rows = await sql<Report[]>`
    select ${reportColumns(sql)} from ${sql.unsafe(REPORT_FROM)}
    where true
      ${q.open ? sql`and r.resolved_at is null` : empty}
      ${q.player ? sql`and (r.reported = ${q.player.toLowerCase()}::uuid or r.reporter = ${q.player.toLowerCase()}::uuid)` : empty}
      ${before !== null ? sql`and r.id < ${before}` : empty}
    order by r.id desc
    limit ${q.limit + 1}`;
  const more = rows.length > q.limit;
  const items = more ? rows.slice(0, q.limit) : rows;
  return { items, next: more ? encodeReportCursor(items[items.length - 1]!.id) : null };
}

/** Resolves an open report; null when there is no such open report. */
export async function resolveReport(sql: Sql, id: number, by: string, resolution: string): Promise<Report | null> {
  const [row] = await sql<{ id: number }[]>`
    update reports set resolved_at = now(), resolved_by = ${by}::uuid, resolution = ${resolution}
    where id = ${id} and resolved_at is null returning id::int as id`;
  if (!row) return null;
  const [report] = await sql<Report[]>`select ${reportColumns(sql)} from ${sql.unsafe(REPORT_FROM)} where r.id = ${row.id}`;
  return report!;
}
