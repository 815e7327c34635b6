/**
 * Ranked SolRei through the queue: 40 bot clients queue over WebSocket
 * with their bearer tokens; all are matched in pairs, every match is played to the end and
 * stored as ranked, every rating moves the right way (winner up, loser down), and each
 * player's games count rises by exactly the matches they played.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

const BOTS = Number(process.env.RANKED_BOTS ?? 40);
const ROUNDS = Number(process.env.RANKED_ROUNDS ?? 2);
// 11-19 s alone on two cores; far more on a busy machine. Every wait below is on an event (a
// queue message, the seat taken, the match finished) or on the stored rows: no sleeps, and a
// limit with ample slack, growing with the number of matches played.
const LIMIT = Math.max(180_000, ((BOTS * ROUNDS) / 80) * 180_000);

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [solreiBinding], env: { QUEUE_TICK_MS: "100", JWT_SECRET: DEV_JWT_SECRET } });
}, LIMIT);
afterAll(async () => {
  await t?.close();
}, LIMIT);

it(
  `${BOTS} bots queue for ranked SolRei, ${ROUNDS} rounds: all matched, every match played and stored, ratings move the right way, games count = matches played`,
  async () => {
    const accounts = await registerAccounts(t.sql, DEV_JWT_SECRET, BOTS, "solq");
    const played = new Map<string, number>(accounts.map((a) => [a.playerId, 0]));
    const matchIds = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const bots = await Promise.all(accounts.map((a, i) => new QueueBot(t.wsUrl, a.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(i), bot: { seed: `rq-${round}-${i}` } }).join()));
      const matched = await Promise.all(bots.map((b) => b.next("matched")));
      // Pairs: each room has exactly its two reserved players, never the same player twice.
      const rooms = new Map<string, string[]>();
      matched.forEach((m, i) => rooms.set(m.roomId, [...(rooms.get(m.roomId) ?? []), accounts[i]!.playerId]));
      expect(rooms.size).toBe(BOTS / 2);
      for (const ids of rooms.values()) expect(new Set(ids).size).toBe(2);
      for (const [i, m] of matched.entries()) {
        expect(m.players.map((p: { playerId: string }) => p.playerId)).toContain(accounts[i]!.playerId);
        expect(m.players[m.seat].playerId).toBe(accounts[i]!.playerId);
      }
      await Promise.all(bots.map((b) => b.next("started")));
      const finished = await Promise.all(bots.map((b) => b.seated().then((p) => p.untilFinished())));
      for (const [i, b] of bots.entries()) {
        // The seat is bound to the account: its id and username, never a client-chosen name.
        expect(b.player!.welcome!.playerId).toBe(accounts[i]!.playerId);
        expect(b.player!.rejections).toEqual([]);
        expect(finished[i]!.outcome.reason).not.toBe("abandoned"); // played to the end, not called by a leaver
        played.set(accounts[i]!.playerId, played.get(accounts[i]!.playerId)! + 1);
        matchIds.add(finished[i]!.matchId);
      }
    }
    expect(matchIds.size).toBe((BOTS / 2) * ROUNDS);

    const ids = [...matchIds];
    const stored = await waitFor(
      async () => {
        const rows = await t.sql`select id from matches where id = any(${ids}::uuid[]) and mode = 'ranked'`;
        return rows.length === ids.length ? rows : null;
      },
      "every ranked match stored",
      LIMIT / 2,
    );
    expect(stored).toHaveLength(ids.length);

    type SeatRow = { matchId: string; playerId: string; name: string; rank: number; before: any; after: any };
    const seats: SeatRow[] = await t.sql<SeatRow[]>`
    select match_id as "matchId", player_id as "playerId", name, rank, rating_before as before, rating_after as after
    from match_players where match_id = any(${ids}::uuid[])`;
    expect(seats).toHaveLength(ids.length * 2);
    const byMatch = new Map<string, SeatRow[]>();
    for (const s of seats) byMatch.set(s.matchId, [...(byMatch.get(s.matchId) ?? []), s]);
    let decisive = 0;
    for (const pair of byMatch.values()) {
      expect(pair).toHaveLength(2);
      const [x, y] = pair as [SeatRow, SeatRow];
      expect(x.playerId).not.toBe(y.playerId);
      for (const s of pair) {
        expect(s.name).toBe(accounts.find((a) => a.playerId === s.playerId)!.username);
        expect(s.after.games).toBe(s.before.games + 1);
      }
      if (x.rank === y.rank) {
        // A draw pulls the two ratings towards each other (or leaves equal ones where they are).
        const gapBefore = Math.abs(x.before.mu - y.before.mu);
        expect(Math.abs(x.after.mu - y.after.mu)).toBeLessThanOrEqual(gapBefore + 1e-9);
        continue;
      }
      decisive++;
      const [win, lose] = x.rank < y.rank ? [x, y] : [y, x];
      expect(win.after.mu).toBeGreaterThan(win.before.mu);
      expect(lose.after.mu).toBeLessThan(lose.before.mu);
    }
    expect(decisive).toBeGreaterThan(0);

    const ratings = await t.sql<{ playerId: string; games: number }[]>`
    select player_id as "playerId", games_played as games from ratings where game = 'solrei' and player_id = any(${accounts.map((a) => a.playerId)}::uuid[])`;
    expect(ratings).toHaveLength(BOTS);
    for (const r of ratings) expect(r.games).toBe(played.get(r.playerId));
  },
  LIMIT,
);
