/**
 * Where a benchmark server keeps its data (journal.ts, journalResume.ts, scaling.ts): the embedded
 * database, or a fresh database on a PostgreSQL server, made for the run and dropped after.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { openDatabase } from "../server/db/database.ts";
import { silentLogger } from "../server/log.ts";
import { seedEmbeddedDataDir } from "../test/support/db.ts";
import { processCpuMs } from "./childServer.ts";

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
export interface Place {
  dataDir: string;
  /** DATABASE_URL for the server (none: the embedded database in dataDir). */
  databaseUrl?: string;
  /** CPU ms of each database backend serving this database (PostgreSQL only). */
  backendCpu(): Promise<Map<number, number> | null>;
  /** A pool on the database, for seeding (the embedded one is started in this process). */
  open(): Promise<{ sql: Sql; close(): Promise<void> }>;
  close(): Promise<void>;
}

export async function freshPlace(target: Target, name: string): Promise<Place> {
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
