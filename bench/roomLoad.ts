/**
 * The load the room benchmarks put on a server (room.ts): the server under test in a process of
 * its own (server/main.ts, bareServer.ts or echoServer.ts; several sharing PostgreSQL and Redis
 * for a cluster), its bots (botDriver.ts) in one or more others, and what one measuring window
 * costs each of them (`measure`).
 *
 * Server CPU per action = the server process's utime + stime (/proc/<pid>/stat) over the
 * measuring window / the decisions the bots got a reply to in that window. For the real room
 * it includes everything the server does for those matches (matchmaking a new match when one
 * ends, storing finished matches, the journal), which the bare room and the echo do not have.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { seedEmbeddedDataDir } from "../test/support/db.ts";
import { freePort } from "../test/support/serverProcess.ts";
import { cpuOf, databaseBackendPids, machineBusyMs } from "./clusterEnv.ts";
import { startChildServer, type ChildServer } from "./childServer.ts";
import type { DriverConfig } from "./botDriver.ts";
import { summarize } from "./stats.ts";

/** bareJournal: the bare room making each decision durable first, through the real journal writer (bareServer.ts). */
export type Kind = "game" | "bare" | "bareJournal" | "echo";

/** Real-server settings of every run here: bench clients on loopback, no caps in the way. */
const REAL_ENV = {
  DISPOSE_DELAY_MS: "100",
  // Many matches join at once on a busy machine: a client may take over Colyseus' default 15 s
  // to use its seat reservation. Joining is not what is measured.
  COLYSEUS_SEAT_RESERVATION_TIME: "120",
  MAX_ROOMS: "100000",
  MAX_CONNECTIONS: "1000000",
};

/** How each kind of server starts: its script (default: the real server/main.ts), settings, and whether it has a database. */
const SERVERS: Record<Kind, { script?: string; env: Record<string, string>; database: boolean }> = {
  game: { env: REAL_ENV, database: true },
  bare: { script: "bench/bareServer.ts", env: { COLYSEUS_SEAT_RESERVATION_TIME: "120" }, database: false },
  bareJournal: { script: "bench/bareServer.ts", env: { COLYSEUS_SEAT_RESERVATION_TIME: "120", BARE_JOURNAL: "1" }, database: true },
  echo: { script: "bench/echoServer.ts", env: { COLYSEUS_SEAT_RESERVATION_TIME: "120" }, database: false },
};

/**
 * The server of `kind` in its own process, for the length of `fn`. One with a database (the real
 * server, the bare room with the journal) gets a DATA_DIR of its own and uses `env.DATABASE_URL`
 * if given (an empty one: the embedded database), else the benchmark's own DATABASE_URL, else
 * the embedded database.
 */
export async function withServer<T>(kind: Kind, env: Record<string, string>, fn: (server: ChildServer) => Promise<T>, probe = false): Promise<T> {
  const { script, env: settings, database } = SERVERS[kind];
  const dataDir = database ? mkdtempSync(join(tmpdir(), "bench-room-")) : null;
  try {
    // The embedded database from a copy of an initialised one: no initdb in wasm per server.
    if (dataDir && !("DATABASE_URL" in env ? env.DATABASE_URL : process.env.DATABASE_URL)) await seedEmbeddedDataDir(dataDir);
    const server = await startChildServer({ ...settings, ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env }, { script, probe, ...(database ? { timeoutMs: 180_000 } : {}) });
    try {
      return await fn(server);
    } finally {
      await server.stop();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `count` real servers in processes of their own sharing one PostgreSQL database (`databaseUrl`)
 * and, with `redisUrl`, one Redis (the cluster: Colyseus' Redis presence and driver). Each
 * listens on a port of its own, which is its PUBLIC_ADDRESS, so a seat reservation made through
 * either sends the client to the process hosting the room; they share a JWT secret. Started one
 * after the other (each migrates the database at start), stopped together.
 */
export async function withServers<T>(
  count: number,
  shared: { databaseUrl: string; redisUrl?: string },
  env: Record<string, string>,
  fn: (servers: ChildServer[]) => Promise<T>,
  probe = false,
): Promise<T> {
  const jwtSecret = randomBytes(24).toString("hex");
  const servers: ChildServer[] = [];
  const dataDirs: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), "bench-room-"));
      dataDirs.push(dataDir);
      const port = await freePort();
      servers.push(
        await startChildServer(
          {
            ...REAL_ENV,
            DATA_DIR: dataDir,
            PORT: String(port),
            JWT_SECRET: jwtSecret,
            DATABASE_URL: shared.databaseUrl,
            ...(shared.redisUrl ? { REDIS_URL: shared.redisUrl, PUBLIC_ADDRESS: `127.0.0.1:${port}` } : { REDIS_URL: "" }),
            ...env,
          },
          { probe, timeoutMs: 180_000 },
        ),
      );
    }
    return await fn(servers);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

interface Driver {
  proc: ChildProcess;
  ready: Promise<void>;
  result: Promise<DriverResult>;
  send(line: "start" | "stop" | "exit"): void;
}

interface DriverResult {
  elapsedMs: number;
  actions: number;
  errors: number;
  cpuMs: number;
  loopDelayP99Ms: number;
  roomsByHost?: Record<string, number>;
  samples: number[];
}

function startDriver(config: DriverConfig, readyTimeoutMs: number): Driver {
  const proc = spawn(process.execPath, ["--import", "tsx", "bench/botDriver.ts", JSON.stringify(config)], { stdio: ["pipe", "pipe", "inherit"] });
  const reap = () => proc.kill("SIGKILL");
  process.once("exit", reap);
  proc.once("exit", () => process.off("exit", reap));
  const lines = createInterface({ input: proc.stdout! });
  let onReady!: () => void;
  let onResult!: (r: DriverResult) => void;
  let fail!: (e: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    fail = reject;
  });
  const result = new Promise<DriverResult>((resolve, reject) => {
    onResult = resolve;
    proc.once("exit", (code) => reject(new Error(`bot driver exited with ${code} before its result`)));
  });
  result.catch(() => {});
  const timer = setTimeout(() => fail(new Error(`bots not ready within ${readyTimeoutMs / 1000} s`)), readyTimeoutMs);
  proc.once("exit", (code) => fail(new Error(`bot driver exited with ${code}`)));
  lines.on("line", (line) => {
    let entry: { type?: string } & Partial<DriverResult>;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.type === "ready") {
      clearTimeout(timer);
      onReady();
    } else if (entry.type === "result") onResult(entry as DriverResult);
  });
  return { proc, ready, result, send: (line) => proc.stdin!.write(`${line}\n`) };
}

export interface Measured {
  latency: ReturnType<typeof summarize>;
  /** Every act -> patch of the window, ms (to pool several windows). */
  samples: number[];
  actions: number;
  actionsPerSecond: number;
  errors: number;
  /** Server CPU µs per action over the window: the whole process, and its main thread (the rooms' event loop). */
  serverCpuUsPerAction: number;
  mainThreadCpuUsPerAction: number;
  /** Server CPU over the window, share of one core (every server process together), and each process's. */
  serverCores: number;
  serverCoresEach: number[];
  /** The rooms the bots had joined on each server process (by its port), at the end of the window. */
  roomsEach: number[];
  /** The busiest bot process's CPU over the window, share of one core, and its event-loop delay p99. */
  botCores: number;
  botLoopDelayP99Ms: number;
  /** Every bot process's CPU together, share of one core. */
  botCoresTotal: number;
  /** The whole machine's busy CPU over the window (every process, 2 cores: at most 2). */
  machineCores: number;
  /** With `databaseName`: the CPU of the PostgreSQL backends serving it (null: none found on this machine). */
  databaseCores: number | null;
  /** The machine's 1-minute load average at the end of the window (2 cores, shared). */
  loadAvg1m: number;
}

export interface Load {
  kind: Kind;
  game?: string;
  seats: number;
  matches: number;
  paceMs?: [number, number] | null;
  /** Bot processes (the matches split between them). */
  processes?: number;
  warmupMs: number;
  durationMs: number;
  /** After the window, before the bots leave (e.g. the server's memory with every match live). */
  whileLive?: () => Promise<void>;
  /** The PostgreSQL database the servers use, if on this machine: its backends' CPU is measured too. */
  databaseName?: string;
}

const sumOrNull = (values: (number | null)[]) => (values.some((v) => v === null) ? null : values.reduce<number>((a, b) => a + b!, 0));

/**
 * Runs `load` against `server` (or several server processes of one cluster: bot process p
 * connects to server p mod n, and at least one bot process per server): bots ready, warm-up, the
 * measuring window; every bot process ended after.
 */
export async function measure(server: ChildServer | ChildServer[], load: Load): Promise<Measured> {
  const servers = Array.isArray(server) ? server : [server];
  const processes = Math.max(1, Math.min(Math.max(load.processes ?? 1, servers.length), load.matches));
  const drivers: Driver[] = [];
  try {
    for (let p = 0; p < processes; p++) {
      const matches = Math.floor(load.matches / processes) + (p < load.matches % processes ? 1 : 0);
      const wsUrl = servers[p % servers.length]!.wsUrl;
      const config: DriverConfig = { kind: load.kind, wsUrl, game: load.game, seats: load.seats, matches, paceMs: load.paceMs ?? null, name: `d${p}` };
      drivers.push(startDriver(config, 120_000 + load.matches * 60));
    }
    await Promise.all(drivers.map((d) => d.ready));
    await new Promise((r) => setTimeout(r, load.warmupMs));
    const backends = load.databaseName ? databaseBackendPids(load.databaseName) : [];
    const db0 = cpuOf(backends);
    const cpuEach0 = servers.map((s) => s.cpuMs());
    const main0 = sumOrNull(servers.map((s) => s.mainThreadCpuMs()));
    const machine0 = machineBusyMs();
    const t0 = performance.now();
    drivers.forEach((d) => d.send("start"));
    await new Promise((r) => setTimeout(r, load.durationMs));
    drivers.forEach((d) => d.send("stop"));
    const cpuEach1 = servers.map((s) => s.cpuMs());
    const main1 = sumOrNull(servers.map((s) => s.mainThreadCpuMs()));
    const machine1 = machineBusyMs();
    const db1 = cpuOf(backends);
    const seconds = (performance.now() - t0) / 1000;
    const results = await Promise.all(drivers.map((d) => d.result));
    await load.whileLive?.();
    const actions = results.reduce((n, r) => n + r.actions, 0);
    const cpuEachMs = servers.map((_, i) => (cpuEach0[i] != null && cpuEach1[i] != null ? cpuEach1[i]! - cpuEach0[i]! : NaN));
    const serverCpuMs = cpuEachMs.reduce((a, b) => a + b, 0);
    const roomsEach = servers.map((s) => {
      const host = new URL(s.wsUrl).host;
      return results.reduce((n, r) => n + (r.roomsByHost?.[host] ?? 0), 0);
    });
    return {
      latency: summarize(results.flatMap((r) => r.samples)),
      samples: results.flatMap((r) => r.samples),
      actions,
      actionsPerSecond: actions / seconds,
      errors: results.reduce((n, r) => n + r.errors, 0),
      serverCpuUsPerAction: (serverCpuMs * 1000) / Math.max(1, actions),
      mainThreadCpuUsPerAction: main0 !== null && main1 !== null ? ((main1 - main0) * 1000) / Math.max(1, actions) : NaN,
      serverCores: serverCpuMs / 1000 / seconds,
      serverCoresEach: cpuEachMs.map((c) => c / 1000 / seconds),
      roomsEach,
      botCores: Math.max(...results.map((r) => r.cpuMs / r.elapsedMs)),
      botLoopDelayP99Ms: Math.max(...results.map((r) => r.loopDelayP99Ms)),
      botCoresTotal: results.reduce((n, r) => n + r.cpuMs / r.elapsedMs, 0),
      machineCores: machine0 !== null && machine1 !== null ? (machine1 - machine0) / 1000 / seconds : NaN,
      databaseCores: backends.length > 0 ? (db1 - db0) / 1000 / seconds : null,
      loadAvg1m: loadavg()[0],
    };
  } finally {
    await Promise.all(
      drivers.map(
        (d) =>
          new Promise<void>((resolve) => {
            if (d.proc.exitCode !== null || d.proc.signalCode !== null) return resolve();
            d.proc.once("exit", () => resolve());
            d.send("exit");
            setTimeout(() => d.proc.kill("SIGKILL"), 5000).unref();
          }),
      ),
    );
  }
}
