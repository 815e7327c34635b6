import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Sql } from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/db.ts";
import { silentLogger } from "../log.ts";
import { createSql, DEFAULT_MIGRATIONS_DIR } from "./database.ts";
import { migrate, MigrationError } from "./migrate.ts";

let db: TestDatabase;
let sql: Sql;
const dirs: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  sql = db.sql;
});
afterAll(async () => {
  await db?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
beforeEach(async () => {
  // A clean slate: everything these tests create lives in public.
  await sql.unsafe("drop schema public cascade; create schema public");
});

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "migrations-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

/** Each file records that it ran; re-running one would also fail on its `create table`. */
const file = (name: string, extra = "") => `create table t_${name} (x int);\ninsert into ran (name) values ('${name}');\n${extra}`;
const base = {
  "001_ran.sql": "create table ran (seq serial primary key, name text not null);",
  "002_a.sql": file("a"),
  "003_b.sql": file("b", "insert into t_a values (1);"), // needs 002 applied first
  "010_c.sql": file("c"),
};

const ranNames = async () => (await sql<{ name: string }[]>`select name from ran order by seq`).map((r) => r.name);
const recorded = async () => sql<{ version: number; name: string; checksum: string }[]>`select version, name, checksum from schema_migrations order by version`;

describe("migrate", () => {
  it("applies the files in order, each once; a second run applies nothing", async () => {
    const dir = await migrationsDir(base);
    // Written in a scrambled order on disk too: the runner sorts by version.
    const first = await migrate(sql, { dir, log: silentLogger });
    expect(first.applied).toEqual(["001_ran.sql", "002_a.sql", "003_b.sql", "010_c.sql"]);
    expect(await ranNames()).toEqual(["a", "b", "c"]);
    const rows = await recorded();
    expect(rows.map((r) => [r.version, r.name])).toEqual([
      [1, "001_ran.sql"],
      [2, "002_a.sql"],
      [3, "003_b.sql"],
      [10, "010_c.sql"],
    ]);
    expect(rows[1]!.checksum).toBe(createHash("sha256").update(base["002_a.sql"]).digest("hex"));

    const second = await migrate(sql, { dir, log: silentLogger });
    expect(second.applied).toEqual([]);
    expect(await ranNames()).toEqual(["a", "b", "c"]);

    // A new file later is applied alone.
    await writeFile(join(dir, "011_d.sql"), file("d"));
    expect((await migrate(sql, { dir, log: silentLogger })).applied).toEqual(["011_d.sql"]);
    expect(await ranNames()).toEqual(["a", "b", "c", "d"]);
  });

  it("refuses an applied file that was edited, naming it, and applies nothing else", async () => {
    const dir = await migrationsDir({ "001_ran.sql": base["001_ran.sql"], "002_a.sql": base["002_a.sql"] });
    await migrate(sql, { dir, log: silentLogger });
    await writeFile(join(dir, "002_a.sql"), `${base["002_a.sql"]}\n-- edited\n`);
    await writeFile(join(dir, "003_b.sql"), base["003_b.sql"]);
    const error = await migrate(sql, { dir, log: silentLogger }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/migration 002_a\.sql .*changed after it was applied/);
    expect((await recorded()).map((r) => r.name)).toEqual(["001_ran.sql", "002_a.sql"]);
    expect(await ranNames()).toEqual(["a"]);
    expect(await sql`select to_regclass('t_b') as t`).toEqual([{ t: null }]);
  });

  it("two concurrent runs (separate pools, as two processes) apply each file exactly once", async () => {
    const files: Record<string, string> = { "001_ran.sql": base["001_ran.sql"] };
    for (let i = 2; i <= 8; i++) files[`00${i}_f${i}.sql`] = file(`f${i}`, "select pg_sleep(0.03);");
    const dir = await migrationsDir(files);
    const a = createSql(db.url, { max: 2 });
    const b = createSql(db.url, { max: 2 });
    try {
      const [ra, rb] = await Promise.all([migrate(a, { dir, log: silentLogger }), migrate(b, { dir, log: silentLogger })]);
      const all = [...ra.applied, ...rb.applied].sort();
      expect(all).toEqual(Object.keys(files).sort());
      expect(await ranNames()).toEqual(["f2", "f3", "f4", "f5", "f6", "f7", "f8"]);
      expect((await recorded()).length).toBe(8);
    } finally {
      await Promise.all([a.end({ timeout: 1 }), b.end({ timeout: 1 })]);
    }
  });

  it("refuses a badly named file before touching the database", async () => {
    for (const bad of ["02_short.sql", "002-dash.sql", "002_Upper.sql", "002_x.SQL", "abc_x.sql", "002_x.sql.bak"]) {
      const dir = await migrationsDir({ "001_ran.sql": base["001_ran.sql"], [bad]: "select 1;" });
      const error = await migrate(sql, { dir, log: silentLogger }).catch((e: unknown) => e);
      expect(error, bad).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toContain(JSON.stringify(bad));
    }
    expect(await sql`select to_regclass('schema_migrations') as t`).toEqual([{ t: null }]);
  });

  it("refuses two files with the same version", async () => {
    const dir = await migrationsDir({ "001_ran.sql": base["001_ran.sql"], "002_a.sql": file("a"), "002_b.sql": file("b") });
    await expect(migrate(sql, { dir, log: silentLogger })).rejects.toThrow(/002_a\.sql and 002_b\.sql share version 002/);
  });

  it("a failing file is rolled back and not recorded; the earlier ones stay applied", async () => {
    const dir = await migrationsDir({
      "001_ran.sql": base["001_ran.sql"],
      "002_a.sql": file("a"),
      "003_bad.sql": "create table t_half (x int);\nselect * from no_such_table;",
    });
    await expect(migrate(sql, { dir, log: silentLogger })).rejects.toThrow(/migration 003_bad\.sql failed: .*no_such_table/);
    expect((await recorded()).map((r) => r.name)).toEqual(["001_ran.sql", "002_a.sql"]);
    expect(await sql`select to_regclass('t_half') as t`).toEqual([{ t: null }]);
    // The lock was released: a fixed file applies.
    await writeFile(join(dir, "003_bad.sql"), "create table t_half (x int);");
    expect((await migrate(sql, { dir, log: silentLogger })).applied).toEqual(["003_bad.sql"]);
  });

  it("the repo's migrations create the schema", async () => {
    const { applied } = await migrate(sql, { dir: DEFAULT_MIGRATIONS_DIR, log: silentLogger });
    expect(applied[0]).toBe("001_init.sql");
    const tables = await sql<{ t: string }[]>`
      select table_name as t from information_schema.tables where table_schema = 'public' order by 1`;
    expect(tables.map((r) => r.t)).toEqual([
      "accounts",
      "audit_log",
      "bans",
      "live_matches",
      "live_steps",
      "match_dead_letters",
      "match_players",
      "matches",
      "players",
      "ratings",
      "replays",
      "reports",
      "schema_migrations",
      "server_instances",
    ]);
    const indexes = await sql<{ i: string }[]>`select indexname as i from pg_indexes where schemaname = 'public' order by 1`;
    expect(indexes.map((r) => r.i)).toEqual(expect.arrayContaining(["matches_ended_idx", "matches_game_ended_idx", "match_players_player_idx"]));
    expect((await migrate(sql, { dir: DEFAULT_MIGRATIONS_DIR, log: silentLogger })).applied).toEqual([]);
  });

  it("npm run migrate: applies, exits 0; exits 1 with a clear message on a bad file", async () => {
    const run = (env: Record<string, string>) =>
      promisify(execFile)(process.execPath, ["--import", "tsx", "server/db/migrateCli.ts"], {
        env: { ...process.env, LOG_LEVEL: "info", ...env },
        cwd: join(DEFAULT_MIGRATIONS_DIR, ".."),
      }).then(
        (r) => ({ code: 0, out: r.stdout + r.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
      );
    const ok = await run({ DATABASE_URL: db.url });
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain("001_init.sql");
    const dir = await migrationsDir({ "1_bad.sql": "select 1;" });
    const bad = await run({ DATABASE_URL: db.url, MIGRATIONS_DIR: dir });
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/migration failed: migration file name \\?"1_bad\.sql\\?" .* is not valid/);
  }, 30_000);
});
