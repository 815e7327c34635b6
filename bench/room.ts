/**
 * Issue 16's server figures, every process on its own: the server under test (the real one,
 * server/main.ts, with its embedded database unless DATABASE_URL is set and the journal on; or
 * bareServer.ts; or echoServer.ts) in one process, its bots (botDriver.ts) in one or two others.
 *
 *   roomCost      server CPU per action and act -> patch, N clients in flight, bots acting at once
 *   capacity      2-player matches at a person's pace, stepped up while p99 act->patch < 50 ms
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
import { seedEmbeddedDataDir } from "../test/support/db.ts";
import { startChildServer, type ChildServer } from "./childServer.ts";
import type { DriverConfig } from "./botDriver.ts";
import { summarize } from "./stats.ts";

export type Kind = "game" | "bare" | "echo";

/** Real-server settings of every run here: bench clients on loopback, no caps in the way. */
const REAL_ENV = {
  DISPOSE_DELAY_MS: "100",
  // Many matches join at once on a busy machine: a client may take over Colyseus' default 15 s
  // to use its seat reservation. Joining is not what is measured.
  COLYSEUS_SEAT_RESERVATION_TIME: "120",
  MAX_ROOMS: "100000",
  MAX_CONNECTIONS: "1000000",
};

/** The server of `kind` in its own process, for the length of `fn`. */
export async function withServer<T>(kind: Kind, env: Record<string, string>, fn: (server: ChildServer) => Promise<T>, probe = false): Promise<T> {
  if (kind === "game") {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-room-"));
    try {
      // The embedded database from a copy of an initialised one: no initdb in wasm per server.
      if (!process.env.DATABASE_URL) await seedEmbeddedDataDir(dataDir);
      const server = await startChildServer({ ...REAL_ENV, DATA_DIR: dataDir, ...env }, { probe, timeoutMs: 180_000 });
      try {
        return await fn(server);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const server = await startChildServer({ COLYSEUS_SEAT_RESERVATION_TIME: "120", ...env }, { script: kind === "bare" ? "bench/bareServer.ts" : "bench/echoServer.ts", probe });
  try {
    return await fn(server);
  } finally {
    await server.stop();
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
  /** Server CPU over the window, share of one core. */
  serverCores: number;
  /** The busiest bot process's CPU over the window, share of one core, and its event-loop delay p99. */
  botCores: number;
  botLoopDelayP99Ms: number;
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
}

/** Runs `load` against `server`: bots ready, warm-up, the measuring window; every bot process ended after. */
export async function measure(server: ChildServer, load: Load): Promise<Measured> {
  const processes = Math.max(1, Math.min(load.processes ?? 1, load.matches));
  const drivers: Driver[] = [];
  try {
    for (let p = 0; p < processes; p++) {
      const matches = Math.floor(load.matches / processes) + (p < load.matches % processes ? 1 : 0);
      const config: DriverConfig = { kind: load.kind, wsUrl: server.wsUrl, game: load.game, seats: load.seats, matches, paceMs: load.paceMs ?? null, name: `d${p}` };
      drivers.push(startDriver(config, 120_000 + load.matches * 60));
    }
    await Promise.all(drivers.map((d) => d.ready));
    await new Promise((r) => setTimeout(r, load.warmupMs));
    const cpu0 = server.cpuMs();
    const main0 = server.mainThreadCpuMs();
    const t0 = performance.now();
    drivers.forEach((d) => d.send("start"));
    await new Promise((r) => setTimeout(r, load.durationMs));
    drivers.forEach((d) => d.send("stop"));
    const cpu1 = server.cpuMs();
    const main1 = server.mainThreadCpuMs();
    const seconds = (performance.now() - t0) / 1000;
    const results = await Promise.all(drivers.map((d) => d.result));
    await load.whileLive?.();
    const actions = results.reduce((n, r) => n + r.actions, 0);
    const serverCpuMs = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : NaN;
    return {
      latency: summarize(results.flatMap((r) => r.samples)),
      actions,
      actionsPerSecond: actions / seconds,
      errors: results.reduce((n, r) => n + r.errors, 0),
      serverCpuUsPerAction: (serverCpuMs * 1000) / Math.max(1, actions),
      mainThreadCpuUsPerAction: main0 !== null && main1 !== null ? ((main1 - main0) * 1000) / Math.max(1, actions) : NaN,
      serverCores: serverCpuMs / 1000 / seconds,
      botCores: Math.max(...results.map((r) => r.cpuMs / r.elapsedMs)),
      botLoopDelayP99Ms: Math.max(...results.map((r) => r.loopDelayP99Ms)),
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
 * 2, 100 and 500 clients (1, 50 and 250 decisions in flight). Bots act the moment they may. One
 * process of each server serves every load in turn (real and bare alternate, so the machine's
 * drift weighs on both); each load has fresh bot processes and its own warm-up.
 */
export async function roomBenchmarks(quick: boolean, report: (line: Record<string, unknown>) => void): Promise<void> {
  const window = quick ? { warmupMs: 1000, durationMs: 2000 } : { warmupMs: 3000, durationMs: 10_000 };
  const clientsForCost = quick ? 50 : 500;
  const levels = quick ? [1, 25] : [1, 50, 250]; // 2-player matches: decisions in flight
  // No turn clock on the real server: bots answer at once.
  await withServer("game", { PROMPT_TIMEOUT_MS: "0" }, (real) =>
    withServer("bare", {}, (bare) =>
      withServer("echo", {}, async (echo) => {
        const servers = { game: real, bare, echo };
        const run = (kind: Kind, game: string | undefined, seats: number, matches: number) => measure(servers[kind], { kind, game, seats, matches, ...window });
        const byClients = new Map<string, Measured>();
        for (const matches of levels) {
          const r = await run("game", "solrei", 2, matches);
          const b = await run("bare", undefined, 2, matches);
          byClients.set(`solrei${matches * 2}`, r);
          byClients.set(`bare${matches * 2}`, b);
          report({
            bench: "room.act_to_patch",
            game: "solrei",
            clients: matches * 2,
            inFlight: matches,
            realMs: ms(r.latency),
            bareMs: ms(b.latency),
            ratio: { p50: round(r.latency.p50 / b.latency.p50, 2), p99: round(r.latency.p99 / b.latency.p99, 2) },
            real: load(r),
            bare: load(b),
          });
        }
        const bareCost = byClients.get(`bare${clientsForCost}`) ?? (await run("bare", undefined, 2, clientsForCost / 2));
        const echoCost = await run("echo", undefined, 2, clientsForCost / 2);
        for (const { game, seats } of GAMES) {
          const matches = Math.floor(clientsForCost / seats);
          const r = byClients.get(`${game}${matches * seats}`) ?? (await run("game", game, seats, matches));
          report({
            bench: "room.server_cpu_per_action",
            game,
            players: seats,
            clients: matches * seats,
            realUs: round(r.serverCpuUsPerAction, 1),
            bareUs: round(bareCost.serverCpuUsPerAction, 1),
            echoUs: round(echoCost.serverCpuUsPerAction, 1),
            ratio: { bare: round(r.serverCpuUsPerAction / bareCost.serverCpuUsPerAction, 2), echo: round(r.serverCpuUsPerAction / echoCost.serverCpuUsPerAction, 1) },
            // The rooms' event loop alone (the embedded database runs in a worker thread of the server).
            mainThread: {
              realUs: round(r.mainThreadCpuUsPerAction, 1),
              bareUs: round(bareCost.mainThreadCpuUsPerAction, 1),
              echoUs: round(echoCost.mainThreadCpuUsPerAction, 1),
              ratio: { bare: round(r.mainThreadCpuUsPerAction / bareCost.mainThreadCpuUsPerAction, 2), echo: round(r.mainThreadCpuUsPerAction / echoCost.mainThreadCpuUsPerAction, 1) },
            },
            real: load(r),
            bare: load(bareCost),
            echo: load(echoCost),
          });
        }
      }),
    ),
  );
}

/** A person's pace: a bot acts 0.5-1.5 s after its decision is offered. */
const HUMAN_PACE: [number, number] = [500, 1500];
const P99_LIMIT_MS = 50;

/**
 * BENCH_ONLY=capacity: 2-player matches at a person's pace (real SolRei, with the default turn
 * clock, vs the bare room), stepped up until p99 act -> patch reaches 50 ms (or a step fails);
 * the largest N that held, and the server's memory per live match at each step (RSS and the
 * live heap after a full GC, with every match live, minus the same before the first match).
 */
export async function capacityBenchmarks(quick: boolean, report: (line: Record<string, unknown>) => void): Promise<void> {
  const steps = process.env.BENCH_CAPACITY_STEPS?.split(",").map(Number) ?? (quick ? [50] : [50, 100, 250, 500, 1000, 2000, 4000, 7000, 10_000]);
  const window = quick ? { warmupMs: 2000, durationMs: 3000 } : { warmupMs: 4000, durationMs: 10_000 };
  const largest: Record<string, number> = {};
  for (const kind of ["game", "bare"] as const) {
    const name = kind === "game" ? "solrei" : "bare";
    largest[name] = 0;
    for (const matches of steps) {
      const step = await withServer(
        kind,
        {},
        async (server) => {
          await new Promise((r) => setTimeout(r, 3000)); // past the start's own allocations
          const before = await server.memory();
          let live = before;
          const m = await measure(server, {
            kind,
            game: kind === "game" ? "solrei" : undefined,
            seats: 2,
            matches,
            paceMs: HUMAN_PACE,
            // Two bot processes from 1,000 matches on: the bots must never be what limits.
            processes: matches >= 1000 ? 2 : 1,
            ...window,
            whileLive: async () => void (live = await server.memory()),
          });
          return { m, before, live };
        },
        true,
      ).catch((error: Error) => ({ error }));
      if ("error" in step) {
        report({ bench: "capacity.human_pace.step", server: name, matches, held: false, error: step.error.message });
        break;
      }
      const { m, before, live } = step;
      const held = m.latency.p99 < P99_LIMIT_MS && m.errors === 0 && m.latency.n > 0;
      report({
        bench: "capacity.human_pace.step",
        server: name,
        matches,
        held,
        actMs: ms(m.latency),
        kbPerMatch: { rss: round((live.rss - before.rss) / 1024 / matches, 1), heap: round((live.heapUsed - before.heapUsed) / 1024 / matches, 1) },
        ...load(m),
      });
      if (!held) break;
      largest[name] = matches;
    }
  }
  report({
    bench: "capacity.human_pace",
    p99LimitMs: P99_LIMIT_MS,
    steps,
    largestMatches: { solrei: largest.solrei, bare: largest.bare },
    ratio: round(largest.solrei / Math.max(1, largest.bare), 2),
  });
}
