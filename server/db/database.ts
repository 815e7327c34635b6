/**
 * Opens the database: an external PostgreSQL (DATABASE_URL) or, when none is given, the
 * embedded one in DATA_DIR; then applies the migrations. All SQL goes through one
 * `postgres` pool.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres, { type Sql } from "postgres";
import type { Logger } from "../log.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./embedded.ts";
import { migrate } from "./migrate.ts";

/** The repo's migrations/ directory (resolved from this file, not from the cwd). */
export const DEFAULT_MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "migrations");

export interface Database {
  sql: Sql;
  kind: "external" | "embedded";
  /** Ends the pool, then stops the embedded server (if any). Idempotent. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  log: Logger;
  migrationsDir?: string;
  /** Apply migrations on open (default true). */
  migrate?: boolean;
  /** The embedded database's shared_buffers (MB; default 32). */
  embeddedSharedBuffersMb?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const poolSize = options.poolSize ?? 10;
  const log = options.log;
  let embedded: EmbeddedPostgres | undefined;
  let url = options.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir, maxConnections: poolSize + 4, sharedBuffersMb: options.embeddedSharedBuffersMb, log: log.child({ component: "embedded-db" }) });
    url = embedded.url;
  }
  const sql = createSql(url, { max: poolSize, log });
  try {
    if (options.migrate !== false) {
      const { applied } = await migrate(sql, { dir: options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR, log });
      if (applied.length > 0) log.info({ applied }, "database migrated");
    }
  } catch (error) {
    await sql.end({ timeout: 5 }).catch(() => {});
    await embedded?.stop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    sql,
    kind: embedded ? "embedded" : "external",
    close: () =>
      (closing ??= (async () => {
        try {
          await sql.end({ timeout: 5 });
        } finally {
          await embedded?.stop();
        }
      })()),
  };
}

/**
 * Seconds before a pool connection tries again, after `attempts` failed connection attempts
 * (counted across the whole pool, reset by the next success). postgres' default grows as 3^n/100
 * up to 20 s: a database gone for a few seconds (each heartbeat, journal retry and health check a
 * failed attempt) left every connection waiting 10-20 s after it was back, and every match's
 * decisions with them. Here at most 1 s (jittered): a blip stalls the matches for the blip.
 */
function reconnectDelayS(attempts: number): number {
  return Math.min(0.05 * 2 ** attempts, 1) * (0.5 + Math.random() / 2);
}

/** Parses int8 as a number when it fits exactly, else as a bigint. */
function parseInt8(text: string): number | bigint {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/**
 * A `postgres` pool with this project's settings: int8 and numeric parsed to numbers (count(*),
 * sum(...) are numbers, not strings), notices routed to the logger at debug level (never the
 * console), no type fetching surprises.
 */
export function createSql(url: string, options: { max?: number; log?: Logger; connectTimeoutS?: number; idleTimeoutS?: number } = {}): Sql {
  const log = options.log;
  const sql = postgres(url, {
    max: options.max ?? 10,
    connect_timeout: options.connectTimeoutS ?? 10,
    idle_timeout: options.idleTimeoutS,
    backoff: reconnectDelayS,
    onnotice: (notice) => log?.debug({ notice: notice.message, code: notice.code }, "postgres notice"),
    types: {
      int8: { to: 20, from: [20], serialize: (x: number | bigint) => String(x), parse: parseInt8 },
      numeric: { to: 1700, from: [1700], serialize: (x: number | string) => String(x), parse: (x: string) => Number(x) },
    },
  });
  return sql as unknown as Sql;
}
