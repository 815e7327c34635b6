/**
 * "Nothing finished is ever lost": a match that ends while the database is unreachable is
 * kept, retried, and stored exactly once when the database comes back.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { highCardBinding } from "./fixtures/highcard.ts";
import { joinBot } from "./support/botClient.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcpProxy.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
let proxy: TcpProxy | undefined;

beforeAll(async () => {
  t = await startTestServer({
    bindings: [highCardBinding],
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
  const rows = await read(() => t.sql`select (select count(*)::int from matches where id = ${finished.matchId}) as m,
    (select count(*)::int from match_players where match_id = ${finished.matchId}) as p,
    (select count(*)::int from replays where match_id = ${finished.matchId}) as r,
    (select count(*)::int from live_matches where id = ${finished.matchId}) as live`);
  expect(rows[0]).toEqual({ m: 1, p: 2, r: 1, live: 0 });
}, 120_000);

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
