/**
 * How long a restart takes to bring 1,000 live matches back (journal.ts `resumeTime`): the server
 * started on an empty journal (baseline), stopped, then the matches journaled mid-game for its
 * instance through the real writer and match/matchJournal.ts, as a room journals them, then
 * started again.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { generateId } from "@colyseus/core";
import { botAction } from "../rules/core/bot.ts";
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import { sha256Hex } from "../rules/core/hash.ts";
import { pick, randInt, seedRng } from "../rules/core/rng.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { RoomJournal } from "../match/matchJournal.ts";
import type { MatchHeader } from "../match/journalTypes.ts";
import { Journal } from "../server/journal/journal.ts";
import { instanceIdOf } from "../server/journal/live.ts";
import { FileJournal } from "../server/journal/fileJournal.ts";
import { databaseJournalStore, type DurableJournal, type JournalStore } from "../server/journal/journalStore.ts";
import { silentLogger } from "../server/log.ts";
import { freshPlace, type Target } from "./benchDatabase.ts";
import { startChildServer } from "./childServer.ts";

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
const startWatched = (env: Record<string, string>, messages: readonly string[], timeoutMs: number) => startChildServer(env, { watch: messages, timeoutMs });

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
