/**
 * The audit log: one row per admin call (who, what, target, reason, the answer's status,
 * when), in PostgreSQL. Append-only: the API only inserts and reads, and the table refuses
 * updates and deletes (a trigger, migrations/005_operations.sql). Read newest first, keyset
 * paged by id like the match history (`before` = the `next` of the previous page).
 */
import type { Sql, TransactionSql } from "postgres";

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuditEntry {
  /** The admin's player id (null: the command line or a setting). */
  actor: string | null;
  /** The admin's username, or `cli` / `setting`. */
  actorName: string;
  /** The route's action name, e.g. `ban_player`, `void_match`, `list_live` (docs/operations.md). */
  action: string;
  /** What it acted on: a player id, a room id, a match id, an address, a ban or report id. */
  target: string | null;
  reason: string | null;
  /** The HTTP status the call was answered with (0: not an HTTP call). */
  status: number;
  /** Anything else worth keeping (the ban's end, ratings recomputed, the refusal's code...). */
  detail?: Record<string, unknown>;
}

export interface AuditRow extends AuditEntry {
  id: number;
  /** ISO 8601 UTC */
  at: string;
  detail: Record<string, unknown>;
}

export class AuditCursorError extends Error {
  readonly code = "bad_cursor";
  constructor() {
    super("malformed cursor: pass back the `next` value of a previous page unchanged");
    this.name = "AuditCursorError";
  }
}

export async function appendAudit(sql: Sql | TransactionSql, entry: AuditEntry): Promise<number> {
  const s = sql as Sql;
  const [row] = await s<{ id: number }[]>`
    insert into audit_log (actor, actor_name, action, target, reason, status, detail)
    values (${entry.actor}, ${entry.actorName}, ${entry.action}, ${entry.target}, ${entry.reason}, ${entry.status}, ${s.json((entry.detail ?? {}) as never)})
    returning id::int as id`;
  return row!.id;
}

export function encodeAuditCursor(id: number): string {
  return Buffer.from(`audit|${id}`, "utf8").toString("base64url");
}

export function decodeAuditCursor(cursor: string): number {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw new AuditCursorError();
  const m = /^audit\|([1-9]\d{0,17})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m || encodeAuditCursor(Number(m[1])) !== cursor) throw new AuditCursorError();
  return Number(m[1]);
}

/** Newest first; filters by actor (player id), target or action. */
export async function listAudit(sql: Sql, q: { limit: number; before?: string; actor?: string; target?: string; action?: string }): Promise<{ items: AuditRow[]; next: string | null }> {
  const before = q.before === undefined ? null : decodeAuditCursor(q.before);
  const empty = sql``;
  const rows = await sql<AuditRow[]>`
    select id::int as id, to_char(at at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as at, actor, actor_name as "actorName",
      action, target, reason, status, detail
    from audit_log
    where true
      ${before !== null ? sql`and id < ${before}` : empty}
      ${q.actor !== undefined && UUID.test(q.actor) ? sql`and actor = ${q.actor.toLowerCase()}::uuid` : empty}
      ${q.target !== undefined ? sql`and target = ${q.target}` : empty}
      ${q.action !== undefined ? sql`and action = ${q.action}` : empty}
    order by id desc
    limit ${q.limit + 1}`;
  const more = rows.length > q.limit;
  const items = more ? rows.slice(0, q.limit) : rows;
  return { items, next: more ? encodeAuditCursor(items[items.length - 1]!.id) : null };
}
