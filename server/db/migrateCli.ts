/**
 * `npm run migrate`: applies the migrations to DATABASE_URL, or to the embedded database in
 * DATA_DIR (default ./data) when DATABASE_URL is unset. Exit code 1 on any error.
 */
import { createLogger } from "../log.ts";
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from "./database.ts";
import { DataDirInUseError, dataDirFailure } from "../dataDirLock.ts";
import { migrate } from "./migrate.ts";

async function main(): Promise<number> {
  const log = createLogger({ level: process.env.LOG_LEVEL || "info" });
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || "./data";
  const dir = process.env.MIGRATIONS_DIR?.trim() || DEFAULT_MIGRATIONS_DIR;
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    db = await openDatabase({ databaseUrl, dataDir, poolSize: 2, log, migrate: false });
    log.info({ database: db.kind, dataDir: db.kind === "embedded" ? dataDir : undefined, migrations: dir }, "migrating");
    const { applied } = await migrate(db.sql, { dir, log });
    if (applied.length === 0) log.info("database is up to date; nothing to apply");
    else log.info({ applied }, `applied ${applied.length} migration(s)`);
    return 0;
  } catch (error) {
    const dataDirProblem = dataDirFailure(error, dataDir);
    if (dataDirProblem) log.error({ dataDir, pid: error instanceof DataDirInUseError ? error.pid : undefined }, `migration not started: ${dataDirProblem}`);
    else log.error({ err: error }, `migration failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db?.close().catch((error: unknown) => log.error({ err: error }, "closing the database failed"));
  }
}

process.exitCode = await main();
