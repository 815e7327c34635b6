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
