/**
 * Departures from the rulebook found in review (issue "Rules: fix the departures found"): one test
 * per rule, named after it. Each failed on the engine before its fix.
 */
import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import { extraDefendAllowed, focusOf } from "./engine.ts";
import { parseConfig, parseSeatConfig, resonanceEngine as E } from "./index.ts";
import { A, actionPhase, anim, attack, duel, equip, fixtureAnimation, fixtureItem, hand, plain } from "./testkit.ts";
import type { Action, State } from "./types.ts";

const err = (s: State, seat: number, a: Action) => ruleErrorCode(() => E.apply(s, seat, a));

/** Seat 0 (Player) attacks `target` with fuel of Power `fuel`, augmenting `kws` from the given Codex blocks. */
function pAttack(s: State, blocks: string[], kws: string[], fuel: number, target = "p1"): State {
  s.players[0].focus = Math.max(s.players[0].focus, kws.length);
  s.players[0].codexActive = [...new Set([...s.players[0].codexActive, ...blocks])];
  const f = plain(fuel);
  hand(s, 0, [...s.players[0].hand, f]);
  return attack(s, 0, { actor: "p0", target, augment: kws, fuel: [f] });
}

describe("departures from the rulebook", () => {
  it("4.1 Survivor with 2.10 (R15, R31): a Player with Survivor dies from a lethal attack (black-orange-white preset, 9 damage)", () => {
    const config = parseConfig({ players: 2 });
    const presets = E.presets!();
    const seats = [presets["null-silver-yellow"], presets["black-orange-white"]].map((x) => parseSeatConfig(x, config));
    let s = E.setup(config, seats, "survivor");
    while (s.phase === "draft") s = A(s, s.picker, { type: "pick", module: s.pool[0] });
    actionPhase(s, 0);
    expect(s.players[1].codexActive).toContain("codex-4-1"); // Survivor 4.1 / Stoic 4.2, every Black primary
    s.players[1].self.damage = 9;
    hand(s, 1, [plain(1), plain(1)]);
    hand(s, 0, []);
    s = pAttack(s, [], [], 5);
    if (s.combat?.step === "defend") s = A(s, 1, { type: "defend" });
    expect(s.combat?.choice?.purpose).not.toBe("survivor");
    expect(s.players[1].eliminated).not.toBeNull();
    expect(s.outcome?.reason).toBe("last_player");
  });

  it("1.6 Reactive: 'when one of Your units is targeted' — a friendly unit's (or the Player's) Reactive allows the extra discard", () => {
    let s = duel();
    anim(s, 1, fixtureAnimation(3, 1, ["1.6"])); // Reactive on another unit
    const target = anim(s, 1, fixtureAnimation(5, 1, []));
    hand(s, 1, [plain(1), plain(1)]);
    s = pAttack(s, [], [], 5, target.id);
    s = A(s, 1, { type: "defend" });
    expect(s.combat!.step).toBe("defend_extra");
    expect(extraDefendAllowed(s, s.combat!)).toBe(1);
    // the Player's own Item with Reactive counts as well
    let t = duel();
    equip(t, "p1", fixtureItem(3, ["1.6"]));
    const u = anim(t, 1, fixtureAnimation(5, 1, []));
    hand(t, 1, [plain(1)]);
    t = pAttack(t, [], [], 5, u.id);
    t = A(t, 1, { type: "defend" });
    expect(t.combat!.step).toBe("defend_extra");
  });

  it("4.3 Ageless: 'Your units are unaffected by … Growth' — an Ageless Player keeps its Animations off the Growth bonus", () => {
    const s = duel();
    equip(s, "p0", fixtureItem(3, ["4.3"])); // Ageless on the Player, not on the Animation
    const g = anim(s, 0, fixtureAnimation(3, 1, ["6.9"]), { spent: true });
    g.growthActive = true;
    const x = anim(s, 0, fixtureAnimation(3, 2, []));
    expect(focusOf(s, x)).toBe(2);
  });

  it("2.17.4 Golden Rule 4 (cumulative effects): Defensive and Reactive each allow one more defending card (R21)", () => {
    let s = duel();
    const target = anim(s, 1, fixtureAnimation(5, 1, ["3.7", "1.6"]));
    const [c1, c2, c3] = [plain(1), plain(1), plain(1)];
    hand(s, 1, [c1, c2, c3]);
    s = pAttack(s, [], [], 5, target.id);
    s = A(s, 1, { type: "defend", card: c1 });
    expect(extraDefendAllowed(s, s.combat!)).toBe(2);
    s = A(s, 1, { type: "defend_extra", card: c2 });
    expect(s.combat?.step).toBe("defend_extra");
    s = A(s, 1, { type: "defend_extra", card: c3 });
    expect(s.players[1].hand).toEqual([]);
    // EV 1 + 5 = 6 against RV 1 + 1 + 1 + 1 = 4: 2 damage
    expect(s.players[1].animations[0].damage).toBe(2);
  });

  it("4.1 Survivor: 'would be destroyed by damage' — asked for Spread damage too, not only the roll's own", () => {
    let s = duel();
    const first = anim(s, 1, fixtureAnimation(5, 1, []));
    const second = anim(s, 1, fixtureAnimation(2, 1, ["4.1"]), { damage: 1 });
    const keep = plain(1);
    hand(s, 1, [keep]);
    s = pAttack(s, ["codex-8-4"], ["8.8"], 3, first.id); // Lingering / Spread; 3 damage, the first target survives
    s = A(s, 1, { type: "defend" });
    expect(s.combat!.choice!.purpose).toBe("8.8:spread");
    s = A(s, 0, { type: "choose", option: second.id });
    expect(s.combat!.choice).toMatchObject({ purpose: "survivor", seat: 1 });
    s = A(s, 1, { type: "choose", option: `card:${keep}` });
    expect(s.players[1].animations.find((u) => u.id === second.id)).toMatchObject({ damage: 1, suppressed: true });
  });

  it("4.7 Flux: 'X is the number of markers placed' has no cap of 5 (R40)", () => {
    let s = duel();
    s = pAttack(s, ["codex-4-4"], ["4.7"], 1); // Flux / Siphon
    expect(s.combat!.choice!.purpose).toBe("flux");
    expect(s.combat!.choice!.options).toContain("9");
    s = A(s, 0, { type: "choose", option: "8" });
    expect(s.players[0].self.damage).toBe(8);
  });

  it("3.8 Impact on a Player: the Player becomes spent and does not ready (its Spent Tokens stay) in its next Ready Phase", () => {
    let s = duel();
    s = pAttack(s, ["codex-3-4"], ["3.8"], 5); // Defensive / Impact
    if (s.combat?.step === "defend") s = A(s, 1, { type: "defend" });
    expect(s.players[1].self.damage).toBeGreaterThan(0);
    s = A(s, 0, { type: "end" });
    expect(s.turnSeat).toBe(1);
    expect(s.phase).toBe("action");
    expect(s.players[1].spentTokens).toBe(2);
    expect(err(s, 1, { type: "charge", actor: "p1" })).toBe("illegal_move");
    // the following Ready Phase readies the Player again
    s = A(s, 1, { type: "end" });
    s = A(s, 0, { type: "end" });
    expect(s.players[1].spentTokens).toBe(0);
  });

  it("Tag 6 Slow on a Player: not paying keeps the Player spent; paying 1 EN readies it", () => {
    let s = duel();
    s.players[1].self.tags = [{ id: "2.5", lockedUntilTurn: null }];
    s.players[1].spentTokens = 2;
    s = A(s, 0, { type: "end" });
    expect(E.legal(s, 1)).toEqual([
      { type: "slow", unit: "p1", pay: false },
      { type: "slow", unit: "p1", pay: true },
    ]);
    const kept = A(s, 1, { type: "slow", unit: "p1", pay: false });
    expect(kept.players[1].spentTokens).toBe(2);
    const paid = A(s, 1, { type: "slow", unit: "p1", pay: true });
    expect(paid.players[1].spentTokens).toBe(0);
  });

  it("9.0 Mundane: 'this unit's attacks' — a Mundane Player may still augment a Support", () => {
    let s = duel();
    s.players[0].focus = 2;
    s.players[0].codexActive = ["codex-9-5", "codex-6-4"]; // Channel / Mundane; Restore / Exploit
    s.players[0].self.damage = 2;
    s = A(s, 0, { type: "support", actor: "p0", target: "p0" });
    expect(E.legal(s, 0).some((a) => a.type === "augment")).toBe(true);
  });

  it("4.2.7 Equip: 'a target unit (Player or Animation)' — an Item may be equipped to an opponent's unit (R18)", () => {
    let s = duel();
    const flawed = fixtureItem(1, ["4.0"]); // a Cost-1 Item with only a Flaw (Feeble)
    hand(s, 0, [flawed]);
    const enemy = anim(s, 1, fixtureAnimation(3, 3, []));
    expect(E.legal(s, 0)).toContainEqual({ type: "equip", item: flawed, target: enemy.id });
    s = A(s, 0, { type: "equip", item: flawed, target: enemy.id });
    expect(s.players[1].animations[0].items).toEqual([flawed]);
    expect(focusOf(s, s.players[1].animations[0])).toBe(2);
    expect(s.players[0].en).toBe(10 - 1);
  });
});
