import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import { KEYWORDS } from "./data/index.ts";
import { focusOf, maxHp } from "./engine.ts";
import { resonanceEngine as E } from "./index.ts";
import { A, anim, attack, clear, duel, equip, events, fixtureAnimation, fixtureItem, hand, log, plain } from "./testkit.ts";
import type { Action, State } from "./types.ts";

const err = (s: State, seat: number, a: Action) => ruleErrorCode(() => E.apply(s, seat, a));
const name = (id: string) => `${id} ${KEYWORDS.find((k) => k.id === id)!.name}`;
const block = (k: string) => `codex-${k[0]}-${({ 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 0: 5 } as Record<string, number>)[k[2]]}`;

/** Seat 0's Player attacks `target` augmented with `kws` (from its Codex), fuelled by a card of Power `fuel`. */
function pAttack(s: State, kws: string[], fuel: number, target = "p1", extra: Partial<{ critical: boolean; item: string; second: string }> = {}): State {
  s.players[0].focus = Math.max(s.players[0].focus, kws.length);
  s.players[0].codexActive = [...new Set([...s.players[0].codexActive, ...kws.map(block)])];
  const cards = extra.critical ? [plain(fuel), plain(fuel)] : [plain(fuel)];
  hand(s, 0, [...s.players[0].hand, ...cards]);
  clear();
  return attack(s, 0, { actor: "p0", target, augment: kws, fuel: cards, ...extra });
}
const unit = (s: State, id: string) => s.players.flatMap((p) => [p.self, ...p.animations]).find((u) => u.id === id);

describe("Appendix C: the Tag keywords (#.4 Boost, #.5 Status)", () => {
  for (const c of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) {
    for (const cat of [4, 5]) {
      const k = `${c}.${cat}`;
      it(`${name(k)}: a successful attack applies its Tag to the ${cat === 4 ? "attacker (4.4.A)" : "target (4.4.B)"}`, () => {
        let s = duel();
        s = pAttack(s, [k], 4);
        expect(unit(s, cat === 4 ? "p0" : "p1")!.tags.map((t) => t.id)).toContain(k);
      });
    }
  }
});

describe("Appendix C keywords", () => {
  it(`${name("0.0")}: Your Player's Deploy and Equip cost +1 EN`, () => {
    let s = duel();
    anim(s, 0, fixtureAnimation(1, 1, ["0.0"]));
    s.players[0].focus = 2;
    const x = plain(2);
    hand(s, 0, [x]);
    s = A(s, 0, { type: "deploy", card: x });
    expect(s.players[0].en).toBe(7);
  });

  it(`${name("0.1")}: the attack gains +1 EV`, () => {
    const s = pAttack(duel(), ["0.1"], 3);
    expect(s.players[1].self.damage).toBe(1 + 3 + 1 - 1);
  });

  it(`${name("0.2")}: after attacking with it, its controller may draw a card: asked, drawn or declined (R13)`, () => {
    const s = pAttack(duel(), ["0.2"], 3);
    expect(s.players[1].self.damage).toBe(1 + 3 - 1); // the attack resolved first
    expect(s.combat!.choice).toMatchObject({ purpose: "0.2:specialist", seat: 0, options: ["no", "yes"] });
    expect(E.actors(s)).toEqual([0]);
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "no" },
      { type: "choose", option: "yes" },
    ]);
    expect(E.view(s, 1).combat!.choice!.options).toBeNull(); // the options go only to the chooser
    expect(E.timeoutAction(s, 0)).toEqual({ type: "choose", option: "no" }); // R24: declined
    const taken = A(s, 0, { type: "choose", option: "yes" });
    expect(taken.combat).toBeNull();
    expect(taken.players[0].hand).toHaveLength(1);
    const declined = A(s, 0, { type: "choose", option: "no" });
    expect(declined.combat).toBeNull();
    expect(declined.players[0].hand).toHaveLength(0);
  });

  it(`${name("0.3")}: after attacking, pay 1 EN to return one of Your Items to Your hand`, () => {
    let s = duel();
    const item = fixtureItem(1, []);
    equip(s, "p0", item);
    s = pAttack(s, ["0.3"], 3);
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "none" },
      { type: "choose", option: item },
    ]);
    s = A(s, 0, { type: "choose", option: item });
    expect(s.players[0].hand).toEqual([item]);
    expect(s.players[0].en).toBe(9);
  });

  it(`${name("0.6")}: the defender reveals the top card for RV instead of discarding from hand`, () => {
    let s = duel();
    hand(s, 1, [plain(5)]);
    const top = plain(2);
    s.mainDeck.unshift(top);
    s = pAttack(s, ["0.6"], 5);
    expect(E.legal(s, 1)).toEqual([{ type: "defend" }, { type: "defend", card: "top" }]);
    s = A(s, 1, { type: "defend", card: "top" });
    expect(s.players[1].self.damage).toBe(6 - 3);
    expect(s.discard).toContain(top);
  });

  it(`${name("0.8")}: reveal cards after fuelling: +1 EV and 1 damage on Your Player each`, () => {
    let s = duel();
    s = pAttack(s, ["0.8"], 2);
    expect(s.combat!.step).toBe("gamble");
    s = A(s, 0, { type: "gamble", reveal: true });
    s = A(s, 0, { type: "gamble", reveal: true });
    s = A(s, 0, { type: "gamble", reveal: false });
    expect(s.players[0].self.damage).toBe(2);
    expect(s.players[1].self.damage).toBe(3 + 2 - 1);
  });

  it(`${name("1.1")}: Your Player's action can target a Player who controls Animations (2.5)`, () => {
    let s = duel();
    anim(s, 1, plain(3));
    s = pAttack(s, ["1.1"], 3);
    expect(s.players[1].self.damage).toBe(3);
  });

  it(`${name("1.2")}: after a roll targeting it, if not destroyed, 1 unpreventable damage to the attacking unit`, () => {
    let s = duel();
    const m = anim(s, 1, fixtureAnimation(5, 1, ["1.2"]));
    s.players[0].self.tags = [{ id: "3.4", lockedUntilTurn: null }];
    s = pAttack(s, [], 2, m.id);
    expect(s.players[0].self.damage).toBe(1); // the Ward Tag did not prevent it
    const n = anim(s, 1, fixtureAnimation(1, 1, ["1.2"]));
    actionPhaseReset(s);
    s = pAttack(s, [], 5, n.id);
    expect(s.players[0].self.damage).toBe(1); // destroyed: no retaliation
  });

  it(`${name("1.6")}: the defender may discard one more card to the RV, besides the normal option`, () => {
    let s = duel();
    const r = anim(s, 1, fixtureAnimation(5, 1, ["1.6"]));
    const [d1, d2] = [plain(1), plain(2)];
    hand(s, 1, [d1, d2]);
    s = pAttack(s, [], 5, r.id);
    s = A(s, 1, { type: "defend" });
    expect(s.combat!.step).toBe("defend_extra");
    s = A(s, 1, { type: "defend_extra", card: d2 });
    expect(s.players[1].animations[0].damage).toBe(6 - 3);
  });

  it(`${name("1.7")}: the attack's damage cannot be reduced (Bless) or prevented`, () => {
    let s = duel();
    s.players[1].self.tags = [{ id: "4.4", lockedUntilTurn: null }];
    s = pAttack(s, ["1.7"], 4);
    expect(s.players[1].self.damage).toBe(4);
  });

  it(`${name("1.8")}: a Critical Strike deals 1 additional damage; an Attack does not`, () => {
    let s = pAttack(duel(), ["1.8"], 3, "p1", { critical: true });
    expect(s.players[1].self.damage).toBe(6 - 1 + 1);
    s = pAttack(duel(), ["1.8"], 3);
    expect(s.players[1].self.damage).toBe(3);
  });

  it(`${name("2.0")}: this unit cannot perform a Critical Strike`, () => {
    const s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["2.0"]));
    hand(s, 0, [plain(2), plain(2)]);
    expect(err(s, 0, { type: "attack", actor: u.id, target: "p1", critical: true })).toBe("illegal_move");
    expect(err(s, 0, { type: "attack", actor: u.id, target: "p1" })).toBe("no error");
  });

  it(`${name("2.1")}: R38 after attacking, the unit cannot be targeted by attacks until the start of Your next turn`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["2.1"]));
    const f = plain(2);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: u.id, target: "p1", fuel: [f] });
    s = A(s, 0, { type: "end" });
    hand(s, 1, [plain(3)]);
    expect(err(s, 1, { type: "attack", actor: "p1", target: u.id })).toBe("illegal_move");
    s = A(s, 1, { type: "end" });
    expect(s.players[0].animations[0].untargetable).toBe(false);
  });

  it(`${name("2.3")}: +1 EV the first time Your Player attacks a given enemy unit with it`, () => {
    let s = pAttack(duel(), ["2.3"], 2);
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
    s = pAttack(s, ["2.3"], 2);
    expect(s.players[1].self.damage).toBe(3 + 2);
  });

  it(`${name("2.6")}: Focus vs Focus, no cards discarded (R8)`, () => {
    let s = duel();
    s.players[0].focus = 4;
    s = pAttack(s, ["2.6"], 5);
    expect(s.players[1].self.damage).toBe(3);
    expect(s.players[0].hand).toHaveLength(1);
  });

  it(`${name("2.7")}: +1 EV when the unit has an Item equipped`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["2.7"]), { items: [fixtureItem(1, [])] });
    const f = plain(2);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: u.id, target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
  });

  it(`${name("2.9")}: the controller chooses the discarded or the revealed card; EV = its Power, RV = 0 (R11)`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 4, ["2.9"]));
    const [f, top] = [plain(5), plain(1)];
    hand(s, 0, [f]);
    s.mainDeck.unshift(top);
    s = attack(s, 0, { actor: u.id, target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(0); // nothing is decided before the choice
    expect(s.combat!.choice).toMatchObject({ purpose: "reckless", seat: 0, options: [`card:${f}`, `card:${top}`] }); // higher first
    expect(E.view(s, 1).combat!.choice!.options).toBeNull();
    expect(E.timeoutAction(s, 0)).toEqual({ type: "choose", option: `card:${f}` }); // R24: the higher card
    const high = A(s, 0, { type: "choose", option: `card:${f}` });
    expect(high.players[1].self.damage).toBe(5);
    const low = A(s, 0, { type: "choose", option: `card:${top}` });
    expect(low.players[1].self.damage).toBe(1);
    expect(low.combat).toBeNull();
    expect(low.discard.slice(-2)).toEqual([f, top]);
  });

  it(`${name("3.0")}: the defending unit's controller cannot discard a card for its RV`, () => {
    let s = duel();
    const h = anim(s, 1, fixtureAnimation(5, 1, ["3.0"]), { items: [fixtureItem(1, [])] });
    hand(s, 1, [plain(4)]);
    s = pAttack(s, [], 4, h.id);
    expect(E.legal(s, 1).map((a) => (a as { card?: string }).card)).toEqual([undefined, undefined]); // none or sacrifice only
  });

  it(`${name("3.1")}: unaffected by effects reducing its Focus (Impair, Feeble)`, () => {
    const s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 2, ["3.1", "4.0"]), { tags: ["1.5"] });
    expect(focusOf(s, u)).toBe(2);
  });

  it(`${name("3.2")}: when the attack deals damage, look at the defender's hand and choose a card for them to discard`, () => {
    let s = duel();
    const [a, b] = [plain(1), plain(2)];
    hand(s, 1, [a, b]);
    s = pAttack(s, ["3.2"], 5);
    s = A(s, 1, { type: "defend" });
    expect(E.actors(s)).toEqual([0]);
    expect(E.view(s, 0).combat!.choice!.options).toEqual([`card:${a}`, `card:${b}`]);
    expect(E.view(s, 1).combat!.choice!.options).toBeNull();
    s = A(s, 0, { type: "choose", option: `card:${b}` });
    expect(s.players[1].hand).toEqual([a]);
  });

  it(`${name("3.3")}: when one of Your Animations is destroyed, its controller may draw a card: asked in the opponent's turn, drawn or declined (R13)`, () => {
    let s = duel();
    anim(s, 1, fixtureAnimation(5, 1, ["3.3"]));
    const v = anim(s, 1, fixtureAnimation(1, 1, []));
    s = pAttack(s, [], 3, v.id);
    expect(s.players[1].animations.map((u) => u.id)).not.toContain(v.id);
    expect(s.combat!.choice).toMatchObject({ purpose: "stubborn", seat: 1, options: ["no", "yes"] });
    expect(E.actors(s)).toEqual([1]); // a non-turn seat decides
    expect(E.legal(s, 0)).toEqual([]);
    expect(E.view(s, 0).combat!.choice!.options).toBeNull();
    expect(E.timeoutAction(s, 1)).toEqual({ type: "choose", option: "no" });
    const taken = A(s, 1, { type: "choose", option: "yes" });
    expect(taken.players[1].hand).toHaveLength(1);
    expect(taken.combat).toBeNull();
    expect(E.actors(taken)).toEqual([0]); // back to the turn Player
    const declined = A(s, 1, { type: "choose", option: "no" });
    expect(declined.players[1].hand).toHaveLength(0);
    expect(declined.combat).toBeNull();
  });

  it(`${name("3.6")}: +X EV, X = Animations you control`, () => {
    let s = duel();
    anim(s, 0, plain(1));
    anim(s, 0, plain(1));
    s = pAttack(s, ["3.6"], 2);
    expect(s.players[1].self.damage).toBe(1 + 2 + 2 - 1);
  });

  it(`${name("3.7")}: after the normal discard, one additional card to the RV`, () => {
    let s = duel();
    const d = anim(s, 1, fixtureAnimation(5, 1, ["3.7"]));
    const [x, y] = [plain(1), plain(2)];
    hand(s, 1, [x, y]);
    s = pAttack(s, [], 5, d.id);
    s = A(s, 1, { type: "defend", card: x });
    s = A(s, 1, { type: "defend_extra", card: y });
    expect(s.players[1].animations[0].damage).toBe(6 - 4);
  });

  it(`${name("3.8")}: the damaged target becomes spent and does not ready in its controller's next Ready Phase`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(5, 1, []));
    s = pAttack(s, ["3.8"], 3, t.id);
    expect(s.players[1].animations[0].spent).toBe(true);
    s = A(s, 0, { type: "end" });
    expect(s.players[1].animations[0].spent).toBe(true);
    s = A(s, 1, { type: "end" });
    s = A(s, 0, { type: "end" });
    expect(s.players[1].animations[0].spent).toBe(false);
  });

  it(`${name("4.0")}: this unit has -1 Focus`, () => {
    const s = duel();
    expect(focusOf(s, anim(s, 0, fixtureAnimation(3, 3, ["4.0"])))).toBe(2);
  });

  it(`${name("4.1")}: R31 would be destroyed: discard a card to prevent the damage and become Suppressed`, () => {
    let s = duel();
    const v = anim(s, 1, fixtureAnimation(2, 1, ["4.1"]));
    const keep = plain(1);
    hand(s, 1, [keep]);
    s = pAttack(s, [], 5, v.id);
    s = A(s, 1, { type: "defend" });
    expect(E.legal(s, 1)).toEqual([
      { type: "choose", option: "no" },
      { type: "choose", option: `card:${keep}` },
    ]);
    s = A(s, 1, { type: "choose", option: `card:${keep}` });
    expect(s.players[1].animations[0]).toMatchObject({ damage: 0, suppressed: true });
  });

  it(`${name("4.2")}: R40 no Critical Strike; without discarding, EV = Focus + Focus`, () => {
    let s = duel();
    s.players[0].focus = 3;
    s.players[0].codexActive = ["codex-4-1"];
    hand(s, 0, [plain(2), plain(2)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1", critical: true });
    expect(E.legal(s, 0).some((a) => a.type === "augment" && a.keyword === "4.2")).toBe(false);
    s = duel();
    s.players[0].focus = 3;
    s.players[0].codexActive = ["codex-4-1"];
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    s = A(s, 0, { type: "augment", keyword: "4.2" });
    s = A(s, 0, { type: "augment_done" });
    s = A(s, 0, { type: "fuel", cards: [] });
    expect(s.players[1].self.damage).toBe(6 - 1);
  });

  it(`${name("4.3")}: Your units are unaffected by the Blight Tag and by Growth`, () => {
    let s = duel();
    equip(s, "p0", fixtureItem(3, ["4.3"]));
    s.players[0].self.tags = [{ id: "7.5", lockedUntilTurn: null }];
    s = A(s, 0, { type: "charge", actor: "p0" });
    expect(s.players[0].self.damage).toBe(0);
    const g = anim(s, 0, fixtureAnimation(3, 1, ["6.9"]), { spent: true });
    g.growthActive = true;
    const o = anim(s, 0, fixtureAnimation(3, 1, ["4.3"]));
    expect(focusOf(s, o)).toBe(1);
  });

  it(`${name("4.6")}: the enemy Player takes the same damage as the target`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(5, 1, []));
    s = pAttack(s, ["4.6"], 3, t.id);
    expect([s.players[1].animations[0].damage, s.players[1].self.damage]).toEqual([3, 3]);
  });

  it(`${name("4.8")}: when the attack deals damage, remove 1 damage marker from Your Player`, () => {
    let s = duel();
    s.players[0].self.damage = 2;
    s = pAttack(s, ["4.8"], 3);
    expect(s.players[0].self.damage).toBe(1);
  });

  it(`${name("4.9")}: take an Animation card from the Discard Pile into Your hand`, () => {
    let s = duel();
    const dead = s.mainDeck.find((c) => /-[0-5]$/.test(c))!;
    s.mainDeck = s.mainDeck.filter((c) => c !== dead);
    s.discard.push(dead);
    s.players[0].focus = 2; // the block's Flaw, Feeble (4.0), costs 1 Focus
    s = pAttack(s, ["4.9"], 1);
    expect(s.combat!.choice!.purpose).toBe("4.9:animate"); // regardless of success
    expect(E.legal(s, 0)).toContainEqual({ type: "choose", option: dead });
    s = A(s, 0, { type: "choose", option: dead });
    expect(s.players[0].hand).toContain(dead);
  });

  it(`${name("5.0")}: damaged without discarding for RV: destroy one of its Items`, () => {
    let s = duel();
    const item = fixtureItem(1, []);
    const g = anim(s, 1, fixtureAnimation(5, 1, ["5.0"]), { items: [item] });
    s = pAttack(s, [], 3, g.id);
    s = A(s, 1, { type: "defend" });
    expect(s.players[1].animations[0].items).toEqual([]);
    expect(s.discard).toContain(item);
  });

  it(`${name("5.1")}: when you Deploy, look at the top card and may put it on the bottom`, () => {
    let s = duel();
    equip(s, "p0", fixtureItem(3, ["5.1"]));
    const x = plain(1);
    hand(s, 0, [x]);
    const top = s.mainDeck[0];
    s = A(s, 0, { type: "deploy", card: x });
    expect(E.view(s, 0).you!.peek).toBe(top);
    expect(E.view(s, 1).you!.peek).toBeNull();
    s = A(s, 0, { type: "choose", option: "bottom" });
    expect(s.mainDeck[s.mainDeck.length - 1]).toBe(top);
  });

  it(`${name("5.3")}: Your Equip costs 1 less EN (min 1)`, () => {
    let s = duel();
    equip(s, "p0", fixtureItem(3, ["5.3"]));
    s.players[0].focus = 3;
    const [a, b] = [fixtureItem(3, []), fixtureItem(1, [])];
    hand(s, 0, [a, b]);
    s = A(s, 0, { type: "equip", item: a, target: "p0" });
    s = A(s, 0, { type: "equip", item: b, target: "p0" });
    expect(s.players[0].en).toBe(10 - 2 - 1);
  });

  it(`${name("5.8")}: +X EV, X = Items you control`, () => {
    let s = duel();
    anim(s, 0, plain(3), { items: [fixtureItem(1, [])] });
    s = pAttack(s, ["5.8"], 2);
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
  });

  it(`${name("5.9")}: reveal the top card: an Item goes to Your hand, anything else to the Discard Pile`, () => {
    let s = duel();
    const item = fixtureItem(2, []);
    s.mainDeck.unshift(item);
    s = pAttack(s, ["5.9"], 1);
    expect(s.players[0].hand).toContain(item);
    expect(E.view(s, 1).shown).toEqual([item]);
  });

  it(`${name("6.0")}: Critical Strikes targeting it deal 1 additional damage; Attacks do not`, () => {
    let s = duel();
    const v = anim(s, 1, fixtureAnimation(5, 1, ["6.0"]));
    s = pAttack(s, [], 2, v.id, { critical: true });
    expect(s.players[1].animations[0].damage).toBe(4 - 1 + 1);
    s = duel();
    const w = anim(s, 1, fixtureAnimation(5, 1, ["6.0"]));
    s = pAttack(s, [], 2, w.id);
    expect(s.players[1].animations[0].damage).toBe(2);
  });

  it(`${name("6.1")}: Status Tags no more than its Focus are inactive`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(5, 1, ["6.1"]), { tags: ["0.5"] });
    s = pAttack(s, [], 2, t.id);
    expect(s.players[1].animations[0].damage).toBe(2); // Mark inactive: EV 3 vs RV 1
    s.players[1].animations[0].tags.push({ id: "3.5", lockedUntilTurn: null });
    s.players[0].spentTokens = 0;
    s.playerActions = 0;
    s = pAttack(s, [], 1, t.id);
    expect(s.players[1].animations[0].damage).toBe(2 + 2); // 2 Tags > Focus 1: Mark active, EV 3 vs 1
  });

  it(`${name("6.2")}: aim at an Item on the defender; if the attack deals damage, destroy it instead`, () => {
    let s = duel();
    const item = fixtureItem(2, []);
    equip(s, "p1", item);
    s = pAttack(s, ["6.2"], 4, "p1", { item });
    s = A(s, 1, { type: "defend" });
    expect(s.players[1].self).toMatchObject({ damage: 0, items: [] });
  });

  it(`${name("6.3")}: choose a Status Tag when acquiring the block; Your units cannot be affected by it`, () => {
    let s = duel();
    s.players[0].karma = 3;
    s.players[0].codexDeck = ["codex-6-2"];
    s = A(s, 0, { type: "karma", spend: "acquire" });
    s = A(s, 0, { type: "choose", option: "3.5" });
    expect(s.players[0].immunized).toEqual(["3.5"]);
    s = A(s, 0, { type: "end" });
    s.players[1].codexActive = ["codex-3-3"];
    hand(s, 1, [plain(4)]);
    s = attack(s, 1, { actor: "p1", target: "p0", augment: ["3.5"], fuel: [s.players[1].hand[0]] });
    expect(s.players[0].self.tags).toEqual([]);
  });

  it(`${name("6.6")}: the damaged target becomes Suppressed`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(5, 1, []));
    s = pAttack(s, ["6.6"], 3, t.id);
    expect(s.players[1].animations[0].suppressed).toBe(true);
  });

  it(`${name("6.7")}: a Support by this unit removes 1 additional damage marker`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(5, 1, ["6.7"]), { damage: 3 });
    s = A(s, 0, { type: "support", actor: u.id, target: u.id });
    expect(s.players[0].animations[0].damage).toBe(1);
  });

  it(`${name("6.8")}: +1 EV per Status Tag on the target`, () => {
    let s = duel();
    s.players[1].self.tags = [
      { id: "3.5", lockedUntilTurn: null },
      { id: "4.5", lockedUntilTurn: null },
    ];
    s = pAttack(s, ["6.8"], 2);
    expect(s.players[1].self.damage).toBe(1 + 2 + 2 - 1);
  });

  it(`${name("6.9")}: R42 while the Growth unit is spent after acting, other friendly Animations have +1 Focus`, () => {
    let s = duel();
    const g = anim(s, 0, fixtureAnimation(3, 1, ["6.9"]));
    const o = anim(s, 0, fixtureAnimation(3, 2, []));
    expect(focusOf(s, o)).toBe(2);
    s = A(s, 0, { type: "charge", actor: g.id });
    expect(focusOf(s, s.players[0].animations[1])).toBe(3);
    expect(focusOf(s, s.players[0].animations[0])).toBe(1);
  });

  it(`${name("7.0")}: the unit's maximum HP is reduced by 1 (R23: never below 1)`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(3, 0, ["7.0"]));
    s = pAttack(s, [], 1, t.id);
    expect(s.players[1].animations).toEqual([]); // 2 damage kills a Power-3 Limited
    equip(s, "p1", fixtureItem(1, ["7.0"]));
    expect(maxHp(s, 1)).toBe(9);
  });

  it(`${name("7.1")}: Your Player's maximum HP is increased by 1`, () => {
    const s = duel();
    anim(s, 0, fixtureAnimation(1, 1, ["7.1"]));
    expect(maxHp(s, 0)).toBe(11);
  });

  it(`${name("7.2")}: +1 EV if you gained Karma this turn`, () => {
    let s = duel();
    s = pAttack(s, ["7.2"], 2);
    expect(s.players[1].self.damage).toBe(2); // no Karma yet
    s = pAttack(s, ["7.2"], 2);
    expect(s.players[1].self.damage).toBe(2 + 3);
  });

  it(`${name("7.3")}: R41 the attacking unit cannot use Augmented keywords against it`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(5, 1, ["7.3"]));
    s.players[0].codexActive = ["codex-0-1"];
    hand(s, 0, [plain(2)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: t.id });
    expect(s.combat!.step).toBe("fuel");
  });

  it(`${name("7.7")}: neither Focus is added to EV / RV`, () => {
    let s = duel();
    s.players[0].focus = 3;
    const t = anim(s, 1, fixtureAnimation(5, 3, []));
    s = pAttack(s, ["7.7"], 4, t.id);
    expect(s.players[1].animations[0].damage).toBe(4);
  });

  it(`${name("7.8")}: R39 two different enemy targets, one EV, two Opposed Rolls`, () => {
    let s = duel();
    const [a, b] = [anim(s, 1, fixtureAnimation(5, 1, [])), anim(s, 1, fixtureAnimation(5, 2, []))];
    s = pAttack(s, ["7.8"], 3, a.id, { second: b.id });
    expect(s.players[1].animations.map((u) => u.damage)).toEqual([3, 2]);
  });

  it(`${name("8.0")}: declaring an attack discards one additional card for no effect; without it no attack`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["8.0"]));
    const [f, g] = [plain(3), plain(5)];
    hand(s, 0, [f]);
    expect(err(s, 0, { type: "attack", actor: u.id, target: "p1" })).toBe("illegal_move");
    hand(s, 0, [f, g]);
    s = attack(s, 0, { actor: u.id, target: "p1", fuel: [f, g] });
    expect(s.players[1].self.damage).toBe(3);
  });

  it(`${name("8.1")}: when you Deploy, you may force an opponent to discard a card`, () => {
    let s = duel();
    equip(s, "p0", fixtureItem(3, ["8.1"]));
    hand(s, 1, [plain(1), plain(2)]);
    const x = plain(1);
    hand(s, 0, [x]);
    s = A(s, 0, { type: "deploy", card: x });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "none" },
      { type: "choose", option: "p1" },
    ]);
    s = A(s, 0, { type: "choose", option: "p1" });
    expect(s.players[1].hand).toHaveLength(1);
  });

  it(`${name("8.2")}: when Your Player attacks with it, Your Animations gain +1 Power until Your next turn`, () => {
    let s = duel();
    anim(s, 0, fixtureAnimation(2, 1, []));
    s = pAttack(s, ["8.2"], 2);
    expect(E.view(s, 0).players[0].animations[0].power).toBe(3);
    s = A(s, 0, { type: "end" });
    s = A(s, 1, { type: "end" });
    expect(E.view(s, 0).players[0].animations[0].power).toBe(2);
  });

  it(`${name("8.3")}: when this unit Supports, its controller may draw a card: asked, drawn or declined (R13)`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["8.3"]));
    s = A(s, 0, { type: "support", actor: u.id, target: "p0" });
    expect(s.combat!.choice).toMatchObject({ purpose: "8.3:insightful", seat: 0, options: ["no", "yes"] });
    expect(E.view(s, 1).combat!.choice!.options).toBeNull();
    expect(E.timeoutAction(s, 0)).toEqual({ type: "choose", option: "no" });
    const drawn = A(s, 0, { type: "choose", option: "yes" });
    expect(drawn.players[0].hand).toHaveLength(1);
    expect(drawn.combat).toBeNull();
    const declined = A(s, 0, { type: "choose", option: "no" });
    expect(declined.players[0].hand).toHaveLength(0);
    expect(declined.combat).toBeNull();
  });

  it(`${name("8.6")}: R48 when the attack deals damage, its non-damage keyword effects (Status Tags) also hit another enemy Animation`, () => {
    let s = duel();
    const [a, b] = [anim(s, 1, fixtureAnimation(5, 1, [])), anim(s, 1, fixtureAnimation(5, 1, []))];
    s = pAttack(s, ["8.6", "3.5"], 3, a.id);
    expect(E.legal(s, 0)).toEqual([{ type: "choose", option: b.id }]);
    s = A(s, 0, { type: "choose", option: b.id });
    expect(s.players[1].animations.map((u) => [u.damage, u.tags.map((t) => t.id)])).toEqual([
      [2 + 3 - 1, ["3.5"]],
      [0, ["3.5"]],
    ]);
  });

  it(`${name("8.7")}: R43 a Status Tag from the attack cannot be removed until the end of the target's controller's next turn`, () => {
    let s = duel();
    s = pAttack(s, ["8.7", "3.5"], 3);
    s = A(s, 0, { type: "end" });
    expect(err(s, 1, { type: "purge", actor: "p1", removeTag: "3.5" })).toBe("illegal_move");
    s = A(s, 1, { type: "end" });
    s = A(s, 0, { type: "end" });
    expect(err(s, 1, { type: "purge", actor: "p1", removeTag: "3.5" })).toBe("no error");
  });

  it(`${name("8.8")}: when the attack deals damage, another enemy Animation takes 1 damage`, () => {
    let s = duel();
    const [a, b] = [anim(s, 1, fixtureAnimation(5, 1, [])), anim(s, 1, fixtureAnimation(5, 1, []))];
    s = pAttack(s, ["8.8"], 3, a.id);
    s = A(s, 0, { type: "choose", option: b.id });
    expect(s.players[1].animations.map((u) => u.damage)).toEqual([3, 1]);
  });

  it(`${name("9.0")}: R20 a Player with Mundane cannot augment their own attacks`, () => {
    let s = duel();
    s.players[0].codexActive = ["codex-9-5", "codex-0-1"];
    hand(s, 0, [plain(2)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(s.combat!.step).toBe("fuel");
  });

  it(`${name("9.1")}: when an opponent plays an Item, its controller may pay 1 EN to draw: asked, paid or declined (R13)`, () => {
    let s = duel();
    anim(s, 1, fixtureAnimation(1, 1, ["9.1"]));
    const i = fixtureItem(1, []);
    hand(s, 0, [i]);
    s = A(s, 0, { type: "equip", item: i, target: "p0" });
    expect(s.combat!.choice).toMatchObject({ purpose: "aware", seat: 1, options: ["no", "yes"] });
    expect(s.combat!.seat).toBe(0); // still the turn Player's record
    expect(E.actors(s)).toEqual([1]); // the opponent decides in seat 0's turn
    expect(E.legal(s, 0)).toEqual([]);
    expect(E.view(s, 0).combat!.choice!.options).toBeNull();
    expect(E.timeoutAction(s, 1)).toEqual({ type: "choose", option: "no" });
    const paid = A(s, 1, { type: "choose", option: "yes" });
    expect(paid.players[1]).toMatchObject({ en: 9 });
    expect(paid.players[1].hand).toHaveLength(1);
    expect(paid.combat).toBeNull();
    expect(E.actors(paid)).toEqual([0]);
    const declined = A(s, 1, { type: "choose", option: "no" });
    expect(declined.players[1]).toMatchObject({ en: 10 });
    expect(declined.players[1].hand).toHaveLength(0);
    // not asked without 1 EN
    let poor = duel();
    anim(poor, 1, fixtureAnimation(1, 1, ["9.1"]));
    poor.players[1].en = 0;
    hand(poor, 0, [i]);
    poor = A(poor, 0, { type: "equip", item: i, target: "p0" });
    expect(poor.combat).toBeNull();
  });

  it(`${name("9.2")}: an opponent pays 1 additional EN to target it`, () => {
    let s = duel();
    const t = anim(s, 1, fixtureAnimation(5, 1, ["9.2"]));
    s.players[0].en = 0;
    hand(s, 0, [plain(2)]);
    expect(err(s, 0, { type: "attack", actor: "p0", target: t.id })).toBe("illegal_move");
    s.players[0].en = 1;
    s = A(s, 0, { type: "attack", actor: "p0", target: t.id });
    expect(s.players[0].en).toBe(0);
  });

  it(`${name("9.6")}: when its attack destroys the target, 1 damage marker on another enemy unit`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["9.6"]));
    const [a, b] = [anim(s, 1, fixtureAnimation(1, 1, [])), anim(s, 1, fixtureAnimation(5, 1, []))];
    const f = plain(3);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: u.id, target: a.id, fuel: [f] });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "none" },
      { type: "choose", option: "p1" },
      { type: "choose", option: b.id },
    ]);
    s = A(s, 0, { type: "choose", option: b.id });
    expect(s.players[1].animations.map((x) => x.damage)).toEqual([1]);
  });

  it(`${name("9.7")}: Your Player may equip one Item beyond the Focus limit`, () => {
    let s = duel();
    equip(s, "p0", fixtureItem(3, ["9.7"]));
    const i = fixtureItem(1, []);
    hand(s, 0, [i]);
    s = A(s, 0, { type: "equip", item: i, target: "p0" });
    expect(s.players[0].self.items).toHaveLength(2);
  });

  it(`${name("9.8")}: without discarding, add the highest Power in the Discard Pile to the EV`, () => {
    let s = duel();
    s.discard.push(plain(5));
    s.players[0].codexActive = ["codex-9-4"];
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    s = A(s, 0, { type: "augment", keyword: "9.8" });
    s = A(s, 0, { type: "fuel", cards: [] });
    expect(s.players[1].self.damage).toBe(1 + 5 - 1);
  });

  it(`${name("9.9")}: R36 the action resolves with the Source's Focus; the Channeler is spent (2.17.5)`, () => {
    let s = duel();
    const c = anim(s, 0, fixtureAnimation(3, 1, ["9.9"]));
    const src = anim(s, 0, fixtureAnimation(3, 3, []));
    const f = plain(2);
    hand(s, 0, [f]);
    s.players[0].focus = 2;
    s = attack(s, 0, { actor: c.id, target: "p1", source: src.id, fuel: [f] });
    expect(s.players[1].self.damage).toBe(3 + 2 - 1);
    expect(s.players[0].animations.map((u) => u.spent)).toEqual([true, false]);
  });
});

function actionPhaseReset(s: State): void {
  s.players[0].spentTokens = 0;
  s.playerActions = 0;
}
void events;
void log;
