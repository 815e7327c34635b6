import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import { TAGS } from "./data/index.ts";
import { BOOST_TAGS, STATUS_TAGS, applyTag, focusOf, isBoost, isStatus } from "./engine.ts";
import { resonanceEngine as E } from "./index.ts";
import { A, anim, attack, duel, equip, events, fixtureAnimation, fixtureItem, hand, plain } from "./testkit.ts";
import type { Action, State } from "./types.ts";

const err = (s: State, seat: number, a: Action) => ruleErrorCode(() => E.apply(s, seat, a));
const tagsOf = (s: State, id: string) => [...s.players.flatMap((p) => [p.self, ...p.animations])].find((u) => u.id === id)!.tags.map((t) => t.id);

describe("Appendix D: Tag classification and application (4.4)", () => {
  it("Appendix D classification: #.4 Boost (10), #.5 Status (10), matching the data", () => {
    expect(BOOST_TAGS).toHaveLength(10);
    expect(STATUS_TAGS).toHaveLength(10);
    for (const t of TAGS) expect(t.kind).toBe(isBoost(t.id) ? "boost" : isStatus(t.id) ? "status" : "neither");
  });

  it("4.4.A/B an attack's #.4 keyword tags the attacker, its #.5 keyword tags the target (R7: when successful)", () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-3-2", "codex-3-3"]; // Stubborn/Ward 3.4, Daze 3.5/Sculpt
    const f = plain(3);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", augment: ["3.4", "3.5"], fuel: [f] });
    expect(tagsOf(s, "p0")).toEqual(["3.4"]);
    expect(tagsOf(s, "p1")).toEqual(["3.5"]);
  });

  it("R7 an unsuccessful attack applies no Tag", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-3-3"];
    const f = plain(1);
    const d = plain(5);
    hand(s, 0, [f]);
    hand(s, 1, [d]);
    s = attack(s, 0, { actor: "p0", target: "p1", augment: ["3.5"], fuel: [f] });
    s = A(s, 1, { type: "defend", card: d });
    expect(tagsOf(s, "p1")).toEqual([]);
  });

  it("4.4.A R22 a Support's Boost Tag goes where its controller chooses (target or self)", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-3-2"]; // Ward 3.4
    const u = anim(s, 0, plain(3));
    s = A(s, 0, { type: "support", actor: "p0", target: u.id });
    s = A(s, 0, { type: "augment", keyword: "3.4" });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "target" },
      { type: "choose", option: "self" },
    ]);
    s = A(s, 0, { type: "choose", option: "self" });
    expect(tagsOf(s, "p0")).toEqual(["3.4"]);
    expect(tagsOf(s, u.id)).toEqual([]);
  });

  it("R14 a unit holds one Tag of each name", () => {
    const s = duel();
    expect(applyTag(s, s.players[1].self, "0.5", [])).toBe(true);
    expect(applyTag(s, s.players[1].self, "0.5", [])).toBe(false);
    expect(tagsOf(s, "p1")).toEqual(["0.5"]);
  });
});

describe("Appendix D: the 20 Tags", () => {
  it("Tag 1 Liberate: a Suppressed unit's controller may remove it to un-suppress and ready the unit (not an action)", () => {
    let s = duel();
    const u = anim(s, 0, plain(3), { tags: ["0.4"] });
    expect(err(s, 0, { type: "tag", use: "liberate", unit: u.id })).toBe("illegal_move");
    s.players[0].animations[0].suppressed = true;
    s.players[0].animations[0].spent = true;
    s = A(s, 0, { type: "tag", use: "liberate", unit: u.id });
    expect(s.players[0].animations[0]).toMatchObject({ suppressed: false, spent: false, tags: [] });
    expect(s.playerActions).toBe(0);
  });

  it("Tag 2 Mark: attacks targeting this unit gain +1 EV", () => {
    let s = duel();
    s.players[1].self.tags = [{ id: "0.5", lockedUntilTurn: null }];
    const f = plain(2);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(3 + 1 - 1);
  });

  it("Tag 3 Augment: removed when the unit attacks to gain one active Codex keyword, outside the Focus limit", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-0-1"]; // Aura 0.1
    const u = anim(s, 0, fixtureAnimation(2, 0, []), { tags: ["1.4"] });
    const f = plain(2);
    hand(s, 0, [f]);
    s = A(s, 0, { type: "attack", actor: u.id, target: "p1" });
    expect(E.legal(s, 0)).toContainEqual({ type: "augment", keyword: "0.1", tag: true });
    s = A(s, 0, { type: "augment", keyword: "0.1", tag: true });
    expect(s.combat!.gained).toEqual(["0.1"]);
    s = A(s, 0, { type: "fuel", cards: [f] });
    expect(s.players[1].self.damage).toBe(0 + 2 + 1 - 1);
    expect(tagsOf(s, u.id)).toEqual([]);
  });

  it("Tag 4 Impair: -1 Focus (min 0)", () => {
    const s = duel();
    const u = anim(s, 0, fixtureAnimation(2, 2, []), { tags: ["1.5"] });
    expect(focusOf(s, u)).toBe(1);
    const v = anim(s, 0, fixtureAnimation(2, 0, []), { tags: ["1.5"] });
    expect(focusOf(s, v)).toBe(0);
  });

  it("Tag 5 Haste: a spent unit's controller may remove it to ready the unit (not an action)", () => {
    let s = duel();
    const u = anim(s, 0, plain(3), { tags: ["2.4"], spent: true });
    expect(E.legal(s, 0)).toContainEqual({ type: "tag", use: "haste", unit: u.id });
    s = A(s, 0, { type: "tag", use: "haste", unit: u.id });
    expect(s.players[0].animations[0]).toMatchObject({ spent: false, tags: [] });
    s = A(s, 0, { type: "charge", actor: u.id });
    expect(s.players[0].animations[0].spent).toBe(true);
  });

  it("Tag 6 Slow: the unit does not ready; its controller may pay 1 EN in the Ready Phase to remove it", () => {
    let s = duel();
    const a = anim(s, 1, plain(3), { tags: ["2.5"], spent: true });
    const b = anim(s, 1, plain(3), { tags: ["2.5"], spent: true });
    s = A(s, 0, { type: "end" });
    expect(s.phase).toBe("ready");
    expect(E.legal(s, 1)).toEqual([
      { type: "slow", unit: a.id, pay: false },
      { type: "slow", unit: a.id, pay: true },
    ]);
    s = A(s, 1, { type: "slow", unit: a.id, pay: true });
    s = A(s, 1, { type: "slow", unit: b.id, pay: false });
    expect(s.phase).toBe("action");
    expect(s.players[1].animations.map((u) => [u.spent, u.tags.length])).toEqual([
      [false, 0],
      [true, 1],
    ]);
    expect(s.players[1].en).toBe(10 - 1); // EN 10 (max) then 1 paid
  });

  it("Tag 7 Ward: the first damage to the unit is prevented and the Tag removed", () => {
    let s = duel();
    s.players[1].self.tags = [{ id: "3.4", lockedUntilTurn: null }];
    hand(s, 0, [plain(5), plain(5)]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [s.players[0].hand[0]] });
    expect(s.players[1].self).toMatchObject({ damage: 0, tags: [] });
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [s.players[0].hand[0]] });
    expect(s.players[1].self.damage).toBe(5);
  });

  it("Tag 8 Daze: no Power from discarded cards when attacking or defending", () => {
    let s = duel();
    s.players[0].self.tags = [{ id: "3.5", lockedUntilTurn: null }];
    s.players[0].focus = 3;
    const f = plain(5);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(3 - 1);
    s.players[1].self.tags = [{ id: "3.5", lockedUntilTurn: null }];
    s.players[0].self.tags = [];
    const [g, d] = [plain(3), plain(5)];
    hand(s, 0, [g]);
    hand(s, 1, [d]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [g] });
    s = A(s, 1, { type: "defend", card: d });
    expect(s.players[1].self.damage).toBe(2 + (6 - 1));
  });

  it("Tag 9 Bless: R47 its controller may remove it to prevent 1 of an attack's damage: asked, used or kept", () => {
    let s = duel();
    s.players[1].self.tags = [{ id: "4.4", lockedUntilTurn: null }];
    const f = plain(4);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(0); // the damage waits for the answer
    expect(s.combat!.choice).toMatchObject({ purpose: "bless", seat: 1, options: ["use", "keep"] });
    expect(E.actors(s)).toEqual([1]);
    expect(E.view(s, 0).combat!.choice!.options).toBeNull();
    expect(E.timeoutAction(s, 1)).toEqual({ type: "choose", option: "use" }); // R24
    const used = A(s, 1, { type: "choose", option: "use" });
    expect(used.players[1].self).toMatchObject({ damage: 3, tags: [] });
    expect(used.combat).toBeNull();
    const kept = A(s, 1, { type: "choose", option: "keep" });
    expect(kept.players[1].self).toMatchObject({ damage: 4, tags: [{ id: "4.4" }] });
    expect(kept.combat).toBeNull();
  });

  it("Tag 9 Bless: R47 decided before Survivor (R31), which then sees the reduced damage", () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(3, 1, ["4.1"]), { tags: ["4.4"] });
    const f = plain(3);
    hand(s, 0, [f]);
    hand(s, 1, [plain(1)]);
    s = attack(s, 0, { actor: "p0", target: t.id, fuel: [f] });
    s = A(s, 1, { type: "defend" }); // no card: EV 1 + 3 vs RV 1, 3 damage destroys it
    expect(s.combat!.choice).toMatchObject({ purpose: "bless", seat: 1 });
    const used = A(s, 1, { type: "choose", option: "use" });
    expect(used.combat).toBeNull(); // 2 damage: no Survivor question
    expect(used.players[1].animations[0]).toMatchObject({ damage: 2, tags: [] });
    const kept = A(s, 1, { type: "choose", option: "keep" });
    expect(kept.combat!.choice).toMatchObject({ purpose: "survivor", seat: 1 });
  });

  it("Tag 9 Bless: R47 also asked for an attack's Piercing damage (queued) and offered against Area; not asked behind a Ward Tag", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-4-3"]; // Piercing 4.6
    s.players[0].focus = 2;
    s.players[1].self.tags = [{ id: "4.4", lockedUntilTurn: null }];
    const t = anim(s, 1, fixtureAnimation(5, 1, []));
    const f = plain(3);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: t.id, augment: ["4.6"], fuel: [f] });
    expect(s.players[1].animations[0].damage).toBe(2 + 3 - 1);
    expect(s.combat!.choice).toMatchObject({ purpose: "bless", seat: 1, options: ["use", "keep"] });
    expect(A(s, 1, { type: "choose", option: "use" }).players[1].self).toMatchObject({ damage: 3, tags: [] });
    expect(A(s, 1, { type: "choose", option: "keep" }).players[1].self).toMatchObject({ damage: 4, tags: [{ id: "4.4" }] });
    // Ward goes first: no question
    let w = duel();
    w.players[1].self.tags = [
      { id: "3.4", lockedUntilTurn: null },
      { id: "4.4", lockedUntilTurn: null },
    ];
    hand(w, 0, [f]);
    w = attack(w, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(w.combat).toBeNull();
    expect(w.players[1].self).toMatchObject({ damage: 0, tags: [{ id: "4.4" }] });
    // Area: "bless" is one of the owner's options
    let a = duel();
    a.players[0].codexActive = ["codex-7-3"]; // Area 7.6
    a.players[0].focus = 2;
    const b = anim(a, 1, fixtureAnimation(3, 1, []), { tags: ["4.4"] });
    a.players[1].en = 0;
    hand(a, 0, [plain(2)]);
    a = A(a, 0, { type: "attack", actor: "p0", target: b.id });
    a = A(a, 0, { type: "augment", keyword: "7.6" });
    if (a.combat?.step === "augment") a = A(a, 0, { type: "augment_done" });
    expect(a.combat!.choice).toMatchObject({ purpose: "area", seat: 1, options: ["bless", "take"] });
    expect(A(a, 1, { type: "choose", option: "bless" }).players[1].animations[0]).toMatchObject({ damage: 0, tags: [] });
    expect(A(a, 1, { type: "choose", option: "take" }).players[1].animations[0]).toMatchObject({ damage: 1, tags: [{ id: "4.4" }] });
  });

  it("Tag 10 Curse: damage markers cannot be removed from the unit", () => {
    let s = duel();
    s.players[0].self.damage = 3;
    s.players[0].self.tags = [{ id: "4.5", lockedUntilTurn: null }];
    s = A(s, 0, { type: "purge", actor: "p0" });
    s = A(s, 0, { type: "support", actor: "p0", target: "p0" });
    expect(s.players[0].self.damage).toBe(3);
  });

  it("Tag 11 Charge: an Animation with it gains 1 more EN when it Charges; then it is removed", () => {
    let s = duel();
    s.players[0].en = 5;
    const u = anim(s, 0, plain(3), { tags: ["5.4"] });
    s = A(s, 0, { type: "charge", actor: u.id });
    expect(s.players[0].en).toBe(7);
    expect(tagsOf(s, u.id)).toEqual([]);
  });

  it("Tag 12 Bind: the unit cannot Attack or Critical Strike", () => {
    const s = duel();
    s.players[0].self.tags = [{ id: "5.5", lockedUntilTurn: null }];
    hand(s, 0, [plain(2), plain(2)]);
    expect(err(s, 0, { type: "attack", actor: "p0", target: "p1" })).toBe("illegal_move");
    expect(err(s, 0, { type: "attack", actor: "p0", target: "p1", critical: true })).toBe("illegal_move");
    expect(err(s, 0, { type: "charge", actor: "p0" })).toBe("no error");
  });

  it("Tag 13 Cure: on gain removes a Status Tag (and itself); else it stays and stops the next Status Tag", () => {
    const s = duel();
    const p = s.players[1].self;
    p.tags = [{ id: "6.5", lockedUntilTurn: null }];
    applyTag(s, p, "6.4", []);
    expect(tagsOf(s, "p1")).toEqual([]);
    applyTag(s, p, "6.4", []);
    expect(tagsOf(s, "p1")).toEqual(["6.4"]);
    expect(applyTag(s, p, "3.5", [])).toBe(false);
    expect(tagsOf(s, "p1")).toEqual([]);
  });

  it("Tag 14 Weaken: the unit's Attacks and Critical Strikes have EV -1", () => {
    let s = duel();
    s.players[0].self.tags = [{ id: "6.5", lockedUntilTurn: null }];
    const f = plain(4);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(5 - 1 - 1);
  });

  it("Tag 15 Regen: at the start of its controller's Ready Phase the unit removes 1 damage marker", () => {
    let s = duel();
    s.players[1].self.damage = 4;
    s.players[1].self.tags = [{ id: "7.4", lockedUntilTurn: null }];
    s = A(s, 0, { type: "end" });
    expect(s.players[1].self.damage).toBe(3);
  });

  it("Tag 16 Blight: after each action of the unit, 1 damage marker on it (R27: a Ward Tag does not stop it)", () => {
    let s = duel();
    s.players[0].self.tags = [
      { id: "7.5", lockedUntilTurn: null },
      { id: "3.4", lockedUntilTurn: null },
    ];
    s = A(s, 0, { type: "charge", actor: "p0" });
    expect(s.players[0].self.damage).toBe(1);
  });

  it("Tag 17 Enhance: one more card's Power to the EV (attacking) or RV (defending)", () => {
    let s = duel();
    s.players[0].self.tags = [{ id: "8.4", lockedUntilTurn: null }];
    const [f, g] = [plain(2), plain(3)];
    hand(s, 0, [f, g]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(E.legal(s, 0)).toContainEqual({ type: "fuel", cards: [f, g] });
    s = A(s, 0, { type: "fuel", cards: [f, g] });
    expect(s.players[1].self.damage).toBe(1 + 5 - 1);
    s.players[1].self.tags = [{ id: "8.4", lockedUntilTurn: null }];
    const [h, d1, d2] = [plain(5), plain(1), plain(2)];
    hand(s, 0, [h]);
    hand(s, 1, [d1, d2]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [h] });
    s = A(s, 1, { type: "defend", card: d1 });
    expect(s.combat!.step).toBe("defend_extra");
    s = A(s, 1, { type: "defend_extra", card: d2 });
    expect(s.players[1].self.damage).toBe(5 + (6 - 4));
  });

  it("Tag 18 Silence: printed keywords inactive, Item keywords not", () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["0.1"]), { items: [fixtureItem(1, ["2.7"])], tags: ["8.5"] });
    const f = plain(2);
    hand(s, 0, [f]);
    s = A(s, 0, { type: "attack", actor: u.id, target: "p1" });
    expect(s.combat!.innate).toEqual([]);
    s = A(s, 0, { type: "augment", keyword: "2.7" });
    s = A(s, 0, { type: "fuel", cards: [f] });
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1); // Two-Handed yes, Aura no
  });

  it("Tag 19 Obscure: attacking it needs two fuel cards and uses the lower Power", () => {
    let s = duel();
    s.players[1].self.tags = [{ id: "9.4", lockedUntilTurn: null }];
    const [f, g] = [plain(5), plain(2)];
    hand(s, 0, [f]);
    expect(err(s, 0, { type: "attack", actor: "p0", target: "p1" })).toBe("illegal_move");
    hand(s, 0, [f, g]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(E.legal(s, 0)).toEqual([{ type: "fuel", cards: [f, g] }]);
    s = A(s, 0, { type: "fuel", cards: [f, g] });
    expect(s.players[1].self.damage).toBe(1 + 2 - 1);
  });

  it("Tag 20 Nullify: on gain removes a Boost Tag (and itself); else it stays and stops the next Boost Tag", () => {
    const s = duel();
    const p = s.players[1].self;
    p.tags = [{ id: "3.4", lockedUntilTurn: null }];
    applyTag(s, p, "9.5", []);
    expect(tagsOf(s, "p1")).toEqual([]);
    applyTag(s, p, "9.5", []);
    expect(tagsOf(s, "p1")).toEqual(["9.5"]);
    expect(applyTag(s, p, "4.4", [])).toBe(false);
    expect(tagsOf(s, "p1")).toEqual([]);
    void equip;
    void events;
  });
});
