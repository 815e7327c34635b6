/**
 * Players and accounts. A registered player is a `players` row (kind 'account', name = the
 * username) plus an `accounts` row holding the credentials; usernames are unique regardless
 * of case. A guest identity (POST /api/auth/guest) is a `players` row of kind 'guest' whose
 * name carries the guest mark (`~name`); casual seats of players without any identity get a
 * `players` row when a match of theirs is stored.
 */
import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";

export const USERNAME = /^[A-Za-z0-9_-]{3,24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class NameTakenError extends Error {
  constructor(readonly username: string) {
    super(`the username ${username} is taken`);
    this.name = "NameTakenError";
  }
}

export interface Account {
  playerId: string;
  username: string;
  passwordHash: string;
  /** What the account may do (server/admin/access.ts). */
  role: "player" | "admin";
}

/** Creates a player and its account. Throws NameTakenError when the name is taken in any case. */
export async function createAccount(sql: Sql, username: string, passwordHash: string): Promise<Account> {
  if (!USERNAME.test(username)) throw new Error("invalid username");
  const playerId = randomUUID();
  try {
    await sql.begin(async (tx) => {
      await tx`insert into players (id, name, kind) values (${playerId}, ${username}, 'account')`;
      await tx`insert into accounts (player_id, username, password_hash) values (${playerId}, ${username}, ${passwordHash})`;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw new NameTakenError(username);
    throw error;
  }
  return { playerId, username, passwordHash, role: "player" };
}

/** Creates the `players` row of a guest identity; `name` is the display name (already marked). */
export async function createGuest(sql: Sql, name: string): Promise<{ playerId: string; name: string }> {
  const playerId = randomUUID();
  await sql`insert into players (id, name, kind) values (${playerId}, ${name}, 'guest')`;
  return { playerId, name };
}

export async function findAccountByUsername(sql: Sql, username: string): Promise<Account | null> {
  if (!USERNAME.test(username)) return null;
  const [row] = await sql<Account[]>`
    select player_id as "playerId", username, password_hash as "passwordHash", role
    from accounts where lower(username) = lower(${username})`;
  return row ?? null;
}

export interface PlayerProfile {
  id: string;
  /** An account's username; else the name of the player's latest stored seat. */
  name: string;
  kind: "guest" | "account" | "bot";
  /** ISO 8601 UTC */
  createdAt: string;
}

export async function getPlayer(sql: Sql, id: string): Promise<PlayerProfile | null> {
  if (!UUID.test(id)) return null;
  const [row] = await sql<PlayerProfile[]>`
    select p.id, coalesce(a.username, p.name) as name, p.kind,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
    from players p left join accounts a on a.player_id = p.id
    where p.id = ${id.toLowerCase()}::uuid`;
  return row ?? null;
}

export interface RecentMatch {
  matchId: string;
  game: string;
  mode: "casual" | "ranked";
  seat: number;
  rank: number;
  players: number;
  /** ISO 8601 UTC */
  endedAt: string;
  /** Ranked only: { mu, sigma, display, games } before and after this match; null otherwise. */
  ratingBefore: { mu: number; sigma: number; display: number; games: number } | null;
  ratingAfter: { mu: number; sigma: number; display: number; games: number } | null;
}

/** The player's latest seats, newest first (the full history: GET /api/matches?player=). */
export async function recentMatches(sql: Sql, playerId: string, limit = 10): Promise<RecentMatch[]> {
  if (!UUID.test(playerId)) return [];
  return sql<RecentMatch[]>`
    select mp.match_id as "matchId", mp.game, m.mode, mp.seat, mp.rank,
      (select count(*)::int from match_players x where x.match_id = mp.match_id) as players,
      to_char(mp.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endedAt",
      mp.rating_before as "ratingBefore", mp.rating_after as "ratingAfter"
    from match_players mp join matches m on m.id = mp.match_id
    where mp.player_id = ${playerId.toLowerCase()}::uuid
    order by mp.ended_at desc, mp.match_id desc
    limit ${limit}`;
}
