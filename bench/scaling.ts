/**
 * Checks of docs/scaling.md's capacity model, scaled down to this machine (`BENCH_ONLY=scaling`).
 *
 *   scaling.redis_listing     Colyseus' RedisDriver keeps every room of the cluster in one hash
 *                             (`roomcaches`) and answers each matchmaking query (joinOrCreate,
 *                             the room listing) with HGETALL of all of it. With 1,000 / 10,000 /
 *                             100,000 rooms cached as our rooms cache themselves, on a redis-server
 *                             of its own: Redis CPU and client time per query, so the queries per
 *                             second one Redis can serve at each size.
 *   scaling.journal_postgres  The database journal of several processes at the model's per-second
 *                             rates: `writers` journal writers (server/journal/journal.ts, each with
 *                             its own pool, group commit as the server runs it) append decisions
 *                             of live matches open-loop at a fixed total rate, for 10 s per step;
 *                             PostgreSQL's CPU (its backends) per decision, WAL bytes per decision,
 *                             commits per second and the time to durable, until a rate is not met
 *                             or its p99 passes 50 ms.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import postgres from "postgres";
import { DEFAULT_MIGRATIONS_DIR, createSql } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { Journal } from "../server/journal/journal.ts";
import { silentLogger } from "../server/log.ts";
import type { MatchHeader } from "../match/journalTypes.ts";
import { scratchDatabase } from "../test/support/db.ts";
import { OwnRedis } from "../test/support/redisServer.ts";
import { processCpuMs } from "./childServer.ts";
import { postgresTarget } from "./benchDatabase.ts";
import { report, round } from "./stats.ts";

// ---- Redis: the room listing ------------------------------------------------------------------

/** A room's cache as RedisDriver writes it (RoomData.toJSON) with our rooms' metadata (GameRoom.listing). */
function roomCache(i: number): string {
  return JSON.stringify({
    clients: 2,
    createdAt: new Date(Date.now() - i * 1000),
    maxClients: 2,
    metadata: { game: "solrei", mode: "casual", configKey: "solrei:{}", seats: 2, status: "playing", players: [`Player ${i}`, `Player ${i + 1}`], open: 0, bots: 0, spectators: 0 },
    name: "solrei",
    publicAddress: `10.0.${(i >> 8) & 255}.${i & 255}:2567`,
    processId: `proc${i % 100}`,
    roomId: randomUUID().slice(0, 9),
  });
}

async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = await redis.info("cpu");
  const value = (name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, "m").exec(info)?.[1] ?? 0);
  return value("used_cpu_user") + value("used_cpu_sys");
}

async function redisListing(sizes: readonly number[], queries: number): Promise<void> {
  const own = await OwnRedis.start();
  const redis = new Redis(own.url());
  try {
    let filled = 0;
    for (const size of sizes) {
      for (; filled < size; filled += 1000) {
        const batch: string[] = [];
        for (let i = filled; i < Math.min(size, filled + 1000); i++) batch.push(`room${i}`, roomCache(i));
        await redis.hset("roomcaches", ...batch);
      }
      const bytes = Number(await redis.memory("USAGE", "roomcaches"));
      const cpu0 = await redisCpuSeconds(redis);
      const t0 = performance.now();
      for (let q = 0; q < queries; q++) {
        // What RedisDriver.query does: every cache, parsed, filtered by name.
        const all = await redis.hgetall("roomcaches");
        let open = 0;
        for (const json of Object.values(all)) if ((JSON.parse(json) as { clients: number }).clients < 2) open++;
        if (open < 0) throw new Error("unreachable");
      }
      const clientMs = (performance.now() - t0) / queries;
      const redisMs = (((await redisCpuSeconds(redis)) - cpu0) * 1000) / queries;
      report({
        bench: "scaling.redis_listing",
        rooms: size,
        hashMb: round(bytes / 1024 / 1024, 1),
        perQuery: { redisCpuMs: round(redisMs, 2), clientMs: round(clientMs, 1) },
        // One Redis thread spends all of a core on these queries at this rate.
        queriesPerSecondOneRedisCore: Math.floor(1000 / Math.max(redisMs, 0.001)),
        queries,
      });
    }
  } finally {
    redis.disconnect();
    await own.stop();
  }
}

// ---- PostgreSQL: the journal of many processes ------------------------------------------------

const header = (): MatchHeader => ({
  game: "solrei",
  version: "bench",
  mode: "casual",
  config: {},
  seats: [{}, {}],
  seed: randomUUID(),
  seedHash: "h",
  startedAt: Date.now(),
  players: [0, 1].map((seat) => ({ seat, playerId: randomUUID(), name: `Player ${seat + 1}`, kind: "guest" as const })),
  bots: [],
  clock: { baseMs: 60_000, bankMs: 180_000 },
});

/** A decision as a SolRei room journals one (an action of the usual size, a hash every 25th). */
const action = { type: "play", card: 17, target: { seat: 1, slot: 3 } };

async function journalLoad(base: string, writers: number, rates: readonly number[], durationMs: number): Promise<void> {
  for (const rate of rates) {
    const scratch = await scratchDatabase(base, "bench_scaling");
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    const pools = Array.from({ length: writers }, () => createSql(scratch.url, { max: 4, log: silentLogger }));
    try {
      await migrate(pools[0]!, { dir: DEFAULT_MIGRATIONS_DIR, log: silentLogger });
      const journals = pools.map((sql, w) => new Journal({ sql, log: silentLogger, owner: `writer-${w}`, cluster: "bench", groupMs: 4 }));
      // One live match per decision per second of the rate (a person's pace: about one decision a second per match).
      const matches = Array.from({ length: rate }, (_, i) => ({ id: randomUUID(), writer: journals[i % writers]!, n: 0 }));
      for (let i = 0; i < matches.length; i += 500) await Promise.all(matches.slice(i, i + 500).map((m) => m.writer.begin(m.id, m.id.slice(0, 9), "solrei", header(), {})));
      const backendPids = async () => (await admin<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${new URL(scratch.url).pathname.slice(1)}`).map((r) => r.pid);
      const cpu = async () => (await backendPids()).reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
      const wal = async () => (await admin<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`)[0]!.lsn;
      const walBytes = async (from: string) => Number((await admin<{ d: string }[]>`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${from}::pg_lsn)::text as d`)[0]!.d);
      const commits = async () => Number((await admin<{ c: string }[]>`select xact_commit::text as c from pg_stat_database where datname = ${new URL(scratch.url).pathname.slice(1)}`)[0]!.c);

      const cpu0 = await cpu();
      const wal0 = await wal();
      const commits0 = await commits();
      const started = performance.now();
      const latencies: number[] = [];
      const inFlight = new Set<Promise<void>>();
      let sent = 0;
      // Open loop: every 10 ms, the decisions due by now, spread over the matches.
      await new Promise<void>((done) => {
        const tick = setInterval(() => {
          const elapsed = performance.now() - started;
          const due = Math.min(Math.floor((elapsed / 1000) * rate), Math.floor((durationMs / 1000) * rate));
          for (; sent < due; sent++) {
            const m = matches[sent % matches.length]!;
            m.n++;
            const at = performance.now();
            const p = m.writer
              .append(m.id, { n: m.n, kind: "act", seat: m.n % 2, action, at: m.n * 1000, ...(m.n % 25 === 0 ? { hash: "f".repeat(64) } : {}) })
              .then(() => void latencies.push(performance.now() - at));
            inFlight.add(p);
            void p.finally(() => inFlight.delete(p));
          }
          if (elapsed >= durationMs) {
            clearInterval(tick);
            done();
          }
        }, 10);
      });
      await Promise.all(inFlight);
      const seconds = (performance.now() - started) / 1000;
      const backendsCpuMs = (await cpu()) - cpu0;
      const wrote = await walBytes(wal0);
      const committed = (await commits()) - commits0;
      latencies.sort((a, b) => a - b);
      const p = (q: number) => round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0, 1);
      const achieved = latencies.length / seconds;
      const ops = journals.reduce((s, j) => s + j.stats.ops, 0) - matches.length;
      const batches = journals.reduce((s, j) => s + j.stats.batches, 0);
      report({
        bench: "scaling.journal_postgres",
        writers,
        liveMatches: rate,
        targetDecisionsPerSecond: rate,
        achievedDecisionsPerSecond: Math.round(achieved),
        timeToDurableMs: { p50: p(0.5), p99: p(0.99), max: p(1) },
        postgres: {
          cpuMsPerDecision: round(backendsCpuMs / latencies.length, 4),
          coresAtThisRate: round(backendsCpuMs / 1000 / seconds, 2),
          walBytesPerDecision: Math.round(wrote / latencies.length),
          commitsPerSecond: Math.round(committed / seconds),
        },
        opsPerBatch: round(ops / Math.max(1, batches), 1),
        held: achieved >= rate * 0.97 && p(0.99) < 50,
      });
    } finally {
      for (const sql of pools) await sql.end({ timeout: 5 }).catch(() => {});
      await admin.end({ timeout: 5 }).catch(() => {});
      await scratch.drop();
    }
  }
}

export async function scalingBenchmarks(quick: boolean): Promise<void> {
  await redisListing(quick ? [1_000, 10_000] : [1_000, 10_000, 100_000], quick ? 5 : 20);
  const target = await postgresTarget();
  if (target?.kind !== "postgresql") {
    report({ bench: "scaling.journal_postgres", skipped: "no PostgreSQL (DATABASE_URL unset and 127.0.0.1:5432 does not answer)" });
    return;
  }
  const rates = process.env.BENCH_SCALING_RATES?.split(",").map(Number) ?? (quick ? [1_000] : [1_000, 2_000, 4_000, 8_000]);
  await journalLoad(target.base, 4, rates, quick ? 4_000 : 10_000);
}
