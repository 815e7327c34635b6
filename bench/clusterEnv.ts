/**
 * PostgreSQL and Redis for the benchmark's server processes on a shared database (capacity:
 * one process on PostgreSQL, two processes sharing PostgreSQL and Redis). Each server (or each
 * pair) gets a database of its own, made here and dropped after, and a Redis database index the
 * benchmark owns, flushed before and after, so no run sees another's rows or rooms.
 *
 *   BENCH_DATABASE_URL (else DATABASE_URL)   a PostgreSQL server the benchmark may create and
 *                                            drop databases on (bench_<random>)
 *   REDIS_URL                                Redis; the benchmark uses its database index
 *                                            BENCH_REDIS_DB (default 15) and flushes it
 */
import { readdirSync, readFileSync } from "node:fs";
import { processCpuMs } from "./childServer.ts";
import { scratchDatabase } from "../test/support/db.ts";
import { Redis } from "ioredis";

/** What to undo if the benchmark is stopped mid-step (SIGINT, SIGTERM): databases to drop, Redis to flush. */
const pendingCleanups = new Set<() => Promise<void>>();
let signalsHandled = false;

/**
 * On SIGINT or SIGTERM: drops the databases and flushes the Redis index still in use (up to
 * 10 s), then exits, which ends every server and bot process (their exit handlers).
 */
export function cleanUpOnSignal(): void {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      const done = Promise.allSettled([...pendingCleanups].map((fn) => fn()));
      void Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]).then(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
}

function tracked(fn: () => Promise<void>): () => Promise<void> {
  const run = async () => {
    pendingCleanups.delete(run);
    await fn();
  };
  pendingCleanups.add(run);
  return run;
}

/** The PostgreSQL server and Redis for the shared-database series, or why they cannot run. */
export function sharedBackends(): { databaseUrl: string; redisUrl: string } | { skipped: string } {
  const databaseUrl = (process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL)?.trim();
  const redisUrl = process.env.REDIS_URL?.trim();
  if (databaseUrl && redisUrl) return { databaseUrl, redisUrl };
  const missing = [databaseUrl ? null : "BENCH_DATABASE_URL (or DATABASE_URL)", redisUrl ? null : "REDIS_URL"].filter(Boolean).join(" and ");
  return { skipped: `${missing} not set: the one-process-on-PostgreSQL and two-process series need PostgreSQL and Redis` };
}

/** A fresh database on the server of `baseUrl`, for one server (or one pair); drop() removes it (also on SIGINT/SIGTERM). */
export async function freshDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const database = await scratchDatabase(baseUrl, "bench", { connectTimeoutS: 5 });
  return { url: database.url, drop: tracked(database.drop) };
}

/** REDIS_URL on the benchmark's own database index (BENCH_REDIS_DB, default 15), flushed; flush() empties it again. */
export async function freshRedis(baseUrl: string): Promise<{ url: string; flush(): Promise<void> }> {
  const url = new URL(baseUrl);
  url.pathname = `/${Number(process.env.BENCH_REDIS_DB ?? 15)}`;
  const flush = async () => {
    const redis = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 3_000 });
    redis.on("error", () => {});
    try {
      await redis.connect();
      await redis.flushdb();
    } finally {
      redis.disconnect();
    }
  };
  await flush();
  return { url: url.toString(), flush: tracked(flush) };
}

/** The machine's busy CPU time so far (every core; not idle nor iowait), ms; null: no /proc. */
export function machineBusyMs(): number | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already in user)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return ((total - fields[3]! - fields[4]!) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * The PostgreSQL backends serving database `name` on this machine (their process title is
 * `postgres: <user> <database> <client> ...`): their pids, or none when PostgreSQL runs elsewhere.
 */
export function databaseBackendPids(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ");
      if (title.startsWith("postgres: ") && title.split(" ").includes(name)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU ms so far of each pid (0 for one that is gone). */
export const cpuOf = (pids: number[]): number => pids.reduce((n, pid) => n + (processCpuMs(pid) ?? 0), 0);
