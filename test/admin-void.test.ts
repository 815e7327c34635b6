/**
 * Voiding a ranked match (server/admin/voidMatch.ts): every rating, and every stored
 * before/after of every later seat, must equal a replay of the rating history without it,
 * to the last bit. The history has 6 players in 1v1 and 3-player matches, one match stored
 * with an earlier end time than the one stored before it (ratings follow the order they were
 * applied in, not the end times), and a player whose only match is the voided one.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voidMatch, VoidError } from "../server/admin/voidMatch.ts";
import { DEFAULT_SKILL, displayRating, isProvisional, rateMatch, type Skill } from "../server/ratings/skill.ts";
import { saveMatch, type FinishedMatch } from "../server/store/matches.ts";
import { createAccount } from "../server/store/players.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";

const GAME = "solrei";

interface Played {
  id: string;
  players: string[];
  ranks: number[];
}

function ranked(p: Played, endedAt: Date, mode: "ranked" | "casual" = "ranked"): FinishedMatch {
  return {
    id: p.id,
    game: GAME,
    mode,
    config: {},
    seats: p.players.map(() => ({})),
    seed: "s",
    seedHash: "h",
    version: "1",
    startedAt: new Date(endedAt.getTime() - 60_000),
    endedAt,
    outcome: { ranks: p.ranks, reason: "test" },
    players: p.players.map((playerId, seat) => ({ seat, playerId, name: `p${seat}`, kind: "account" as const })),
    replay: { steps: [], finalHash: "f" },
  };
}

/** The ratings a replay of `history` (in the order it was stored) gives, and each seat's before/after. */
function replay(history: readonly Played[]) {
  const skill = new Map<string, Skill & { games: number }>();
  const seats = new Map<string, { before: object; after: object }>();
  for (const m of history) {
    const befores = m.players.map((p) => skill.get(p) ?? { ...DEFAULT_SKILL, games: 0 });
    const afters = rateMatch(befores, m.ranks);
    m.players.forEach((p, seat) => {
      const b = befores[seat]!;
      const a = { ...afters[seat]!, games: b.games + 1 };
      skill.set(p, a);
      seats.set(`${m.id}/${seat}`, {
        before: { mu: b.mu, sigma: b.sigma, display: displayRating(b), games: b.games },
        after: { mu: a.mu, sigma: a.sigma, display: displayRating(a), games: a.games },
      });
    });
  }
  return { skill, seats };
}

describe("voiding a ranked match", { timeout: 60_000 }, () => {
  let db: TestDatabase;
  const players: string[] = [];
  const history: Played[] = [];
  let loner = "";

  beforeAll(async () => {
    db = await createTestDatabase();
    for (let i = 0; i < 7; i++) players.push((await createAccount(db.sql, `voider${i}`, "x")).playerId);
    loner = players[6]!;
    const [a, b, c, d, e, f] = players as [string, string, string, string, string, string];
    // Pairs and triples that chain the players together, in storage order.
    const plan: [string[], number[]][] = [
      [
        [a, b],
        [1, 2],
      ],
      [
        [c, d],
        [2, 1],
      ],
      [
        [a, c, e],
        [1, 2, 3],
      ],
      [
        [b, d],
        [1, 1],
      ],
      [
        [e, f],
        [1, 2],
      ],
      [
        [a, loner],
        [2, 1],
      ], // 5: voided below (loner's only match)
      [
        [a, d],
        [2, 1],
      ], // 6: voided below as well
      [
        [b, e, f],
        [3, 1, 2],
      ],
      [
        [c, f],
        [1, 2],
      ],
      [
        [a, b],
        [2, 1],
      ],
      [
        [d, e],
        [1, 2],
      ],
      [
        [a, f, c],
        [2, 3, 1],
      ],
    ];
    const t0 = Date.UTC(2025, 0, 1);
    for (const [i, [ps, ranks]] of plan.entries()) {
      const played = { id: randomUUID(), players: ps, ranks };
      // Match 8 is stored after match 7 but says it ended before it: the order of application wins.
      const endedAt = new Date(t0 + (i === 8 ? 6.5 : i) * 3_600_000);
      expect(await saveMatch(db.sql, ranked(played, endedAt))).toBe(true);
      history.push(played);
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  async function expectReplayOf(remaining: readonly Played[]) {
    const expected = replay(remaining);
    const rows = await db.sql<{ playerId: string; mu: number; sigma: number; display: number; games: number; provisional: boolean }[]>`
      select player_id as "playerId", mu, sigma, display, games_played as games, provisional from ratings where game = ${GAME}`;
    expect(new Set(rows.map((r) => r.playerId))).toEqual(new Set(expected.skill.keys()));
    for (const r of rows) {
      const s = expected.skill.get(r.playerId)!;
      // Exact equality: the same arithmetic in the same order, not an approximation.
      expect(r).toEqual({ playerId: r.playerId, mu: s.mu, sigma: s.sigma, display: displayRating(s), games: s.games, provisional: isProvisional(s.games, s) });
    }
    for (const m of remaining) {
      const seats = await db.sql<{ seat: number; before: object; after: object }[]>`
        select seat, rating_before as before, rating_after as after from match_players where match_id = ${m.id}::uuid order by seat`;
      for (const s of seats) expect({ before: s.before, after: s.after }).toEqual(expected.seats.get(`${m.id}/${s.seat}`));
    }
  }

  it("restores every rating exactly as a replay of the history without it, downstream matches included", async () => {
    // Before: the stored ratings are the replay of the whole history (the test's replay is right).
    await expectReplayOf(history);
    const report = await voidMatch(db.sql, history[6]!.id);
    expect(report).toMatchObject({ matchId: history[6]!.id, game: GAME });
    expect(report.recomputed).toBeGreaterThan(0);
    await expectReplayOf(history.filter((_, i) => i !== 6));
    const [m] = await db.sql`select status, voided_at from matches where id = ${history[6]!.id}::uuid`;
    expect(m!.status).toBe("voided");
    expect(m!.voided_at).not.toBeNull();
  });

  it("a second void skips the first; a player whose only match is voided has no rating left", async () => {
    await voidMatch(db.sql, history[5]!.id);
    await expectReplayOf(history.filter((_, i) => i !== 5 && i !== 6));
    const [row] = await db.sql`select 1 from ratings where player_id = ${loner}::uuid`;
    expect(row).toBeUndefined();
  });

  it("refuses a match voided already, a casual match and an unknown id, changing nothing", async () => {
    const casual = { id: randomUUID(), players: players.slice(0, 2), ranks: [1, 2] };
    await saveMatch(db.sql, ranked(casual, new Date(), "casual"));
    const before = await db.sql`select * from ratings order by player_id`;
    for (const [id, code] of [
      [history[6]!.id, "already_voided"],
      [casual.id, "not_ranked"],
      [randomUUID(), "match_not_found"],
    ] as const) {
      const error = await voidMatch(db.sql, id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VoidError);
      expect((error as VoidError).code).toBe(code);
    }
    expect(await db.sql`select * from ratings order by player_id`).toEqual(before);
  });
});
