/**
 * Finished matches: stored once (idempotent by id), listed newest first with keyset paging,
 * read back for replays. No game knowledge: games are strings and configs/actions are opaque JSON.
 */
import type { Sql, TransactionSql } from "postgres";
import { BOT_LEVELS, type BotLevel } from "../../rules/core/botMatch.ts";
import type { ReplayRecord } from "../../rules/core/replay.ts";
import { RatingInputError } from "../ratings/skill.ts";
import { unsafeCharIn } from "../../match/text.ts";
import { applyMatchRatings } from "./ratings.ts";
import type { FinishedMatch } from "../../match/finishedMatch.ts";

export type { FinishedMatch };


export interface MatchPlayer {
  seat: number;
  playerId: string;
  name: string;
  rank: number;
  /** Who sat there (in summaries): a registered account, a guest or a server-side bot. */
  kind?: "account" | "guest" | "bot";
  /** A server-side bot's level (`easy`, `normal`); absent for people and for bots of matches stored before levels. */
  botLevel?: BotLevel;
  /** Ranked matches only (in summaries): the seat's rating `{ mu, sigma, display, games }` before and after. */
  ratingBefore?: unknown;
  ratingAfter?: unknown;
}

export interface MatchSummary {
  id: string;
  game: string;
  mode: "casual" | "ranked";
  /** `voided`: an admin voided this ranked match; its rating changes were undone (server/admin/voidMatch.ts). */
  status: "finished" | "voided";
  version: string;
  seedHash: string;
  seed: string;
  /** ISO 8601, UTC, millisecond precision (as Date.toISOString()) */
  startedAt: string;
  endedAt: string;
  outcome: { ranks: number[]; reason: string };
  players: MatchPlayer[];
}

/**
 * What a replay needs. Typed as the rules' ReplayRecord so the replay tools accept it; `game`
 * is whatever string was stored (it may name a game this server does not run: check first).
 */
export interface StoredReplay extends ReplayRecord {
  mode: "casual" | "ranked";
  players: MatchPlayer[];
}

export type StoreErrorCode = "bad_cursor" | "bad_request" | "invalid_match";

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}

const CURSOR_TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const MAX_PAGE = 1000;

/** A jsonb parameter. `sql.json(null)` would send SQL NULL; JSON null must stay JSON null. */
function jsonb(sql: Sql | TransactionSql, value: unknown) {
  return value === null || value === undefined ? (sql as Sql)`'null'::jsonb` : sql.json(value as Parameters<Sql["json"]>[0]);
}

function invalid(m: FinishedMatch, why: string): never {
  const id = printable(typeof m?.id === "string" ? m.id : JSON.stringify(m?.id) ?? "undefined", 64);
  throw new StoreError("invalid_match", `match ${id} cannot be stored: ${why}`);
}

/** Deeper than any real record (configs, seats, replay steps): refuse rather than recurse without bound. */
const MAX_DEPTH = 64;

/**
 * The first string (value or object key) anywhere in `value` holding a character unsafeCharIn
 * refuses, as "path: U+XXXX", or null. PostgreSQL refuses U+0000 in text and jsonb alike, and
 * a lone surrogate would be stored as U+FFFD: both would be refused or altered by the write.
 */
function unsafeStringIn(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") {
    const ch = unsafeCharIn(value);
    return ch ? `${path}: ${ch}` : null;
  }
  if (value === null || typeof value !== "object" || value instanceof Date) return null;
  if (depth > MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH} levels`;
  for (const [key, item] of Object.entries(value)) {
    const keyCh = unsafeCharIn(key);
    const name = keyCh ? JSON.stringify(printable(key, 64)) : key;
    const at = path ? `${path}.${name}` : name;
    if (keyCh) return `${at} (key): ${keyCh}`;
    const found = unsafeStringIn(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Checks a record before anything is written. Throws StoreError("invalid_match") for a record
 * that could never be stored (or only altered): retrying it is pointless.
 */
export function validateMatch(m: FinishedMatch): void {
  if (!m || typeof m !== "object") invalid(m, "not an object");
  if (typeof m.id !== "string" || !UUID.test(m.id)) invalid(m, "id must be a uuid");
  if (typeof m.game !== "string" || m.game.length === 0) invalid(m, "game must be a non-empty string");
  if (m.mode !== "casual" && m.mode !== "ranked") invalid(m, "mode must be casual or ranked");
  for (const key of ["startedAt", "endedAt"] as const) {
    if (!(m[key] instanceof Date) || Number.isNaN(m[key].getTime())) invalid(m, `${key} must be a valid Date`);
  }
  for (const key of ["seed", "seedHash", "version"] as const) {
    if (typeof m[key] !== "string") invalid(m, `${key} must be a string`);
  }
  if (!Array.isArray(m.seats)) invalid(m, "seats must be an array");
  if (!m.outcome || !Array.isArray(m.outcome.ranks)) invalid(m, "outcome.ranks must be an array");
  if (!Array.isArray(m.players) || m.players.length === 0) invalid(m, "players must be a non-empty array");
  const seats = new Set<number>();
  for (const p of m.players) {
    if (!Number.isInteger(p.seat) || p.seat < 0 || p.seat > 32_767) invalid(m, `bad seat ${p.seat}`);
    if (seats.has(p.seat)) invalid(m, `seat ${p.seat} appears twice`);
    seats.add(p.seat);
    if (typeof p.playerId !== "string" || !UUID.test(p.playerId)) invalid(m, `seat ${p.seat}: playerId must be a uuid`);
    if (typeof p.name !== "string") invalid(m, `seat ${p.seat}: name must be a string`);
    if (p.level !== undefined && (p.kind !== "bot" || !(BOT_LEVELS as readonly unknown[]).includes(p.level))) invalid(m, `seat ${p.seat}: level must be ${BOT_LEVELS.join(" or ")}, for a bot only`);
    const rank = m.outcome.ranks[p.seat];
    if (!Number.isInteger(rank)) invalid(m, `outcome.ranks has no rank for seat ${p.seat}`);
  }
  if (!m.replay || !Array.isArray(m.replay.steps) || typeof m.replay.finalHash !== "string") {
    invalid(m, "replay must have steps[] and finalHash");
  }
  if (typeof m.outcome.reason !== "string") invalid(m, "outcome.reason must be a string");
  // Unsafe characters anywhere (a NUL in a guest's name made a match unstorable). Such a record
  // is refused whole, never stored with the string "made safe": stored data is not silently
  // altered; the writer keeps the refused record, exactly as it was, as a dead letter.
  const unsafe = unsafeStringIn(m, "");
  if (unsafe) invalid(m, `unsafe character in ${unsafe}`);
  if (m.mode === "ranked") {
    if (m.players.length < 2) invalid(m, "a ranked match needs at least two players");
    const ids = new Set(m.players.map((p) => p.playerId.toLowerCase()));
    if (ids.size !== m.players.length) invalid(m, "a ranked match needs a different player in every seat");
    for (const p of m.players) {
      if (p.kind !== undefined && p.kind !== "account") invalid(m, `seat ${p.seat}: a ranked match needs registered players, not a ${p.kind}`);
      if (m.outcome.ranks[p.seat]! < 1) invalid(m, `seat ${p.seat}: ranks start at 1`);
    }
  }
}

/**
 * Stores a finished match, its players (upserted: a known player keeps its kind, its name is
 * updated), its seats and its replay in one transaction.
 * A ranked match also updates its players' ratings in that same transaction (rating before
 * and after go on match_players): so the update happens exactly once, with the match record.
 * Idempotent by id: returns false and changes nothing when the match is already stored.
 * Throws StoreError("invalid_match") for a record that can never be stored (retrying it is
 * pointless), e.g. a ranked match with a guest or an unregistered player.
 */
export async function saveMatch(sql: Sql, m: FinishedMatch): Promise<boolean> {
  validateMatch(m);
  const id = m.id.toLowerCase();
  const stored = await sql.begin(async (tx) => {
    // The match leaves the live journal (server/journal) in the same transaction it is stored
    // in: a crash can never leave it neither stored nor resumable.
    await tx`delete from live_matches where id = ${id}`;
    const inserted = await tx`
      insert into matches (id, game, mode, config, seats, seed, seed_hash, version, started_at, ended_at, outcome)
      values (${id}, ${m.game}, ${m.mode}, ${jsonb(tx, m.config)}, ${jsonb(tx, m.seats)}, ${m.seed}, ${m.seedHash},
              ${m.version}, ${m.startedAt}, ${m.endedAt}, ${jsonb(tx, m.outcome)})
      on conflict (id) do nothing
      returning id`;
    if (inserted.length === 0) return false;

    // One row per player (a player may hold two seats), in id order so concurrent saves lock alike.
    const people = new Map<string, { id: string; name: string; kind: string }>();
    for (const p of m.players) {
      const pid = p.playerId.toLowerCase();
      if (!people.has(pid)) people.set(pid, { id: pid, name: p.name, kind: p.kind ?? "guest" });
    }
    const playerRows = [...people.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await tx`
      insert into players ${tx(playerRows, "id", "name", "kind")}
      on conflict (id) do update set name = excluded.name`;

    let rated: Awaited<ReturnType<typeof applyMatchRatings>> | null = null;
    if (m.mode === "ranked") {
      const ids = playerRows.map((p) => p.id);
      const registered = await tx<{ id: string }[]>`select player_id as id from accounts where player_id = any(${ids}::uuid[])`;
      if (registered.length !== ids.length) {
        const known = new Set(registered.map((r) => r.id));
        const missing = ids.filter((pid) => !known.has(pid));
        invalid(m, `a ranked match needs registered players; not registered: ${missing.join(", ")}`);
      }
      try {
        rated = await applyMatchRatings(
          tx,
          m.game,
          m.players.map((p) => ({ seat: p.seat, playerId: p.playerId, rank: m.outcome.ranks[p.seat]! })),
        );
      } catch (error) {
        // Bad input can never be rated: not worth a retry. Database errors propagate (and are retried).
        if (error instanceof RatingInputError) invalid(m, error.message);
        throw error;
      }
    }

    const seatRows = m.players.map((p) => ({
      match_id: id,
      seat: p.seat,
      player_id: p.playerId.toLowerCase(),
      name: p.name,
      rank: m.outcome.ranks[p.seat]!,
      game: m.game,
      ended_at: m.endedAt,
      rating_before: rated ? tx.json({ ...rated.get(p.seat)!.before }) : null,
      rating_after: rated ? tx.json({ ...rated.get(p.seat)!.after }) : null,
      bot_level: p.level ?? null,
    }));
    await tx`insert into match_players ${tx(
      seatRows,
      "match_id", "seat", "player_id", "name", "rank", "game", "ended_at", "rating_before", "rating_after", "bot_level",
    )}`;
    await tx`
      insert into replays (match_id, steps, step_count, final_hash)
      values (${id}, ${jsonb(tx, m.replay.steps)}, ${m.replay.steps.length}, ${m.replay.finalHash})`;
    return true;
  });
  return stored as boolean;
}

// ---- reading ------------------------------------------------------------------------------

const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
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
  const [y, mo, d, h, mi, s] = [ts.slice(0, 4), ts.slice(5, 7), ts.slice(8, 10), ts.slice(11, 13), ts.slice(14, 16), ts.slice(17, 19)].map(Number) as [
    number, number, number, number, number, number,
  ];
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
export async function listMatches(
  sql: Sql,
  q: { game?: string; player?: string; limit: number; before?: string },
): Promise<{ items: MatchSummary[]; next: string | null }> {
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

// ---- dead letters -------------------------------------------------------------------------

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
 * Our own diagnostic text (an error message, an id) made storable: unsafe characters are
 * written as <U+XXXX>. Only ever applied to these, never to the record.
 */
export function printable(text: string, max = 2000): string {
  let out = "";
  for (const ch of String(text)) {
    out += unsafeCharIn(ch) ? `<${unsafeCharIn(ch)}>` : ch;
    if (out.length >= max) return `${out.slice(0, max)}…`;
  }
  return out;
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
