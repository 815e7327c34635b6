/**
 * Finished matches: the record's types, its checks, and storing it once (idempotent by id).
 * Reading them back is server/store/matchHistory.ts; refused records, server/store/deadLetters.ts.
 * No game knowledge: games are strings and configs/actions are opaque JSON.
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

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Timestamps as the API shows them: ISO 8601, UTC, millisecond precision. */
export const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

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

/** A jsonb parameter. `sql.json(null)` would send SQL NULL; JSON null must stay JSON null. */
function jsonb(sql: Sql | TransactionSql, value: unknown) {
  return value === null || value === undefined ? (sql as Sql)`'null'::jsonb` : sql.json(value as Parameters<Sql["json"]>[0]);
}

function invalid(m: FinishedMatch, why: string): never {
  const id = printable(typeof m?.id === "string" ? m.id : (JSON.stringify(m?.id) ?? "undefined"), 64);
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
    await tx`insert into match_players ${tx(seatRows, "match_id", "seat", "player_id", "name", "rank", "game", "ended_at", "rating_before", "rating_after", "bot_level")}`;
    await tx`
      insert into replays (match_id, steps, step_count, final_hash)
      values (${id}, ${jsonb(tx, m.replay.steps)}, ${m.replay.steps.length}, ${m.replay.finalHash})`;
    return true;
  });
  return stored as boolean;
}
