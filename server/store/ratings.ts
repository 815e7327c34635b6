/**
 * Ratings per player per game: reading them (getRatings, leaderboards) and, inside the
 * transaction that stores a ranked match, applying that match's result (applyMatchRatings).
 * The model itself is pure and lives in server/ratings/skill.ts.
 */
import type { Sql, TransactionSql } from "postgres";
import { DEFAULT_SKILL, displayRating, isProvisional, rateMatch, RATING_MODEL, type Skill } from "../ratings/skill.ts";

export interface PlayerRating {
  mu: number;
  sigma: number;
  /** The shown rating: round(1000 + 40 * (mu - 3 sigma)). */
  display: number;
  /** Rated games played in this game. */
  games: number;
  provisional: boolean;
}

/** What is stored in match_players.rating_before / rating_after. */
export interface RatingSnapshot {
  mu: number;
  sigma: number;
  display: number;
  games: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function defaultRating(): PlayerRating {
  return { mu: DEFAULT_SKILL.mu, sigma: DEFAULT_SKILL.sigma, display: displayRating(DEFAULT_SKILL), games: 0, provisional: true };
}

function toRating(skill: Skill, games: number): PlayerRating {
  return { mu: skill.mu, sigma: skill.sigma, display: displayRating(skill), games, provisional: isProvisional(games, skill) };
}

interface RatingRow {
  playerId: string;
  mu: number;
  sigma: number;
  display: number;
  games: number;
  provisional: boolean;
}

/**
 * The ratings of `playerIds` in `game`, keyed by the ids as given (lower-cased uuids match
 * any case). Players with no rating (never rated, guests, unknown ids) get the default rating.
 */
export async function getRatings(sql: Sql | TransactionSql, game: string, playerIds: readonly string[]): Promise<Map<string, PlayerRating>> {
  const out = new Map<string, PlayerRating>();
  const wanted = [...new Set(playerIds.filter((id) => typeof id === "string" && UUID.test(id)).map((id) => id.toLowerCase()))];
  const rows =
    wanted.length === 0
      ? []
      : await (sql as Sql)<RatingRow[]>`
          select player_id as "playerId", mu, sigma, display, games_played as games, provisional
          from ratings where game = ${game} and player_id = any(${wanted}::uuid[])`;
  const byId = new Map(rows.map((r) => [r.playerId, r]));
  for (const id of playerIds) {
    const r = typeof id === "string" ? byId.get(id.toLowerCase()) : undefined;
    out.set(id, r ? { mu: r.mu, sigma: r.sigma, display: r.display, games: r.games, provisional: r.provisional } : defaultRating());
  }
  return out;
}

/** All ratings of one player, by game. */
export async function getPlayerRatings(sql: Sql, playerId: string): Promise<(PlayerRating & { game: string; updatedAt: string })[]> {
  if (!UUID.test(playerId)) return [];
  return sql<(PlayerRating & { game: string; updatedAt: string })[]>`
    select game, mu, sigma, display, games_played as games, provisional,
      to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
    from ratings where player_id = ${playerId.toLowerCase()}::uuid
    order by game`;
}

/**
 * Rates one ranked match inside the caller's transaction: locks the players' rating rows
 * (creating default rows first, in id order, so concurrent matches of the same player
 * serialise instead of overwriting each other), computes the new skills from the ranks,
 * writes them with games_played + 1, and returns each seat's before/after snapshot.
 * `seats[i].rank`: 1 is best. Each player must appear once.
 */
export async function applyMatchRatings(
  tx: TransactionSql,
  game: string,
  seats: readonly { seat: number; playerId: string; rank: number }[],
): Promise<Map<number, { before: RatingSnapshot; after: RatingSnapshot }>> {
  const ids = seats.map((s) => s.playerId.toLowerCase());
  const sorted = [...new Set(ids)].sort();
  if (sorted.length !== ids.length) throw new Error("a rated match needs each player once");
  const fresh = sorted.map((id) => ({
    player_id: id,
    game,
    rating: { model: RATING_MODEL, mu: DEFAULT_SKILL.mu, sigma: DEFAULT_SKILL.sigma },
    mu: DEFAULT_SKILL.mu,
    sigma: DEFAULT_SKILL.sigma,
    display: displayRating(DEFAULT_SKILL),
  }));
  await tx`
    insert into ratings ${tx(fresh, "player_id", "game", "rating", "mu", "sigma", "display")}
    on conflict (player_id, game) do nothing`;
  const rows = await tx<{ playerId: string; mu: number; sigma: number; games: number }[]>`
    select player_id as "playerId", mu, sigma, games_played as games
    from ratings where game = ${game} and player_id = any(${sorted}::uuid[])
    order by player_id
    for update`;
  const current = new Map(rows.map((r) => [r.playerId, r]));
  const before = ids.map((id) => {
    const r = current.get(id);
    if (!r) throw new Error(`rating row for ${id} vanished`);
    return r;
  });
  const after = rateMatch(
    before.map((r) => ({ mu: r.mu, sigma: r.sigma })),
    seats.map((s) => s.rank),
  );
  const result = new Map<number, { before: RatingSnapshot; after: RatingSnapshot }>();
  const updates = seats.map((s, i) => {
    const b = before[i]!;
    const a = after[i]!;
    const games = b.games + 1;
    const next = toRating(a, games);
    result.set(s.seat, {
      before: { mu: b.mu, sigma: b.sigma, display: displayRating(b), games: b.games },
      after: { mu: a.mu, sigma: a.sigma, display: next.display, games },
    });
    return { id: ids[i]!, ...next };
  });
  for (const u of updates.sort((x, y) => (x.id < y.id ? -1 : 1))) {
    await tx`
      update ratings set
        mu = ${u.mu}, sigma = ${u.sigma}, display = ${u.display}, provisional = ${u.provisional},
        games_played = ${u.games}, rating = ${tx.json({ model: RATING_MODEL, mu: u.mu, sigma: u.sigma })},
        updated_at = now()
      where player_id = ${u.id}::uuid and game = ${game}`;
  }
  return result;
}

// ---- leaderboards ------------------------------------------------------------------------

export class LeaderboardCursorError extends Error {
  readonly code = "bad_cursor";
  constructor() {
    super("malformed cursor: pass back the `next` value of a previous page unchanged");
    this.name = "LeaderboardCursorError";
  }
}

export interface LeaderboardEntry {
  /** 1-based place in this listing (ties in display rating are broken by player id, descending). */
  position: number;
  playerId: string;
  name: string;
  display: number;
  mu: number;
  sigma: number;
  games: number;
  provisional: boolean;
}

export function encodeLeaderboardCursor(display: number, playerId: string, position: number): string {
  return Buffer.from(`${display}|${playerId}|${position}`, "utf8").toString("base64url");
}

export function decodeLeaderboardCursor(cursor: string): { display: number; playerId: string; position: number } {
  if (typeof cursor !== "string" || cursor.length === 0 || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw new LeaderboardCursorError();
  }
  const [d, id, pos, ...rest] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !d || !id || !pos || !/^-?\d{1,9}$/.test(d) || !UUID.test(id) || !/^\d{1,9}$/.test(pos)) {
    throw new LeaderboardCursorError();
  }
  const out = { display: Number(d), playerId: id.toLowerCase(), position: Number(pos) };
  if (encodeLeaderboardCursor(out.display, id, out.position) !== cursor) throw new LeaderboardCursorError();
  return out;
}

/**
 * One page of a game's leaderboard: best display rating first, ties by player id (descending); keyset
 * paged (`after` = the `next` of the previous page). Provisional players are left out
 * unless `provisional` is true.
 */
export async function listLeaderboard(sql: Sql, q: { game: string; limit: number; after?: string; provisional?: boolean }): Promise<{ items: LeaderboardEntry[]; next: string | null }> {
  if (!Number.isInteger(q.limit) || q.limit < 1 || q.limit > 1000) throw new RangeError("limit must be an integer 1..1000");
  const cursor = q.after === undefined ? null : decodeLeaderboardCursor(q.after);
  const empty = sql``;
  const rows = await sql<Omit<LeaderboardEntry, "position">[]>`
    select r.player_id as "playerId", coalesce(a.username, p.name) as name, r.display, r.mu, r.sigma, r.games_played as games, r.provisional
    from ratings r join players p on p.id = r.player_id left join accounts a on a.player_id = r.player_id
    where r.game = ${q.game}
      ${q.provisional ? empty : sql`and not r.provisional`}
      ${cursor ? sql`and (r.display, r.player_id) < (${cursor.display}::int, ${cursor.playerId}::uuid)` : empty}
    order by r.display desc, r.player_id desc
    limit ${q.limit + 1}`;
  const more = rows.length > q.limit;
  const start = cursor ? cursor.position : 0;
  const items = (more ? rows.slice(0, q.limit) : rows).map((r, i) => ({ position: start + i + 1, ...r }));
  const last = items[items.length - 1];
  return { items, next: more && last ? encodeLeaderboardCursor(last.display, last.playerId, last.position) : null };
}
