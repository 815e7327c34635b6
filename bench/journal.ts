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
 *                 spawn -> "journaled matches of this instance resumed".
 *
 * Each runs on the embedded database, and on a fresh PostgreSQL database (made for the run,
 * dropped after) when DATABASE_URL is set or postgres://postgres@127.0.0.1:5432 answers.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generateId } from "@colyseus/core";
import postgres, { type Sql } from "postgres";
import { botAction } from "../rules/core/bot.ts";
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import { sha256Hex } from "../rules/core/hash.ts";
import { pick, randInt, seedRng } from "../rules/core/rng.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { RoomJournal } from "../match/matchJournal.ts";
import { openDatabase } from "../server/db/database.ts";
import type { JournalHealth } from "../server/http/health.ts";
import { Journal } from "../server/journal/journal.ts";
import { instanceIdOf } from "../server/journal/live.ts";
import { FileJournal } from "../server/journal/fileJournal.ts";
import { databaseJournalStore, type DurableJournal, type JournalStore } from "../server/journal/journalStore.ts";
import type { MatchHeader } from "../match/journalTypes.ts";
import { silentLogger } from "../server/log.ts";
import { seedEmbeddedDataDir } from "../test/support/db.ts";
import { processCpuMs, startChildServer, type ChildServer } from "./childServer.ts";
import { serverRoundTrips } from "./serverRtt.ts";
import { report, round, type summarize } from "./stats.ts";

// ---- databases --------------------------------------------------------------------------------

/** Where a benchmark server keeps its data: the embedded database, or a PostgreSQL server. */
export type Target = { kind: "embedded" } | { kind: "postgresql"; base: string };

/**
 * The PostgreSQL server to bench on: DATABASE_URL (it must answer), else the local one when it
 * answers, else null (the PostgreSQL half is skipped).
 */
export async function postgresTarget(): Promise<Target | null> {
  const configured = process.env.DATABASE_URL?.trim();
  const base = configured || "postgres://postgres@127.0.0.1:5432/postgres";
  const sql = postgres(base, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return { kind: "postgresql", base };
  } catch (error) {
    if (configured) throw new Error(`DATABASE_URL does not answer: ${(error as Error).message}`);
    return null;
  } finally {
    await sql.end({ timeout: 2 }).catch(() => {});
  }
}

/** One benchmark server's database and DATA_DIR, made fresh and removed by close(). */
interface Place {
  dataDir: string;
  /** DATABASE_URL for the server (none: the embedded database in dataDir). */
  databaseUrl?: string;
  /** CPU ms of each database backend serving this database (PostgreSQL only). */
  backendCpu(): Promise<Map<number, number> | null>;
  /** A pool on the database, for seeding (the embedded one is started in this process). */
  open(): Promise<{ sql: Sql; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function freshPlace(target: Target, name: string): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-journal-${name}-`));
  const migrated = async (databaseUrl?: string) => {
    const db = await openDatabase({ databaseUrl, dataDir, log: silentLogger });
    return { sql: db.sql, close: () => db.close() };
  };
  if (target.kind === "embedded") {
    await seedEmbeddedDataDir(dataDir); // a copy of an empty initialised PGlite: no 5 s initdb per run
    await (await migrated()).close(); // migrated now, so every start of the server does the same work
    return {
      dataDir,
      backendCpu: async () => null, // PGlite runs inside the server process: its CPU is the server's
      open: () => migrated(),
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = `bench_journal_${randomBytes(5).toString("hex")}`;
  const admin = postgres(target.base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${database}`);
  const url = new URL(target.base);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  await (await migrated(databaseUrl)).close();
  return {
    dataDir,
    databaseUrl,
    backendCpu: async () => {
      const rows = await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
      const cpu = new Map<number, number>();
      for (const { pid } of rows) {
        const ms = processCpuMs(pid);
        if (ms !== null) cpu.set(pid, ms);
      }
      return cpu;
    },
    open: () => migrated(databaseUrl),
    close: async () => {
      try {
        await admin.unsafe(`drop database if exists ${database} with (force)`);
      } finally {
        await admin.end({ timeout: 5 });
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

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
    fetch(`${server.url}/health`).then(async (r) => ((await r.json()) as { journal?: JournalHealth }).journal ?? null, () => null),
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

// ---- 2. resuming 1,000 live matches -----------------------------------------------------------

/** Server settings of the resume runs: resumed seats keep their reconnection for the whole run. */
const RESUME_ENV = { RECONNECT_GRACE_S: "3600", MAX_ROOMS: "100000" };

/** The turn clock GameRoom.start() writes with the default PROMPT_TIMEOUT_MS and TURN_BANK_MS. */
const DEFAULT_CLOCK = { baseMs: 60_000, bankMs: 180_000 };

/** A person's pace between two decisions in the seeded matches (the turn clocks replay it). */
const STEP_MS = 400;

/**
 * Journals `count` SolRei matches of two guests, each stopped after N random decisions
 * (N uniform in 1..maxDecisions, fewer when the Show would end first), through the real
 * writer and RoomJournal as a room would: links, header (as GameRoom.start() builds it), then
 * each decision, a state hash every `checkpointEvery`. Then the owner's last heartbeat: the
 * moment the process "died".
 */
export async function seedLiveMatches(writer: DurableJournal, store: JournalStore, owner: string, count: number, options: { maxDecisions: number; checkpointEvery: number; seed: string }) {
  const engine: AnyEngine = solreiEngine;
  const rng = { rng: seedRng(options.seed) };
  const config = engine.parseConfig({});
  let decisions = 0;
  let pending: Promise<void>[] = [];
  for (let m = 0; m < count; m++) {
    const seed = randomBytes(32).toString("hex");
    const seats = [0, 1].map((s) => engine.parseSeatConfig(sampleSeatConfig(s), config));
    let state = engine.setup(config, seats, seed);
    // Play first (the Show may end before N: stop one decision short of its end), journal after.
    const target = randInt(rng, 1, options.maxDecisions);
    const played: { seat: Seat; action: unknown; state: unknown }[] = [];
    while (played.length < target) {
      const seat = pick(rng, engine.actors(state) as Seat[]);
      const action = botAction(engine, state, seat, rng);
      const next = engine.apply(state, seat, action).state;
      if (engine.outcome(next)) break;
      played.push({ seat, action, state: next });
      state = next;
    }
    const matchId = randomUUID();
    const startedAt = Date.now() - 1000 - played.length * STEP_MS; // the last decision came a second ago
    const header: MatchHeader = {
      game: "solrei",
      version: engine.version,
      mode: "casual",
      config,
      seats,
      seed,
      seedHash: sha256Hex(seed),
      startedAt,
      players: [0, 1].map((seat) => ({ seat, playerId: randomUUID(), name: `Player ${seat + 1}`, kind: "guest" as const })),
      bots: [],
      clock: DEFAULT_CLOCK,
    };
    const room = new RoomJournal(writer, matchId, options.checkpointEvery, { log: () => silentLogger });
    for (const seat of [0, 1]) void room.link(seat, generateId(), generateId(16));
    pending.push(room.begin(generateId(), "solrei", header));
    played.forEach((p, i) => pending.push(room.act({ seat: p.seat, action: p.action, at: (i + 1) * STEP_MS }, p.state)));
    decisions += played.length;
    // A few matches per batch: one batch's decisions go in one statement (bounded parameters).
    // flush() first: an op queued in the instant a batch ends waits for the next push (Journal
    // clears `writing` only after drain() returned), and nothing else pushes here.
    if (m % 5 === 4) {
      await writer.flush();
      await Promise.all(pending);
      pending = [];
    }
  }
  await writer.flush();
  await Promise.all(pending);
  if (writer.stats.refused > 0) throw new Error(`the database refused ${writer.stats.refused} journal records while seeding`);
  await store.heartbeat(owner, "");
  return { decisions, batches: writer.stats.batches };
}

/**
 * A server watched from its spawn: it resumes before it listens (for up to 10 s, then in the
 * background), so the resume line may come before "game server listening", and 1,000 matches
 * may take longer than startChildServer's default 60 s on a busy machine. Resolves once it
 * listens; waitFor() gives the time from spawn of each log line asked for.
 */
const startWatched = (env: Record<string, string>, messages: readonly string[], timeoutMs: number) =>
  startChildServer(env, { watch: messages, timeoutMs });

const RESUMED = "journaled matches of this instance resumed";

export interface ResumeRun {
  matches: number;
  decisions: number;
  seedSeconds: number;
  /** Empty journal: spawn -> "game server listening". */
  baselineStartMs: number;
  /** Seeded journal: spawn -> "journaled matches of this instance resumed" (and that line's own `ms`), spawn -> listening. */
  spawnToResumedMs: number;
  resumeMs: number;
  listeningMs: number;
  report: { resumed: number; stored: number; failed: number };
  /** GET /api/rooms?game=solrei&status=playing (it lists at most 200). */
  listedPlaying: number;
  /** SIGTERM -> exit: every resumed match handed over through the journal. */
  handOverMs: number;
}

export async function resumeTime(target: Target, count: number, maxDecisions: number): Promise<ResumeRun> {
  const place = await freshPlace(target, "resume");
  const env = { DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}), ...RESUME_ENV };
  const stage = <T>(name: string, p: Promise<T>) => p.catch((error: Error) => Promise.reject(new Error(`${name}: ${error.message}`)));
  try {
    // Baseline: the same server on the same (migrated, empty) database. Its stop signs it off.
    const empty = await stage("start with an empty journal", startWatched(env, [], 600_000));
    await empty.stop();

    const owner = instanceIdOf(place.dataDir); // the id that server made, and keeps
    const db = await place.open();
    const t0 = performance.now();
    let seeded: { decisions: number };
    // Where the server journals by default: the files beside the embedded database, PostgreSQL's tables.
    const files = target.kind === "embedded" ? await FileJournal.open({ dir: join(place.dataDir, "journal"), log: silentLogger, owner }) : null;
    try {
      const writer = files ?? new Journal({ sql: db.sql, log: silentLogger, owner, cluster: "" });
      seeded = await seedLiveMatches(writer, files ?? databaseJournalStore(db.sql), owner, count, { maxDecisions, checkpointEvery: 25, seed: "bench-journal-resume" });
      // A long-running server checkpoints as it goes; without this the next start would first
      // replay the whole seeding from the WAL (minutes in PGlite), which no real restart does.
      if (!files) await db.sql`checkpoint`.catch(() => {});
    } finally {
      await files?.close();
      await db.close();
    }
    const seedSeconds = (performance.now() - t0) / 1000;

    const server = await stage(`start with ${count} journaled matches`, startWatched(env, [RESUMED], 1_800_000));
    try {
      const line = await server.waitFor(RESUMED, 1_800_000);
      if (!line) throw new Error("the server never logged that it resumed its journaled matches");
      const rooms = (await (await fetch(`${server.url}/api/rooms?game=solrei&status=playing&limit=200`)).json()) as { rooms: unknown[] };
      const stopAt = performance.now();
      await server.stop();
      const e = line.entry;
      return {
        matches: count,
        decisions: seeded.decisions,
        seedSeconds,
        baselineStartMs: empty.listeningMs,
        spawnToResumedMs: line.atMs,
        resumeMs: e.ms as number,
        listeningMs: server.listeningMs,
        report: { resumed: e.resumed as number, stored: e.stored as number, failed: e.failed as number },
        listedPlaying: rooms.rooms.length,
        handOverMs: performance.now() - stopAt,
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
