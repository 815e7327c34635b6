import { describe, expect, it } from "vitest";
import { resonanceEngine as E } from "./index.ts";
import { A, anim, attack, clear, duel, events, fixtureAnimation, fixtureItem, hand, plain } from "./testkit.ts";

describe("4.3.4 Examples A and B", () => {
  it("Example A: a Player (Focus 2) augments a Critical Strike with Brutal and Splash from the active Codex", () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-1-4", "codex-8-3"]; // Phasing/Brutal, Silence/Splash
    const target = anim(s, 1, fixtureAnimation(5, 1, []));
    anim(s, 1, fixtureAnimation(5, 1, []));
    const [a, b] = [plain(3), plain(3)];
    hand(s, 0, [a, b]);
    s = A(s, 0, { type: "attack", actor: "p0", target: target.id, critical: true });
    s = A(s, 0, { type: "augment", keyword: "1.8" });
    s = A(s, 0, { type: "augment", keyword: "8.6" });
    expect(s.combat!.step).toBe("fuel"); // Focus 2: two keywords, no more
    expect(s.combat!.augmented).toEqual(["1.8", "8.6"]);
    s = A(s, 0, { type: "fuel", cards: [a, b] });
    // EV 3+3 (no Focus) vs RV 1 = 5, Brutal +1
    expect(s.players[1].animations.find((u) => u.id === target.id)).toBeUndefined();
    clear();
  });

  it("Example A: Brutal's extra damage shows on a sturdier target", () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-1-4", "codex-8-3"];
    const [a, b] = [plain(3), plain(3)];
    hand(s, 0, [a, b]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1", critical: true });
    s = A(s, 0, { type: "augment", keyword: "1.8" });
    s = A(s, 0, { type: "augment", keyword: "8.6" });
    s = A(s, 0, { type: "fuel", cards: [a, b] });
    expect(s.players[1].self.damage).toBe(6 - 1 + 1);
  });

  it("Example B / 2.17.6: Hunter (Focus 1, Innate Martial) uses one Item keyword (Piercing); the Player's Splash cannot be lent", () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-8-3"]; // Splash active for the Player
    const item = fixtureItem(3, ["4.6", "7.7"]); // Piercing, Ranged
    const hunter = anim(s, 0, fixtureAnimation(2, 1, ["1.2"], "Hunter"), { items: [item] });
    const prey = anim(s, 1, fixtureAnimation(5, 1, []));
    const f = plain(3);
    hand(s, 0, [f]);
    s = A(s, 0, { type: "attack", actor: hunter.id, target: prey.id });
    expect(s.combat!.innate).toEqual(["1.2"]); // 1. Martial automatically active
    const options = E.legal(s, 0)
      .filter((a) => a.type === "augment")
      .map((a) => (a as { keyword: string }).keyword);
    expect(options).toEqual(["4.6", "7.7"]); // 3. no Splash from the Player's Codex
    s = A(s, 0, { type: "augment", keyword: "4.6" });
    expect(s.combat!.step).toBe("fuel"); // 2. Focus 1: only one
    s = A(s, 0, { type: "fuel", cards: [f] });
    // EV 1+3 = 4 vs RV 1: 3 damage; Piercing: 3 to the enemy Player too
    expect(s.players[1].animations[0].damage).toBe(3);
    expect(s.players[1].self.damage).toBe(3);
  });
});

describe("2.17 the Golden Rules", () => {
  it("2.17.1 Can't supersedes can: Hesitant stops Defensive's extra discard and the normal one", () => {
    let s = duel();
    const def = anim(s, 1, fixtureAnimation(5, 1, ["3.0", "3.7"]));
    hand(s, 1, [plain(5), plain(5)]);
    const f = plain(4);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: def.id, fuel: [f] });
    expect(s.combat).toBeNull(); // no Defender Reaction was possible, nothing asked
    expect(s.players[1].animations[0].damage).toBe(5 - 1);
    expect(s.players[1].hand).toHaveLength(2);
  });

  it("2.17.2 Example 1 (R8): Snap + Ranged resolve as Focus vs Focus only, no cards discarded", () => {
    let s = duel();
    s.players[0].focus = 3;
    s.players[0].codexActive = ["codex-2-3", "codex-7-4"]; // Slow/Snap, Ranged/Multiply
    const def = anim(s, 1, fixtureAnimation(5, 1, []));
    const f = plain(5);
    hand(s, 0, [f]);
    hand(s, 1, [plain(5)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: def.id });
    s = A(s, 0, { type: "augment", keyword: "2.6" });
    s = A(s, 0, { type: "augment", keyword: "7.7" });
    s = A(s, 0, { type: "augment_done" });
    expect(s.combat).toBeNull(); // no fuel, no defender discard
    expect(s.players[0].hand).toEqual([f]);
    expect(s.players[1].animations[0].damage).toBe(3 - 1);
  });

  it("2.17.2 Example 2 (R8): Reckless sets RV 0; the defender's Hesitant and the attack's Indirect have no effect", () => {
    let s = duel();
    const item = fixtureItem(1, ["0.6"]); // Indirect
    const reckless = anim(s, 0, fixtureAnimation(5, 1, ["2.9"]), { items: [item] });
    const def = anim(s, 1, fixtureAnimation(5, 3, ["3.0"]));
    const [f, top] = [plain(2), plain(4)];
    hand(s, 0, [f]);
    hand(s, 1, [plain(5)]);
    s.mainDeck.unshift(top);
    s = A(s, 0, { type: "attack", actor: reckless.id, target: def.id });
    s = A(s, 0, { type: "augment", keyword: "0.6" });
    s = A(s, 0, { type: "fuel", cards: [f] });
    s = A(s, 0, { type: "choose", option: `card:${top}` }); // R11: the attacker chooses the revealed card
    expect(s.combat).toBeNull();
    expect(s.players[1].animations[0].damage).toBe(4); // EV = the chosen card, RV 0
    expect(s.discard.slice(-2)).toEqual([f, top]);
  });

  it("2.17.3 Phasing's damage cannot be prevented: not by a Ward Tag, not by Survivor", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-1-4"]; // Phasing
    const def = anim(s, 1, fixtureAnimation(3, 1, ["4.1"]), { tags: ["3.4"] });
    hand(s, 1, [plain(1)]);
    const f = plain(5);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: def.id, augment: ["1.7"], fuel: [f] });
    s = A(s, 1, { type: "defend" });
    expect(s.players[1].animations).toEqual([]); // destroyed, no Survivor choice
    expect(events("prevented")).toEqual([]);
  });

  it("2.17.3 Deadeye redirects: the Item is destroyed instead of damage, so Piercing and Spread do not trigger", () => {
    let s = duel();
    s.players[0].focus = 3;
    s.players[0].codexActive = ["codex-6-1", "codex-4-3", "codex-8-4"]; // Tolerant/Deadeye, Curse/Piercing, Lingering/Spread
    const item = fixtureItem(2, []);
    const def = anim(s, 1, fixtureAnimation(5, 1, []), { items: [item] });
    anim(s, 1, fixtureAnimation(5, 1, []));
    const f = plain(5);
    hand(s, 0, [f]);
    clear();
    s = attack(s, 0, { actor: "p0", target: def.id, item, augment: ["4.6", "8.8"], fuel: [f] });
    s = A(s, 1, { type: "defend" });
    expect(s.combat).toBeNull(); // no Spread target asked
    expect(s.discard).toContain(item);
    expect(s.players[1].animations.map((u) => u.damage)).toEqual([0, 0]);
    expect(s.players[1].self.damage).toBe(0);
  });

  it("2.17.4 Cumulative: a Brutal Critical Strike on a Vulnerable unit deals 2 additional damage", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-1-4"];
    const def = anim(s, 1, fixtureAnimation(5, 1, ["6.0"]));
    const [a, b] = [plain(1), plain(1)];
    hand(s, 0, [a, b]);
    s = attack(s, 0, { actor: "p0", target: def.id, critical: true, augment: ["1.8"], fuel: [a, b] });
    expect(s.players[1].animations[0].damage).toBe(2 - 1 + 2);
  });

  it("2.17.5 Actor Principle: Channel uses the Source's stats; Martial's retaliation hits the Channeler", () => {
    let s = duel();
    const channeler = anim(s, 0, fixtureAnimation(3, 1, ["9.9"]));
    const source = anim(s, 0, fixtureAnimation(5, 4, []));
    s.players[0].focus = 2;
    const def = anim(s, 1, fixtureAnimation(5, 1, ["1.2"]));
    const f = plain(1);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: channeler.id, target: def.id, source: source.id, fuel: [f] });
    const [c, src] = s.players[0].animations;
    expect(s.players[1].animations[0].damage).toBe(4 + 1 - 1); // the Source's Focus 4
    expect(c).toMatchObject({ spent: true, damage: 1 }); // spent, hit by Martial
    expect(src).toMatchObject({ spent: false, damage: 0 });
  });

  it("2.17.6 Action Sovereignty: the Player's Focus and Codex never count for an Animation's action", () => {
    let s = duel();
    s.players[0].focus = 5;
    s.players[0].codexActive = ["codex-0-1"];
    const u = anim(s, 0, fixtureAnimation(2, 0, []), { items: [fixtureItem(1, ["1.8"])] });
    hand(s, 0, [plain(2)]);
    s = A(s, 0, { type: "attack", actor: u.id, target: "p1" });
    expect(s.combat!.step).toBe("fuel"); // Focus 0: nothing to augment
  });
});
