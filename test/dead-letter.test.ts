/**
 * One bad record never blocks anything: a finished match the store refuses (a NUL in a name)
 * becomes a dead letter, counted by /health, while the matches around it are stored; and a
 * server whose spool holds a bad record listens at once and replays the spool in the background.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { silentLogger } from "../server/log.ts";
import { StoreError, type FinishedMatch } from "../server/store/matches.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { startTcpProxy } from "./support/tcpProxy.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

function record(over: Partial<FinishedMatch> = {}): FinishedMatch {
  const endedAt = new Date(Date.now() - 1000);
  return {
    id: randomUUID(),
    game: "highcard",
    mode: "casual",
    config: {},
    seats: [{}, {}],
    seed: "s",
    seedHash: "h",
    version: "1.0.0",
    startedAt: new Date(endedAt.getTime() - 60_000),
    endedAt,
    outcome: { ranks: [1, 2], reason: "done" },
    players: [
      { seat: 0, playerId: randomUUID(), name: "Ann" },
      { seat: 1, playerId: randomUUID(), name: "Bob" },
    ],
    replay: { steps: [], finalHash: "f" },
    ...over,
  };
}

const withNul = () =>
  record({
    players: [
      { seat: 0, playerId: randomUUID(), name: "Mallory\u0000" },
      { seat: 1, playerId: randomUUID(), name: "Bob" },
    ],
  });

interface Health {
  status: string;
  pendingMatchWrites: number;
  deadLetters: { count: number | null; latest: { matchId: string | null; failedAt: string; errorCode: string } | null; files: number };
}

describe("a running server", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bindings: [highCardBinding] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("dead-letters a match with a NUL in a name, stores the next one, and /health counts it (still 200)", async () => {
    const first = (await (await fetch(`${t.url}/health`)).json()) as Health;
    expect(first.deadLetters).toEqual({ count: 0, latest: null, files: 0 });

    const bad = withNul();
    const good = record();
    const refused = t.server.writer.submit(bad).then(
      () => null,
      (e: unknown) => e,
    );
    await t.server.writer.submit(good);
    expect(await refused).toBeInstanceOf(StoreError);
    await waitFor(() => t.server.writer.pending === 0, "the writer to settle");

    expect((await t.sql`select count(*)::int as n from matches where id = ${good.id}`)[0]!.n).toBe(1);
    expect((await t.sql`select count(*)::int as n from matches where id = ${bad.id}`)[0]!.n).toBe(0);
    const rows = await t.sql`select error_code, record from match_dead_letters where match_id = ${bad.id}`;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.record as string).players[0].name).toBe("Mallory\u0000");

    const res = await fetch(`${t.url}/health`);
    expect(res.status).toBe(200);
    const health = (await res.json()) as Health;
    expect(health.status).toBe("ok");
    expect(health.pendingMatchWrites).toBe(0);
    expect(health.deadLetters.count).toBe(1);
    expect(health.deadLetters.latest).toMatchObject({ matchId: bad.id, errorCode: "invalid_match" });
    expect(Number.isNaN(Date.parse(health.deadLetters.latest!.failedAt))).toBe(false);
  });
});

describe("starting with a spool that holds a bad record", () => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    dir = await mkdtemp(join(tmpdir(), "dead-letter-test-"));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("listens at once, answers HTTP while the spool replays, stores the good record and dead-letters the bad one", async () => {
    const spoolDir = join(dir, "spool");
    await mkdir(spoolDir, { recursive: true });
    const good = record();
    const bad = withNul();
    await writeFile(join(spoolDir, `${good.id}.json`), JSON.stringify(good));
    await writeFile(join(spoolDir, `${bad.id}.json`), JSON.stringify(bad));

    // The database is down while the spool's first attempts run: the replay cannot finish.
    const u = new URL(db.url);
    const proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    u.host = `127.0.0.1:${proxy.port}`;
    await proxy.cut();
    const sql = postgres(u.toString(), { max: 4, onnotice: () => {}, connect_timeout: 2, idle_timeout: 5 });
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, DISPOSE_DELAY_MS: "200" });
    let server: RunningServer | undefined;
    try {
      let timer: NodeJS.Timeout | undefined;
      server = await Promise.race([
        startServer({ config, log: silentLogger, sql, bindings: [highCardBinding], spoolDir }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("startServer did not return: it waits for the spool")), 15_000);
        }),
      ]);
      clearTimeout(timer);
      let replayed = false;
      void server.spoolRecovery.then(() => (replayed = true));

      const games = await fetch(`${server.url}/api/games`);
      expect(games.status).toBe(200);
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(503); // the database is down; the server answers anyway
      expect(replayed).toBe(false);
      await waitFor(() => server!.writer.pending === 1, "the bad record to leave the queue (only the good one retries)");
      expect(existsSync(join(spoolDir, `${good.id}.json`))).toBe(true);

      await proxy.restore();
      expect(await server.spoolRecovery).toEqual({ files: 2, stored: 1, deadLettered: 1 });
      expect((await db.sql`select count(*)::int as n from matches where id = ${good.id}`)[0]!.n).toBe(1);
      expect((await db.sql`select count(*)::int as n from matches where id = ${bad.id}`)[0]!.n).toBe(0);
      // The dead-letter table was unreachable when the bad record was refused: it is in rejected/.
      expect(readdirSync(join(spoolDir, "rejected"))).toEqual([`${bad.id}.json`]);
      expect(readdirSync(spoolDir).filter((f) => f.endsWith(".json"))).toEqual([]);
      const after = (await (await fetch(`${server.url}/health`)).json()) as Health;
      expect(after.deadLetters.files).toBe(1);
      expect(after.pendingMatchWrites).toBe(0);
    } finally {
      await server?.shutdown();
      await sql.end({ timeout: 1 });
      await proxy.close();
    }
  });
});
