/**
 * A fresh, migrated database for one test file.
 *   DATABASE_URL set:   a new database `t_<random>` on that server, dropped by close().
 *   DATABASE_URL unset: the embedded database in a fresh temp dir, removed by close().
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { cp, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import postgres, { type Sql } from "postgres";
import { createSql, DEFAULT_MIGRATIONS_DIR } from "../../server/db/database.ts";
import { startEmbeddedPostgres } from "../../server/db/embedded.ts";
import { migrate } from "../../server/db/migrate.ts";
import { silentLogger } from "../../server/log.ts";

const execFileAsync = promisify(execFile);

export interface TestDatabase {
  url: string;
  sql: Sql;
  kind: "external" | "embedded";
  close(): Promise<void>;
}

/**
 * A new, empty database `<prefix>_<random>` on the PostgreSQL server of `baseUrl` (its role may
 * create databases); drop() removes it, whoever is still connected. The benchmark uses it too.
 */
export async function scratchDatabase(baseUrl: string, prefix: string, options: { connectTimeoutS?: number } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = () => postgres(baseUrl, { max: 1, onnotice: () => {}, ...(options.connectTimeoutS ? { connect_timeout: options.connectTimeoutS } : {}) });
  const run = async (statement: string) => {
    const sql = admin();
    try {
      await sql.unsafe(statement);
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
  await run(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export async function createTestDatabase(options: { migrate?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const poolSize = options.poolSize ?? 10;
  const base = process.env.DATABASE_URL?.trim();
  if (base) {
    const scratch = await scratchDatabase(base, "t");
    const url = scratch.url;
    const sql = createSql(url, { max: poolSize, log: silentLogger });
    const close = async () => {
      await sql.end({ timeout: 5 });
      await scratch.drop();
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
  await seedEmbeddedDataDir(dir);
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

/**
 * Pre-fills `<dataDir>/pglite` with a copy of a freshly initialised (empty, cleanly stopped)
 * PGlite data dir, cached per PGlite version in the OS temp dir: a copy takes ~0.1 s where
 * initdb in wasm takes ~5 s. Tests that must exercise initdb simply don't call this.
 */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const template = await embeddedTemplate();
  const target = join(dataDir, "pglite");
  // cp(1) is ~10x faster than fs.cp for the ~1000 files; fall back to fs.cp where it is missing.
  await execFileAsync("cp", ["-R", template, target]).catch(() => cp(template, target, { recursive: true }));
}

let templatePromise: Promise<string> | undefined;

function embeddedTemplate(): Promise<string> {
  templatePromise ??= (async () => {
    const pkg = join(DEFAULT_MIGRATIONS_DIR, "..", "node_modules", "@electric-sql", "pglite", "package.json");
    const version = (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version;
    const template = join(tmpdir(), `pglite-template-${version}`);
    if (await exists(join(template, "PG_VERSION"))) return template;
    const build = await mkdtemp(join(tmpdir(), "pglite-template-build-"));
    try {
      const db = await startEmbeddedPostgres({ dataDir: build, maxConnections: 4, log: silentLogger });
      await db.stop();
      // Atomic: concurrent test processes either see the whole template or none; losers discard theirs.
      await rename(join(build, "pglite"), template).catch(async (error: NodeJS.ErrnoException) => {
        if (!(await exists(join(template, "PG_VERSION")))) throw error;
      });
    } finally {
      await rm(build, { recursive: true, force: true });
    }
    return template;
  })();
  return templatePromise;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
