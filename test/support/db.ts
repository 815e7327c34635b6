/**
 * A fresh, migrated database for one test file.
 *   DATABASE_URL set:   a new database `t_<random>` on that server, dropped by close().
 *   DATABASE_URL unset: the embedded database in a fresh temp dir, removed by close().
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { createSql, DEFAULT_MIGRATIONS_DIR } from "../../server/db/database.ts";
import { startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { migrate } from "../../server/db/migrate.ts";
import { silentLogger } from "../../server/log.ts";

export interface TestDatabase {
  url: string;
  sql: Sql;
  kind: "external" | "embedded";
  close(): Promise<void>;
}

export async function createTestDatabase(options: { migrate?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const poolSize = options.poolSize ?? 10;
  const base = process.env.DATABASE_URL?.trim();
  if (base) {
    const name = `t_${randomBytes(6).toString("hex")}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name}`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    const u = new URL(base);
    u.pathname = `/${name}`;
    const url = u.toString();
    const sql = createSql(url, { max: poolSize, log: silentLogger });
    const close = async () => {
      await sql.end({ timeout: 5 });
      const dropper = postgres(base, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    };
    try {
      if (options.migrate !== false) await migrate(sql, { dir: DEFAULT_MIGRATIONS_DIR, log: silentLogger });
    } catch (error) {
      await close();
      throw error;
    }
    return { url, sql, kind: "external", close: once(close) };
  }

  const dir = await mkdtemp(join(tmpdir(), "testdb-"));
  // Generous connection slots: tests open extra pools (servers, proxies) next to this one.
  const embedded = await startEmbeddedPostgres({ dataDir: dir, maxConnections: poolSize + 30, log: silentLogger });
  const sql = createSql(embedded.url, { max: poolSize, log: silentLogger });
  const close = async () => {
    try {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  try {
    if (options.migrate !== false) await migrate(sql, { dir: DEFAULT_MIGRATIONS_DIR, log: silentLogger });
  } catch (error) {
    await close();
    throw error;
  }
  return { url: embedded.url, sql, kind: "embedded", close: once(close) };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let p: Promise<void> | undefined;
  return () => (p ??= fn());
}
