/**
 * Multi-seat ranked queues: 12 bots queue for 3-player games and 12 for
 * 4-player games at the same time, over WebSocket. Groups form with exactly the queue's seat
 * count (never across queues), every match is played to the end and stored as ranked with a
 * rank per seat, and ratings update by rank (a better rank never gains less).
 * The 3-player games are Resonance, the 4-player games Achroma (as the issue asks).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { samplePalette } from "../rules/achroma/index.ts";
import { sampleSeatConfig as resonanceSeat } from "../rules/resonance/index.ts";
import { gameBindings } from "../rooms/registry.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

const PER_QUEUE = 12;
// Generous limits: the machine may be busy (two cores, other suites). Every wait is on an event
// (queue messages, seats taken, matches finished) or on the stored rows, never a sleep.
const LIMIT = 240_000;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { QUEUE_TICK_MS: "100", JWT_SECRET: DEV_JWT_SECRET } });
}, LIMIT);
afterAll(async () => {
  await t?.close();
}, LIMIT);

it(
  "12 bots queue for 3-player Resonance and 12 for 4-player Achroma: right group sizes, all played and stored with ranks, ratings update by rank",
  async () => {
    const accounts = await registerAccounts(t.sql, DEV_JWT_SECRET, PER_QUEUE * 2, "multi");
    const seatsOf = (i: number) => (i < PER_QUEUE ? 3 : 4);
    const bots = await Promise.all(
      accounts.map((a, i) =>
        i < PER_QUEUE
          ? new QueueBot(t.wsUrl, a.token, { game: "resonance", seats: 3, seat: resonanceSeat(i), bot: { seed: `multi-${i}` } }).join()
          : new QueueBot(t.wsUrl, a.token, { game: "achroma", seats: 4, seat: samplePalette(i), bot: { seed: `multi-${i}` } }).join(),
      ),
    );
    const matched = await Promise.all(bots.map((b) => b.next("matched")));
    const rooms = new Map<string, { seats: number; players: string[] }>();
    matched.forEach((m, i) => {
      expect(m.seats).toBe(seatsOf(i));
      const r = rooms.get(m.roomId) ?? { seats: m.seats as number, players: [] as string[] };
      r.players.push(accounts[i]!.playerId);
      rooms.set(m.roomId, r);
    });
    expect([...rooms.values()].filter((r) => r.seats === 3)).toHaveLength(PER_QUEUE / 3);
    expect([...rooms.values()].filter((r) => r.seats === 4)).toHaveLength(PER_QUEUE / 4);
    for (const r of rooms.values()) {
      expect(r.players).toHaveLength(r.seats);
      expect(new Set(r.players).size).toBe(r.seats);
    }

    const finished = await Promise.all(bots.map((b) => b.seated().then((p) => p.untilFinished())));
    const matchIds = [...new Set(finished.map((f) => f.matchId))];
    expect(matchIds).toHaveLength(PER_QUEUE / 3 + PER_QUEUE / 4);
    for (const b of bots) expect(b.player!.rejections).toEqual([]);

    type SeatRow = { matchId: string; seat: number; playerId: string; rank: number; before: any; after: any };
    const seats: SeatRow[] = await waitFor(
      async () => {
        const rows = await t.sql<SeatRow[]>`
      select mp.match_id as "matchId", mp.seat, mp.player_id as "playerId", mp.rank, mp.rating_before as before, mp.rating_after as after
      from match_players mp join matches m on m.id = mp.match_id
      where m.mode = 'ranked' and mp.match_id = any(${matchIds}::uuid[])`;
        return rows.length === PER_QUEUE * 2 ? rows : null;
      },
      "every seat of every match stored",
      LIMIT / 2,
    );

    const byMatch = new Map<string, SeatRow[]>();
    for (const s of seats) byMatch.set(s.matchId, [...(byMatch.get(s.matchId) ?? []), s]);
    for (const [matchId, rows] of byMatch) {
      const f = finished.find((x) => x.matchId === matchId)!;
      expect(rows.map((r) => r.rank).sort()).toEqual([...f.outcome.ranks].sort());
      for (const r of rows) {
        expect(r.rank).toBe(f.outcome.ranks[r.seat]);
        expect(r.after.games).toBe(r.before.games + 1);
      }
      // Everyone started at the same rating: a better rank never gains less; best up, worst down.
      // (Not strictly more: with two tied winners of four, openskill's Plackett-Luce gives the third
      // the winners' gain, ranks 1,1,3,4 -> +0.93, +0.93, +0.93, -2.80.)
      const sorted = [...rows].sort((x, y) => x.rank - y.rank);
      for (let i = 1; i < sorted.length; i++) {
        const better = sorted[i - 1]!;
        const worse = sorted[i]!;
        const gain = (r: SeatRow) => r.after.mu - r.before.mu;
        if (better.rank < worse.rank) expect(gain(better)).toBeGreaterThanOrEqual(gain(worse));
      }
      if (sorted[0]!.rank < sorted.at(-1)!.rank) {
        expect(sorted[0]!.after.mu).toBeGreaterThan(sorted[0]!.before.mu);
        expect(sorted.at(-1)!.after.mu).toBeLessThan(sorted.at(-1)!.before.mu);
      }
    }
  },
  LIMIT,
);

it(
  "a player who abandons a 3-player ranked match ranks last; the other two play on and their order stands",
  async () => {
    const accounts = await registerAccounts(t.sql, DEV_JWT_SECRET, 3, "aband");
    const bots = await Promise.all(accounts.map((a, i) => new QueueBot(t.wsUrl, a.token, { game: "achroma", seats: 3, seat: samplePalette(i), bot: { seed: `ab3-${i}` } }).join()));
    await Promise.all(bots.map((b) => b.next("started")));
    const players = await Promise.all(bots.map((b) => b.seated().then((p) => waitFor(() => p.welcome && p, "welcome", LIMIT / 2))));
    const leaver = players[0]!;
    await leaver.room.leave(true);
    const [f1, f2] = await Promise.all([players[1]!.untilFinished(), players[2]!.untilFinished()]);
    expect(f1.matchId).toBe(f2.matchId);
    expect(f1.outcome.reason).not.toBe("abandoned"); // the game was played to its end by the two others
    expect(f1.outcome.ranks[leaver.seat!]).toBe(3);
    const others = [players[1]!.seat!, players[2]!.seat!].map((s) => f1.outcome.ranks[s]!);
    expect(others.every((r) => r === 1 || r === 2)).toBe(true);
    const rows = await waitFor(
      async () => {
        const r = await t.sql<{ playerId: string; rank: number; before: any; after: any }[]>`
      select player_id as "playerId", rank, rating_before as before, rating_after as after from match_players where match_id = ${f1.matchId}::uuid`;
        return r.length === 3 ? r : null;
      },
      "stored match",
      LIMIT / 2,
    );
    const left = rows.find((r) => r.playerId === accounts[0]!.playerId)!;
    expect(left.rank).toBe(3);
    expect(left.after.mu).toBeLessThan(left.before.mu);
  },
  LIMIT,
);
