import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import { MAX_TURNS } from "./engine.ts";
import { resonanceEngine } from "./index.ts";
import { A, actionPhase, anim, attack, clear, duel, equip, events, fixtureAnimation, fixtureItem, game, hand, plain } from "./testkit.ts";
import type { Action, State } from "./types.ts";

const E = resonanceEngine;
const err = (s: State, seat: number, a: Action) => ruleErrorCode(() => E.apply(s, seat, a));

describe("4.1 turn structure", () => {
  it("4.1.1 Ready Phase: EN += Focus (max 10), spent units ready, Player Spent Tokens removed", () => {
    let s = duel();
    const u = anim(s, 1, plain(2), { spent: true });
    s.players[1].en = 5;
    s.players[1].focus = 2;
    s.players[1].spentTokens = 2;
    s = A(s, 0, { type: "end" });
    expect(s.turnSeat).toBe(1);
    expect(s.players[1].en).toBe(7);
    expect(s.players[1].animations.find((x) => x.id === u.id)!.spent).toBe(false);
    expect(s.players[1].spentTokens).toBe(0);
    s.players[0].en = 9;
    s.players[0].focus = 3;
    s = A(s, 1, { type: "end" });
    expect(s.players[0].en).toBe(10);
  });

  it("2.6 a Player takes two actions per turn, each Animation one", () => {
    let s = duel();
    s.players[0].en = 0;
    const u = anim(s, 0, plain(3));
    s = A(s, 0, { type: "charge", actor: "p0" });
    s = A(s, 0, { type: "charge", actor: "p0" });
    expect(err(s, 0, { type: "charge", actor: "p0" })).toBe("illegal_move");
    expect(E.legal(s, 0).some((a) => "actor" in a && a.actor === "p0")).toBe(false);
    s = A(s, 0, { type: "charge", actor: u.id });
    expect(err(s, 0, { type: "charge", actor: u.id })).toBe("illegal_move");
    expect(s.players[0].en).toBe(3);
    expect(s.playerActions).toBe(2);
  });

  it("2.6 the turn can end at any point except in the middle of an action", () => {
    let s = duel();
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(s.combat).not.toBeNull();
    expect(err(s, 0, { type: "end" })).toBe("illegal_move");
    expect(E.legal(s, 0).some((a) => a.type === "end")).toBe(false);
  });

  it("2.7 System Refresh: draw up to exactly 5, or discard (the Player chooses) down to 5", () => {
    let s = duel();
    hand(s, 0, [plain(1), plain(2)]);
    s = A(s, 0, { type: "end" });
    expect(s.players[0].hand).toHaveLength(5);
    actionPhase(s, 0);
    const seven = [1, 2, 3, 4, 5, 1, 2].map(plain);
    hand(s, 0, seven);
    s = A(s, 0, { type: "end" });
    expect(s.phase).toBe("refresh");
    expect(E.actors(s)).toEqual([0]);
    expect(E.legal(s, 0)).toHaveLength(7);
    s = A(s, 0, { type: "discard", card: seven[0] });
    expect(s.phase).toBe("refresh");
    s = A(s, 0, { type: "discard", card: seven[1] });
    expect(s.players[0].hand).toEqual(seven.slice(2));
    expect(s.turnSeat).toBe(1);
    expect(s.discard.slice(-2)).toEqual(seven.slice(0, 2));
  });

  it("2.8 Perpetual Library: drawing from an empty Main Deck shuffles the Discard Pile into a new Main Deck", () => {
    let s = duel();
    s.discard.push(...s.mainDeck);
    s.mainDeck = [];
    const before = s.discard.length;
    s = A(s, 0, { type: "end" });
    expect(s.players[0].hand).toHaveLength(5);
    expect(s.mainDeck.length + s.discard.length).toBe(before - 5);
    expect(events("library")).toHaveLength(1);
  });

  it("R4 1.0 a Player at 0 HP loses: 2 players, the game ends at once with ranks", () => {
    let s = duel();
    s.players[1].self.damage = 9;
    hand(s, 0, [plain(5)]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [hand(s, 0, s.players[0].hand).players[0].hand[0]] });
    expect(E.outcome(s)).toEqual({ ranks: [1, 2], reason: "last_player" });
    expect(E.actors(s)).toEqual([]);
  });

  it("R4 3-4 players: an eliminated Player's units and hand leave; the game goes on; ranks by elimination order", () => {
    let s = game({ players: 3 });
    actionPhase(s, 0);
    for (const p of s.players) p.codexActive = [];
    const a = anim(s, 1, plain(2), { items: [fixtureItem(1, [])] });
    const h1 = [plain(1), plain(2)];
    hand(s, 1, h1);
    hand(s, 2, []);
    s.players[1].self.damage = 9;
    s.players[2].self.damage = 9;
    hand(s, 0, [plain(5), plain(5)]);
    s.players[1].animations[0].suppressed = true; // does not guard (2.10)
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [s.players[0].hand[0]] });
    s = A(s, 1, { type: "defend" });
    expect(s.players[1].eliminated).toBe(1);
    expect(s.players[1].hand).toEqual([]);
    expect(s.players[1].animations).toEqual([]);
    expect(s.discard).toEqual(expect.arrayContaining([...h1, a.id, ...a.items]));
    expect(E.outcome(s)).toBeNull();
    expect(E.legal(s, 0).some((x) => x.type === "attack" && x.target === "p1")).toBe(false);
    s = attack(s, 0, { actor: "p0", target: "p2", fuel: [s.players[0].hand[0]] });
    expect(E.outcome(s)).toEqual({ ranks: [1, 3, 2], reason: "last_player" });
  });

  it("R4 a turn Player eliminated by their own action (Blight) ends their turn at once", () => {
    let s = game({ players: 3 });
    actionPhase(s, 0);
    s.players[0].self.damage = 9;
    s.players[0].self.tags = [{ id: "7.5", lockedUntilTurn: null }];
    s = A(s, 0, { type: "charge", actor: "p0" });
    expect(s.players[0].eliminated).toBe(1);
    expect(E.outcome(s)).toBeNull();
    expect(s.turnSeat).toBe(1);
  });

  it("R4 turns skip eliminated Players", () => {
    let s = game({ players: 3 });
    actionPhase(s, 0);
    s.players[1].eliminated = 1;
    s.outCount = 1;
    s = A(s, 0, { type: "end" });
    expect(s.turnSeat).toBe(2);
  });

  it("R9 the turn limit ends the game, ranked by HP left", () => {
    let s = duel();
    s.turn = MAX_TURNS;
    s.players[0].self.damage = 3;
    s.players[1].self.damage = 1;
    s = A(s, 0, { type: "end" });
    expect(E.outcome(s)).toEqual({ ranks: [2, 1], reason: "turn_limit" });
  });
});

describe("4.2 actions", () => {
  it("4.2.1 Attack / 4.3: EV = Focus + fuel Power, RV = Focus + discard, damage EV - RV; 5.1 Karma +1", () => {
    let s = duel();
    const f = plain(4);
    const d = plain(2);
    hand(s, 0, [f]);
    hand(s, 1, [d]);
    clear();
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(s.players[0].spentTokens).toBe(1); // 4.3.1 spent at once
    s = A(s, 0, { type: "fuel", cards: [f] });
    expect(s.combat!.ev).toBe(5);
    expect(E.actors(s)).toEqual([1]); // 4.3.5 the defender reacts
    expect(E.legal(s, 1)).toEqual([{ type: "defend" }, { type: "defend", card: d }]);
    s = A(s, 1, { type: "defend", card: d });
    expect(s.players[1].self.damage).toBe(2);
    expect(s.players[0].karma).toBe(1);
    expect(s.combat).toBeNull();
    expect(s.discard.slice(-2)).toEqual([f, d]);
  });

  it("4.3.7 EV <= RV: no damage, no Karma", () => {
    let s = duel();
    const f = plain(2);
    const d = plain(3);
    hand(s, 0, [f]);
    hand(s, 1, [d]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    s = A(s, 1, { type: "defend", card: d });
    expect(s.players[1].self.damage).toBe(0);
    expect(s.players[0].karma).toBe(0);
  });

  it("4.3.2 a Player's EV gains +1 per Item equipped to that Player", () => {
    let s = duel();
    s.players[0].focus = 2;
    equip(s, "p0", fixtureItem(1, []));
    equip(s, "p0", fixtureItem(2, []));
    const f = plain(1);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(s.players[1].self.damage).toBe(2 + 1 + 2 - 1); // EV 5 vs RV 1 (no cards in hand: no reaction asked)
  });

  it("4.2.2 Critical Strike: two cards of the same Power, EV = their sum without Focus; 5.1 Karma for performing it", () => {
    let s = duel();
    const [a, b, c] = [plain(3), plain(3), plain(2)];
    hand(s, 0, [c, a]);
    expect(err(s, 0, { type: "attack", actor: "p0", target: "p1", critical: true })).toBe("illegal_move");
    hand(s, 0, [a, b, c]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1", critical: true });
    expect(s.players[0].karma).toBe(1);
    expect(E.legal(s, 0)).toEqual([{ type: "fuel", cards: [a, b] }]);
    expect(err(s, 0, { type: "fuel", cards: [a, c] })).toBe("illegal_move");
    s = A(s, 0, { type: "fuel", cards: [a, b] });
    expect(s.players[1].self.damage).toBe(6 - 1);
    expect(s.players[0].karma).toBe(2);
  });

  it("R46 a Player's Critical Strike keeps the +1 per Item equipped to the Player (Focus is left out)", () => {
    let s = duel();
    s.players[0].focus = 3;
    equip(s, "p0", fixtureItem(1, []));
    const [a, b] = [plain(2), plain(2)];
    hand(s, 0, [a, b]);
    s = attack(s, 0, { actor: "p0", target: "p1", critical: true, fuel: [a, b] });
    expect(s.players[1].self.damage).toBe(4 + 1 - 1);
  });

  it("4.2.3 Support removes one damage marker from a friendly unit", () => {
    let s = duel();
    const u = anim(s, 0, plain(4), { damage: 2 });
    s = A(s, 0, { type: "support", actor: "p0", target: u.id });
    expect(s.players[0].animations[0].damage).toBe(1);
    expect(err(s, 0, { type: "support", actor: "p0", target: "p1" })).toBe("illegal_move");
  });

  it("4.2.4 Purge removes one damage marker from itself, then optionally one Status Tag", () => {
    let s = duel();
    s.players[0].self.damage = 2;
    s.players[0].self.tags = [
      { id: "6.5", lockedUntilTurn: null },
      { id: "3.4", lockedUntilTurn: null },
    ];
    expect(err(s, 0, { type: "purge", actor: "p0", removeTag: "3.4" })).toBe("illegal_move"); // a Boost Tag
    s = A(s, 0, { type: "purge", actor: "p0", removeTag: "6.5" });
    expect(s.players[0].self.damage).toBe(1);
    expect(s.players[0].self.tags.map((t) => t.id)).toEqual(["3.4"]);
  });

  it("4.2.5 Charge adds 1 EN (max 10)", () => {
    let s = duel();
    s.players[0].en = 9;
    s = A(s, 0, { type: "charge", actor: "p0" });
    s = A(s, 0, { type: "charge", actor: "p0" });
    expect(s.players[0].en).toBe(10);
  });

  it("4.2.6 Deploy: pay EN = Power; 2.12 Command Limit = Focus; 2.14 it enters play spent", () => {
    let s = duel();
    const [x, y] = [plain(3), plain(2)];
    hand(s, 0, [x, y]);
    s.players[0].en = 2;
    expect(err(s, 0, { type: "deploy", card: x })).toBe("illegal_move");
    s.players[0].en = 10;
    s = A(s, 0, { type: "deploy", card: x });
    expect(s.players[0].en).toBe(7);
    expect(s.players[0].animations[0]).toMatchObject({ id: x, spent: true });
    expect(err(s, 0, { type: "charge", actor: x })).toBe("illegal_move");
    expect(err(s, 0, { type: "deploy", card: y })).toBe("illegal_move"); // Focus 1: one Animation
    s.players[0].focus = 2;
    s = A(s, 0, { type: "deploy", card: y });
    expect(s.players[0].animations).toHaveLength(2);
  });

  it("4.2.7 Equip: pay EN = Power; 2.11 Item limits (Animation 1, Player = Focus); R18 moving an Item costs no EN, the target may be an opponent's unit", () => {
    let s = duel();
    const u = anim(s, 0, plain(3));
    const [i1, i2] = [fixtureItem(2, []), fixtureItem(1, [])];
    hand(s, 0, [i1, i2]);
    s = A(s, 0, { type: "equip", item: i1, target: u.id });
    expect(s.players[0].en).toBe(8);
    expect(err(s, 0, { type: "equip", item: i2, target: u.id })).toBe("illegal_move");
    expect(err(s, 0, { type: "equip", item: i2, target: "p9" })).toBe("illegal_move");
    expect(resonanceEngine.legal(s, 0)).toContainEqual({ type: "equip", item: i2, target: "p1" }); // R18: any unit in play
    s = A(s, 0, { type: "equip", item: i2, target: "p0" });
    actionPhase(s, 0);
    expect(err(s, 0, { type: "equip", item: i1, target: "p0" })).toBe("illegal_move"); // Focus 1: one Item on the Player
    s.players[0].focus = 2;
    s = A(s, 0, { type: "equip", item: i1, target: "p0" });
    expect(s.players[0].en).toBe(7);
    expect(s.players[0].self.items).toEqual([i2, i1]);
    expect(s.players[0].animations[0].items).toEqual([]);
  });

  it("2.5 Guardian Precedence: a Player with Animations cannot be attacked; Suppressed ones do not guard", () => {
    const s = duel();
    const g = anim(s, 1, plain(2));
    hand(s, 0, [plain(3), plain(3)]);
    expect(err(s, 0, { type: "attack", actor: "p0", target: "p1" })).toBe("illegal_move");
    expect(E.legal(s, 0).some((a) => a.type === "attack" && a.target === "p1")).toBe(false);
    expect(E.legal(s, 0).some((a) => a.type === "attack" && a.target === g.id)).toBe(true);
    s.players[1].animations[0].suppressed = true;
    expect(err(s, 0, { type: "attack", actor: "p0", target: "p1" })).toBe("no error");
  });

  it("2.10 Suppressed: no actions, takes no damage, does not ready; Re-engage (1 Karma) lifts it", () => {
    let s = duel();
    const mine = anim(s, 0, plain(3));
    mine.suppressed = true;
    mine.spent = true;
    expect(err(s, 0, { type: "charge", actor: mine.id })).toBe("illegal_move");
    const theirs = anim(s, 1, plain(3));
    theirs.suppressed = true;
    const f = plain(5);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: theirs.id, fuel: [f] });
    expect(s.players[1].animations[0].damage).toBe(0);
    s = A(s, 0, { type: "end" });
    s = A(s, 1, { type: "end" });
    expect(s.players[0].animations[0].spent).toBe(true);
    s.players[0].karma = 1;
    s = A(s, 0, { type: "karma", spend: "reengage", unit: mine.id });
    expect(s.players[0].animations[0]).toMatchObject({ suppressed: false, spent: false });
    expect(s.players[0].karma).toBe(0);
  });

  it("2.9 damage >= Power destroys an Animation: it and its Items go to the Discard Pile; 5.1 Karma for destroying it", () => {
    let s = duel();
    const it1 = fixtureItem(1, []);
    const t = anim(s, 1, plain(3), { items: [it1] });
    const f = plain(4);
    hand(s, 0, [f]);
    s = attack(s, 0, { actor: "p0", target: t.id, fuel: [f] });
    s = A(s, 1, { type: "defend" });
    expect(s.players[1].animations).toEqual([]);
    expect(s.discard).toEqual(expect.arrayContaining([t.id, it1]));
    expect(s.players[0].karma).toBe(2); // damage + destroyed
  });

  it("2.16 Defensive Sacrifice: destroy an Item on the defending unit to add its Power to the RV", () => {
    let s = duel();
    const item = fixtureItem(3, []);
    equip(s, "p1", item);
    const f = plain(5);
    hand(s, 0, [f]);
    hand(s, 1, []);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(E.legal(s, 1)).toEqual([{ type: "defend" }, { type: "defend", sacrifice: item }]);
    s = A(s, 1, { type: "defend", sacrifice: item });
    expect(s.players[1].self.items).toEqual([]);
    expect(s.discard).toContain(item);
    expect(s.players[1].self.damage).toBe(6 - (1 + 3));
  });

  it("2.16 no Defensive Sacrifice without an equipped Item; 4.3.5 one option only", () => {
    let s = duel();
    const f = plain(5);
    const d = plain(1);
    hand(s, 0, [f]);
    hand(s, 1, [d]);
    s = attack(s, 0, { actor: "p0", target: "p1", fuel: [f] });
    expect(err(s, 1, { type: "defend", sacrifice: "x" })).toBe("illegal_move");
    expect(err(s, 1, { type: "defend", card: d, sacrifice: "x" })).toBe("illegal_move");
  });

  it("2.14 Deployment State / 2.15 First Turn Restriction hold for Animations too", () => {
    const s = game();
    const u = anim(s, s.turnSeat, plain(2));
    expect(err(s, s.turnSeat, { type: "attack", actor: u.id, target: `p${1 - s.turnSeat}` })).toBe("illegal_move");
  });
});

describe("5 Karma", () => {
  it("5.2 Overclock (1): draw; Acquire Codex (3): top of the Personal Codex Deck becomes active; Refine Focus (Focus + 1)", () => {
    let s = duel();
    s.players[0].karma = 10;
    s = A(s, 0, { type: "karma", spend: "overclock" });
    expect(s.players[0].hand).toHaveLength(1);
    const top = s.players[0].codexDeck[0];
    s = A(s, 0, { type: "karma", spend: "acquire" });
    expect(s.players[0].codexActive).toContain(top);
    expect(s.players[0].codexDeck).toHaveLength(9);
    if (s.combat) s = A(s, 0, E.legal(s, 0)[0]); // Immunized choice, if it was that block
    s = A(s, 0, { type: "karma", spend: "refine" });
    expect(s.players[0].focus).toBe(2);
    expect(s.players[0].karma).toBe(10 - 1 - 3 - 2);
    s = A(s, 0, { type: "karma", spend: "refine" });
    expect(s.players[0].karma).toBe(1);
    expect(err(s, 0, { type: "karma", spend: "refine" })).toBe("illegal_move");
    expect(s.playerActions).toBe(0); // 5.2 not an action
  });

  it("R19 Re-engage readies an Animation, never the Player (at most two Player actions)", () => {
    let s = duel();
    s.players[0].karma = 3;
    s = A(s, 0, { type: "charge", actor: "p0" });
    expect(err(s, 0, { type: "karma", spend: "reengage", unit: "p0" })).toBe("illegal_move");
    const u = anim(s, 0, plain(2), { spent: true });
    s = A(s, 0, { type: "karma", spend: "reengage", unit: u.id });
    expect(s.players[0].animations[0].spent).toBe(false);
  });

  it("R30 Karma is spent between actions, not in the middle of one", () => {
    let s = duel();
    s.players[0].karma = 3;
    hand(s, 0, [plain(3)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(err(s, 0, { type: "karma", spend: "overclock" })).toBe("illegal_move");
    expect(E.legal(s, 0).some((a) => a.type === "karma")).toBe(false);
  });

  it("5.2 Karma is spent only in your own Action Phase", () => {
    const s = duel();
    s.players[1].karma = 3;
    expect(err(s, 1, { type: "karma", spend: "overclock" })).toBe("not_your_turn");
  });
});

describe("4.3 the Opposed Roll as decisions", () => {
  it("4.3.3 an Animation declares Augmented keywords from its Item up to its own Focus", () => {
    let s = duel();
    const item = fixtureItem(3, ["0.1", "2.7"]); // Aura, Two-Handed
    const u = anim(s, 0, fixtureAnimation(2, 1, []), { items: [item] });
    const f = plain(2);
    hand(s, 0, [f]);
    s = A(s, 0, { type: "attack", actor: u.id, target: "p1" });
    expect(s.combat!.step).toBe("augment");
    expect(E.legal(s, 0)).toEqual([{ type: "augment_done" }, { type: "augment", keyword: "0.1" }, { type: "augment", keyword: "2.7" }]);
    s = A(s, 0, { type: "augment", keyword: "0.1" });
    expect(s.combat!.step).toBe("fuel"); // Focus 1: no second keyword
    expect(err(s, 0, { type: "augment", keyword: "2.7" })).toBe("illegal_move");
    s = A(s, 0, { type: "fuel", cards: [f] });
    expect(s.players[1].self.damage).toBe(1 + 2 + 1 - 1);
  });

  it("4.3.4 a Player augments from active Codex blocks and own Items, up to the Player's Focus", () => {
    let s = duel();
    s.players[0].codexActive = ["codex-0-1"]; // Aura 0.1, Specialist 0.2
    equip(s, "p0", fixtureItem(1, ["2.3"])); // Eidetic
    hand(s, 0, [plain(1)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    expect(
      E.legal(s, 0)
        .filter((a) => a.type === "augment")
        .map((a) => (a as { keyword: string }).keyword),
    ).toEqual(["0.1", "0.2", "2.3"]);
  });
});

describe("engine contract", () => {
  it("parseAction accepts the action shapes and refuses malformed ones with bad_action", () => {
    expect(E.parseAction({ type: "attack", actor: "p0", target: "p1", critical: true })).toEqual({ type: "attack", actor: "p0", target: "p1", critical: true });
    for (const bad of [null, {}, { type: "fly" }, { type: "attack", actor: "p0" }, { type: "pick", module: 51 }, { type: "augment", keyword: "10" }, { type: "end", x: 1 }]) {
      expect(ruleErrorCode(() => E.parseAction(bad))).toBe("bad_action");
    }
  });

  it("R24 timeouts play the most passive legal choice", () => {
    let s = duel();
    expect(E.timeoutAction(s, 0)).toEqual({ type: "end" });
    expect(E.timeoutAction(s, 1)).toBeNull();
    hand(s, 0, [plain(3)]);
    hand(s, 1, [plain(2)]);
    s = A(s, 0, { type: "attack", actor: "p0", target: "p1" });
    s = A(s, 0, { type: "fuel", cards: [s.players[0].hand[0]] });
    expect(E.timeoutAction(s, 1)).toEqual({ type: "defend" });
  });

  it("2.8 the Perpetual Library also refills a reveal (Reckless) from the Discard Pile", () => {
    let s = duel();
    const u = anim(s, 0, fixtureAnimation(3, 1, ["2.9"]));
    const f = plain(2);
    hand(s, 0, [f]);
    s.discard.push(...s.mainDeck);
    s.mainDeck = [];
    s = attack(s, 0, { actor: u.id, target: "p1", fuel: [f] });
    expect(events("library")).toHaveLength(1);
    s = A(s, 0, E.timeoutAction(s, 0)!); // R11: the Reckless choice (the higher card by default, R24)
    expect(s.players[1].self.damage).toBeGreaterThanOrEqual(2);
  });

  it("same seed and same decisions give the same state (determinism)", () => {
    const a = game({ seed: "det" });
    const b = game({ seed: "det" });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(game({ seed: "det2" }).mainDeck)).not.toBe(JSON.stringify(a.mainDeck));
  });
});
