/**
 * Ranked rooms and the queue protocol, with the tiny two-seat fixture game: who may join a
 * ranked room (only the reserved player, with their own valid token), queue leave, double
 * queueing, no-shows (forfeit + cooldown, the others back at the front) and abandonment.
 */
import { Client } from "@colyseus/sdk";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../server/auth/tokens.ts";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { refusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
let n = 0;
/** The server's error-level log lines. */
const errors: { msg: string }[] = [];
beforeAll(async () => {
  t = await startTestServer({
    log: pino({ level: "error" }, { write: (line: string) => void errors.push(JSON.parse(line)) }),
    bindings: [highCardBinding, solreiBinding],
    env: { QUEUE_TICK_MS: "50", RANKED_JOIN_TIMEOUT_S: "2", RANKED_NO_SHOW_COOLDOWN_S: "30", RECONNECT_GRACE_S: "1", JWT_SECRET: DEV_JWT_SECRET },
  });
});
afterAll(async () => {
  await t?.close();
});

/** Fresh accounts for one test (no cooldown or queue state shared between tests). */
const accounts = (count: number) => registerAccounts(t.sql, DEV_JWT_SECRET, count, `rr${++n}x`);

/** The error message of a promise that must fail. */
function clientWith(token?: string): Client {
  const c = new Client(t.wsUrl);
  if (token) c.auth.token = token;
  return c;
}

/** Two accounts queued for ranked highcard and matched; nobody joins the room. */
async function matchedPair() {
  const [a, b] = await accounts(2);
  const qa = await new QueueBot(t.wsUrl, a!.token, { game: "highcard", seats: 2, bot: false }).join();
  const qb = await new QueueBot(t.wsUrl, b!.token, { game: "highcard", seats: 2, bot: false }).join();
  const [ma, mb] = await Promise.all([qa.next("matched"), qb.next("matched")]);
  expect(ma.roomId).toBe(mb.roomId);
  return { a: a!, b: b!, qa, qb, ma, mb };
}

describe("who may sit in a ranked room", () => {
  it("clients cannot create ranked rooms, even with a guessed ticket", async () => {
    const [a] = await accounts(1);
    const c = clientWith(a!.token);
    expect(await refusal(c.create("highcard", { mode: "ranked" }))).toMatch(/created by the matchmaker/);
    const forged = {
      mode: "ranked",
      ranked: {
        ticket: "guess",
        group: 1,
        players: [
          { playerId: a!.playerId, username: "x" },
          { playerId: a!.playerId, username: "y" },
        ],
      },
    };
    expect(await refusal(c.create("highcard", forged))).toMatch(/created by the matchmaker/);
  });

  it("without a reservation: joinById, join and joinOrCreate never reach a ranked room", async () => {
    const { ma } = await matchedPair();
    const [c] = await accounts(1);
    const client = clientWith(c!.token);
    expect(await refusal(client.joinById(ma.roomId, {}))).toMatch(/locked/);
    expect(await refusal(client.join("highcard", { mode: "ranked" }))).toMatch(/no rooms found/);
    // joinOrCreate falls through to creating one, which is refused.
    expect(await refusal(client.joinOrCreate("highcard", { mode: "ranked" }))).toMatch(/created by the matchmaker/);
  });

  it("the reserved player with their own token is seated in the reserved seat, under their account id and name", async () => {
    const { a, b, ma, mb } = await matchedPair();
    const ra = await clientWith(a.token).consumeSeatReservation<any>(ma.reservation);
    const welcome = new Promise<any>((resolve) => ra.onMessage("welcome", resolve));
    const rb = await clientWith(b.token).consumeSeatReservation<any>(mb.reservation);
    rb.onMessage("welcome", () => {});
    for (const r of [ra, rb]) for (const type of ["events", "finished", "stored"]) r.onMessage(type, () => {});
    const w = await welcome;
    expect(w).toMatchObject({ seat: ma.seat, playerId: a.playerId });
    await waitFor(() => ra.state?.status === "playing", "the match to start");
    expect(ra.state.seats[ma.seat].playerId).toBe(a.playerId);
    expect(ra.state.seats[ma.seat].name).toBe(a.username);
    expect(ra.state.seats[mb.seat].name).toBe(b.username);
  });

  it("another player's valid token cannot use someone's reservation (no taking another's seat)", async () => {
    const { ma } = await matchedPair();
    const [mallory] = await accounts(1);
    expect(await refusal(clientWith(mallory!.token).consumeSeatReservation(ma.reservation))).toMatch(/^wrong_player/);
  });

  it("a forged token (right player id and name, wrong signature) is refused as invalid_token", async () => {
    const { a, ma } = await matchedPair();
    const forged = await issueToken("an-attacker-secret-of-32-characters!!", { playerId: a.playerId, username: a.username, guest: false }, 3600);
    expect(await refusal(clientWith(forged).consumeSeatReservation(ma.reservation))).toMatch(/^invalid_token/);
  });

  it("the reserved player's own expired token is refused as expired_token", async () => {
    const { a, ma } = await matchedPair();
    const expired = await issueToken(DEV_JWT_SECRET, { playerId: a.playerId, username: a.username, guest: false }, 60, Date.now() - 3_600_000);
    expect(await refusal(clientWith(expired).consumeSeatReservation(ma.reservation))).toMatch(/^expired_token/);
  });

  it("a reservation without any token is refused", async () => {
    const { ma } = await matchedPair();
    expect(await refusal(clientWith().consumeSeatReservation(ma.reservation))).toMatch(/^missing_token/);
  });
});

describe("the queue protocol", () => {
  it("refuses no token, a guest, an expired token, an unknown queue and a broken set-up, each with its code", async () => {
    const [a] = await accounts(1);
    const guest = await issueToken(DEV_JWT_SECRET, { playerId: crypto.randomUUID(), username: "guest", guest: true }, 3600);
    const expired = await issueToken(DEV_JWT_SECRET, { playerId: a!.playerId, username: a!.username, guest: false }, 60, Date.now() - 3_600_000);
    const join = (token: string | undefined, opts: object) => clientWith(token).joinOrCreate("queue", opts);
    expect(await refusal(join(undefined, { game: "highcard", seats: 2 }))).toMatch(/^missing_token/);
    expect(await refusal(join(guest, { game: "highcard", seats: 2 }))).toMatch(/^guest_not_allowed/);
    expect(await refusal(join(expired, { game: "highcard", seats: 2 }))).toMatch(/^expired_token/);
    expect(await refusal(join(a!.token, { game: "highcard", seats: 3 }))).toMatch(/^unknown_queue.*highcard\/2/);
    expect(await refusal(join(a!.token, { game: "solrei", seats: 2, seat: { muse: "nobody" } }))).toMatch(/^bad_seat_config/);
  });

  it("the rating comes from the database, never from the join options: far-apart players are not paired at once", async () => {
    const [low, high] = await accounts(2);
    const rows = [
      { player_id: low!.playerId, mu: 5 },
      { player_id: high!.playerId, mu: 45 },
    ].map((r) => ({ ...r, game: "highcard", rating: { mu: r.mu, sigma: 2 }, sigma: 2, display: 1000, provisional: false, games_played: 30 }));
    await t.sql`insert into ratings ${t.sql(rows, "player_id", "game", "rating", "mu", "sigma", "display", "provisional", "games_played")}`;
    const join = (token: string) => clientWith(token).joinOrCreate("queue", { game: "highcard", seats: 2, rating: 25, rank: 25, mu: 25 });
    const [ql, qh] = await Promise.all([join(low!.token), join(high!.token)]);
    const matched: unknown[] = [];
    for (const q of [ql, qh]) {
      q.onMessage("queue", () => {});
      q.onMessage("matched", (m) => matched.push(m));
    }
    await new Promise((r) => setTimeout(r, 500));
    // With the options' 25 they would be paired at once; their stored 5 and 45 are 40 apart, wider
    // than even the capped window (25), so they are not.
    expect(matched).toEqual([]);
    expect(t.server.matchmaker.book.stateOf(low!.playerId)).toBe("queued");
    await ql.leave(true);
    await qh.leave(true);
  });

  it("a queued player sees position and wait, can leave, and may queue again afterwards", async () => {
    const [a] = await accounts(1);
    const q = await new QueueBot(t.wsUrl, a!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(0), bot: false }).join();
    const first = await q.next("queue");
    expect(first).toMatchObject({ queue: "solrei/2", position: 1, size: 1 });
    expect(first.window).toBeGreaterThan(0);
    expect(first).toHaveProperty("estimatedWaitMs");
    await q.next("queue", 2); // periodic update
    q.queue.send("leave");
    await q.next("left");
    expect(t.server.matchmaker.status(a!.playerId)).toBe(null);
    const again = await new QueueBot(t.wsUrl, a!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(0), bot: false }).join();
    expect(await again.next("queue")).toMatchObject({ position: 1 });
    again.queue.send("leave");
    await again.next("left");
  });

  it("a player cannot queue twice (same or another queue), nor while matched", async () => {
    const [a, b] = await accounts(2);
    const q = await new QueueBot(t.wsUrl, a!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(0), bot: false }).join();
    await q.next("queue");
    const second = clientWith(a!.token);
    expect(await refusal(second.joinOrCreate("queue", { game: "solrei", seats: 2, seat: sampleSeatConfig(0) }))).toMatch(/^already_queued/);
    expect(await refusal(second.joinOrCreate("queue", { game: "highcard", seats: 2 }))).toMatch(/^already_queued/);
    const qb = await new QueueBot(t.wsUrl, b!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(1), bot: false }).join();
    await Promise.all([q.next("matched"), qb.next("matched")]);
    expect(await refusal(second.joinOrCreate("queue", { game: "highcard", seats: 2 }))).toMatch(/^in_match/);
  });
});

describe("no-shows", () => {
  it("a reserved player who does not join in time forfeits (cooldown); the other returns to the FRONT and is matched again", async () => {
    const [a, b, c] = await accounts(3);
    const qa = await new QueueBot(t.wsUrl, a!.token, { game: "highcard", seats: 2, bot: { seed: "ns-a", idle: true } }).join();
    const qb = await new QueueBot(t.wsUrl, b!.token, { game: "highcard", seats: 2, bot: false }).join();
    const ma = await qa.next("matched");
    await qb.next("matched");
    await waitFor(() => qa.player, "a seated");
    // c queues after the pair formed: alone, it waits.
    const qc = await new QueueBot(t.wsUrl, c!.token, { game: "highcard", seats: 2, bot: { seed: "ns-c", idle: true } }).join();
    await qc.next("queue");

    const forfeit = await qb.next("forfeit");
    expect(forfeit).toEqual({ reason: "no_show", cooldownMs: 30_000 });
    const aborted = await qa.next("aborted");
    expect(aborted).toEqual({ reason: "no_show", missing: [b!.playerId] });
    const requeued = await qa.next("requeued");
    expect(requeued).toMatchObject({ reason: "no_show", queue: "highcard/2", position: 1, size: 2 });
    // Back at the front, with its first entry time: matched again at once, with c.
    const again = await qa.next("matched", 2);
    expect(again.roomId).not.toBe(ma.roomId);
    expect(again.players.map((p: { playerId: string }) => p.playerId).sort()).toEqual([a!.playerId, c!.playerId].sort());
    expect((await qc.next("matched")).roomId).toBe(again.roomId);
    // The no-show may not queue again for the cooldown; no match was stored for the called-off room.
    expect(await refusal(clientWith(b!.token).joinOrCreate("queue", { game: "highcard", seats: 2 }))).toMatch(/^cooldown/);
    const stored = await t.sql`select 1 from match_players where player_id = ${b!.playerId}::uuid`;
    expect(stored).toHaveLength(0);
  });
});

describe("abandonment", () => {
  async function playingPair(seed: string) {
    const [a, b] = await accounts(2);
    const qa = await new QueueBot(t.wsUrl, a!.token, { game: "highcard", seats: 2, bot: { seed: `${seed}-a`, idle: true } }).join();
    const qb = await new QueueBot(t.wsUrl, b!.token, { game: "highcard", seats: 2, bot: { seed: `${seed}-b`, idle: true } }).join();
    await Promise.all([qa.next("started"), qb.next("started")]);
    const [pa, pb] = await Promise.all([waitFor(() => qa.player, "a seated"), waitFor(() => qb.player, "b seated")]);
    await waitFor(() => pa.welcome && pb.welcome && pa.room.state?.status === "playing", "the match to start");
    return { a: a!, b: b!, pa, pb };
  }

  async function storedSeats(matchId: string) {
    return waitFor(async () => {
      const rows = await t.sql<{ playerId: string; rank: number; before: any; after: any }[]>`
        select player_id as "playerId", rank, rating_before as before, rating_after as after
        from match_players where match_id = ${matchId}::uuid order by seat`;
      return rows.length === 2 ? rows : null;
    }, "the stored match");
  }

  it("a player who leaves a ranked match loses it at once; the other wins; ratings follow; the leave is journaled before the match is stored (no refused journal write)", async () => {
    const { a, b, pa, pb } = await playingPair("ab1");
    const mark = errors.length;
    await pa.room.leave(true);
    const f = await pb.untilFinished();
    expect(f.outcome.reason).toBe("abandoned");
    expect(f.outcome.ranks[pa.seat!]).toBe(2);
    expect(f.outcome.ranks[pb.seat!]).toBe(1);
    const seats = await storedSeats(f.matchId);
    const loser = seats.find((s) => s.playerId === a.playerId)!;
    const winner = seats.find((s) => s.playerId === b.playerId)!;
    expect(loser.rank).toBe(2);
    expect(loser.after.mu).toBeLessThan(loser.before.mu);
    expect(winner.after.mu).toBeGreaterThan(winner.before.mu);
    // Both are free again once it is over.
    await waitFor(() => t.server.matchmaker.book.stateOf(a.playerId) === null, "the leaver freed");
    expect(errors.slice(mark).map((l) => l.msg)).toEqual([]);
  });

  it("a dropped player who does not return within the reconnection grace loses; one who returns in time does not", async () => {
    const { pa, pb } = await playingPair("ab2");
    pa.room.reconnection.enabled = false;
    const droppedAt = Date.now();
    (pa.room.connection.transport as any).ws.close(4010);
    const f = await pb.untilFinished();
    expect(Date.now() - droppedAt).toBeGreaterThanOrEqual(900); // RECONNECT_GRACE_S = 1
    expect(f.outcome).toEqual({ ranks: pa.seat === 0 ? [2, 1] : [1, 2], reason: "abandoned" });

    const { pa: ra, pb: rb } = await playingPair("ab3");
    ra.room.reconnection.minUptime = 0;
    const back = new Promise<void>((resolve) => ra.room.onReconnect(() => resolve()));
    (ra.room.connection.transport as any).ws.close(4010);
    await back;
    await new Promise((r) => setTimeout(r, 1300));
    expect(rb.finished).toBe(null);
    expect(ra.room.state.status).toBe("playing");
  });
});
