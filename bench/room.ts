/**
 * The server figures, every process on its own: the server under test (the real one,
 * server/main.ts, with its embedded database unless DATABASE_URL is set and the journal on; or
 * bareServer.ts; or echoServer.ts) in one process, its bots (botDriver.ts) in one or two others.
 *
 *   roomCost      server CPU per action and act -> patch, N clients in flight, bots acting at once
 *   capacity      2-player matches at a person's pace, stepped up while p99 act->patch < 50 ms:
 *                 one process on the embedded database, and with PostgreSQL and Redis given,
 *                 one process on PostgreSQL and two sharing it and Redis (withServers)
 *
 * The servers, the bots and the measuring window are roomLoad.ts.
 */
import { gameBindings } from "../rooms/registry.ts";
import { GAMES as GAME_LIST } from "../rules/games.ts";
import { engineCpuUsPerDecision } from "./engineCost.ts";
import { cleanUpOnSignal, freshDatabase, freshRedis, machineBusyMs, sharedBackends } from "./clusterEnv.ts";
import type { ChildServer, Memory } from "./childServer.ts";
import type { summarize } from "./stats.ts";
import type { EventLoopHealth, JournalHealth } from "../server/http/health.ts";
import { type Kind, type Measured, measure, withServer, withServers } from "./roomLoad.ts";

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

/** The games of the list (rules/games.ts) at their bench seat counts: matches = clients / seats. */
const GAMES = GAME_LIST.map((g) => ({ game: g.id, seats: g.benchSeats }));

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
            // The goal's baseline: the bare room with the journal, plus what the rules must cost for the same decisions.
            const engineUs = engineCpuUsPerDecision(gameBindings.find((b) => b.engine.game === game)!.engine, seats);
            const ownBaselineUs = journalCost.serverCpuUsPerAction + engineUs;
            report({
              bench: "room.server_cpu_per_action",
              game,
              players: seats,
              clients: matches * seats,
              ...costs((m) => m.serverCpuUsPerAction),
              roomOwnWork: {
                realUs: round(r.serverCpuUsPerAction, 1),
                baselineUs: round(ownBaselineUs, 1),
                bareJournalUs: round(journalCost.serverCpuUsPerAction, 1),
                engineUs: round(engineUs, 1),
                ratio: round(r.serverCpuUsPerAction / ownBaselineUs, 2),
              },
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
        const sum = (xs: Memory[]) =>
          xs.reduce((a, x) => ({ rss: a.rss + x.rss, heapUsed: a.heapUsed + x.heapUsed, arrayBuffers: a.arrayBuffers + x.arrayBuffers }), { rss: 0, heapUsed: 0, arrayBuffers: 0 });
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
async function onSharedDatabase<T>(backends: { databaseUrl: string; redisUrl: string }, processes: number, fn: (shared: { databaseUrl: string; redisUrl?: string }) => Promise<T>): Promise<T> {
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
