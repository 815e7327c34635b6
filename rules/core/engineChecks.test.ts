import { describe, expect, it } from "vitest";
import { RuleError } from "./errors.ts";
import type { AnyEngine } from "./engine.ts";
import { checkLegalComplete } from "./legalCheck.ts";
import { findLeaks } from "./leakCheck.ts";
import { findLeaksStrong } from "./strongLeakCheck.ts";
import { positionsOf } from "./positions.ts";
import { seedRng } from "./rng.ts";
import { actionVariants, collectValues } from "./variants.ts";
import { highCardEngine, permuteHighCard, type HighCardState } from "../../test/fixtures/highcard.ts";

const positions = () => [0, 1, 2, 3].flatMap((g) => positionsOf(highCardEngine, {}, [{}, {}], `checks-${g}`, 1));
const rng = () => ({ rng: seedRng("checks") });
const redeal = permuteHighCard;

describe("action variants", () => {
  it("substitutes each field with other values of the position, drops fields and changes arrays", () => {
    const pools = collectValues([{ hand: ["a", "b"], deck: ["c"], n: 2 }]);
    const v = actionVariants([{ type: "x", card: "a", list: ["a", "b"] }], pools, rng(), { max: 1000 });
    const keys = v.map((x) => JSON.stringify(x));
    expect(keys).toContain(JSON.stringify({ type: "x", card: "c", list: ["a", "b"] }));
    expect(keys).toContain(JSON.stringify({ type: "x", list: ["a", "b"] }));
    expect(keys).toContain(JSON.stringify({ type: "x", card: "a", list: ["b", "a"] }));
    expect(keys).not.toContain(JSON.stringify({ type: "x", card: "a", list: ["a", "b"] }));
  });
});

describe("legal() completeness check", () => {
  it("finds nothing in a correct engine", () => {
    const r = rng();
    for (const p of positions()) expect(checkLegalComplete(highCardEngine, p.state, 2, r)).toEqual([]);
  });

  it("catches legal() omitting an action apply accepts", () => {
    const partial: AnyEngine = { ...highCardEngine, legal: (s: HighCardState, seat: number) => highCardEngine.legal(s, seat).slice(1) };
    const r = rng();
    const kinds = positions().flatMap((p) => checkLegalComplete(partial, p.state, 2, r).map((x) => x.kind));
    expect(kinds).toContain("accepted_not_legal");
  });

  it("catches legal() listing an action apply refuses, a crash on a bad action and a non-actor with actions", () => {
    const wrong: AnyEngine = {
      ...highCardEngine,
      legal: (s: HighCardState, seat: number) => (s.over ? [] : [...highCardEngine.legal(s, seat), { type: "play", card: 99 }]),
      apply: (s: HighCardState, seat: number, a: { type: "play"; card: number }) => {
        if (a.card === 0) throw new TypeError("boom");
        return highCardEngine.apply(s, seat, a);
      },
    };
    const r = rng();
    const kinds = new Set(positions().flatMap((p) => checkLegalComplete(wrong, p.state, 2, r).map((x) => x.kind)));
    expect([...kinds].sort()).toEqual(["crash", "legal_rejected", "non_actor_has_legal"]);
  });
});

describe("strong leak check", () => {
  it("finds nothing in a game that hides hands and the deck", () => {
    const r = rng();
    for (const p of positions()) expect(findLeaksStrong(highCardEngine, p.state, 2, r, { redeal })).toEqual([]);
  });

  const caught = (leaky: AnyEngine, withWeak = true) => {
    const r = rng();
    const strong = new Set(positions().flatMap((p) => findLeaksStrong(leaky, p.state, 2, r, { redeal }).map((l) => l.kind)));
    const weak = !withWeak ? -1 : positions().reduce((n, p) => n + (highCardEngine.outcome(p.state as HighCardState) ? 0 : findLeaks(leaky, p.state, 2, r, { permuteHidden: redeal }).length), 0);
    return { strong: [...strong].sort(), weak };
  };

  it("catches what findLeaks misses: a view showing the RNG's future", () => {
    const leaky: AnyEngine = { ...highCardEngine, view: (s: HighCardState, v: number | null) => ({ ...highCardEngine.view(s, v), seed: s.rng[0] }) };
    expect(caught(leaky)).toEqual({ strong: ["spectator_view", "view"], weak: 0 });
  });

  it("catches what findLeaks misses: a rejection message telling where a hidden card is", () => {
    const leaky: AnyEngine = {
      ...highCardEngine,
      apply: (s: HighCardState, seat: number, a: { type: "play"; card: number }) => {
        if (s.hands[1 - seat].includes(a.card)) throw new RuleError("illegal_move", `card ${a.card} is in your rival's hand`);
        return highCardEngine.apply(s, seat, a);
      },
    };
    expect(caught(leaky)).toEqual({ strong: ["apply"], weak: 0 });
  });

  it("catches what findLeaks misses: legal() or actors() depending on a hidden hand, a spectator view showing hands", () => {
    const byLegal: AnyEngine = {
      ...highCardEngine,
      legal: (s: HighCardState, seat: number) => highCardEngine.legal(s, seat).filter((a) => s.hands[1 - seat].length === 0 || a.card > Math.min(...s.hands[1 - seat])),
    };
    expect(caught(byLegal, false).strong).toContain("legal");
    const byActors: AnyEngine = { ...highCardEngine, actors: (s: HighCardState) => (s.over ? [] : s.hands[0].includes(12) ? [0, 1] : [s.turn]) };
    expect(caught(byActors, false).strong).toContain("actors");
    const spectator: AnyEngine = { ...highCardEngine, view: (s: HighCardState, v: number | null) => ({ ...highCardEngine.view(s, v), ...(v === null ? { hands: s.hands } : {}) }) };
    expect(caught(spectator)).toEqual({ strong: ["spectator_view"], weak: 0 });
  });

  it("catches refs or a confirm mark that depend on a hidden hand", () => {
    const byRefs: AnyEngine = {
      ...highCardEngine,
      refs: (s: HighCardState, seat: number, a: { card: number }) => [
        { kind: "card" as const, id: String(a.card) },
        ...s.hands[1 - seat].slice(0, 1).map((c) => ({ kind: "card" as const, id: String(c) })),
      ],
    };
    expect(caught(byRefs, false).strong).toEqual(["refs"]);
    const byConfirm: AnyEngine = {
      ...highCardEngine,
      confirm: (s: HighCardState, seat: number, a: { card: number }) => (s.hands[1 - seat].some((c) => c > a.card) ? "you lose this trick" : null),
    };
    expect(caught(byConfirm, false).strong).toEqual(["refs"]);
    const honest: AnyEngine = { ...highCardEngine, refs: (_s: HighCardState, _seat: number, a: { card: number }) => [{ kind: "card" as const, id: String(a.card) }] };
    expect(caught(honest, false).strong).toEqual([]);
  });
});
