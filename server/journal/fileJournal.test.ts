/**
 * The file journal (fileJournal.ts, format journalFiles.ts): group commit with each match's
 * records in order, what a crash leaves (a cut-short last record, a damaged one in the middle),
 * the records that end, fail and hand over a match, and compaction keeping exactly the matches
 * still in the journal.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { silentLogger } from "../log.ts";
import type { JournalEntry, MatchHeader } from "../../match/journalTypes.ts";
import { FileJournal } from "./fileJournal.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tt-filejournal-"));
  dirs.push(dir);
  return join(dir, "journal");
}

const header = (seed: string): MatchHeader => ({
  game: "solrei",
  version: "test",
  mode: "casual",
  config: {},
  seats: [{}, {}],
  seed,
  seedHash: "h",
  startedAt: 1_000_000,
  players: [
    { seat: 0, playerId: "00000000-0000-4000-8000-000000000000", name: "A", kind: "guest" },
    { seat: 1, playerId: "00000000-0000-4000-8000-000000000001", name: "B", kind: "guest" },
  ],
  bots: [],
  clock: null,
});
const uuid = (i: number) => `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const entry = (n: number): JournalEntry => ({ n, kind: "act", seat: n % 2, action: { play: n, text: "line\nbreak \u2028 é" }, at: n * 10 });
const open = (dir: string, segmentBytes?: number) => FileJournal.open({ dir, log: silentLogger, owner: "inst-a", segmentBytes });
const segments = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.endsWith(".log"))
    .sort();

it("group commit: 40 matches appending 10 decisions each, all at once, take a handful of batches; read back, each match's decisions are in order", async () => {
  const dir = tempDir();
  const journal = await open(dir);
  const writes: Promise<void>[] = [];
  for (let m = 0; m < 40; m++) writes.push(journal.begin(uuid(m), `room${m}`, "solrei", header(`s${m}`), { 0: { sessionId: `s${m}`, token: "t" } }));
  for (let n = 1; n <= 10; n++) for (let m = 0; m < 40; m++) writes.push(journal.append(uuid(m), entry(n)));
  await Promise.all(writes);
  expect(journal.stats.ops).toBe(440);
  expect(journal.stats.batches).toBeLessThan(20);
  await journal.close();

  const again = await open(dir);
  expect(await again.ownMatches()).toEqual(Array.from({ length: 40 }, (_, m) => uuid(m)));
  const read = await again.loadMatch(uuid(7));
  expect(read).toMatchObject({ roomId: "room7", roomName: "solrei", owner: "inst-a", links: { 0: { sessionId: "s7", token: "t" } }, header: header("s7") });
  expect(read!.entries).toEqual(Array.from({ length: 10 }, (_, i) => entry(i + 1)));
  await again.close();
});

it("after a crash: a record cut short at the end is ignored; a damaged one in the middle costs only its own match", async () => {
  const dir = tempDir();
  const journal = await open(dir);
  for (const m of [1, 2]) {
    await journal.begin(uuid(m), `room${m}`, "solrei", header("s"), {});
    for (let n = 1; n <= 3; n++) await journal.append(uuid(m), entry(n));
  }
  await journal.close();
  const [segment] = segments(dir);
  const file = join(dir, segment!);
  // Match 1's second decision damaged on disk; then a write the crash cut in half.
  const lines = readFileSync(file, "utf8").split("\n");
  const damaged = lines.findIndex((l) => l.includes(`"m":"${uuid(1)}"`) && l.includes('"n":2'));
  lines[damaged] = lines[damaged]!.replace('"play":2', '"play":9');
  writeFileSync(file, lines.join("\n"));
  appendFileSync(file, '1234abcd {"k":"entry","m":"');

  const again = await open(dir);
  expect((await again.loadMatch(uuid(1)))!.entries.map((e) => e.n)).toEqual([1, 3]); // the gap makes its rebuild fail, as it must
  expect((await again.loadMatch(uuid(2)))!.entries.map((e) => e.n)).toEqual([1, 2, 3]);
  // The new life appends to a new segment, after the cut-short one.
  await again.append(uuid(2), entry(4));
  await again.close();
  expect(segments(dir).length).toBeGreaterThanOrEqual(1);
  const third = await open(dir);
  expect((await third.loadMatch(uuid(2)))!.entries.map((e) => e.n)).toEqual([1, 2, 3, 4]);
  await third.close();
});

it("a match leaves the journal when it ends or is discarded; a failed one stays but is not resumed; a handed-over one pauses at its hand-over", async () => {
  const dir = tempDir();
  const journal = await open(dir);
  for (const m of [1, 2, 3, 4, 5]) await journal.begin(uuid(m), `room${m}`, "solrei", header("s"), {});
  await journal.ended(uuid(1));
  await journal.discard(uuid(2));
  await journal.markFailed(uuid(3), "the rebuilt state differs");
  const before = Date.now();
  await journal.suspend(uuid(4));
  await journal.suspend(uuid(5));
  await journal.unsuspend(uuid(5));
  await journal.heartbeat();
  expect(await journal.isLive(uuid(1))).toBe(false);
  expect(await journal.isLive(uuid(3))).toBe(true);
  await journal.close();

  const again = await open(dir);
  expect(await again.ownMatches()).toEqual([uuid(4), uuid(5)]);
  expect(await again.isLive(uuid(3))).toBe(true);
  expect(await again.isLive(uuid(2))).toBe(false);
  const handedOver = await again.loadMatch(uuid(4));
  expect(handedOver!.pausedAt).toBeGreaterThanOrEqual(before);
  const beat = Number(readFileSync(join(dir, "heartbeat"), "utf8"));
  expect((await again.loadMatch(uuid(5)))!.pausedAt).toBe(beat); // cut by a crash: its clocks stopped at the last heartbeat
  expect(await again.loadMatch(uuid(4))).toBeNull(); // read once: the resumer owns it now
  await again.close();
});

it("compaction: with small segments, 300 matches that come and go leave a snapshot of exactly the 20 still live and a few small files", async () => {
  const dir = tempDir();
  const journal = await open(dir, 8 * 1024);
  const live = new Set<number>();
  for (let m = 0; m < 300; m++) {
    await journal.begin(uuid(m), `room${m}`, "solrei", header("s"), {});
    for (let n = 1; n <= 5; n++) await journal.append(uuid(m), entry(n));
    if (m % 15 === 0) live.add(m);
    else await journal.ended(uuid(m));
  }
  await journal.close();
  expect(journal.stats.compactions).toBeGreaterThan(0);
  const bytes = readdirSync(dir).reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
  expect(readdirSync(dir).filter((n) => n.endsWith(".snap"))).toHaveLength(1);
  expect(bytes).toBeLessThan(60 * 1024); // 300 matches' records were about 250 KB

  const again = await open(dir, 8 * 1024);
  expect(await again.ownMatches()).toEqual([...live].map(uuid));
  for (const m of live) expect((await again.loadMatch(uuid(m)))!.entries).toEqual([1, 2, 3, 4, 5].map(entry));
  await again.close();
});

it("a large durable batch goes back to its rooms in slices, with the event loop's other work between them", async () => {
  const dir = tempDir();
  const journal = await open(dir);
  await journal.begin(uuid(1), "room1", "solrei", header("s"), {});
  const order: string[] = [];
  const writes = Array.from({ length: 64 }, (_, i) =>
    journal.append(uuid(1), entry(i + 1)).then(() => {
      order.push(`room${i}`);
      if (i === 0) setImmediate(() => order.push("io")); // a socket read, a join: what a long stretch would hold back
    }),
  );
  await Promise.all(writes);
  expect(journal.stats.batches).toBe(2); // the header, then the 64 decisions together
  const io = order.indexOf("io");
  expect(io).toBeGreaterThan(0);
  expect(io).toBeLessThan(order.length - 1);
  await journal.close();
});
