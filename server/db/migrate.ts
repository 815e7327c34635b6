/**
 * Schema migrations: numbered SQL files (`001_init.sql`, `002_...sql`) applied in order,
 * each once, each in its own transaction, recorded in `schema_migrations` with a sha256
 * of the file. An applied file that was edited afterwards is refused (add a new file
 * instead), and so is a file whose name is not `NNN_lower_snake.sql`.
 *
 * Concurrency: the whole run holds a session advisory lock on ONE reserved connection,
 * so two processes starting together apply each file once. PGlite (the embedded database)
 * multiplexes every client onto one backend, where advisory locks are re-entrant and so do
 * not exclude anything; there each file is re-checked inside its transaction, and PGlite's
 * socket server runs one client's transaction at a time, which makes that check exclusive.
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Sql } from "postgres";
import type { Logger } from "../log.ts";

export const MIGRATION_NAME = /^\d{3}_[a-z0-9_]+\.sql$/;
/** Arbitrary constant key for pg_advisory_lock: "migrations" of this server. */
const LOCK_KEY = "7164837201";

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MigrationError";
  }
}

export interface MigrationFile {
  version: number;
  name: string;
  checksum: string;
  text: string;
}

/** Reads and validates the migration files of `dir`, in version order. Hidden files and `*.md` are ignored. */
export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    throw new MigrationError(`cannot read migrations directory ${dir}: ${(error as Error).message}`, { cause: error });
  }
  const files: MigrationFile[] = [];
  const byVersion = new Map<number, string>();
  for (const name of entries.sort()) {
    if (name.startsWith(".") || name.toLowerCase().endsWith(".md")) continue;
    if (!MIGRATION_NAME.test(name)) {
      throw new MigrationError(`migration file name ${JSON.stringify(name)} in ${dir} is not valid: expected NNN_lower_snake_case.sql (e.g. 002_add_ratings.sql)`);
    }
    const version = Number.parseInt(name.slice(0, 3), 10);
    const clash = byVersion.get(version);
    if (clash) throw new MigrationError(`migrations ${clash} and ${name} share version ${name.slice(0, 3)}`);
    byVersion.set(version, name);
    const text = await readFile(join(dir, name), "utf8");
    files.push({ version, name, text, checksum: createHash("sha256").update(text).digest("hex") });
  }
  return files.sort((a, b) => a.version - b.version);
}

/** Applies the pending migrations of `dir`. Returns the names applied by this call, in order. */
export async function migrate(sql: Sql, options: { dir: string; log: Logger }): Promise<{ applied: string[] }> {
  const { dir, log } = options;
  const files = await readMigrations(dir);
  const applied: string[] = [];
  const conn = await sql.reserve();
  let locked = false;
  try {
    const [tried] = await conn.unsafe(`select pg_try_advisory_lock(${LOCK_KEY}) as ok`);
    if (!tried?.ok) {
      log.info("waiting for another process to finish its migrations");
      await conn.unsafe(`select pg_advisory_lock(${LOCK_KEY})`);
    }
    locked = true;

    // One statement (no NOTICE when it exists; atomic on PGlite's shared backend too).
    await conn.unsafe(`do $$ begin
      if to_regclass('schema_migrations') is null then
        create table schema_migrations (
          version    int primary key,
          name       text not null,
          checksum   text not null,
          applied_at timestamptz not null default now()
        );
      end if;
    end $$`);

    const rows = await conn<{ version: number; name: string; checksum: string }[]>`
      select version, name, checksum from schema_migrations order by version`;
    const done = new Map(rows.map((r) => [r.version, r]));
    // Verify everything before applying anything.
    for (const file of files) {
      const row = done.get(file.version);
      if (row) verifyApplied(file, row, dir);
    }
    const known = new Set(files.map((f) => f.version));
    for (const row of rows) {
      if (!known.has(row.version)) {
        log.warn({ migration: row.name }, "the database has a migration that is not in the migrations directory (newer code ran here?)");
      }
    }

    for (const file of files) {
      if (done.has(file.version)) continue;
      const started = performance.now();
      // A reserved connection has no .begin(): run the transaction by hand on it.
      await conn.unsafe("begin");
      let ran = false;
      try {
        // Re-check inside the transaction (see the header: PGlite).
        const [again] = await conn<{ version: number; name: string; checksum: string }[]>`
          select version, name, checksum from schema_migrations where version = ${file.version}`;
        if (again) {
          verifyApplied(file, again, dir);
        } else {
          try {
            await conn.unsafe(file.text); // no parameters: simple protocol, several statements allowed
          } catch (error) {
            throw new MigrationError(`migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
          }
          await conn`insert into schema_migrations (version, name, checksum) values (${file.version}, ${file.name}, ${file.checksum})`;
          ran = true;
        }
        await conn.unsafe("commit");
      } catch (error) {
        await conn.unsafe("rollback").catch(() => {});
        throw error;
      }
      if (ran) {
        applied.push(file.name);
        log.info({ migration: file.name, ms: Math.round(performance.now() - started) }, "applied migration");
      }
    }
    return { applied };
  } finally {
    if (locked) {
      // If the connection broke, the session (and its lock) is gone anyway.
      await conn.unsafe(`select pg_advisory_unlock(${LOCK_KEY})`).catch(() => {});
    }
    conn.release();
  }
}

function verifyApplied(file: MigrationFile, row: { name: string; checksum: string }, dir: string): void {
  if (row.checksum !== file.checksum) {
    throw new MigrationError(
      `migration ${file.name} (in ${dir}) was changed after it was applied (checksum ${file.checksum.slice(0, 12)}… != applied ${row.checksum.slice(0, 12)}…); ` +
        `restore the applied file and put the change in a new migration`,
    );
  }
  if (row.name !== file.name) {
    throw new MigrationError(`migration version ${file.name.slice(0, 3)} was applied as ${row.name} but the file is now named ${file.name}`);
  }
}
