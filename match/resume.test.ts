/**
 * Resuming a journaled match (match/resume.ts): the rebuild is exact, a journal that does not
 * match is refused rather than resumed wrong, and the turn clocks keep the time each seat had
 * left, not charging the time no process ran the match.
 */
import { describe, expect, it } from "vitest";
import type { AnyEngine } from "../rules/core/engine.ts";
import { stateHash } from "../rules/core/hash.ts";
import { verifyReplay } from "../rules/core/replay.ts";
import { achromaEngine, samplePalette } from "../rules/achroma/index.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import type { JournalEntry, JournaledMatch, MatchHeader } from "./journalTypes.ts";
import { playJournaled } from "../test/support/journaledMatch.ts";
import { finishedRecord, rebuild, ResumeError } from "./resume.ts";

const START = 1_000_000;

/** A match played by random legal decisions for `decisions` steps (or to its end), journaled as a room does. */
function played(engine: AnyEngine, config: unknown, seatConfigs: unknown[], decisions: number, options: { every?: number; clock?: MatchHeader["clock"] } = {}) {
  const { header, entries, state } = playJournaled(engine, config, seatConfigs, decisions, { ...options, startedAt: START });
  const match: JournaledMatch = { matchId: "m", roomId: "r", roomName: engine.game, owner: "o", header, entries, links: {}, pausedAt: START + entries.length * 1000 };
  return { match, state };
}

describe("resuming a match from its journal", () => {
  it("seed + journaled decisions rebuild exactly the state the room had (SolRei, 4-player Achroma)", () => {
    for (const [engine, config, seats] of [
      [solreiEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)]],
      [achromaEngine, { players: 4 }, [0, 1, 2, 3].map((i) => samplePalette(i))],
    ] as const) {
      const { match, state } = played(engine as AnyEngine, config, [...seats], 40);
      const rebuilt = rebuild(engine as AnyEngine, match, START + 60_000);
      expect(stateHash(rebuilt.game)).toBe(stateHash(state));
      expect(rebuilt.steps).toHaveLength(match.entries.length);
      expect(rebuilt.outcome).toBeNull();
    }
  });

  it("a journaled state hash that differs from the rebuilt state refuses the resume, naming the entry", () => {
    const { match } = played(solreiEngine as AnyEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)], 20);
    const tampered = match.entries.find((e) => e.n === 10)!;
    (tampered as { hash?: string }).hash = "0".repeat(64);
    expect(() => rebuild(solreiEngine as AnyEngine, match, START)).toThrow(new ResumeError("the rebuilt state differs from the journal at entry 10"));
  });

  it("a journal with a gap (a lost write) is refused", () => {
    const { match } = played(solreiEngine as AnyEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)], 12);
    match.entries.splice(5, 1);
    expect(() => rebuild(solreiEngine as AnyEngine, match, START)).toThrow(/jumps from entry 5 to 7/);
  });

  it("a decision the engine refuses (another engine's journal) is refused with the engine's reason", () => {
    const { match } = played(solreiEngine as AnyEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)], 12);
    match.entries[3] = { ...match.entries[3]!, action: { type: "no_such_action" } } as JournalEntry;
    expect(() => rebuild(solreiEngine as AnyEngine, match, START)).toThrow(/the engine refused the journal/);
  });

  it("turn clock: each seat keeps the time it had left when the match stopped; the time no process ran it is not charged", () => {
    const clock = { baseMs: 10_000, bankMs: 5_000 };
    const { match } = played(solreiEngine as AnyEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)], 12, { clock });
    const lastAt = START + match.entries.at(-1)!.at;
    const stoppedAfter = 3_000; // the process died 3 s after the last decision
    match.pausedAt = lastAt + stoppedAfter;
    const now = match.pausedAt + 60_000; // and the match was resumed a minute later
    const rebuilt = rebuild(solreiEngine as AnyEngine, match, now);
    const actor = solreiEngine.actors(rebuilt.game as never)[0]!;
    // The actor's prompt started at (or before) the last decision: at most base + bank - 3 s left, and more than nothing.
    const left = rebuilt.clock!.deadline(actor) - now;
    expect(left).toBeLessThanOrEqual(clock.baseMs + clock.bankMs - stoppedAfter);
    expect(left).toBeGreaterThan(0);
    // Without the pause the minute would have run the seat out of time.
    const unpaused = rebuild(solreiEngine as AnyEngine, { ...match, pausedAt: now }, now);
    expect(unpaused.clock!.deadline(actor) - now).toBe(left - 60_000);
  });

  it("a journal that reaches the end (its process died before storing it) gives the outcome and a record whose replay verifies", () => {
    const { match, state } = played(solreiEngine as AnyEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)], 10_000);
    const rebuilt = rebuild(solreiEngine as AnyEngine, match, START);
    expect(rebuilt.outcome).toEqual(solreiEngine.outcome(state as never));
    const record = finishedRecord("m", match.header, rebuilt.steps, rebuilt.game, rebuilt.outcome!, new Date(rebuilt.lastAt));
    expect(verifyReplay(solreiEngine as AnyEngine, { ...record, game: "solrei", steps: record.replay.steps as never, finalHash: record.replay.finalHash })).toEqual({
      ok: true,
      hash: stateHash(state),
    });
  });

  it("ranked abandons are journaled facts: the seat is out, and with one player left the match is over for the room", () => {
    const { match } = played(
      achromaEngine as AnyEngine,
      { players: 3 },
      [0, 1, 2].map((i) => samplePalette(i)),
      6,
    );
    match.header.mode = "ranked";
    const at = match.entries.at(-1)!.at + 1;
    match.entries.push({ n: match.entries.length + 1, kind: "abandon", seat: 2, at });
    const one = rebuild(achromaEngine as AnyEngine, match, START);
    expect(one.abandoned).toEqual([2]);
    expect(one.outcome).toBeNull(); // two players remain: the match goes on
    match.entries.push({ n: match.entries.length + 1, kind: "abandon", seat: 0, at });
    const two = rebuild(achromaEngine as AnyEngine, match, START);
    expect(two.outcome).toEqual({ ranks: [2, 1, 3], reason: "abandoned" });
  });
});
