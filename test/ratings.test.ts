/**
 * Ratings: the pure openskill update (server/ratings/skill.ts) and its application when a
 * ranked match is stored (server/store/matches.ts saveMatch + server/store/ratings.ts):
 * same transaction as the match record, exactly once per match id.
 */
import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SKILL, displayRating, isProvisional, PROVISIONAL_GAMES, rateMatch, RatingInputError } from "../server/ratings/skill.ts";
import { silentLogger } from "../server/log.ts";
import { saveMatch, StoreError, type FinishedMatch } from "../server/store/matches.ts";
import { MatchWriter } from "../server/store/matchWriter.ts";
import { createAccount } from "../server/store/players.ts";
import { getRatings } from "../server/store/ratings.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";

const fresh = () => ({ ...DEFAULT_SKILL });

describe("rateMatch (openskill Plackett-Luce)", () => {
  it("1v1: the winner's mu rises and the loser's falls, by the same amount between equals", () => {
    const [w, l] = rateMatch([fresh(), fresh()], [1, 2]);
    expect(w!.mu).toBeGreaterThan(DEFAULT_SKILL.mu);
    expect(l!.mu).toBeLessThan(DEFAULT_SKILL.mu);
    expect(w!.mu - DEFAULT_SKILL.mu).toBeCloseTo(DEFAULT_SKILL.mu - l!.mu, 9);
    expect(w!.sigma).toBeLessThan(DEFAULT_SKILL.sigma);
    expect(displayRating(w!)).toBeGreaterThan(displayRating(DEFAULT_SKILL));
    expect(displayRating(l!)).toBeLessThan(displayRating(DEFAULT_SKILL));
  });

  it("1v1: beating a stronger player gains more than beating a weaker one", () => {
    const strong = { mu: 32, sigma: 4 };
    const weak = { mu: 18, sigma: 4 };
    const me = { mu: 25, sigma: 4 };
    const upset = rateMatch([me, strong], [1, 2])[0]!.mu - me.mu;
    const expected = rateMatch([me, weak], [1, 2])[0]!.mu - me.mu;
    expect(upset).toBeGreaterThan(expected);
  });

  it("free-for-all: the order of mu after the match follows the ranks (seat order does not matter)", () => {
    const after = rateMatch([fresh(), fresh(), fresh(), fresh()], [3, 1, 4, 2]);
    const bySeatRank = [1, 3, 0, 2].map((seat) => after[seat]!.mu);
    for (let i = 1; i < bySeatRank.length; i++) expect(bySeatRank[i - 1]!).toBeGreaterThan(bySeatRank[i]!);
    expect(after[1]!.mu).toBeGreaterThan(DEFAULT_SKILL.mu);
    expect(after[2]!.mu).toBeLessThan(DEFAULT_SKILL.mu);
  });

  it("ties: equals who tie keep their mu; tied seats in a free-for-all move alike", () => {
    const [a, b] = rateMatch([fresh(), fresh()], [1, 1]);
    expect(a!.mu).toBeCloseTo(DEFAULT_SKILL.mu, 9);
    expect(b!.mu).toBeCloseTo(DEFAULT_SKILL.mu, 9);
    expect(a!.sigma).toBeLessThan(DEFAULT_SKILL.sigma);
    const ffa = rateMatch([fresh(), fresh(), fresh()], [1, 1, 3]);
    expect(ffa[0]!.mu).toBeCloseTo(ffa[1]!.mu, 9);
    expect(ffa[0]!.mu).toBeGreaterThan(ffa[2]!.mu);
  });

  it("refuses fewer than two players, missing ranks and bad ranks", () => {
    expect(() => rateMatch([fresh()], [1])).toThrow(RatingInputError);
    expect(() => rateMatch([fresh(), fresh()], [1])).toThrow(RatingInputError);
    expect(() => rateMatch([fresh(), fresh()], [0, 1])).toThrow(RatingInputError);
  });

  it("provisional: under PROVISIONAL_GAMES games, or while sigma is still high", () => {
    expect(displayRating(DEFAULT_SKILL)).toBe(1000);
    expect(isProvisional(0, DEFAULT_SKILL)).toBe(true);
    expect(isProvisional(PROVISIONAL_GAMES - 1, { mu: 30, sigma: 3 })).toBe(true);
    expect(isProvisional(PROVISIONAL_GAMES, { mu: 30, sigma: 3 })).toBe(false);
    expect(isProvisional(PROVISIONAL_GAMES + 50, DEFAULT_SKILL)).toBe(true);
  });
});

// ---- stored ----------------------------------------------------------------------------

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = db.sql;
});
afterAll(async () => {
  await db?.close();
});

let accountNo = 0;
async function accounts(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await createAccount(sql, `rated_${process.pid % 1000}_${accountNo++}`, "scrypt$1$1$1$x$y")).playerId);
  return ids;
}

function ranked(game: string, playerIds: string[], ranks: number[], over: Partial<FinishedMatch> = {}): FinishedMatch {
  const endedAt = new Date();
  return {
    id: randomUUID(),
    game,
    mode: "ranked",
    config: {},
    seats: playerIds.map(() => ({})),
    seed: "s",
    seedHash: "h",
    version: "1",
    startedAt: new Date(endedAt.getTime() - 1000),
    endedAt,
    outcome: { ranks, reason: "test" },
    players: playerIds.map((playerId, seat) => ({ seat, playerId, name: `P${seat}`, kind: "account" as const })),
    replay: { steps: [], finalHash: "f" },
    ...over,
  };
}

const ratingRow = async (game: string, id: string) => (await sql`select mu, sigma, display, games_played as games, provisional, rating from ratings where game = ${game} and player_id = ${id}`)[0];

describe("ranked match storage", () => {
  it("getRatings gives the default rating to unrated and unknown players", async () => {
    const [a] = await accounts(1);
    const ghost = randomUUID();
    const r = await getRatings(sql, "g-default", [a!, ghost]);
    expect(r.get(a!)).toEqual({ mu: 25, sigma: 25 / 3, display: 1000, games: 0, provisional: true });
    expect(r.get(ghost)).toEqual(r.get(a!));
  });

  it("1v1: stores rating before/after on match_players and updates both ratings with games + 1", async () => {
    const [w, l] = await accounts(2);
    const m = ranked("g-1v1", [l!, w!], [2, 1]);
    expect(await saveMatch(sql, m)).toBe(true);
    const r = await getRatings(sql, "g-1v1", [w!, l!]);
    expect(r.get(w!)!.mu).toBeGreaterThan(25);
    expect(r.get(l!)!.mu).toBeLessThan(25);
    expect(r.get(w!)!.games).toBe(1);
    expect(r.get(l!)!.games).toBe(1);
    expect(r.get(w!)!.provisional).toBe(true);
    const seats = await sql`select seat, rating_before, rating_after from match_players where match_id = ${m.id} order by seat`;
    expect(seats[0]!.rating_before).toEqual({ mu: 25, sigma: 25 / 3, display: 1000, games: 0 });
    expect(seats[0]!.rating_after).toEqual({ mu: r.get(l!)!.mu, sigma: r.get(l!)!.sigma, display: r.get(l!)!.display, games: 1 });
    expect(seats[1]!.rating_after.mu).toBe(r.get(w!)!.mu);
    // The jsonb column mirrors the numbers.
    expect((await ratingRow("g-1v1", w!))!.rating).toMatchObject({ mu: r.get(w!)!.mu, sigma: r.get(w!)!.sigma });
  });

  it("the next match starts from the stored rating (rating_before = previous rating_after)", async () => {
    const [a, b] = await accounts(2);
    const m1 = ranked("g-chain", [a!, b!], [1, 2]);
    const m2 = ranked("g-chain", [a!, b!], [2, 1]);
    await saveMatch(sql, m1);
    await saveMatch(sql, m2);
    const [first] = await sql`select rating_after from match_players where match_id = ${m1.id} and seat = 0`;
    const [second] = await sql`select rating_before from match_players where match_id = ${m2.id} and seat = 0`;
    expect(second!.rating_before).toEqual(first!.rating_after);
    expect((await ratingRow("g-chain", a!))!.games).toBe(2);
  });

  it("free-for-all by rank, ties included: 4 players, mu ordered by rank, tied seats equal", async () => {
    const ids = await accounts(4);
    await saveMatch(sql, ranked("g-ffa", ids, [2, 1, 4, 2]));
    const r = await getRatings(sql, "g-ffa", ids);
    const mu = ids.map((id) => r.get(id)!.mu);
    expect(mu[1]!).toBeGreaterThan(mu[0]!);
    expect(mu[0]!).toBeCloseTo(mu[3]!, 9);
    expect(mu[0]!).toBeGreaterThan(mu[2]!);
    expect(mu[2]!).toBeLessThan(25);
    expect(ids.every((id) => r.get(id)!.games === 1)).toBe(true);
  });

  it("provisional flag clears after enough games", async () => {
    const [a, b] = await accounts(2);
    for (let i = 0; i < PROVISIONAL_GAMES; i++) {
      await saveMatch(sql, ranked("g-prov", [a!, b!], i % 2 ? [1, 2] : [2, 1]));
      const row = await ratingRow("g-prov", a!);
      expect(row!.provisional).toBe(i + 1 < PROVISIONAL_GAMES);
    }
  });

  it("exactly once: saving the same match again (also concurrently) changes no rating", async () => {
    const [a, b] = await accounts(2);
    const m = ranked("g-once", [a!, b!], [1, 2]);
    const results = await Promise.all([saveMatch(sql, m), saveMatch(sql, m), saveMatch(sql, m)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const once = await ratingRow("g-once", a!);
    expect(await saveMatch(sql, m)).toBe(false);
    expect(await ratingRow("g-once", a!)).toEqual(once);
    expect(once!.games).toBe(1);
  });

  it("exactly once through the MatchWriter: a save whose reply is lost is retried and rates nothing twice", async () => {
    const [a, b] = await accounts(2);
    const m = ranked("g-writer", [a!, b!], [2, 1]);
    let calls = 0;
    const writer = new MatchWriter({
      log: silentLogger,
      initialBackoffMs: 5,
      save: async (match) => {
        calls++;
        const stored = await saveMatch(sql, match);
        if (calls === 1) throw new Error("connection reset (the commit went through)");
        return stored;
      },
    });
    await writer.submit(m);
    expect(calls).toBe(2);
    expect((await ratingRow("g-writer", b!))!.games).toBe(1);
    expect((await ratingRow("g-writer", a!))!.games).toBe(1);
  });

  it("concurrent ranked matches of the same player each count once (no lost update)", async () => {
    const [hub, ...others] = await accounts(7);
    await Promise.all(others.map((o) => saveMatch(sql, ranked("g-concurrent", [hub!, o], [1, 2]))));
    const row = await ratingRow("g-concurrent", hub!);
    expect(row!.games).toBe(6);
    const befores = await sql<{ b: { games: number } }[]>`
      select rating_before as b from match_players where player_id = ${hub!} and game = 'g-concurrent'`;
    expect(befores.map((x) => x.b.games).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("rollback: when the rating update fails, the match is not stored either (one transaction)", async () => {
    const [a, b] = await accounts(2);
    await saveMatch(sql, ranked("g-fail", [a!, b!], [1, 2]));
    const before = await ratingRow("g-fail", a!);
    await sql.unsafe(`
      create function ratings_fail() returns trigger language plpgsql as $$
      begin raise exception 'rating update refused by test trigger'; end $$;
      create trigger ratings_fail before update on ratings for each row
        when (new.game = 'g-fail') execute function ratings_fail();`);
    try {
      const m = ranked("g-fail", [a!, b!], [2, 1]);
      await expect(saveMatch(sql, m)).rejects.toThrow(/refused by test trigger/);
      expect((await sql`select count(*)::int as n from matches where id = ${m.id}`)[0]!.n).toBe(0);
      expect((await sql`select count(*)::int as n from match_players where match_id = ${m.id}`)[0]!.n).toBe(0);
      expect(await ratingRow("g-fail", a!)).toEqual(before);
    } finally {
      await sql.unsafe(`drop trigger ratings_fail on ratings; drop function ratings_fail();`);
    }
  });

  it("a ranked match needs registered players: a guest or unknown player refuses the whole record", async () => {
    const [a] = await accounts(1);
    const stranger = randomUUID();
    const m = ranked("g-guest", [a!, stranger], [1, 2]);
    const error = await saveMatch(sql, m).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe("invalid_match");
    expect((await sql`select count(*)::int as n from matches where id = ${m.id}`)[0]!.n).toBe(0);
    expect((await sql`select count(*)::int as n from ratings where game = 'g-guest'`)[0]!.n).toBe(0);

    const guestSeat = ranked("g-guest", [a!, randomUUID()], [1, 2]);
    guestSeat.players[1]!.kind = "guest";
    await expect(saveMatch(sql, guestSeat)).rejects.toThrow(/registered players/);
    await expect(saveMatch(sql, ranked("g-guest", [a!, a!], [1, 2]))).rejects.toThrow(/different player/);
    await expect(saveMatch(sql, ranked("g-guest", [a!, stranger], [0, 1]))).rejects.toThrow(/ranks start at 1/);
  });

  it("casual matches never touch ratings", async () => {
    const [a, b] = await accounts(2);
    const m = ranked("g-casual", [a!, b!], [1, 2], { mode: "casual" });
    await saveMatch(sql, m);
    expect((await sql`select count(*)::int as n from ratings where game = 'g-casual'`)[0]!.n).toBe(0);
    const [seat] = await sql`select rating_before, rating_after from match_players where match_id = ${m.id} and seat = 0`;
    expect(seat).toEqual({ rating_before: null, rating_after: null });
  });
});
