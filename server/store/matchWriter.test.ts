import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import postgres, { type Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/db.ts";
import { startTcpProxy, type TcpProxy } from "../../test/support/tcpProxy.ts";
import { silentLogger } from "../log.ts";
import { deadLetterStats, saveDeadLetter } from "./deadLetters.ts";
import { getReplay } from "./matchHistory.ts";
import { saveMatch, StoreError, type FinishedMatch } from "./matches.ts";
import { classifyFailure, MatchWriter } from "./matchWriter.ts";

let db: TestDatabase;
let sql: Sql;
const dirs: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase();
  sql = db.sql;
});
afterAll(async () => {
  await db?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function spoolDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "spool-test-"));
  dirs.push(dir);
  return join(dir, "spool");
}

function match(over: Partial<FinishedMatch> = {}): FinishedMatch {
  const endedAt = new Date(Date.now() - Math.floor(Math.random() * 1e6));
  return {
    id: randomUUID(),
    game: "writer-test",
    // casual: a ranked record needs registered players (see test/ratings.test.ts)
    mode: "casual",
    config: { rounds: 3 },
    seats: [{}, {}],
    seed: "s",
    seedHash: "h",
    version: "1.0.0",
    startedAt: new Date(endedAt.getTime() - 123_456),
    endedAt,
    outcome: { ranks: [1, 2], reason: "done" },
    players: [
      { seat: 0, playerId: randomUUID(), name: "A" },
      { seat: 1, playerId: randomUUID(), name: "B" },
    ],
    replay: { steps: [{ seat: 0, action: 1 }], finalHash: "fh" },
    ...over,
  };
}

const stored = async (id: string) =>
  (
    await sql`select (select count(*) from matches where id = ${id}) as m,
      (select count(*) from match_players where match_id = ${id}) as p,
      (select count(*) from replays where match_id = ${id}) as r`
  )[0];

/** A logger that keeps its lines, to check what was logged. */
function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), lines };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("MatchWriter", () => {
  it("retries while the database is unreachable and stores the match exactly once when it returns", async () => {
    const u = new URL(db.url);
    const proxy: TcpProxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
    u.host = `127.0.0.1:${proxy.port}`;
    const viaProxy = postgres(u.toString(), { max: 2, onnotice: () => {}, connect_timeout: 1 });
    const { log, lines } = memoryLogger();
    let attempts = 0;
    const writer = new MatchWriter({
      save: (m) => {
        attempts++;
        return saveMatch(viaProxy, m);
      },
      log,
      initialBackoffMs: 20,
      maxBackoffMs: 200,
    });
    try {
      proxy.cut();
      const m = match();
      let done = false;
      const submitted = writer.submit(m).then(() => (done = true));
      await sleep(800);
      expect(done).toBe(false);
      expect(writer.pending).toBe(1);
      expect(attempts).toBeGreaterThanOrEqual(3);
      expect(await stored(m.id)).toEqual({ m: 0, p: 0, r: 0 });
      const failures = lines.filter((l) => l.msg === "storing a finished match failed; will retry");
      expect(failures.length).toBeGreaterThanOrEqual(2);
      expect(failures.every((l) => l.match === m.id && typeof l.retryInMs === "number")).toBe(true);
      // Backoff grows (jitter is ±25 %): the later delays are longer than the first.
      expect(Math.max(...failures.map((l) => l.retryInMs as number))).toBeGreaterThan(failures[0]!.retryInMs as number);

      proxy.restore();
      await submitted;
      expect(writer.pending).toBe(0);
      expect(await stored(m.id)).toEqual({ m: 1, p: 2, r: 1 });
      // Submitting the same match again changes nothing.
      await writer.submit(m);
      expect(await stored(m.id)).toEqual({ m: 1, p: 2, r: 1 });
    } finally {
      await viaProxy.end({ timeout: 1 });
      await proxy.close();
    }
  });

  it("a write that fails after it reached the database (lost reply) is stored once", async () => {
    let calls = 0;
    const writer = new MatchWriter({
      // The first attempt stores the match but "loses" the reply; the retry finds it stored.
      save: async (m) => {
        calls++;
        const ok = await saveMatch(sql, m);
        if (calls === 1) throw new Error("connection reset after commit");
        return ok;
      },
      log: silentLogger,
      initialBackoffMs: 5,
    });
    const m = match();
    await writer.submit(m);
    expect(calls).toBe(2);
    expect(await stored(m.id)).toEqual({ m: 1, p: 2, r: 1 });
  });

  it("drain() with a short timeout spools what is pending; recoverSpool() on a fresh writer stores it once", async () => {
    const dir = await spoolDir();
    const down = new MatchWriter({
      save: async () => {
        throw new Error("ECONNREFUSED");
      },
      log: silentLogger,
      spoolDir: dir,
      initialBackoffMs: 10,
      maxBackoffMs: 50,
    });
    const m = match();
    let settled = false;
    void down.submit(m).then(
      () => (settled = true),
      () => (settled = true),
    );
    await sleep(50);
    const t0 = performance.now();
    expect(await down.drain(100)).toEqual({ stored: 0, spooled: 1 });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(down.pending).toBe(0);
    expect(settled).toBe(false);
    const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(files).toEqual([`${m.id}.json`]);
    const onDisk = JSON.parse(readFileSync(join(dir, files[0]!), "utf8"));
    expect(onDisk.endedAt).toBe(m.endedAt.toISOString());

    // The next run: a fresh writer with a working database.
    let saves = 0;
    const up = new MatchWriter({
      save: (x) => {
        saves++;
        return saveMatch(sql, x);
      },
      log: silentLogger,
      spoolDir: dir,
    });
    expect(await up.recoverSpool()).toEqual({ files: 1, stored: 1, deadLettered: 0 });
    expect(saves).toBe(1);
    expect(await stored(m.id)).toEqual({ m: 1, p: 2, r: 1 });
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toEqual([]);
    // Dates survived the JSON round trip as Dates (same instants).
    const [row] = await sql`select started_at, ended_at from matches where id = ${m.id}`;
    expect((row!.started_at as Date).toISOString()).toBe(m.startedAt.toISOString());
    expect((row!.ended_at as Date).toISOString()).toBe(m.endedAt.toISOString());
    expect((await getReplay(sql, m.id))!.config).toEqual(m.config);
    // Nothing left to recover.
    expect(await up.recoverSpool()).toEqual({ files: 0, stored: 0, deadLettered: 0 });
  });

  it("a record both stored (late) and spooled is still stored exactly once", async () => {
    const dir = await spoolDir();
    const slow = new MatchWriter({
      save: async (m) => {
        const ok = await saveMatch(sql, m);
        await sleep(300); // the reply arrives after the drain gave up
        return ok;
      },
      log: silentLogger,
      spoolDir: dir,
    });
    const m = match();
    const submitted = slow.submit(m);
    expect(await slow.drain(30)).toEqual({ stored: 0, spooled: 1 });
    await submitted; // the in-flight write still completes
    const next = new MatchWriter({ save: (x) => saveMatch(sql, x), log: silentLogger, spoolDir: dir });
    expect((await next.recoverSpool()).files).toBe(1);
    expect(await stored(m.id)).toEqual({ m: 1, p: 2, r: 1 });
    expect(existsSync(join(dir, `${m.id}.json`))).toBe(false);
  });

  it("drain() waits for writes that finish in time and reports them as stored", async () => {
    const dir = await spoolDir();
    let fail = 1;
    const writer = new MatchWriter({
      save: async (m) => {
        if (fail-- > 0) throw new Error("temporarily down");
        return saveMatch(sql, m);
      },
      log: silentLogger,
      spoolDir: dir,
      initialBackoffMs: 5_000, // drain() cuts the backoff sleep short
    });
    const m = match();
    void writer.submit(m);
    await sleep(20);
    expect(await writer.drain(10_000)).toEqual({ stored: 1, spooled: 0 });
    expect(await stored(m.id)).toEqual({ m: 1, p: 2, r: 1 });
    expect(existsSync(dir)).toBe(false);
    expect(await writer.drain(10)).toEqual({ stored: 0, spooled: 0 });
  });

  it("a record the store rejects as invalid is not retried forever: kept in rejected/ and submit() rejects", async () => {
    const dir = await spoolDir();
    let saves = 0;
    const writer = new MatchWriter({
      save: (m) => {
        saves++;
        return saveMatch(sql, m);
      },
      log: silentLogger,
      spoolDir: dir,
      initialBackoffMs: 5,
    });
    const bad = match({ outcome: { ranks: [], reason: "x" } });
    await expect(writer.submit(bad)).rejects.toBeInstanceOf(StoreError);
    expect(saves).toBe(1);
    expect(writer.pending).toBe(0);
    expect(readdirSync(join(dir, "rejected"))).toEqual([`${bad.id}.json`]);
  });

  it("a record with a NUL in a name is dead-lettered once, not retried; a good record right after is stored", async () => {
    const dir = await spoolDir();
    const { log, lines } = memoryLogger();
    let saves = 0;
    const writer = new MatchWriter({
      save: (m) => {
        saves++;
        return saveMatch(sql, m);
      },
      deadLetter: (letter) => saveDeadLetter(sql, letter),
      log,
      spoolDir: dir,
      initialBackoffMs: 5,
      maxBackoffMs: 20,
    });
    const before = await deadLetterStats(sql);
    const bad = match({
      players: [
        { seat: 0, playerId: randomUUID(), name: "Eve\u0000" },
        { seat: 1, playerId: randomUUID(), name: "B" },
      ],
    });
    const good = match();
    const refused = writer.submit(bad).then(
      () => "stored",
      (error: unknown) => error,
    );
    const storedGood = writer.submit(good);
    await storedGood;
    const outcome = await refused;
    expect(outcome).toBeInstanceOf(StoreError);
    expect((outcome as StoreError).code).toBe("invalid_match");
    expect(writer.pending).toBe(0);
    expect(saves).toBe(2); // one attempt each: the refused record was never retried
    expect(await stored(good.id)).toEqual({ m: 1, p: 2, r: 1 });
    expect(await stored(bad.id)).toEqual({ m: 0, p: 0, r: 0 });

    const [row] = await sql`select match_id, error_code, error, record from match_dead_letters where match_id = ${bad.id}`;
    expect(row).toBeDefined();
    expect(row!.error_code).toBe("invalid_match");
    expect(row!.error).toContain("U+0000");
    // The record is kept exactly as it was (no character made "safe"): its JSON parses back to it.
    const kept = JSON.parse(row!.record as string);
    expect(kept.players[0].name).toBe("Eve\u0000");
    expect(kept.endedAt).toBe(bad.endedAt.toISOString());
    const after = await deadLetterStats(sql);
    expect(after.count).toBe(before.count + 1);
    expect(after.latest).toMatchObject({ matchId: bad.id, errorCode: "invalid_match" });
    // Logged once, at error level, with the id and the error, not the record.
    const logged = lines.filter((l) => l.match === bad.id && (l.level as number) >= 50);
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).not.toContain("Eve");
    expect(lines.some((l) => l.match === bad.id && l.msg === "storing a finished match failed; will retry")).toBe(false);
    expect(existsSync(join(dir, "rejected"))).toBe(false);
  });

  it("a record the database refuses (SQLSTATE 22xxx) is dead-lettered; when even that insert fails it goes to rejected/", async () => {
    const dir = await spoolDir();
    let saves = 0;
    const writer = new MatchWriter({
      // A save function without the validation: PostgreSQL itself refuses the NUL (22021 / 22P05).
      save: async (m) => {
        saves++;
        await sql`select ${m.players[0]!.name}::text`;
        return true;
      },
      deadLetter: async () => {
        throw new Error("dead-letter table unavailable");
      },
      log: silentLogger,
      spoolDir: dir,
      initialBackoffMs: 5,
    });
    const bad = match({ players: [{ seat: 0, playerId: randomUUID(), name: "\u0000" }] });
    const error = await writer.submit(bad).then(
      () => null,
      (e: unknown) => e as { code?: string },
    );
    expect(error?.code).toMatch(/^22/);
    expect(saves).toBe(1);
    expect(writer.pending).toBe(0);
    expect(readdirSync(join(dir, "rejected"))).toEqual([`${bad.id}.json`]);
    const onDisk = JSON.parse(readFileSync(join(dir, "rejected", `${bad.id}.json`), "utf8"));
    expect(onDisk.match.players[0].name).toBe("\u0000");
  });

  it("a record that is not even an object is dead-lettered too (never stuck in the queue)", async () => {
    const dir = await spoolDir();
    const writer = new MatchWriter({ save: (m) => saveMatch(sql, m), log: silentLogger, spoolDir: dir });
    await expect(writer.submit(null as unknown as FinishedMatch)).rejects.toMatchObject({ code: "invalid_match" });
    await expect(writer.submit({ id: 7 } as unknown as FinishedMatch)).rejects.toMatchObject({ code: "invalid_match" });
    expect(writer.pending).toBe(0);
    expect(readdirSync(join(dir, "rejected"))).toHaveLength(2);
    expect(await writer.rejectedFiles()).toBe(2);
  });

  it("classifies failures: unreachable database retried, refused records not", () => {
    const pg = (code: string) => Object.assign(new Error(code), { name: "PostgresError", code });
    for (const code of ["08006", "08001", "57P01", "57P03", "53300", "40001", "40P01"]) expect(classifyFailure(pg(code)), code).toBe("unavailable");
    for (const code of ["22021", "22P05", "22P02", "23502", "23503", "42703", "42P01"]) expect(classifyFailure(pg(code)), code).toBe("refused");
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "CONNECTION_DESTROYED"]) {
      expect(classifyFailure(Object.assign(new Error(code), { code })), code).toBe("unavailable");
    }
    expect(classifyFailure(new Error("temporarily down"))).toBe("unavailable");
    expect(classifyFailure(new StoreError("invalid_match", "no"))).toBe("refused");
  });

  it("recoverSpool(): a bad spooled record is dead-lettered, an unreadable file moved aside, the good one stored", async () => {
    const dir = await spoolDir();
    const { mkdir, writeFile } = await import("node:fs/promises");
    await mkdir(dir, { recursive: true });
    const good = match();
    const bad = match({ game: "writer\u0000test" });
    await writeFile(join(dir, `${good.id}.json`), JSON.stringify(good));
    await writeFile(join(dir, `${bad.id}.json`), JSON.stringify(bad));
    await writeFile(join(dir, "garbage.json"), "{ not json");
    const writer = new MatchWriter({
      save: (m) => saveMatch(sql, m),
      deadLetter: (letter) => saveDeadLetter(sql, letter),
      log: silentLogger,
      spoolDir: dir,
    });
    expect(await writer.recoverSpool()).toEqual({ files: 3, stored: 1, deadLettered: 2 });
    expect(await stored(good.id)).toEqual({ m: 1, p: 2, r: 1 });
    expect((await sql`select error_code from match_dead_letters where match_id = ${bad.id}`).map((r) => r.error_code)).toEqual(["invalid_match"]);
    expect(await sql`select 1 from match_dead_letters where error_code = 'unreadable_spool_file' and record like ${"%not json%"}`).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.endsWith(".json"))).toEqual([]);
    expect(readdirSync(join(dir, "rejected"))).toEqual(["garbage.json.unreadable"]);
    expect(writer.pending).toBe(0);
  });
});
