import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import { resonanceEngine as E } from "./index.ts";
import { A, anim, attack, duel, fixtureAnimation, fixtureItem, hand, plain } from "./testkit.ts";
import type { Action, State } from "./types.ts";

const err = (s: State, seat: number, a: Action) => ruleErrorCode(() => E.apply(s, seat, a));

describe("rulings", () => {
  it("R5 Augmented keywords are declared before the fuel; the actor is spent at declaration", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-0-1"];
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(s.combat!.step).toBe("augment");
    expect(s.players[0].spentTokens).toBe(1);
    expect(err(s, 0, { type: "fuel", cards: [s.players[0].hand[0]] })).toBe("illegal_move");
  });

  it("R6 targeting a guarded Player declares Traveller at once (counted in the Focus limit)", () => {
    let s = duel();
    anim(s, 1, plain(3));
    s.players[0].codexActive = ["codex-1-1"]; // Traveller 1.1, Martial 1.2
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(s.combat!.augmented).toEqual(["1.1"]);
    expect(s.combat!.step).toBe("fuel"); // Focus 1 used up
    s.players[0].codexActive = [];
  });

  it("R10 a Critical Strike keeps its own process: Snap changes nothing", () => {
    let s = duel();
    s.players[0].focus = 4;
    s.players[0].codexActive = ["codex-2-3"]; // Slow / Snap
    const [a, b] = [plain(2), plain(2)];
    hand(s, 0, [a, b]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1", critical: true });
    s = A(s, 0, { type: "augment", keyword: "2.6" });
    s = A(s, 0, { type: "augment_done" });
    expect(s.combat!.step).toBe("fuel");
    s = A(s, 0, { type: "fuel", cards: [a, b] });
    expect(s.players[1].self.damage).toBe(4 - 1);
  });

  it("R12 an action keyword printed on an Animation (Aura) applies to that Animation's attack", () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["0.1"]));
    const f = plain(2);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: u.id, target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
  });

  it("R15 Sticky on a Player target does not Suppress the Player", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-6-3"]; // Weaken / Sticky
    const f = plain(4);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", augment: ["6.6"], fuel: [f] });
    expect(s.players[1].self.damage).toBeGreaterThan(0);
    expect(s.players[1].self.suppressed).toBe(false);
  });

  it("R17 an Animation with printed Haste enters play spent with a Haste Tag it may use to ready", () => {
    let s = duel();
    const h = fixtureAnimation(2, 1, ["2.4"]);
    hand(s, 0, [h]);
    s = A(s, 0, { type: "deploy", card: h });
    expect(s.players[0].animations[0]).toMatchObject({ spent: true, tags: [{ id: "2.4", lockedUntilTurn: null }] });
    s = A(s, 0, { type: "tag", use: "haste", unit: h });
    expect(s.players[0].animations[0].spent).toBe(false);
  });

  it("R21 Defensive and Reactive together give two extra defending cards (Golden Rule 4)", () => {
    let s = duel();
    const d = anim(s, 1, fixtureAnimation(5, 1, ["3.7", "1.6"]));
    const [x, y, z] = [plain(1), plain(1), plain(1)];
    hand(s, 1, [x, y, z]);
    const f = plain(5);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: d.id, fuel: [f] });
    s = A(s, 1, { type: "defend", card: x });
    s = A(s, 1, { type: "defend_extra", card: y });
    expect(s.combat!.step).toBe("defend_extra");
    s = A(s, 1, { type: "defend_extra", card: z });
    expect(s.combat).toBeNull();
    expect(s.players[1].hand).toEqual([]);
  });

  it("R16 no Tag triggers at the end of a turn: Regen heals only at its controller's Ready Phase", () => {
    let s = duel();
    s.players[0].self.damage = 3;
    s.players[0].self.tags = [{ id: "7.4", lockedUntilTurn: null }];
    s = A(s, 0, { type: "end" });
    expect(s.players[0].self.damage).toBe(3);
    s = A(s, 1, { type: "end" });
    expect(s.players[0].self.damage).toBe(2);
  });

  it("R45 a Flaw on an equipped Item always applies to its unit (Anxious: no Critical Strike)", () => {
    const s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, []), { items: [fixtureItem(1, ["2.0"])] });
    hand(s, 0, [plain(2), plain(2)]);
    expect(err(s, 0, { type: "attack", actor: u.id, target: "p1", critical: true })).toBe("illegal_move");
    expect(err(s, 0, { type: "attack", actor: u.id, target: "p1" })).toBe("no error");
  });
});
