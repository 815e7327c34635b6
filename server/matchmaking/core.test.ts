import { describe, expect, it } from "vitest";
import { solreiEngine } from "../../rules/solrei/index.ts";
import { achromaEngine } from "../../rules/achroma/index.ts";
import { highCardEngine } from "../../test/fixtures/highcard.ts";
import { MatchQueues, MatchmakingError, queueSpecsFor, ratingWindow, type QueueSpec } from "./core.ts";

const specs: QueueSpec[] = [
  { game: "solrei", seats: 2, config: {} },
  { game: "achroma", seats: 3, config: { players: 3 } },
  { game: "achroma", seats: 4, config: { players: 4 } },
];
const W = { windowBase: 2, windowGrowthPerS: 1, windowMax: 10 };
const p = (id: string, rating = 25) => ({ playerId: id, username: id, rating });

function code(fn: () => unknown): string {
  try {
    fn();
    return "ok";
  } catch (e) {
    return e instanceof MatchmakingError ? e.code : String(e);
  }
}

describe("queues come from each engine's config", () => {
  it("SolRei has one 2-seat queue; Achroma one per seat count 2..6; a fixed two-seat game one", () => {
    const q = queueSpecsFor([solreiEngine, achromaEngine, highCardEngine]);
    expect(q.map((s) => `${s.game}/${s.seats}`)).toEqual(["achroma/2", "achroma/3", "achroma/4", "achroma/5", "achroma/6", "highcard/2", "solrei/2"]);
    expect(q.find((s) => s.game === "achroma" && s.seats === 5)!.config).toEqual({ players: 5 });
    expect(q.find((s) => s.game === "solrei")!.config).toEqual({});
  });

  it("joining a queue that does not exist is refused", () => {
    const m = new MatchQueues(specs, W);
    expect(code(() => m.enqueue("solrei", 3, p("a"), 0))).toBe("unknown_queue");
    expect(code(() => m.enqueue("resonance", 2, p("a"), 0))).toBe("unknown_queue");
  });
});

describe("rating window", () => {
  it("starts at the base, widens linearly with the wait, stops at the max", () => {
    expect(ratingWindow(0, W)).toBe(2);
    expect(ratingWindow(3000, W)).toBe(5);
    expect(ratingWindow(60_000, W)).toBe(10);
  });

  it("two players far apart wait until the older one's window covers the gap", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("low", 20), 0);
    m.enqueue("solrei", 2, p("high", 26), 1000);
    expect(m.formGroups(1000)).toEqual([]); // window 3 < gap 6
    expect(m.formGroups(3900)).toEqual([]); // window 5.9
    const [g] = m.formGroups(4000); // window 6
    expect(g!.entrants.map((e) => e.playerId)).toEqual(["low", "high"]);
    expect(g!.spread).toBe(6);
  });

  it("a close pair is matched at once while a far player keeps waiting", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("far", 40), 0);
    m.enqueue("solrei", 2, p("a", 25), 0);
    m.enqueue("solrei", 2, p("b", 26), 0);
    const groups = m.formGroups(0);
    expect(groups.map((g) => g.entrants.map((e) => e.playerId))).toEqual([["a", "b"]]);
    expect(m.stateOf("far")).toBe("queued");
    expect(m.status("far", 0)!.position).toBe(1);
  });
});

describe("grouping order and sizes", () => {
  it("oldest entrants are grouped first; groups have exactly the queue's seat count", () => {
    const m = new MatchQueues(specs, W);
    for (let i = 0; i < 10; i++) m.enqueue("achroma", 3, p(`p${i}`), i);
    const groups = m.formGroups(100);
    expect(groups.map((g) => g.entrants.map((e) => e.playerId))).toEqual([
      ["p0", "p1", "p2"],
      ["p3", "p4", "p5"],
      ["p6", "p7", "p8"],
    ]);
    expect(m.status("p9", 100)).toMatchObject({ position: 1, size: 1 });
  });

  it("queues are separate: a 3-seat entrant is never grouped into a 4-seat game", () => {
    const m = new MatchQueues(specs, W);
    for (let i = 0; i < 3; i++) m.enqueue("achroma", 4, p(`four${i}`), 0);
    for (let i = 0; i < 3; i++) m.enqueue("achroma", 3, p(`three${i}`), 0);
    const groups = m.formGroups(0);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.queue.seats).toBe(3);
    expect(groups[0]!.entrants.every((e) => e.playerId.startsWith("three"))).toBe(true);
  });
});

describe("one place at a time", () => {
  it("a player cannot be in two queues, nor queue while matched or playing, and is never matched with themselves", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("a"), 0);
    expect(code(() => m.enqueue("solrei", 2, p("a"), 1))).toBe("already_queued");
    expect(code(() => m.enqueue("achroma", 3, p("a"), 1))).toBe("already_queued");
    expect(m.formGroups(10)).toEqual([]); // alone: no group with themselves
    m.enqueue("solrei", 2, p("b"), 2);
    const [g] = m.formGroups(10);
    expect(code(() => m.enqueue("achroma", 4, p("a"), 11))).toBe("in_match");
    m.markPlaying(g!.id);
    expect(m.stateOf("a")).toBe("playing");
    expect(code(() => m.enqueue("solrei", 2, p("b"), 12))).toBe("in_match");
    m.releaseGroup(g!.id);
    expect(m.stateOf("a")).toBe(null);
    expect(code(() => m.enqueue("solrei", 2, p("a"), 13))).toBe("ok");
  });

  it("leaving removes the player and moves everyone behind one place up", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("a", 10), 0);
    m.enqueue("solrei", 2, p("b", 40), 1);
    expect(m.status("b", 2)!.position).toBe(2);
    expect(m.leave("a")).toBe(true);
    expect(m.leave("a")).toBe(false);
    expect(m.status("b", 2)).toMatchObject({ position: 1, size: 1 });
  });
});

describe("no-shows", () => {
  it("the missing player is cooled down; the others return to the FRONT of the queue, ahead of older waiters", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("a"), 0);
    m.enqueue("solrei", 2, p("b"), 0);
    const [g] = m.formGroups(0);
    m.enqueue("solrei", 2, p("c", 0), 100); // far away: keeps waiting
    const back = m.abortGroup(g!.id, ["b"], 60_000, () => true);
    expect(back.map((e) => e.playerId)).toEqual(["a"]);
    expect(m.status("a", 200)).toMatchObject({ position: 1, size: 2 });
    expect(m.status("c", 200)!.position).toBe(2);
    expect(code(() => m.enqueue("solrei", 2, p("b"), 1000))).toBe("cooldown");
    expect(m.cooldownOf("b", 1000)).toBe(59_000);
    expect(code(() => m.enqueue("solrei", 2, p("b"), 60_000))).toBe("ok");
    // a is the anchor (front); c (rating 0) stays out of its window, b (same rating) is taken
    const [g2] = m.formGroups(60_000);
    expect(g2!.entrants.map((e) => e.playerId)).toEqual(["a", "b"]);
  });

  it("a player who already left the queue connection is freed, not requeued", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("a"), 0);
    m.enqueue("solrei", 2, p("b"), 0);
    const [g] = m.formGroups(0);
    expect(m.abortGroup(g!.id, ["b"], 1000, () => false)).toEqual([]);
    expect(m.stateOf("a")).toBe(null);
  });
});

describe("position and estimated wait", () => {
  it("no estimate before any match; afterwards the recent average wait minus the time already waited", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("solrei", 2, p("x", 0), 0);
    expect(m.status("x", 0)!.estimatedWaitMs).toBe(null);
    m.enqueue("solrei", 2, p("a"), 0);
    m.enqueue("solrei", 2, p("b"), 2000);
    m.formGroups(4000); // waits 4000 and 2000: average 3000
    expect(m.status("x", 1000)!.estimatedWaitMs).toBe(2000);
    expect(m.status("x", 5000)!.estimatedWaitMs).toBe(0);
  });
});

describe("grouping by rating order", () => {
  it("an anchor's group is the run of neighbours in rating with the smallest spread, not the next ones in queue order", () => {
    const m = new MatchQueues(specs, W);
    m.enqueue("achroma", 3, p("anchor", 25), 0);
    m.enqueue("achroma", 3, p("early-far", 27), 1);
    m.enqueue("achroma", 3, p("late-close-1", 25.5), 2);
    m.enqueue("achroma", 3, p("late-close-2", 24.8), 3);
    const groups = m.formGroups(3);
    expect(groups.map((g) => g.entrants.map((e) => e.playerId))).toEqual([["anchor", "late-close-1", "late-close-2"]]);
    expect(groups[0]!.spread).toBeCloseTo(0.7);
    expect(m.stateOf("early-far")).toBe("queued");
  });

  it("over 4,000 spread-out entrants: every group fits its anchor's window, nobody is in two groups, and a widening window groups more", () => {
    const m = new MatchQueues(specs, W);
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 4000; i++) m.enqueue("achroma", 4, p(`e${i}`, rand() * 2000), i);
    const first = m.formGroups(4000);
    const later = m.formGroups(60_000); // windows at their max now
    const seen = new Set<string>();
    for (const g of [...first, ...later]) {
      expect(g.entrants).toHaveLength(4);
      expect(g.spread).toBeLessThanOrEqual(g.window);
      const ratings = g.entrants.map((e) => e.rating);
      expect(Math.max(...ratings) - Math.min(...ratings)).toBeCloseTo(g.spread);
      for (const e of g.entrants) {
        expect(seen.has(e.playerId)).toBe(false);
        seen.add(e.playerId);
      }
    }
    expect(first.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
  });
});
