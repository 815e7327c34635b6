/**
 * The live-match journal (server/journal): what it costs per decision, and how long a restart
 * takes to bring 1,000 live matches back. The server runs as users run it (childServer.ts),
 * the bots in this process.
 *
 *   journalRun    SolRei act -> patch with JOURNAL=off, on, on, off (on the embedded database
 *                 "on" twice over: JOURNAL_STORE=file, its default, and database): server
 *                 processes one after the other with the same matches in flight (serverRtt.ts), plus the
 *                 CPU the server (and, on PostgreSQL, its database backends) spent per
 *                 decision, and the journal writer's batching read from GET /health.
 *   resumeTime    the server started on an empty journal (baseline), stopped, then 1,000
 *                 SolRei matches journaled mid-game for its instance (through the real writer
 *                 and match/matchJournal.ts, as a room journals them), then started again:
 *                 spawn -> "journaled matches of this instance resumed" (journalResume.ts).
 *
 * Each runs on the embedded database, and on a fresh PostgreSQL database (made for the run,
 * dropped after: benchDatabase.ts) when DATABASE_URL is set or postgres://postgres@127.0.0.1:5432
 * answers.
 */
import { loadavg } from "node:os";
import type { JournalHealth } from "../server/http/health.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { freshPlace, type Place, postgresTarget, type Target } from "./benchDatabase.ts";
import { processCpuMs, startChildServer, type ChildServer } from "./childServer.ts";
import { resumeTime } from "./journalResume.ts";
import { serverRoundTrips } from "./serverRtt.ts";
import { report, round, type summarize } from "./stats.ts";

// ---- CPU and the journal's counters over a window ---------------------------------------------

interface Snapshot {
  at: number;
  serverCpuMs: number | null;
  backends: Map<number, number> | null;
  journal: JournalHealth | null;
}

async function snapshot(server: ChildServer, place: Place): Promise<Snapshot> {
  const at = performance.now();
  const serverCpuMs = processCpuMs(server.proc.pid!);
  const [backends, journal] = await Promise.all([
    place.backendCpu(),
    fetch(`${server.url}/health`).then(
      async (r) => ((await r.json()) as { journal?: JournalHealth }).journal ?? null,
      () => null,
    ),
  ]);
  return { at, serverCpuMs, backends, journal };
}

/**
 * The measuring window of serverRoundTrips, seen from the server: it opens once every slot's
 * first match has started (the server logs "match started" for each) and lasts `durationMs`.
 * Resolves with the snapshots at both ends.
 */
function measuringWindow(server: ChildServer, place: Place, matches: number, durationMs: number): Promise<{ start: Snapshot; end: Snapshot }> {
  return new Promise((resolve, reject) => {
    let started = 0;
    const off = server.onLine((line) => {
      if (!line.includes('"match started"') || ++started !== matches) return;
      off();
      void (async () => {
        const start = await snapshot(server, place);
        await new Promise((r) => setTimeout(r, durationMs - (performance.now() - start.at)));
        resolve({ start, end: await snapshot(server, place) });
      })().catch(reject);
    });
  });
}

function cpuBetween(a: Snapshot, b: Snapshot) {
  const server = a.serverCpuMs !== null && b.serverCpuMs !== null ? b.serverCpuMs - a.serverCpuMs : null;
  // A backend that connected during the window counts from zero (its start is a small part).
  const database = b.backends ? [...b.backends].reduce((sum, [pid, ms]) => sum + ms - (a.backends?.get(pid) ?? 0), 0) : null;
  return { server, database };
}

// ---- 1. cost per decision ---------------------------------------------------------------------

export interface JournalRun {
  act: ReturnType<typeof summarize>;
  actionsPerSecond: number;
  finishedMatches: number;
  /** CPU ms per decision over the window (null where not measurable). */
  serverCpuMsPerAction: number | null;
  databaseCpuMsPerAction: number | null;
  /** The writer's counters over the window (JOURNAL=on). */
  batching: { batches: number; ops: number; opsPerBatch: number; batchesPerSecond: number; retries: number; refused: number } | null;
}

/** Where a run journals: nowhere (JOURNAL=off), or JOURNAL_STORE's files or database. */
export type JournalSide = "off" | "file" | "database";

/** SolRei bots in `matches` matches at once against a fresh server journaling on `side`. */
export async function journalRun(target: Target, side: JournalSide, matches: number, durationMs: number): Promise<JournalRun> {
  const journal = side !== "off";
  const place = await freshPlace(target, side);
  try {
    const server = await startChildServer({
      DATA_DIR: place.dataDir,
      ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
      JOURNAL: journal ? "on" : "off",
      ...(journal ? { JOURNAL_STORE: side } : {}),
      PROMPT_TIMEOUT_MS: "0",
      DISPOSE_DELAY_MS: "100",
      // Many matches join at once on a busy machine: a client may take over Colyseus' default 15 s
      // to use its seat reservation. Joining is not what is measured.
      COLYSEUS_SEAT_RESERVATION_TIME: "120",
    });
    try {
      const window = measuringWindow(server, place, matches, durationMs);
      const r = await serverRoundTrips(server, "solrei", sampleSeatConfig, 2, matches, durationMs);
      const { start, end } = await window;
      const seconds = (end.at - start.at) / 1000;
      const actions = r.actionsPerSecond * seconds; // the bots' decisions over the same window
      const cpu = cpuBetween(start, end);
      const j0 = start.journal;
      const j1 = end.journal;
      const batches = j0 && j1 ? j1.batches - j0.batches : 0;
      const ops = j0 && j1 ? j1.ops - j0.ops : 0;
      return {
        act: r.act,
        actionsPerSecond: r.actionsPerSecond,
        finishedMatches: r.finishedMatches,
        serverCpuMsPerAction: cpu.server === null ? null : cpu.server / actions,
        databaseCpuMsPerAction: cpu.database === null ? null : cpu.database / actions,
        batching:
          journal && j0 && j1
            ? { batches, ops, opsPerBatch: ops / Math.max(1, batches), batchesPerSecond: batches / seconds, retries: j1.retries - j0.retries, refused: j1.refused - j0.refused }
            : null,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await place.close();
  }
}

// ---- the benchmark as `npm run bench` runs it -------------------------------------------------

/** BENCH_ONLY=journal: every figure above, on the embedded database and on PostgreSQL when there is one. */
export async function journalBenchmarks(quick: boolean): Promise<void> {
  const postgresql = await postgresTarget();
  // BENCH_JOURNAL_DB=embedded|postgresql and BENCH_JOURNAL_MATCHES=1,50 narrow a run down (MATCHES= : resume only).
  const databases = new Set((process.env.BENCH_JOURNAL_DB ?? "embedded,postgresql").split(","));
  const concurrency = process.env.BENCH_JOURNAL_MATCHES?.split(",").filter(Boolean).map(Number) ?? (quick ? [1, 20] : [1, 50, 100]);
  const targets = ([{ kind: "embedded" }, ...(postgresql ? [postgresql] : [])] as Target[]).filter((t) => databases.has(t.kind));
  if (!postgresql) report({ bench: "journal", note: "no PostgreSQL (DATABASE_URL unset and 127.0.0.1:5432 does not answer): embedded database only" });
  const durationMs = quick ? 3000 : 10_000;
  for (const target of targets) {
    for (const matches of concurrency) {
      // off, on..., off: the machine's drift (the two cores are shared) weighs on every side alike.
      // On the embedded database both stores run: the files (its default) and PGlite's tables.
      const stores: JournalSide[] = target.kind === "embedded" ? ["file", "database"] : ["database"];
      const order: JournalSide[] = quick ? ["off", ...stores] : ["off", ...stores, ...[...stores].reverse(), "off"];
      const runs: { side: JournalSide; run: JournalRun; loadAvg1m: number }[] = [];
      for (const side of order) {
        const loadAvg1m = loadavg()[0]!;
        runs.push({ side, run: await journalRun(target, side, matches, durationMs), loadAvg1m });
      }
      const mean = (xs: (number | null)[]) => (xs.some((x) => x === null) ? null : xs.reduce<number>((s, x) => s + x!, 0) / xs.length);
      const off = runs.filter((r) => r.side === "off").map((r) => r.run);
      const latency = (side: JournalRun[]) => ({
        p50: round(mean(side.map((r) => r.act.p50))!, 3),
        p99: round(mean(side.map((r) => r.act.p99))!, 3),
        n: side.reduce((s, r) => s + r.act.n, 0),
        runs: side.map((r) => [round(r.act.p50, 2), round(r.act.p99, 2)]),
      });
      const offMs = latency(off);
      const offCpu = mean(off.map((r) => r.serverCpuMsPerAction));
      for (const store of stores) {
        const on = runs.filter((r) => r.side === store).map((r) => r.run);
        const onMs = latency(on);
        const cpu = (pick: (r: JournalRun) => number | null) => {
          const a = mean(on.map(pick));
          const b = mean(off.map(pick));
          return { on: a === null ? null : round(a, 3), off: b === null ? null : round(b, 3), ratio: a !== null && b ? round(a / b, 2) : null };
        };
        const onCpu = mean(on.map((r) => r.serverCpuMsPerAction));
        const batches = on.reduce((s, r) => s + (r.batching?.batches ?? 0), 0);
        const ops = on.reduce((s, r) => s + (r.batching?.ops ?? 0), 0);
        report({
          bench: "journal.act_to_patch",
          database: target.kind,
          journalStore: store,
          concurrentMatches: matches,
          clients: matches * 2,
          journalOnMs: onMs,
          journalOffMs: offMs,
          ratio: { p50: round(onMs.p50 / offMs.p50, 2), p99: round(onMs.p99 / offMs.p99, 2) },
          actionsPerSecond: { on: Math.round(mean(on.map((r) => r.actionsPerSecond))!), off: Math.round(mean(off.map((r) => r.actionsPerSecond))!) },
          serverCpuMsPerAction: cpu((r) => r.serverCpuMsPerAction),
          // What durability adds to the server's own work per decision, and its share of the whole.
          journalCpuMsPerAction: onCpu !== null && offCpu !== null ? { ms: round(onCpu - offCpu, 3), shareOfOn: round((onCpu - offCpu) / onCpu, 2) } : null,
          ...(target.kind === "postgresql" ? { databaseCpuMsPerAction: cpu((r) => r.databaseCpuMsPerAction) } : {}),
          journalBatching: {
            batches,
            ops,
            opsPerBatch: round(ops / Math.max(1, batches), 1),
            batchesPerSecond: Math.round(mean(on.map((r) => r.batching?.batchesPerSecond ?? 0))!),
            retries: on.reduce((s, r) => s + (r.batching?.retries ?? 0), 0),
            refused: on.reduce((s, r) => s + (r.batching?.refused ?? 0), 0),
          },
          order: runs.map((r) => r.side),
          loadAvg1m: runs.map((r) => round(r.loadAvg1m, 1)),
        });
      }
    }
  }
  // PostgreSQL first: the deployment that runs several processes.
  for (const target of [...targets].reverse()) {
    const r = await resumeTime(target, quick ? 100 : 1000, 1200);
    report({
      bench: "journal.resume",
      database: target.kind,
      liveMatches: r.matches,
      decisions: { total: r.decisions, perMatch: round(r.decisions / r.matches, 1) },
      seedSeconds: round(r.seedSeconds, 1),
      resumeMs: Math.round(r.resumeMs),
      perMatchMs: round(r.resumeMs / r.matches, 2),
      spawnToResumedMs: Math.round(r.spawnToResumedMs),
      spawnToListeningMs: Math.round(r.listeningMs),
      emptyJournalSpawnToListeningMs: Math.round(r.baselineStartMs),
      ratio: round(r.spawnToResumedMs / r.baselineStartMs, 1),
      ...r.report,
      listedPlaying: r.listedPlaying,
      handOverMs: Math.round(r.handOverMs),
    });
  }
}
