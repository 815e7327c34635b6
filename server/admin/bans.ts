/**
 * Bans: of an account (or any player id) and of an address or range, until a time or for
 * good. A ban is active while it is not lifted and its `until` (if any) is in the future.
 *
 * Where they bite (server/auth/identity.ts, server/http/auth.ts, server/admin/moderation.ts):
 *   - a banned player's tokens are refused wherever a token is checked (the queue, ranked and
 *     casual rooms, /api/auth/me): AuthError("banned"); their login too, after the password;
 *   - guest identities are refused from a banned address or range, and from the address a
 *     banned account last logged in from (accounts.last_address) while its ban lasts;
 *   - registration and login are refused from a banned address or range;
 *   - at the ban, the player's queue connection and live seats are dropped on every process.
 */
import { isIP } from "node:net";
import type { Sql, TransactionSql } from "postgres";
import { normalizeAddress } from "../gate/clientIp.ts";
import type { Role } from "../auth/tokens.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export interface Ban {
  id: number;
  playerId: string | null;
  /** The banned address or range in CIDR form (`1.2.3.4/32`, `10.0.0.0/8`). */
  address: string | null;
  reason: string;
  createdBy: string | null;
  /** ISO 8601 UTC */
  createdAt: string;
  /** null: for good */
  until: string | null;
  liftedAt: string | null;
  liftedBy: string | null;
  /** Not lifted, not run out. */
  active: boolean;
}

/** A player as the identity check sees them: exists (of the token's kind), their role, an active ban. */
export interface Standing {
  role: Role | null;
  ban: Pick<Ban, "id" | "reason" | "until"> | null;
}

function banColumns(sql: Sql | TransactionSql) {
  const s = sql as Sql;
  return s`
    b.id::int as id, b.player_id as "playerId", b.address::text as address, b.reason, b.created_by as "createdBy",
    to_char(b.created_at at time zone 'UTC', ${s.unsafe(ISO_MS)}) as "createdAt",
    to_char(b.until at time zone 'UTC', ${s.unsafe(ISO_MS)}) as until,
    to_char(b.lifted_at at time zone 'UTC', ${s.unsafe(ISO_MS)}) as "liftedAt",
    b.lifted_by as "liftedBy",
    (b.lifted_at is null and (b.until is null or b.until > now())) as active`;
}

const ACTIVE = "b.lifted_at is null and (b.until is null or b.until > now())";

/**
 * The player a token names: null when there is no such player of that kind (an account with
 * credentials for an account token, a guest row for a guest token); else its role (accounts)
 * and its active ban, if any. One query: it runs for every token check.
 */
export async function standingOf(sql: Sql, playerId: string, guest: boolean): Promise<Standing | null> {
  if (!UUID.test(playerId)) return null;
  const id = playerId.toLowerCase();
  const [row] = await sql<{ role: Role | null; banId: number | null; reason: string | null; until: string | null }[]>`
    select a.role, ban.id::int as "banId", ban.reason, to_char(ban.until at time zone 'UTC', ${sql.unsafe(ISO_MS)}) as until
    from players p
    left join accounts a on a.player_id = p.id
    left join lateral (
      select b.id, b.reason, b.until from bans b
      where b.player_id = p.id and ${sql.unsafe(ACTIVE)}
      order by b.until desc nulls first limit 1
    ) ban on true
    where p.id = ${id}::uuid and ${guest ? sql`p.kind = 'guest'` : sql`p.kind = 'account' and a.player_id is not null`}`;
  if (!row) return null;
  return { role: row.role, ban: row.banId === null ? null : { id: row.banId, reason: row.reason!, until: row.until } };
}

/** The active ban of a player, if any. */
export async function activeBanOf(sql: Sql, playerId: string): Promise<Ban | null> {
  if (!UUID.test(playerId)) return null;
  const [row] = await sql<Ban[]>`
    select ${banColumns(sql)} from bans b
    where b.player_id = ${playerId.toLowerCase()}::uuid and ${sql.unsafe(ACTIVE)}
    order by b.until desc nulls first limit 1`;
  return row ?? null;
}

/** Every ban of a player, newest first (lifted and run-out ones included). */
export async function bansOf(sql: Sql, playerId: string): Promise<Ban[]> {
  if (!UUID.test(playerId)) return [];
  return sql<Ban[]>`select ${banColumns(sql)} from bans b where b.player_id = ${playerId.toLowerCase()}::uuid order by b.id desc limit 100`;
}

/** Active bans (accounts and addresses), newest first. */
export async function activeBans(sql: Sql, limit = 200): Promise<Ban[]> {
  return sql<Ban[]>`select ${banColumns(sql)} from bans b where ${sql.unsafe(ACTIVE)} order by b.id desc limit ${limit}`;
}

/** The active ban of an address or range covering `address`, if any (an unknown address: none). */
export async function addressBan(sql: Sql, address: string, options: { accounts?: boolean } = {}): Promise<Ban | null> {
  const ip = normalizeAddress(address);
  if (isIP(ip) === 0) return null;
  const [row] = await sql<Ban[]>`
    select ${banColumns(sql)} from bans b
    where ${sql.unsafe(ACTIVE)} and (
      b.address >>= ${ip}::inet
      ${options.accounts ? sql`or b.player_id in (select a.player_id from accounts a where a.last_address = ${ip})` : sql``}
    )
    order by b.until desc nulls first limit 1`;
  return row ?? null;
}

/** Bans a player (until a time, or for good: `until` null). Returns the ban. */
export async function banPlayer(tx: Sql | TransactionSql, ban: { playerId: string; reason: string; until: Date | null; by: string | null }): Promise<Ban> {
  const s = tx as Sql;
  const [row] = await s<Ban[]>`
    with b as (
      insert into bans (player_id, reason, until, created_by)
      values (${ban.playerId.toLowerCase()}::uuid, ${ban.reason}, ${ban.until}, ${ban.by})
      returning *
    )
    select ${banColumns(s)} from b`;
  return row!;
}

/** Bans an address or a range (CIDR); a host part past the prefix is dropped (10.1.2.3/8 bans 10.0.0.0/8). */
export async function banAddress(tx: Sql | TransactionSql, ban: { address: string; reason: string; until: Date | null; by: string | null }): Promise<Ban> {
  const s = tx as Sql;
  const [row] = await s<Ban[]>`
    with b as (
      insert into bans (address, reason, until, created_by)
      values (network(${ban.address}::inet), ${ban.reason}, ${ban.until}, ${ban.by})
      returning *
    )
    select ${banColumns(s)} from b`;
  return row!;
}

/** Lifts every active ban of a player; returns how many. */
export async function liftPlayerBans(tx: Sql | TransactionSql, playerId: string, by: string | null): Promise<number> {
  const s = tx as Sql;
  const rows = await s`
    update bans b set lifted_at = now(), lifted_by = ${by}
    where b.player_id = ${playerId.toLowerCase()}::uuid and ${s.unsafe(ACTIVE)}
    returning b.id`;
  return rows.length;
}

/** Lifts one ban by id; false when it does not exist or is no longer active. */
export async function liftBan(tx: Sql | TransactionSql, id: number, by: string | null): Promise<Ban | null> {
  const s = tx as Sql;
  const [row] = await s<Ban[]>`
    with b as (
      update bans b set lifted_at = now(), lifted_by = ${by}
      where b.id = ${id} and ${s.unsafe(ACTIVE)}
      returning *
    )
    select ${banColumns(s)} from b`;
  return row ?? null;
}

/**
 * An address or CIDR range as typed by an admin: `1.2.3.4`, `2001:db8::1`, `10.0.0.0/8`,
 * `2001:db8::/32` (an IPv4-mapped IPv6 address counts as its IPv4 address). null: not one.
 */
export function parseAddressOrRange(text: string): string | null {
  const [host, prefix, ...rest] = text.trim().split("/");
  if (rest.length > 0 || !host) return null;
  const ip = normalizeAddress(host);
  const family = isIP(ip);
  if (family === 0) return null;
  if (prefix === undefined) return ip;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null;
  return `${ip}/${Number(prefix)}`;
}

/** "banned until <time>: <reason>" / "banned for good: <reason>". */
export function banWords(ban: Pick<Ban, "reason" | "until">): string {
  return `${ban.until ? `banned until ${ban.until}` : "banned for good"}: ${ban.reason}`;
}

/** Remembers where an account last logged in or registered from (a ban then covers guests from there too). */
export async function recordAccountAddress(sql: Sql, playerId: string, address: string): Promise<void> {
  const ip = normalizeAddress(address);
  if (isIP(ip) === 0 || !UUID.test(playerId)) return;
  await sql`update accounts set last_address = ${ip} where player_id = ${playerId.toLowerCase()}::uuid and last_address is distinct from ${ip}`;
}
