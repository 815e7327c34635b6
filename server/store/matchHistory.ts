/**
 * Finished matches read back: listed newest first with keyset paging, one summary, a replay.
 */
import type { Sql } from "postgres";
import { unsafeCharIn } from "../../match/text.ts";
import { ISO_MS, type MatchSummary, StoreError, type StoredReplay, UUID } from "./matches.ts";

const CURSOR_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const MAX_PAGE = 1000;

const ISO_US = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

/** A summary as selected, plus the microsecond end time the cursor is built from. */
interface SummaryRow extends MatchSummary {
  cursorTs: string;
}

/** The summary columns of `matches m` (the players as one JSON array, by seat). */
function summaryColumns(sql: Sql) {
  return sql`
    m.id, m.game, m.mode, m.status, m.version, m.seed_hash as "seedHash", m.seed,
    to_char(m.started_at at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as "startedAt",
    to_char(m.ended_at at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as "endedAt",
    to_char(m.ended_at at time zone 'UTC', ${sql.unsafe(ISO_US)}) as "cursorTs",
    m.outcome,
    coalesce((
      select json_agg(case when p.rating_after is null
          then json_strip_nulls(json_build_object('seat', p.seat, 'playerId', p.player_id, 'name', p.name, 'rank', p.rank, 'kind', pl.kind, 'botLevel', p.bot_level))
          else json_build_object('seat', p.seat, 'playerId', p.player_id, 'name', p.name, 'rank', p.rank, 'kind', pl.kind,
                                 'ratingBefore', p.rating_before, 'ratingAfter', p.rating_after)
        end order by p.seat)
      from match_players p join players pl on pl.id = p.player_id where p.match_id = m.id
    ), '[]'::json) as players`;
}

function toSummary(r: SummaryRow): MatchSummary {
  return {
    id: r.id,
    game: r.game,
    mode: r.mode,
    status: r.status,
    version: r.version,
    seedHash: r.seedHash,
    seed: r.seed,
    startedAt: r.startedAt,
    endedAt: r.endedAt,
    outcome: r.outcome,
    players: r.players,
  };
}

export function encodeCursor(endedAtUs: string, id: string): string {
  return Buffer.from(`${endedAtUs}|${id}`, "utf8").toString("base64url");
}

/**
 * "YYYY-MM-DDTHH:MM:SS.ffffffZ" naming an instant that exists (year 1..9999). Date.parse is not
 * enough: it rolls 2025-02-30 over to March and takes 24:00, where PostgreSQL refuses them.
 */
function isRealInstant(ts: string): boolean {
  const [y, mo, d, h, mi, s] = [ts.slice(0, 4), ts.slice(5, 7), ts.slice(8, 10), ts.slice(11, 13), ts.slice(14, 16), ts.slice(17, 19)].map(Number) as [number, number, number, number, number, number];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Decodes a cursor made by encodeCursor; anything else throws StoreError("bad_cursor"). */
export function decodeCursor(cursor: string): { ts: string; id: string } {
  const bad = () => new StoreError("bad_cursor", "malformed cursor: pass back the `next` value of a previous page unchanged");
  if (typeof cursor !== "string" || cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad();
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const [ts, id, ...rest] = text.split("|");
  if (rest.length > 0 || !ts || !id || !CURSOR_TS.test(ts) || !UUID.test(id) || !isRealInstant(ts)) throw bad();
  if (encodeCursor(ts, id) !== cursor) throw bad();
  return { ts, id };
}

/**
 * Newest first by (ended_at, id), `limit` per page. `before` is the `next` of the previous page.
 * Filters: `game`, `player` (a player id), or both.
 */
export async function listMatches(sql: Sql, q: { game?: string; player?: string; limit: number; before?: string }): Promise<{ items: MatchSummary[]; next: string | null }> {
  if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > MAX_PAGE) {
    throw new StoreError("bad_request", `limit must be an integer 1..${MAX_PAGE}`);
  }
  if (q.player !== undefined && !UUID.test(q.player)) throw new StoreError("bad_request", "player must be a player id (uuid)");
  if (q.game !== undefined) {
    const ch = typeof q.game === "string" ? unsafeCharIn(q.game) : "not a string";
    if (ch) throw new StoreError("bad_request", `game must not contain control, invisible or bidirectional-override characters (found ${ch})`);
  }
  const cursor = q.before === undefined ? null : decodeCursor(q.before);
  // NB `${ts}::text::timestamptz`, not `${ts}::timestamptz`: for a parameter the server types as
  // timestamptz, the client re-serialises the string through a JS Date, dropping the
  // microseconds, and the cursor would then skip or repeat rows.
  const take = q.limit + 1;
  const empty = sql``;

  let rows: SummaryRow[];
  if (q.player !== undefined) {
    // The player's seats give the page (index: player_id, ended_at desc, match_id desc).
    rows = await sql<SummaryRow[]>`
      with page as (
        select distinct mp.ended_at, mp.match_id
        from match_players mp
        where mp.player_id = ${q.player.toLowerCase()}::uuid
          ${q.game !== undefined ? sql`and mp.game = ${q.game}` : empty}
          ${cursor ? sql`and (mp.ended_at, mp.match_id) < (${cursor.ts}::text::timestamptz, ${cursor.id}::uuid)` : empty}
        order by mp.ended_at desc, mp.match_id desc
        limit ${take}
      )
      select ${summaryColumns(sql)}
      from page join matches m on m.id = page.match_id
      order by page.ended_at desc, page.match_id desc`;
  } else {
    rows = await sql<SummaryRow[]>`
      select ${summaryColumns(sql)}
      from matches m
      where true
        ${q.game !== undefined ? sql`and m.game = ${q.game}` : empty}
        ${cursor ? sql`and (m.ended_at, m.id) < (${cursor.ts}::text::timestamptz, ${cursor.id}::uuid)` : empty}
      order by m.ended_at desc, m.id desc
      limit ${take}`;
  }
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  const last = page[page.length - 1];
  return { items: page.map(toSummary), next: more && last ? encodeCursor(last.cursorTs, last.id) : null };
}

export async function getMatch(sql: Sql, id: string): Promise<MatchSummary | null> {
  if (!UUID.test(id)) return null;
  const [row] = await sql<SummaryRow[]>`select ${summaryColumns(sql)} from matches m where m.id = ${id.toLowerCase()}::uuid`;
  return row ? toSummary(row) : null;
}

export async function getReplay(sql: Sql, id: string): Promise<StoredReplay | null> {
  if (!UUID.test(id)) return null;
  const [row] = await sql<(Omit<StoredReplay, "game"> & { game: string })[]>`
    select m.game, m.version, m.config, m.seats, m.seed, m.mode, r.steps, r.final_hash as "finalHash",
      coalesce((
        select json_agg(json_build_object('seat', p.seat, 'playerId', p.player_id, 'name', p.name, 'rank', p.rank, 'kind', pl.kind) order by p.seat)
        from match_players p join players pl on pl.id = p.player_id where p.match_id = m.id
      ), '[]'::json) as players
    from matches m join replays r on r.match_id = m.id
    where m.id = ${id.toLowerCase()}::uuid`;
  if (!row) return null;
  return {
    game: row.game as StoredReplay["game"],
    version: row.version,
    config: row.config,
    seats: row.seats,
    seed: row.seed,
    steps: row.steps,
    finalHash: row.finalHash,
    mode: row.mode,
    players: row.players,
  };
}
