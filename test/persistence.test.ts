/**
 * "Nothing finished is ever lost": a match that ends while the database is unreachable is
 * kept, retried, and stored exactly once when the database comes back. And a graceful stop
 * while it is unreachable still ends, closing its players with 4010 (last: it stops the server).
 */
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { highCardBinding } from "./fixtures/highcard.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { BotPlayer, joinBot } from "./support/botClient.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcpProxy.ts";
import { sdkRefusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
let proxy: TcpProxy | undefined;
const STOP_LIMIT_MS = 3_000;

beforeAll(async () => {
  t = await startTestServer({
    bindings: [highCardBinding],
    // The journal in the database, behind the same cut: what this file tests is a database outage.
    env: { SHUTDOWN_TIMEOUT_MS: String(STOP_LIMIT_MS), JOURNAL_STORE: "database" },
    // The server reaches the database only through a proxy the test can cut.
    serverDatabaseUrl: async (url) => {
      const u = new URL(url);
      proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
      u.host = `127.0.0.1:${proxy.port}`;
      return u.toString();
    },
  });
});
afterAll(async () => {
  await proxy?.restore();
  await t?.close();
  await proxy?.close();
});

it("while the database is down decisions wait (nothing is acknowledged that is not durable); once it returns the match goes on and is stored exactly once", async () => {
  const health = await fetch(`${t.url}/health`);
  expect(health.status).toBe(200);

  await proxy!.cut();
  const down = await fetch(`${t.url}/health`);
  expect(down.status).toBe(503);

  const a = await joinBot(t.wsUrl, "highcard", {}, { seed: "down-a" });
  const b = await joinBot(t.wsUrl, "highcard", {}, { seed: "down-b" }, a.room.roomId);
  a.room.onMessage("stored", () => {});
  const finishedA = a.untilFinished();
  const finishedB = b.untilFinished();
  // The first decision is applied but cannot be journaled: the journal retries, no step goes out.
  await waitFor(() => t.server.journal.stats.retries >= 2, "the journal to retry its write", 60_000);
  const retryingSince = performance.now();
  expect(a.room.state.step).toBe(0);
  expect(b.room.state.step).toBe(0);
  // With the embedded database, a connection killed mid-query can fail one query on another
  // connection (PGlite multiplexes a single backend), so the test's own reads retry once.
  const read = async <T>(q: () => Promise<T>): Promise<T> => {
    try {
      return await q();
    } catch {
      return q();
    }
  };

  await proxy!.restore();
  // The wait through the outage shows in /health's journal.commitMs (queued -> durable, last 10 s).
  const outageMs = performance.now() - retryingSince;
  await waitFor(() => t.server.journal.commitMs.summary().max >= outageMs, "the outage in the journal's time to durable", 60_000);
  const finished = await finishedA;
  await finishedB;
  const count = () => read(async () => (await t.sql`select count(*)::int as n from matches where id = ${finished.matchId}`)[0].n as number);
  await waitFor(async () => (await count()) === 1, "the stored match", 20_000);
  await waitFor(() => t.server.writer.pending === 0, "the writer to settle");
  // Exactly once: the match, its players and its replay, each stored one time; its journal is gone.
  const rows = await read(
    () => t.sql`select (select count(*)::int from matches where id = ${finished.matchId}) as m,
    (select count(*)::int from match_players where match_id = ${finished.matchId}) as p,
    (select count(*)::int from replays where match_id = ${finished.matchId}) as r,
    (select count(*)::int from live_matches where id = ${finished.matchId}) as live`,
  );
  expect(rows[0]).toEqual({ m: 1, p: 2, r: 1, live: 0 });
}, 120_000);

it("during an outage a spectator who joins, a player who re-joins by room id and one who reconnects are shown only durable decisions", async () => {
  // Two guests with bearer tokens (the re-join by id names its seat by the token's player).
  const tokens = await Promise.all([0, 1].map(async (i) => (await accountsApi(t.url).guest(`Outage${i}`)).body.token as string));
  const clientFor = (token: string) => {
    const client = new Client(t.wsUrl);
    client.auth.token = token;
    return client;
  };
  const first = await clientFor(tokens[0]!).create("highcard", {});
  const second = await clientFor(tokens[1]!).joinById(first.roomId, {});
  const players = [first, second].map((room, i) => new BotPlayer(room, { seed: `outage-${i}`, idle: true }));
  const actor = await waitFor(() => players.find((p) => p.room.state?.status === "playing" && p.legal().length > 0), "a seat to act");
  const other = players.find((p) => p !== actor)!;
  const stepOf = (room: Room) => room.state?.step as number | undefined;
  const durableSteps = stepOf(actor.room)!;

  await proxy!.cut();
  const retries = t.server.journal.stats.retries;
  const acted = actor.room.request("act", { id: 1, action: actor.legal()[0] });
  await waitFor(() => t.server.journal.stats.retries >= retries + 2, "the journal to retry the decision's write", 60_000);

  // A spectator joins: the whole state it is sent holds no decision that is not durable.
  const spectator = await new Client(t.wsUrl).joinById(first.roomId, { spectate: true });
  await waitFor(() => stepOf(spectator) !== undefined, "the spectator's state");
  expect(stepOf(spectator)).toBe(durableSteps);

  // The other player reconnects with its reconnection token after a drop.
  other.room.reconnection.minUptime = 0;
  const reconnected = new Promise<void>((resolve) => other.room.onReconnect(() => resolve()));
  (other.room.connection.transport as any).ws.close(4010);
  await reconnected;
  expect(stepOf(other.room)).toBe(durableSteps);

  // The actor's own page goes away (no reconnection) and the player comes back by room id with its token.
  actor.room.reconnection.enabled = false;
  const gone = new Promise<void>((resolve) => actor.room.onLeave(() => resolve()));
  (actor.room.connection.transport as any).ws.close(4010);
  await gone;
  acted.catch(() => {}); // that request's socket is gone: its reply goes nowhere
  // Its token cannot be checked while the database is away: a clear 503 to try again.
  const token = tokens[players.indexOf(actor)]!;
  expect(await sdkRefusal(clientFor(token).joinById(first.roomId, {}))).toMatchObject({ message: expect.stringMatching(/^accounts_unavailable: /) });
  await proxy!.restore();
  // Back by room id as soon as the token checks out, at the durable step or after it, never before:
  // the decision's write may land first.
  const back = await waitFor(
    () =>
      clientFor(token)
        .joinById(first.roomId, {})
        .catch((e: Error) => {
          if (/^accounts_unavailable: /.test(e.message)) return null; // the pool reconnecting: as told, try again
          throw e;
        }),
    "the token to check out again",
    60_000,
  );
  await waitFor(() => stepOf(back) !== undefined, "the re-joined player's state");
  expect(stepOf(back)).toBeGreaterThanOrEqual(durableSteps);

  // The database returned: the decision is durable, and only now does anyone see it.
  for (const room of [spectator, other.room, back]) await waitFor(() => stepOf(room) === durableSteps + 1, "the decision, once durable", 60_000);
  for (const room of [spectator, other.room, back]) await room.leave(true);
}, 180_000);

it("GET /health: the event loop's delay and utilization, and the journal's time from queued to durable, over the last 10 s", async () => {
  const a = await joinBot(t.wsUrl, "highcard", {}, { seed: "health-a" });
  const b = await joinBot(t.wsUrl, "highcard", {}, { seed: "health-b" }, a.room.roomId);
  await Promise.all([a.untilFinished(), b.untilFinished()]);
  const body = (await (await fetch(`${t.url}/health`)).json()) as {
    status: string;
    eventLoop: { delayMs: { n: number; p50: number; p99: number; max: number }; utilization: number };
    journal: { commitMs: { n: number; max: number }; writeMs: { n: number; max: number } };
  };
  expect(body.status).toBe("ok");
  expect(body.eventLoop.delayMs.n).toBeGreaterThan(0); // a tick every 20 ms
  expect(body.eventLoop.delayMs.p99).toBeGreaterThanOrEqual(body.eventLoop.delayMs.p50);
  expect(body.eventLoop.utilization).toBeGreaterThan(0);
  expect(body.eventLoop.utilization).toBeLessThanOrEqual(1);
  expect(body.journal.commitMs.n).toBeGreaterThan(0); // this match's decisions, just made durable
  expect(body.journal.commitMs.max).toBeGreaterThan(0);
  expect(body.journal.writeMs.n).toBeGreaterThan(0); // the batches that carried them
  expect(body.journal.writeMs.n).toBeLessThanOrEqual(body.journal.commitMs.n);
}, 60_000);

it("a graceful stop while the database is down (a decision waiting to be journaled) ends within SHUTDOWN_TIMEOUT_MS: both players are closed with 4010, nothing undurable is acknowledged", async () => {
  const a = await joinBot(t.wsUrl, "highcard", {}, { seed: "stop-a", idle: true });
  const b = await joinBot(t.wsUrl, "highcard", {}, { seed: "stop-b", idle: true }, a.room.roomId);
  await waitFor(() => [a, b].every((bot) => bot.room.state?.status === "playing") || null, "the match to start (its header durable)");
  // The first close each client sees (onDrop when the SDK reconnects by itself, onLeave otherwise).
  const closes = [a, b].map(
    (bot) =>
      new Promise<number>((resolve) => {
        bot.room.onDrop(resolve);
        bot.room.onLeave(resolve);
      }),
  );
  await proxy!.cut();
  const retries = t.server.journal.stats.retries;
  for (const bot of [a, b]) bot.play();
  await waitFor(() => t.server.journal.stats.retries > retries, "the journal to retry its write", 60_000);
  // Before: the hand-over waited for that write for ever, and the process was killed (1006, exit code 1).
  await t.server.shutdown();
  expect(await Promise.all(closes)).toEqual([4010, 4010]);
  expect(a.room.state.step).toBe(0);
  expect(b.room.state.step).toBe(0);
}, 120_000);
