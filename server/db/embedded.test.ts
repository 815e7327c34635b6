import { spawn } from "node:child_process";
import net from "node:net";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { seedEmbeddedDataDir } from "../../test/support/db.ts";
import { silentLogger } from "../log.ts";
import { createSql, openDatabase } from "./database.ts";
import { DataDirInUseError } from "../dataDirLock.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded.ts";

const dirs: string[] = [];
const running: EmbeddedPostgres[] = [];
afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function freshDir(seed = true): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "embedded-test-"));
  dirs.push(dir);
  if (seed) await seedEmbeddedDataDir(dir);
  return dir;
}

async function start(dataDir: string, maxConnections = 8): Promise<EmbeddedPostgres> {
  const e = await startEmbeddedPostgres({ dataDir, maxConnections, log: silentLogger });
  running.push(e);
  return e;
}

/** The pid of a process that has exited (so certainly not alive now). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((done) => child.once("exit", done));
  return child.pid!;
}

// Each test starts (and some restart) a database process: on a busy machine one start alone can
// take 10 s or more, so these get a limit well above vitest's 30 s default.
describe("embedded PostgreSQL", { timeout: 180_000 }, () => {
  it("initialises a new data dir, and its data persists across stop/start", async () => {
    const dir = await freshDir(false); // the real initdb path, no template
    const first = await start(dir);
    expect(first.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    expect(readFileSync(join(dir, "server.pid"), "utf8").trim()).toBe(String(process.pid));
    const a = postgres(first.url, { max: 2, onnotice: () => {} });
    await a`create table kept (id int primary key, v jsonb)`;
    await a`insert into kept values (1, ${a.json({ hello: "wörld" })}), (2, null)`;
    await a.end();
    await first.stop();
    expect(existsSync(join(dir, "server.pid"))).toBe(false);
    expect(existsSync(join(dir, "pglite", "PG_VERSION"))).toBe(true);

    const second = await start(dir);
    const b = postgres(second.url, { max: 2, onnotice: () => {} });
    expect(await b`select id, v from kept order by id`).toEqual([
      { id: 1, v: { hello: "wörld" } },
      { id: 2, v: null },
    ]);
    await b.end();
    await second.stop();
    await second.stop(); // idempotent
  });

  it("refuses a data dir in use, with a clear error", async () => {
    const dir = await freshDir();
    const first = await start(dir);
    const error = await startEmbeddedPostgres({ dataDir: dir, log: silentLogger }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirInUseError);
    expect((error as Error).message).toBe(`data dir ${dir} is in use by process ${process.pid}`);
    // The refused start did not disturb the running one.
    const c = postgres(first.url, { max: 1, onnotice: () => {} });
    expect(await c`select 1 as one`).toEqual([{ one: 1 }]);
    await c.end();
    await first.stop();
  });

  it("a pidfile naming a live process that holds no lock (a reused pid: here the test runner's parent) is no obstacle", async () => {
    const dir = await freshDir();
    writeFileSync(join(dir, "server.pid"), `${process.ppid}\n`);
    const e = await start(dir);
    expect(readFileSync(join(dir, "server.pid"), "utf8").trim()).toBe(String(process.pid));
    await e.stop();
  });

  it("takes over a stale pidfile (its process is gone)", async () => {
    const dir = await freshDir();
    const pid = await deadPid();
    writeFileSync(join(dir, "server.pid"), `${pid}\n`);
    const e = await start(dir);
    expect(readFileSync(join(dir, "server.pid"), "utf8").trim()).toBe(String(process.pid));
    await e.stop();
    expect(existsSync(join(dir, "server.pid"))).toBe(false);

    // Garbage in the pidfile is stale too.
    writeFileSync(join(dir, "server.pid"), "not a pid");
    const again = await start(dir);
    await again.stop();
  });

  it("serves pool size + 2 concurrent connections (the socket server's default is 1)", async () => {
    const dir = await freshDir();
    const poolSize = 10;
    const e = await start(dir, poolSize + 2);
    const sql = createSql(e.url, { max: poolSize + 2 });
    try {
      const conns = await Promise.all(Array.from({ length: poolSize + 2 }, () => sql.reserve()));
      // Every connection is its own open socket, and each answers, concurrently and again.
      for (let round = 0; round < 2; round++) {
        const rows = await Promise.all(conns.map((c, i) => c`select ${i}::int as i, pg_sleep(0.01) is not null as slept`));
        expect(rows.map((r) => r[0]!.i)).toEqual(conns.map((_, i) => i));
      }
      // Many parameterised (extended-protocol) queries in flight on every connection at once:
      // each must get its own answer (PGlite is one backend; batches must not interleave).
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(
          conns.flatMap((c, i) => Array.from({ length: 20 }, (_, j) => (j % 2 ? c`select ${i}::int * 1000 + ${j}::int as v` : c`select ${j}::int + ${i}::int * 1000 as v`).then((r) => r[0]!.v))),
        );
        expect(answers).toEqual(conns.flatMap((_, i) => Array.from({ length: 20 }, (_, j) => i * 1000 + j)));
      }
      // A transaction on one connection while the others keep querying.
      const [first, ...rest] = conns;
      await first!.unsafe("begin");
      await first!`create temp table tx_probe (x int)`;
      const others = Promise.all(rest.map((c) => c`select 1 as one`));
      await first!.unsafe("rollback");
      expect((await others).length).toBe(poolSize + 1);
      for (const c of conns) c.release();
    } finally {
      await sql.end({ timeout: 5 });
      await e.stop();
    }
  });

  it("a client that disconnects mid-batch or mid-transaction does not wedge the others", async () => {
    const dir = await freshDir();
    const e = await start(dir, 8);
    const sql = createSql(e.url, { max: 4 });
    try {
      await sql`create table wedge (x int)`;
      /** Raw wire protocol: start up, send `messages`, close without Sync. */
      const rogue = async (messages: Buffer[]) => {
        const socket = net.connect(e.port, "127.0.0.1");
        await new Promise((ok) => socket.once("connect", ok));
        const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
        const startup = Buffer.alloc(8);
        startup.writeInt32BE(8 + params.length, 0);
        startup.writeInt32BE(196608, 4);
        let seen = Buffer.alloc(0);
        const ready = (n: number) =>
          new Promise<void>((ok) => {
            const check = () => {
              if (seen.toString("latin1").split("Z\0\0\0\x05").length - 1 >= n) ok();
              else
                socket.once("data", (d) => {
                  seen = Buffer.concat([seen, d]);
                  check();
                });
            };
            check();
          });
        socket.write(Buffer.concat([startup, params]));
        await ready(1);
        socket.write(Buffer.concat(messages));
        await new Promise((r) => setTimeout(r, 50));
        socket.destroy();
      };
      const msg = (type: string, body: Buffer) => {
        const head = Buffer.alloc(5);
        head.write(type, 0, "latin1");
        head.writeInt32BE(4 + body.length, 1);
        return Buffer.concat([head, body]);
      };
      const query = (text: string) => msg("Q", Buffer.from(`${text}\0`));
      // 1. Parse + Bind, then gone before Sync.
      await rogue([msg("P", Buffer.from("\0select 1\0\0\0")), msg("B", Buffer.from("\0\0\0\0\0\0\0\0"))]);
      expect(await Promise.race([sql`select 2 as v`, new Promise((r) => setTimeout(() => r("wedged"), 3000))])).toEqual([{ v: 2 }]);
      // 2. An open transaction with a write, then gone: rolled back, others go on.
      await rogue([query("begin; insert into wedge values (1);")]);
      expect(await Promise.race([sql`select count(*) as n from wedge`, new Promise((r) => setTimeout(() => r("wedged"), 3000))])).toEqual([{ n: 0 }]);
    } finally {
      await sql.end({ timeout: 5 });
      await e.stop();
    }
  });

  it("openDatabase without a URL starts the embedded server, migrates, and close() stops it", async () => {
    const dir = await freshDir();
    const db = await openDatabase({ dataDir: dir, poolSize: 10, log: silentLogger });
    expect(db.kind).toBe("embedded");
    // The whole pool at once.
    const conns = await Promise.all(Array.from({ length: 10 }, () => db.sql.reserve()));
    const counts = await Promise.all(conns.map((c) => c`select count(*) as n from schema_migrations`));
    const migrations = readdirSync(new URL("../../migrations/", import.meta.url)).filter((f) => f.endsWith(".sql")).length;
    expect(counts.map((r) => r[0]!.n)).toEqual(Array(10).fill(migrations)); // int8 parsed as a number
    for (const c of conns) c.release();
    expect(existsSync(join(dir, "server.pid"))).toBe(true);
    await db.close();
    expect(existsSync(join(dir, "server.pid"))).toBe(false);
  });
});
