import { describe, expect, it } from "vitest";
import { canonicalJson, stateHash } from "./hash.ts";
import { randInt, seedRng, shuffleInPlace, type HasRng } from "./rng.ts";
import { simulate, verifyReplay, viewAtStep } from "./replay.ts";
import { playRandomGame } from "./selfPlay.ts";
import { findLeaks } from "./leakCheck.ts";
import { eventsFor, type AnyEngine } from "./engine.ts";
import { RuleError } from "./errors.ts";
import { highCardEngine, permuteHighCard, type HighCardState } from "../../test/fixtures/highcard.ts";

describe("seeded RNG", () => {
  it("same seed gives the same sequence; another seed another", () => {
    const draw = (seed: string) => {
      const h: HasRng = { rng: seedRng(seed) };
      return Array.from({ length: 20 }, () => randInt(h, 0, 1_000_000));
    };
    expect(draw("a")).toEqual(draw("a"));
    expect(draw("a")).not.toEqual(draw("b"));
  });

  it("state is plain JSON and survives a round trip mid-sequence", () => {
    const h: HasRng = { rng: seedRng("x") };
    randInt(h, 0, 9);
    const copy: HasRng = JSON.parse(JSON.stringify(h));
    expect(randInt(copy, 0, 1e6)).toBe(randInt(h, 0, 1e6));
  });

  it("shuffle is a permutation and is roughly uniform", () => {
    const h: HasRng = { rng: seedRng("uniform") };
    const firstCounts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const deck = shuffleInPlace(h, [0, 1, 2, 3]);
      expect([...deck].sort()).toEqual([0, 1, 2, 3]);
      firstCounts[deck[0]]++;
    }
    for (const c of firstCounts) expect(c).toBeGreaterThan(850); // expectation 1000
  });

  it("randInt refuses an empty range", () => {
    expect(() => randInt({ rng: seedRng("r") }, 3, 2)).toThrow(RangeError);
  });
});

describe("canonical state hash", () => {
  it("ignores key order and undefined fields but not array order", () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: undefined } })).toBe('{"a":{"d":2},"b":1}');
    expect(stateHash({ a: 1, b: 2 })).toBe(stateHash({ b: 2, a: 1 }));
    expect(stateHash([1, 2])).not.toBe(stateHash([2, 1]));
  });
  it("refuses non-finite numbers", () => {
    expect(() => canonicalJson({ x: NaN })).toThrow(TypeError);
  });
});

describe("replays", () => {
  const game = () => playRandomGame(highCardEngine, {}, [{}, {}], "replay-seed");

  it("a self-played game re-simulates to its final hash", () => {
    const { replay, state } = game();
    expect(replay.finalHash).toBe(stateHash(state));
    expect(verifyReplay(highCardEngine, replay)).toEqual({ ok: true, hash: replay.finalHash });
  });

  it("a tampered step is detected", () => {
    const { replay } = game();
    const tampered = structuredClone(replay);
    tampered.seed = "another-seed";
    const result = (() => {
      try {
        return verifyReplay(highCardEngine, tampered).ok;
      } catch (e) {
        return e instanceof RuleError ? "illegal" : "crash";
      }
    })();
    expect(result === false || result === "illegal").toBe(true);
  });

  it("same seed and actions give identical games (determinism)", () => {
    expect(game().replay).toEqual(game().replay);
  });

  it("refuses a replay from another engine version", () => {
    const { replay } = game();
    expect(() => simulate(highCardEngine, { ...replay, version: "old" })).toThrow(/recorded by/);
  });

  it("viewAtStep redacts other seats' hands and their private events", () => {
    const { replay } = game();
    const at0 = viewAtStep(highCardEngine, replay, 0, 0) as { view: { hand: number[] } };
    expect(at0.view.hand).toHaveLength(3);
    const spectator = viewAtStep(highCardEngine, replay, 2, null) as { view: Record<string, unknown> };
    expect(spectator.view.hand).toBeUndefined();
    expect(eventsFor([{ type: "x", to: [1] }, { type: "y" }], 0)).toEqual([{ type: "y" }]);
  });
});

describe("leak check", () => {
  it("finds nothing in a game that hides hands", () => {
    for (let g = 0; g < 20; g++) {
      const rng: HasRng = { rng: seedRng(`leak-${g}`) };
      playRandomGame(highCardEngine, {}, [{}, {}], `leak-${g}`, {
        onStep: (state) => {
          if (highCardEngine.outcome(state as HighCardState)) return;
          expect(findLeaks(highCardEngine, state, 2, rng, { permuteHidden: permuteHighCard })).toEqual([]);
        },
      });
    }
  });

  it("catches a view that shows the rival's hand", () => {
    const leaky: AnyEngine = { ...highCardEngine, view: (s: HighCardState, v: number | null) => ({ ...highCardEngine.view(s, v), all: s.hands }) };
    const state = leaky.setup({ rounds: 3 }, [{}, {}], "s");
    const leaks = findLeaks(leaky, state, 2, { rng: seedRng("p") }, { permuteHidden: permuteHighCard, permutations: 4 });
    expect(leaks.some((l) => l.kind === "view")).toBe(true);
  });

  it("catches an event that names the card the rival drew face down", () => {
    // An engine whose public event reveals the top of the deck: views stay equal, events differ.
    const leaky: AnyEngine = {
      ...highCardEngine,
      apply: (s: HighCardState, seat: number, a: unknown) => {
        const r = highCardEngine.apply(s, seat, a as never);
        return { ...r, events: [...r.events, { type: "peek", deckTop: s.deck[s.deck.length - 1] }] };
      },
    };
    let found = 0;
    for (let g = 0; g < 10; g++) {
      const state = leaky.setup({ rounds: 3 }, [{}, {}], `e${g}`);
      found += findLeaks(leaky, state, 2, { rng: seedRng(`q${g}`) }, { permuteHidden: permuteHighCard, permutations: 3 }).filter((l) => l.kind === "events").length;
    }
    expect(found).toBeGreaterThan(0);
  });
});
