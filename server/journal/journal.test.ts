/**
 * The journal writer (journal.ts) against the test database: group commit (many rooms' facts
 * in few round trips, each room's in order), and one refused record never blocks the others.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/db.ts";
import { silentLogger } from "../log.ts";
import { Journal } from "./journal.ts";
import { loadMatch } from "./live.ts";
import type { MatchHeader } from "../../match/journalTypes.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const header = (seed: string): MatchHeader => ({
  game: "solrei",
  version: "test",
  mode: "casual",
  config: {},
  seats: [{}, {}],
  seed,
  seedHash: "h",
  startedAt: Date.now(),
  players: [
    { seat: 0, playerId: "00000000-0000-4000-8000-000000000000", name: "A", kind: "guest" },
    { seat: 1, playerId: "00000000-0000-4000-8000-000000000001", name: "B", kind: "guest" },
  ],
  bots: [],
  clock: null,
});
const uuid = (i: number) => `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`;

it("group commit: 40 rooms appending 10 decisions each, all at once, take a handful of batches, and each room's decisions land in order", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-a", cluster: "" });
  const writes: Promise<void>[] = [];
  for (let m = 0; m < 40; m++) writes.push(journal.begin(uuid(m), `room${m}`, "solrei", header(`s${m}`), { "0": { sessionId: "s", token: "t" } }));
  for (let n = 1; n <= 10; n++) {
    for (let m = 0; m < 40; m++) writes.push(journal.append(uuid(m), { n, kind: "act", seat: n % 2, action: { type: "pick", n }, at: n * 10 }));
  }
  await Promise.all(writes);
  expect(journal.stats.ops).toBe(440);
  expect(journal.stats.batches).toBeLessThanOrEqual(5);
  const match = (await loadMatch(db.sql, uuid(7)))!;
  expect(match.entries.map((e) => e.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(match.entries[2]).toEqual({ n: 3, kind: "act", seat: 1, action: { type: "pick", n: 3 }, at: 30 });
  expect(match.links).toEqual({ "0": { sessionId: "s", token: "t" } });
  expect(match.header.seed).toBe("s7");
});

it("a record the database refuses fails alone: the other rooms' facts in the same batch are written", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-b", cluster: "" });
  await journal.begin(uuid(100), "room100", "solrei", header("ok"), {});
  const good = journal.append(uuid(100), { n: 1, kind: "act", seat: 0, action: { type: "x" }, at: 1 });
  const orphan = journal.append(uuid(999), { n: 1, kind: "act", seat: 0, action: { type: "x" }, at: 1 }); // no such match
  const good2 = journal.append(uuid(100), { n: 2, kind: "act", seat: 1, action: { type: "y" }, at: 2 });
  await expect(orphan).rejects.toMatchObject({ code: "23503" });
  await Promise.all([good, good2]);
  expect(journal.stats.refused).toBe(1);
  expect((await loadMatch(db.sql, uuid(100)))!.entries.map((e) => e.n)).toEqual([1, 2]);
});

it("links and the hand-over are written in order with the decisions; a stored match leaves the journal with its steps", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-c", cluster: "" });
  void journal.begin(uuid(200), "room200", "solrei", header("l"), {});
  void journal.append(uuid(200), { n: 1, kind: "act", seat: 0, action: 1, at: 1 });
  void journal.link(uuid(200), { "1": { sessionId: "s1", token: "t1" } });
  await journal.suspend(uuid(200));
  const [row] = await db.sql`select links, suspended_at from live_matches where id = ${uuid(200)}`;
  expect(JSON.parse(row!.links)).toEqual({ "1": { sessionId: "s1", token: "t1" } });
  expect(row!.suspended_at).not.toBeNull();
  await db.sql`delete from live_matches where id = ${uuid(200)}`;
  expect(await db.sql`select 1 from live_steps where match_id = ${uuid(200)}`).toHaveLength(0);
});

it("one room awaiting each decision before the next (the usual pace) never stalls: an op queued as a batch ends starts the next batch", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-d", cluster: "" });
  await journal.begin(uuid(300), "room300", "solrei", header("seq"), {});
  // Each room resumes a few microtasks after its write resolves: one of those delays lands just
  // as the writer finishes a batch.
  let n = 0;
  for (let delay = 0; delay < 12; delay++) {
    for (let i = 0; i < 5; i++) {
      await journal.append(uuid(300), { n: ++n, kind: "act", seat: 0, action: n, at: n });
      for (let d = 0; d < delay; d++) await Promise.resolve();
    }
  }
  expect((await loadMatch(db.sql, uuid(300)))!.entries).toHaveLength(n);
}, 120_000);

it("a backlog larger than one statement can carry (10,000 decisions queued at once, 80,000 parameters) is written in several batches", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-e", cluster: "" });
  await journal.begin(uuid(400), "room400", "solrei", header("big"), {});
  await Promise.all(Array.from({ length: 10_000 }, (_, i) => journal.append(uuid(400), { n: i + 1, kind: "act", seat: 0, action: i, at: i })));
  const [{ n }] = await db.sql`select count(*)::int as n from live_steps where match_id = ${uuid(400)}`;
  expect(n).toBe(10_000);
  expect(journal.stats.batches).toBeGreaterThanOrEqual(3);
}, 120_000);

it("group window: while rooms write concurrently, a decision arriving within the window shares the batch of one queued before it", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-f", cluster: "", groupMs: 200 });
  await Promise.all([journal.begin(uuid(500), "room500", "solrei", header("g1"), {}), journal.begin(uuid(501), "room501", "solrei", header("g2"), {})]);
  const before = journal.stats.batches; // the last batch held two operations: rooms write concurrently
  const first = journal.append(uuid(500), { n: 1, kind: "act", seat: 0, action: 1, at: 1 });
  // Queued 20 ms later (a timer due before the window's 200 ms one, however busy the machine is).
  const second = new Promise<void>((resolve, reject) => setTimeout(() => journal.append(uuid(501), { n: 1, kind: "act", seat: 0, action: 1, at: 1 }).then(resolve, reject), 20));
  await Promise.all([first, second]);
  expect(journal.stats.batches - before).toBe(1);
});

it("group window: a lone room's decisions never wait out the window (each batch held one operation)", async () => {
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: "inst-g", cluster: "", groupMs: 60_000 });
  await journal.begin(uuid(600), "room600", "solrei", header("lone"), {});
  for (let n = 1; n <= 5; n++) await journal.append(uuid(600), { n, kind: "act", seat: 0, action: n, at: n });
  expect(journal.stats.batches).toBe(6);
}, 30_000);
