/**
 * Moving a database journal into the files (adopt.ts): this instance's matches arrive whole
 * (header, links, decisions, a failure mark) and leave the database; another instance's stay.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/db.ts";
import { silentLogger } from "../log.ts";
import type { JournalEntry, MatchHeader } from "../../match/journalTypes.ts";
import { adoptDatabaseJournal } from "./adopt.ts";
import { FileJournal } from "./fileJournal.ts";
import { Journal } from "./journal.ts";
import { markFailed } from "./live.ts";

let db: TestDatabase;
const dir = mkdtempSync(join(tmpdir(), "tt-adopt-"));
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const header: MatchHeader = {
  game: "solrei",
  version: "test",
  mode: "casual",
  config: {},
  seats: [{}, {}],
  seed: "s",
  seedHash: "h",
  startedAt: 1_000,
  players: [
    { seat: 0, playerId: "00000000-0000-4000-8000-000000000000", name: "A", kind: "guest" },
    { seat: 1, playerId: "00000000-0000-4000-8000-000000000001", name: "B", kind: "guest" },
  ],
  bots: [],
  clock: null,
};
const uuid = (i: number) => `40000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const entries: JournalEntry[] = [1, 2, 3].map((n) => ({ n, kind: "act", seat: n % 2, action: { n }, at: n * 100, ...(n === 3 ? { auto: "forced" as const, hash: "abc" } : {}) }));

it("this instance's live matches move from the database into the journal files, whole; another instance's stay where they are", async () => {
  const mine = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-a", cluster: "" });
  const other = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-b", cluster: "" });
  for (const [journal, id] of [
    [mine, uuid(1)],
    [mine, uuid(2)],
    [other, uuid(3)],
  ] as const) {
    await journal.begin(id, `room-${id.slice(-1)}`, "solrei", header, { 0: { sessionId: "s0", token: "t0" } });
    for (const e of entries) await journal.append(id, e);
  }
  await markFailed(db.sql, uuid(2), "kept for a human");

  const files = await FileJournal.open({ dir: join(dir, "journal"), log: silentLogger, owner: "inst-a" });
  expect(await adoptDatabaseJournal(db.sql, files, "inst-a", silentLogger)).toBe(2);
  expect(await files.ownMatches()).toEqual([uuid(1)]);
  const moved = await files.loadMatch(uuid(1));
  expect(moved).toMatchObject({ roomId: "room-1", roomName: "solrei", header, links: { 0: { sessionId: "s0", token: "t0" } }, entries });
  expect(await files.isLive(uuid(2))).toBe(true);
  await files.close();
  const left = await db.sql<{ id: string }[]>`select id from live_matches order by id`;
  expect(left.map((r) => r.id)).toEqual([uuid(3)]);

  // The next start finds them in the files (the failed one still not resumed).
  const again = await FileJournal.open({ dir: join(dir, "journal"), log: silentLogger, owner: "inst-a" });
  expect(await adoptDatabaseJournal(db.sql, again, "inst-a", silentLogger)).toBe(0);
  expect(await again.ownMatches()).toEqual([uuid(1)]);
  await again.close();
});
