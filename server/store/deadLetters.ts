/**
 * Dead letters: finished-match records the store refused, kept as they were for an operator.
 */
import type { Sql } from "postgres";
import { unsafeCharIn } from "../../match/text.ts";
import { ISO_MS, printable, UUID } from "./matches.ts";

/** A refused record, as the match writer hands it to the dead-letter table. */
export interface DeadLetterInput {
  /** The record's id when it is usable as one; null otherwise. */
  matchId: string | null;
  /** SQLSTATE, or the store's own code (invalid_match, unreadable_spool_file). */
  errorCode: string;
  error: string;
  /** The record as the text of its JSON. */
  record: string;
}

export interface DeadLetterStats {
  count: number;
  latest: { matchId: string | null; failedAt: string; errorCode: string } | null;
}

/**
 * Keeps a refused record. The record column holds JSON text, whose escapes (\u0000) make any
 * record storable; the id, code and message are escaped with printable().
 */
export async function saveDeadLetter(sql: Sql, d: DeadLetterInput): Promise<void> {
  const id = d.matchId;
  const matchId = typeof id === "string" && id.length > 0 && id.length <= 100 && !unsafeCharIn(id) ? id : null;
  await sql.begin(async (tx) => {
    await tx`
      insert into match_dead_letters (match_id, error_code, error, record)
      values (${matchId}, ${printable(d.errorCode, 64)}, ${printable(d.error)}, ${d.record})`;
    // A refused finished match is not resumed again at the next start (it would be refused again).
    if (matchId && UUID.test(matchId)) await tx`delete from live_matches where id = ${matchId.toLowerCase()}`;
  });
}

/** How many dead letters there are, and the latest one. */
export async function deadLetterStats(sql: Sql): Promise<DeadLetterStats> {
  const [row] = await sql<{ count: number; matchId: string | null; failedAt: string | null; errorCode: string | null }[]>`
    select (select count(*)::int from match_dead_letters) as count,
      l.match_id as "matchId", l.error_code as "errorCode",
      to_char(l.failed_at at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as "failedAt"
    from (select 1) one
    left join lateral (
      select match_id, error_code, failed_at from match_dead_letters order by failed_at desc, id desc limit 1
    ) l on true`;
  const count = row?.count ?? 0;
  return {
    count,
    latest: row?.failedAt ? { matchId: row.matchId, failedAt: row.failedAt, errorCode: row.errorCode ?? "" } : null,
  };
}
