import { describe, expect, it } from "vitest";
import { KEYWORDS } from "./data/index.ts";
import { implementedKeywords } from "./keywords/index.ts";
import { resonanceEngine as E } from "./index.ts";
import { A, actionPhase, anim, attack, clear, duel, equip, fixtureAnimation, fixtureItem, hand, plain } from "./testkit.ts";
import type { State } from "./types.ts";

const name = (id: string) => `${id} ${KEYWORDS.find((k) => k.id === id)!.name}`;
const block = (k: string) => `codex-${k[0]}-${({ 1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3, 7: 4, 8: 4, 9: 5, 0: 5 } as Record<string, number>)[k[2]]}`;

function pAttack(s: State, kws: string[], fuel: number, target = "p1"): State {
  s.players[0].focus = Math.max(s.players[0].focus, kws.length);
  s.players[0].codexActive = [...new Set([...s.players[0].codexActive, ...kws.map(block)])];
  const f = plain(fuel);
  hand(s, 0, [...s.players[0].hand, f]);
  clear();
  return attack(s, 0, { actor: "p0", target, augment: kws, fuel: [f] });
}

describe("Appendix C keywords with decisions", () => {
  it("all 100 keywords of Appendix C are registered", () => {
    expect(implementedKeywords()).toEqual(KEYWORDS.map((k) => k.id).sort());
  });

  it(`${name("0.7")}: instead of damage markers, the target's controller discards a card (they choose which)`, () => {
    let s = duel();
    const [a, b] = [plain(1), plain(2)];
    hand(s, 1, [a, b]);
    s = pAttack(s, ["0.7"], 4);
    s = A(s, 1, { type: "defend" });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "damage" },
      { type: "choose", option: "discard" },
    ]);
    s = A(s, 0, { type: "choose", option: "discard" });
    expect(E.actors(s)).toEqual([1]);
    s = A(s, 1, { type: "choose", option: `card:${b}` });
    expect(s.players[1].self.damage).toBe(0);
    expect(s.players[1].hand).toEqual([a]);
  });

  it(`${name("0.9")}: R25 a successful attack may pay 1 EN to add a keyword of the target's faction colours`, () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-0-5"]; // Edit 0.9 / Restricted 0.0
    const t = anim(s, 1, "m10-4"); // Green Paragon: faction colour 3
    const f = plain(4);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: t.id, augment: ["0.9"], fuel: [f] });
    const opts = E.legal(s, 0).map((a) => (a as { option: string }).option);
    expect(opts[0]).toBe("none");
    expect(opts.slice(1).every((k) => k.startsWith("3."))).toBe(true);
    expect(opts).toContain("3.8"); // Impact
    s = A(s, 0, { type: "choose", option: "3.8" });
    expect(s.players[0].en).toBe(9);
    expect(s.players[1].animations[0]).toMatchObject({ damage: 2 + 4 - 4, spent: true, skipReady: true });
  });

  it(`${name("1.0")}: R26 its controller chooses the colour when it enters play; the RV drops by the attack's keywords of that colour`, () => {
    const bane = fixtureAnimation(5, 3, ["1.0"]);
    let s = duel();
    hand(s, 0, [bane]);
    s.players[0].focus = 2;
    s = A(s, 0, { type: "deploy", card: bane });
    expect(s.combat!.choice).toMatchObject({ purpose: "bane", seat: 0, options: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"].map((c) => `color:${c}`) });
    expect(E.view(s, 1).combat!.choice!.options).toBeNull();
    const chosen = (color: number): State => {
      let x = A(s, 0, { type: "choose", option: `color:${color}` });
      expect(x.combat).toBeNull();
      expect(E.view(x, 1).players[0].bane).toEqual({ [bane]: color }); // public once chosen
      // the opponent attacks it with two Null keywords (Aura, Specialist) and fuel 2: EV 2 + 2 + 1 vs RV 3 (- Bane)
      actionPhase(x, 1);
      x.players[1].focus = 2;
      x.players[1].codexActive = ["codex-0-1"];
      x.players[0].animations[0].spent = false;
      const f = plain(2);
      hand(x, 1, [f]);
      x = attack(x, 1, { actor: "p1", target: x.players[0].animations[0].id, augment: ["0.1", "0.2"], fuel: [f] });
      return x;
    };
    expect(chosen(0).players[0].animations[0].damage).toBe(2 + 2 + 1 - (3 - 2)); // Null chosen: RV 3 - 2
    expect(chosen(7).players[0].animations[0].damage).toBe(2 + 2 + 1 - 3); // another colour: no effect
  });

  it(`${name("1.0")}: the chosen colour lasts while its source is in play; destroyed, the source forgets it`, () => {
    const bane = fixtureAnimation(5, 3, ["1.0"]);
    let s = duel();
    hand(s, 0, [bane]);
    s.players[0].focus = 2;
    s = A(s, 0, { type: "deploy", card: bane });
    s = A(s, 0, { type: "choose", option: "color:7" });
    expect(s.players[0].bane).toEqual({ [bane]: 7 });
    actionPhase(s, 1);
    const f = plain(9);
    hand(s, 1, [f]);
    s = attack(s, 1, { actor: "p1", target: s.players[0].animations[0].id, fuel: [f] });
    expect(s.players[0].animations).toEqual([]);
    expect(s.discard).toContain(bane);
    // The card may go back into the Main Deck (2.8): a colour left on it would name a hidden card.
    expect(s.players[0].bane).toEqual({});
    expect(E.view(s, 1).players[0].bane).toEqual({});
  });

  it(`${name("1.3")}: R26 the Player chooses which friendly Animation's Focus the attack uses`, () => {
    let s = duel();
    const low = anim(s, 0, fixtureAnimation(3, 2, []));
    const high = anim(s, 0, fixtureAnimation(3, 4, []));
    s = pAttack(s, ["1.3"], 1);
    expect(s.players[1].self.damage).toBe(0); // nothing resolved before the choice
    expect(s.combat!.choice).toMatchObject({ purpose: "attuned", seat: 0, options: [high.id, low.id] }); // highest Focus first
    expect(E.view(s, 1).combat!.choice!.options).toBeNull();
    expect(E.timeoutAction(s, 0)).toEqual({ type: "choose", option: high.id }); // R24
    const h = A(s, 0, { type: "choose", option: high.id });
    expect(h.players[1].self.damage).toBe(4 + 1 - 1);
    const l = A(s, 0, { type: "choose", option: low.id });
    expect(l.players[1].self.damage).toBe(2 + 1 - 1);
    // a single friendly Animation: nothing to choose
    let one = duel();
    anim(one, 0, fixtureAnimation(3, 3, []));
    one = pAttack(one, ["1.3"], 1);
    expect(one.players[1].self.damage).toBe(3 + 1 - 1);
  });

  it(`${name("1.9")}: R32 instead of the Opposed Roll, return the target Animation (and its Items) to its owner's hand`, () => {
    let s = duel();
    const item = fixtureItem(1, []);
    const t = anim(s, 1, fixtureAnimation(4, 1, []), { items: [item] });
    s.players[0].codexActive = ["codex-1-5"];
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: t.id });
    s = A(s, 0, { type: "augment", keyword: "1.9" });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "roll" },
      { type: "choose", option: "return" },
    ]);
    s = A(s, 0, { type: "choose", option: "return" });
    expect(s.combat).toBeNull();
    expect(s.players[1].animations).toEqual([]);
    expect(s.players[1].hand).toEqual([t.id, item]);
    expect(s.players[0].hand).toHaveLength(1); // no fuel spent
  });

  it(`${name("2.2")}: R44 the attacker looks at the defending Player's hand (in the attacker's view only)`, () => {
    let s = duel();
    const h = [plain(1), plain(2)];
    hand(s, 1, h);
    s.players[0].codexActive = ["codex-2-1"];
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    s = A(s, 0, { type: "augment", keyword: "2.2" });
    expect(E.view(s, 0).you!.looked).toEqual({ of: 1, cards: h });
    expect(E.view(s, 1).you!.looked).toBeNull();
  });

  it(`${name("2.8")}: R35 pay 1 EN to attack the same target again, within the same Attack action`, () => {
    let s = duel();
    s.players[0].codexActive = ["codex-2-4"];
    const [f, g] = [plain(3), plain(2)];
    hand(s, 0, [f, g]);
    s = attack(s, 0, { actor: "p0", target: "p1", augment: ["2.8"], fuel: [f] });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "no" },
      { type: "choose", option: "yes" },
    ]);
    s = A(s, 0, { type: "choose", option: "yes" });
    expect(s.combat!.step).toBe("fuel");
    s = A(s, 0, { type: "fuel", cards: [g] });
    expect(s.players[1].self.damage).toBe(3 + 2);
    expect(s.players[0]).toMatchObject({ en: 9, spentTokens: 1 });
    expect(s.combat).toBeNull(); // no third time
  });

  it(`${name("3.9")}: a Support by this unit may move Items between Your units`, () => {
    let s = duel();
    const item = fixtureItem(1, []);
    const u = anim(s, 0, fixtureAnimation(3, 1, ["3.9"]), { items: [item] });
    s = A(s, 0, { type: "support", actor: u.id, target: "p0" });
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "done" },
      { type: "choose", option: `${item}>p0` },
    ]);
    s = A(s, 0, { type: "choose", option: `${item}>p0` });
    expect(s.players[0].self.items).toEqual([item]);
    expect(E.legal(s, 0)).toEqual([
      { type: "choose", option: "done" },
      { type: "choose", option: `${item}>${u.id}` },
    ]);
    s = A(s, 0, { type: "choose", option: "done" });
    expect(s.combat).toBeNull();
  });

  it(`${name("4.7")}: R40 place X damage markers on Your Player for +X EV (X up to HP left - 1, no cap of 5)`, () => {
    let s = duel();
    s = pAttack(s, ["4.7"], 2);
    expect(E.legal(s, 0).map((a) => (a as { option: string }).option)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    s = A(s, 0, { type: "choose", option: "2" });
    expect(s.players[0].self.damage).toBe(2);
    expect(s.players[1].self.damage).toBe(1 + 2 + 2 - 1);
  });

  it(`${name("5.2")}: the action gains a keyword of an Item you control (not counted)`, () => {
    let s = duel();
    anim(s, 0, plain(3), { items: [fixtureItem(1, ["0.1"])] });
    s = pAttack(s, ["5.2"], 2);
    expect(s.players[1].self.damage).toBe(0); // waiting for the choice
    s = A(s, 0, { type: "choose", option: "0.1" });
    s = A(s, 0, { type: "fuel", cards: [s.players[0].hand[0]] });
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
  });

  it(`${name("5.6")}: the action gains a keyword of an active Codex block (not counted)`, () => {
    let s = duel();
    s.players[0].codexActive = ["codex-5-3", "codex-0-1"];
    const f = plain(2);
    hand(s, 0, [f]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    s = A(s, 0, { type: "augment", keyword: "5.6" });
    expect(E.legal(s, 0).map((a) => (a as { option: string }).option)).toContain("0.1");
    s = A(s, 0, { type: "choose", option: "0.1" });
    s = A(s, 0, { type: "fuel", cards: [f] });
    expect(s.combat?.gained ?? ["0.1"]).toContain("0.1");
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
  });

  it(`${name("5.7")}: destroy one of Your Items during the fuel step: the defender cannot discard for RV`, () => {
    let s = duel();
    const item = fixtureItem(1, []);
    equip(s, "p0", item);
    hand(s, 1, [plain(5)]);
    s = pAttack(s, ["5.7"], 3);
    s = A(s, 0, { type: "choose", option: item });
    expect(s.combat).toBeNull(); // no Defender Reaction left
    expect(s.players[1].self.damage).toBe(1 + 3 - 1); // the Item was destroyed before the EV
  });

  it(`${name("7.6")}: R33 no Opposed Roll: 1 damage to each enemy Animation, each preventable for 1 EN`, () => {
    let s = duel();
    const [a, b] = [anim(s, 1, plain(3)), anim(s, 1, plain(3))];
    s.players[0].codexActive = ["codex-7-3"];
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: a.id });
    s = A(s, 0, { type: "augment", keyword: "7.6" });
    expect(E.actors(s)).toEqual([1]);
    s = A(s, 1, { type: "choose", option: "pay" });
    s = A(s, 1, { type: "choose", option: "take" });
    expect(s.players[1].animations.map((u) => u.damage)).toEqual([0, 1]);
    expect(s.players[1].en).toBe(9);
    expect(s.players[0].hand).toHaveLength(1);
    void b;
  });

  it(`${name("7.9")}: R34 a Support destroys a friendly Animation and deploys readied Echoes equal to its Power, outside the Command Limit`, () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, []));
    s.players[0].codexActive = ["codex-7-5"];
    s = A(s, 0, { type: "support", actor: "p0", target: "p0" });
    s = A(s, 0, { type: "augment", keyword: "7.9" });
    s = A(s, 0, { type: "choose", option: u.id });
    expect(s.players[0].animations.map((x) => [x.id, x.spent])).toEqual([
      ["echo-1", false],
      ["echo-2", false],
      ["echo-3", false],
    ]);
    expect(s.discard).toContain(u.id);
    const x = plain(1);
    hand(s, 0, [x]);
    expect(E.legal(s, 0)).toContainEqual({ type: "deploy", card: x }); // Echoes do not count (2.12)
  });

  it(`${name("8.9")}: R45 choose to deal no damage: keyword effects apply even if EV <= RV`, () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-8-5", "codex-3-3"]; // Potent, Daze
    const [f, g, d] = [plain(1), plain(1), plain(5)];
    hand(s, 0, [f, g]);
    hand(s, 1, [d]);
    s = attack(s, 0, { actor: "p0", target: "p1", augment: ["8.9", "3.5"], fuel: [f, g] }); // + Awkward (8.0, the block's Flaw)
    s = A(s, 1, { type: "defend", card: d });
    s = A(s, 0, { type: "choose", option: "potent" });
    expect(s.players[1].self.damage).toBe(0);
    expect(s.players[1].self.tags.map((t) => t.id)).toEqual(["3.5"]);
  });

  it(`${name("9.3")}: R37 R5 the defender discards, the attacker must discard too — or the attack is cancelled`, () => {
    let s = duel();
    anim(s, 1, fixtureAnimation(1, 1, ["9.3"]));
    s.players[1].animations[0].suppressed = false;
    const t = s.players[1].animations[0];
    const [x, y] = [plain(1), plain(2)];
    hand(s, 1, [x]);
    hand(s, 0, [y]);
    s = A(s, 0, { type: "attack", actor: "p0", target: t.id });
    expect(E.legal(s, 1)).toEqual([
      { type: "choose", option: "none" },
      { type: "choose", option: `card:${x}` },
    ]);
    s = A(s, 1, { type: "choose", option: `card:${x}` });
    s = A(s, 0, { type: "choose", option: `card:${y}` });
    // the attacker paid with its only card: no fuel is left, the attack ends without effect (R5)
    expect(s.combat).toBeNull();
    expect(s.players[0].hand).toEqual([]);
    expect(s.players[1].animations[0].damage).toBe(0);
    s = duel();
    anim(s, 1, fixtureAnimation(1, 1, ["9.3"]));
    hand(s, 1, [plain(1)]);
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: s.players[1].animations[0].id });
    s.players[0].hand = [];
    s = A(s, 1, { type: "choose", option: `card:${s.players[1].hand[0]}` });
    expect(s.combat).toBeNull(); // the attacker cannot discard: cancelled
  });
});

describe("R28 Immunized printed on cards", () => {
  it(`${name("6.3")}: R28 deploying an Animation (or equipping an Item) with Immunized chooses the Status Tag`, () => {
    let s = duel();
    const u = fixtureAnimation(2, 1, ["6.3"]);
    hand(s, 0, [u]);
    s = A(s, 0, { type: "deploy", card: u });
    expect(E.legal(s, 0)).toHaveLength(10);
    s = A(s, 0, { type: "choose", option: "7.5" });
    expect(s.players[0].immunized).toEqual(["7.5"]);
    const i = fixtureItem(3, ["6.3"]);
    hand(s, 0, [i]);
    s = A(s, 0, { type: "equip", item: i, target: "p0" });
    expect(E.legal(s, 0)).toHaveLength(9);
  });
});
