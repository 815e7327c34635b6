/**
 * Issue 16's server figures, every process on its own: the server under test (the real one,
 * server/main.ts, with its embedded database unless DATABASE_URL is set and the journal on; or
 * bareServer.ts; or echoServer.ts) in one process, its bots (botDriver.ts) in one or two others.
 *
 *   roomCost      server CPU per action and act -> patch, N clients in flight, bots acting at once
 *   capacity      2-player matches at a person's pace, stepped up while p99 act->patch < 50 ms:
 *                 one process on the embedded database, and with PostgreSQL and Redis given,
 *                 one process on PostgreSQL and two sharing it and Redis (withServers)
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
import { cleanUpOnSignal, cpuOf, databaseBackendPids, freshDatabase, freshRedis, machineBusyMs, sharedBackends } from "./clusterEnv.ts";
import { startChildServer, type ChildServer, type Memory } from "./childServer.ts";
import type { DriverConfig } from "./botDriver.ts";
import { summarize } from "./stats.ts";
import type { EventLoopHealth, JournalHealth } from "../server/http/health.ts";

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

// ---- the figures as `npm run bench` prints them -------------------------------------------------

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
const ms = (s: ReturnType<typeof summarize>) => ({ p50: round(s.p50, 3), p99: round(s.p99, 3), n: s.n });
/** a's act -> patch over b's, p50 and p99. */
const latencyRatio = (a: Measured, b: Measured) => ({ p50: round(a.latency.p50 / b.latency.p50, 2), p99: round(a.latency.p99 / b.latency.p99, 2) });
const load = (m: Measured) => ({
  loadAvg1m: round(m.loadAvg1m, 1),
  actionsPerSecond: Math.round(m.actionsPerSecond),
  serverCores: round(m.serverCores, 2),
  botCores: round(m.botCores, 2),
  botLoopDelayP99Ms: round(m.botLoopDelayP99Ms, 1),
  errors: m.errors,
});

/** The four games at `clients` clients: the room size of each, so matches = clients / seats. */
const GAMES = [
  { game: "solrei", seats: 2 },
  { game: "achroma", seats: 4 },
  { game: "react", seats: 2 },
  { game: "resonance", seats: 3 },
];

/**
 * BENCH_ONLY=room: (a) server CPU per action at 500 clients, each game's real room vs the bare
 * room vs the ws echo; (b) act -> patch p50/p99 through the real SolRei room vs the bare room at
 * 2, 100 and 500 clients (1, 50 and 250 decisions in flight). Both also against the bare room
 * that makes each decision durable first through the same journal writer on the same kind of
 * database (`bareJournal`): what the real room costs beyond the durability both pay. Bots act
 * the moment they may. One process of each server serves every load in turn (real and bare
 * alternate, so the machine's drift weighs on both); each load has fresh bot processes and its
 * own warm-up.
 */
export async function roomBenchmarks(quick: boolean, report: (line: Record<string, unknown>) => void): Promise<void> {
  const window = quick ? { warmupMs: 1000, durationMs: 2000 } : { warmupMs: 3000, durationMs: 10_000 };
  const clientsForCost = quick ? 50 : 500;
  const levels = quick ? [1, 25] : [1, 50, 250]; // 2-player matches: decisions in flight
  // No turn clock on the real server: bots answer at once.
  await withServer("game", { PROMPT_TIMEOUT_MS: "0" }, (real) =>
    withServer("bare", {}, (bare) =>
      withServer("bareJournal", {}, (bareJournal) =>
        withServer("echo", {}, async (echo) => {
          const servers = { game: real, bare, bareJournal, echo };
          const run = (kind: Kind, game: string | undefined, seats: number, matches: number) => measure(servers[kind], { kind, game, seats, matches, ...window });
          const byClients = new Map<string, Measured>();
          for (const matches of levels) {
            const r = await run("game", "solrei", 2, matches);
            const b = await run("bare", undefined, 2, matches);
            const j = await run("bareJournal", undefined, 2, matches);
            byClients.set(`solrei${matches * 2}`, r);
            byClients.set(`bare${matches * 2}`, b);
            byClients.set(`bareJournal${matches * 2}`, j);
            report({
              bench: "room.act_to_patch",
              game: "solrei",
              clients: matches * 2,
              inFlight: matches,
              realMs: ms(r.latency),
              bareMs: ms(b.latency),
              bareJournalMs: ms(j.latency),
              ratio: latencyRatio(r, b),
              ratioToBareJournal: latencyRatio(r, j),
              real: load(r),
              bare: load(b),
              bareJournal: load(j),
            });
          }
          const bareCost = byClients.get(`bare${clientsForCost}`) ?? (await run("bare", undefined, 2, clientsForCost / 2));
          const journalCost = byClients.get(`bareJournal${clientsForCost}`) ?? (await run("bareJournal", undefined, 2, clientsForCost / 2));
          const echoCost = await run("echo", undefined, 2, clientsForCost / 2);
          for (const { game, seats } of GAMES) {
            const matches = Math.floor(clientsForCost / seats);
            const r = byClients.get(`${game}${matches * seats}`) ?? (await run("game", game, seats, matches));
            // One figure of each server, and the real room's ratios to the others.
            const costs = (of: (m: Measured) => number) => ({
              realUs: round(of(r), 1),
              bareUs: round(of(bareCost), 1),
              bareJournalUs: round(of(journalCost), 1),
              echoUs: round(of(echoCost), 1),
              ratio: { bare: round(of(r) / of(bareCost), 2), bareJournal: round(of(r) / of(journalCost), 2), echo: round(of(r) / of(echoCost), 1) },
            });
            report({
              bench: "room.server_cpu_per_action",
              game,
              players: seats,
              clients: matches * seats,
              ...costs((m) => m.serverCpuUsPerAction),
              // The rooms' event loop alone (the embedded database runs in a worker thread of the server).
              mainThread: costs((m) => m.mainThreadCpuUsPerAction),
              real: load(r),
              bare: load(bareCost),
              bareJournal: load(journalCost),
              echo: load(echoCost),
            });
          }
        }),
      ),
    ),
  );
}

/** A person's pace: a bot acts 0.5-1.5 s after its decision is offered. */
const HUMAN_PACE: [number, number] = [500, 1500];
const P99_LIMIT_MS = 50;

/** One series of capacity steps: which server(s), on which database. */
interface Series {
  name: string;
  kind: Exclude<Kind, "echo">;
  /** Server processes (2: a cluster sharing PostgreSQL and Redis). */
  processes: number;
  database: "embedded" | "postgresql" | null;
}

/** The part of a game server's /health the capacity steps report (server/loadMonitor.ts). */
interface ServerLoad {
  eventLoop: EventLoopHealth;
  journal: JournalHealth;
}

async function serverLoad(server: ChildServer): Promise<ServerLoad | null> {
  try {
    const res = await fetch(`${server.url}/health`);
    return res.ok ? ((await res.json()) as ServerLoad) : null;
  } catch {
    return null;
  }
}

/**
 * BENCH_ONLY=capacity: 2-player matches at a person's pace, stepped up until p99 act -> patch
 * reaches 50 ms (or a step fails); the largest N that held, and the servers' memory per live
 * match at each step (RSS and the live heap after a full GC, with every match live, minus the
 * same before the first match; summed over the processes). The series:
 *
 *   solrei      the real SolRei room (default turn clock), one process, the embedded database
 *   solreiPg1   the same on PostgreSQL (a fresh database per step), one process
 *   solreiPg2   two processes sharing that PostgreSQL database and Redis (Colyseus' Redis
 *               presence and driver): one bot process connects to each, and the matchmaker puts
 *               each new room on the process with the fewest rooms (the step line shows the
 *               rooms on each process and each process's CPU)
 *   bare        the bare Colyseus room, one process
 *   bareJournal the bare room making each decision durable first through the real journal
 *               writer, on the embedded database, one process
 *
 * solreiPg1 and solreiPg2 run when BENCH_DATABASE_URL (or DATABASE_URL) and REDIS_URL are set
 * (see clusterEnv.ts); otherwise a `capacity.human_pace.cluster` line says they were skipped.
 */
export async function capacityBenchmarks(quick: boolean, report: (line: Record<string, unknown>) => void): Promise<void> {
  const steps = process.env.BENCH_CAPACITY_STEPS?.split(",").map(Number) ?? (quick ? [50] : [50, 100, 250, 500, 1000, 2000, 4000, 7000, 10_000]);
  const window = quick ? { warmupMs: 2000, durationMs: 3000 } : { warmupMs: 4000, durationMs: 10_000 };
  const backends = sharedBackends();
  const series: Series[] = [{ name: "solrei", kind: "game", processes: 1, database: "embedded" }];
  if ("skipped" in backends) report({ bench: "capacity.human_pace.cluster", skipped: backends.skipped });
  else {
    cleanUpOnSignal(); // a stopped run leaves no database behind
    series.push({ name: "solreiPg1", kind: "game", processes: 1, database: "postgresql" }, { name: "solreiPg2", kind: "game", processes: 2, database: "postgresql" });
  }
  series.push({ name: "bare", kind: "bare", processes: 1, database: null }, { name: "bareJournal", kind: "bareJournal", processes: 1, database: "embedded" });
  // BENCH_CAPACITY_SERIES=solreiPg1,solreiPg2: those series only (to repeat them on a noisy machine).
  const only = process.env.BENCH_CAPACITY_SERIES?.split(",").filter(Boolean);

  const largest: Record<string, number> = {};
  for (const s of series.filter((x) => !only || only.includes(x.name))) {
    largest[s.name] = 0;
    let previous: { matches: number; heapUsed: number; arrayBuffers: number } | null = null;
    for (const matches of steps) {
      const waitedS = await untilQuiet();
      const run = async (servers: ChildServer[], databaseName?: string) => {
        await new Promise((r) => setTimeout(r, 3000)); // past the start's own allocations
        const before = await Promise.all(servers.map((x) => x.memory()));
        let live = before;
        let health: (ServerLoad | null)[] = [];
        const m = await measure(servers, {
          kind: s.kind,
          game: s.kind === "game" ? "solrei" : undefined,
          seats: 2,
          matches,
          paceMs: HUMAN_PACE,
          // Two bot processes from 1,000 matches on (and one per server process): the bots must never be what limits.
          processes: Math.max(s.processes, matches >= 1000 ? 2 : 1),
          ...window,
          whileLive: async () => {
            // Read first: /health covers the last 10 s, the measurement's window.
            if (s.kind === "game") health = await Promise.all(servers.map(serverLoad));
            live = await Promise.all(servers.map((x) => x.memory()));
          },
          databaseName,
        });
        const sum = (xs: Memory[]) => xs.reduce((a, x) => ({ rss: a.rss + x.rss, heapUsed: a.heapUsed + x.heapUsed, arrayBuffers: a.arrayBuffers + x.arrayBuffers }), { rss: 0, heapUsed: 0, arrayBuffers: 0 });
        return { m, before: sum(before), live: sum(live), health };
      };
      const step = await (s.database === "postgresql" && !("skipped" in backends)
        ? onSharedDatabase(backends, s.processes, (shared) => withServers(s.processes, shared, {}, (servers) => run(servers, new URL(shared.databaseUrl).pathname.slice(1)), true))
        : withServer(s.kind, s.kind === "bare" ? {} : { DATABASE_URL: "" }, (server) => run([server]), true)
      ).catch((error: Error) => ({ error }));
      if ("error" in step) {
        report({ bench: "capacity.human_pace.step", server: s.name, processes: s.processes, matches, held: false, error: step.error.message });
        break;
      }
      const { m, before, live, health } = step;
      const held = m.latency.p99 < P99_LIMIT_MS && m.errors === 0 && m.latency.n > 0;
      report({
        bench: "capacity.human_pace.step",
        server: s.name,
        ...(s.database ? { database: s.database } : {}),
        processes: s.processes,
        matches,
        held,
        ...(waitedS !== null ? { waitedForQuietS: waitedS } : {}),
        actMs: ms(m.latency),
        kbPerMatch: {
          rss: round((live.rss - before.rss) / 1024 / matches, 1),
          heap: round((live.heapUsed - before.heapUsed) / 1024 / matches, 1),
          // ArrayBuffers outside the heap (socket and encode buffers): in the RSS, not in `heap`
          buffers: round((live.arrayBuffers - before.arrayBuffers) / 1024 / matches, 1),
        },
        // The heap one more live match costs, from this step and the previous one (each on a fresh
        // server): the code compiled while the first matches run, counted in `kbPerMatch`, cancels out.
        ...(previous
          ? {
              marginalHeapKbPerMatch: round((live.heapUsed - previous.heapUsed) / 1024 / (matches - previous.matches), 1),
              marginalBuffersKbPerMatch: round((live.arrayBuffers - previous.arrayBuffers) / 1024 / (matches - previous.matches), 1),
            }
          : {}),
        ...load(m),
        // Where a slow act -> patch comes from: the rooms' event loop running late, or decisions
        // waiting to be durable (each server's /health, the last 10 s; one entry per process).
        ...(health.length > 0
          ? {
              serverLoopDelayMs: health.map((h) => (h ? { p99: h.eventLoop.delayMs.p99, max: h.eventLoop.delayMs.max } : null)),
              serverLoopUtilization: health.map((h) => h?.eventLoop.utilization ?? null),
              journalCommitMs: health.map((h) => (h ? { p50: h.journal.commitMs.p50, p99: h.journal.commitMs.p99 } : null)),
              journalWriteMs: health.map((h) => (h ? { p50: h.journal.writeMs.p50, p99: h.journal.writeMs.p99, batches: h.journal.writeMs.n } : null)),
            }
          : {}),
        ...(s.processes > 1 ? { serverCoresEach: m.serverCoresEach.map((c) => round(c, 2)), roomsEach: m.roomsEach } : {}),
        ...(m.databaseCores !== null ? { databaseCores: round(m.databaseCores, 2) } : {}),
        botCoresTotal: round(m.botCoresTotal, 2),
        machineCores: round(m.machineCores, 2),
      });
      previous = { matches, heapUsed: live.heapUsed, arrayBuffers: live.arrayBuffers };
      if (!held) break;
      largest[s.name] = matches;
    }
  }
  const ratio = (a: string, b: string) => (a in largest && b in largest ? round(largest[a]! / Math.max(1, largest[b]!), 2) : undefined);
  report({
    bench: "capacity.human_pace",
    p99LimitMs: P99_LIMIT_MS,
    steps,
    largestMatches: largest,
    ratio: ratio("solrei", "bare"),
    ratioToBareJournal: ratio("solrei", "bareJournal"),
    ...("skipped" in backends
      ? {}
      : { ratios: { solreiPg1ToSolrei: ratio("solreiPg1", "solrei"), solreiPg2ToSolreiPg1: ratio("solreiPg2", "solreiPg1"), solreiPg2ToBare: ratio("solreiPg2", "bare") } }),
  });
}

/**
 * BENCH_QUIET_CORES=x (on a machine shared with other work): before each capacity step, waits
 * (up to BENCH_QUIET_WAIT_S, default 300 s) until the machine's busy CPU over 3 s is below x
 * cores; the seconds waited (null: not asked). The step's own `machineCores` tells whether the
 * machine stayed quiet through its window.
 */
async function untilQuiet(): Promise<number | null> {
  const limit = Number(process.env.BENCH_QUIET_CORES);
  if (!limit) return null;
  const t0 = performance.now();
  const until = t0 + Number(process.env.BENCH_QUIET_WAIT_S ?? 300) * 1000;
  while (performance.now() < until) {
    const b0 = machineBusyMs();
    await new Promise((r) => setTimeout(r, 3000));
    const b1 = machineBusyMs();
    if (b0 === null || b1 === null || (b1 - b0) / 3000 < limit) break;
  }
  return Math.round((performance.now() - t0) / 1000);
}

/** A fresh PostgreSQL database (and, for several processes, the benchmark's Redis index, flushed) for the length of `fn`; both cleaned up after. */
async function onSharedDatabase<T>(
  backends: { databaseUrl: string; redisUrl: string },
  processes: number,
  fn: (shared: { databaseUrl: string; redisUrl?: string }) => Promise<T>,
): Promise<T> {
  const db = await freshDatabase(backends.databaseUrl);
  try {
    if (processes < 2) return await fn({ databaseUrl: db.url });
    const redis = await freshRedis(backends.redisUrl);
    try {
      return await fn({ databaseUrl: db.url, redisUrl: redis.url });
    } finally {
      await redis.flush().catch(() => {});
    }
  } finally {
    await db.drop();
  }
}

/**
 * BENCH_ONLY=pace: server CPU per match-minute at a person's pace, each game at its default seat
 * count (100 matches, every seat deciding 0.5-1.5 s after it is asked), beside the bare room
 * with the journal at the same matches and pace (its decisions are one per prompt). A match-minute
 * of the real room includes the decisions the server makes for the seats (forced, timed out): the
 * bots answer only prompts, so `promptsPerMatchMinute` counts what people would be asked.
 */
export async function paceBenchmarks(quick: boolean, report: (line: Record<string, unknown>) => void): Promise<void> {
  const matches = Number(process.env.BENCH_PACE_MATCHES ?? (quick ? 40 : 100));
  const window = quick ? { warmupMs: 3000, durationMs: 8000 } : { warmupMs: 5000, durationMs: 20_000 };
  const perMatchMinute = (m: Measured) => ({
    cpuMs: round((m.serverCores * 60_000) / matches, 1),
    prompts: round((m.actionsPerSecond * 60) / matches, 1),
  });
  for (const { game, seats } of GAMES) {
    const real = await withServer("game", { DATABASE_URL: "" }, (server) => measure(server, { kind: "game", game, seats, matches, paceMs: HUMAN_PACE, ...window }), true);
    const bare = await withServer("bareJournal", { DATABASE_URL: "" }, (server) => measure(server, { kind: "bareJournal", seats: 2, matches, paceMs: HUMAN_PACE, ...window }), true);
    const r = perMatchMinute(real);
    const b = perMatchMinute(bare);
    report({
      bench: "pace.match_minute",
      game,
      seats,
      matches,
      database: "embedded",
      real: { serverCpuMsPerMatchMinute: r.cpuMs, promptsPerMatchMinute: r.prompts, cpuMsPerPrompt: round(r.cpuMs / Math.max(r.prompts, 0.001), 3), actMs: ms(real.latency) },
      bareJournal: { serverCpuMsPerMatchMinute: b.cpuMs, decisionsPerMatchMinute: b.prompts, actMs: ms(bare.latency) },
      ratio: round(r.cpuMs / Math.max(b.cpuMs, 0.001), 2),
      loadAvg1m: [round(real.loadAvg1m, 1), round(bare.loadAvg1m, 1)],
    });
  }
}
