import { describe, expect, it } from "vitest";
import { stateHash } from "../core/hash.ts";
import { achromaEngine, parseSeatConfig, PALETTES, samplePalette } from "./index.ts";
import { A, code, log, newGame, onCanvas, toHand, uidOf } from "./testkit.ts";
import type { State } from "./types.ts";

const E = achromaEngine;

/** Moves the active player to `phase` by direct state edit (scenario set-up). */
function at(s: State, phase: State["phase"]): State {
  s.phase = phase;
  return s;
}

describe("set-up", () => {
  it("SET-UP: every player starts with 10 Shards, a 5-card hand and 25 cards in the Palette; nobody has a Canvas", () => {
    const s = E.setup(E.parseConfig({ players: 4 }), [0, 1, 2, 3].map(samplePalette), "x");
    for (const p of s.players) {
      expect(p.bank).toBe(10);
      expect(p.hand).toHaveLength(5);
      expect(p.palette).toHaveLength(25);
      expect(p.characters).toEqual([]);
    }
    expect(E.actors(s)).toEqual([0, 1, 2, 3]);
  });

  it("MULLIGAN (R1): once, the 5 cards go back and 5 new ones are drawn; that draw is final", () => {
    let s = E.setup(E.parseConfig({ players: 2 }), [samplePalette(0), samplePalette(1)], "mull");
    const before = [...s.players[0].hand];
    s = A(s, 0, { type: "mulligan" });
    expect(s.players[0].hand).toHaveLength(5);
    expect(s.players[0].palette).toHaveLength(25);
    expect(s.players[0].hand).not.toEqual(before);
    expect(s.players[0].mulligan).toBe("mulliganed");
    expect(code(() => E.apply(s, 0, { type: "mulligan" }))).toBe("not_your_turn");
    s = A(s, 1, { type: "keep" });
    expect(s.turn).toBe(1);
  });

  it("FIRST PLAYER: chosen by the seeded RNG, the same for the same seed, and each seat can start", () => {
    const firsts = new Set<number>();
    for (let i = 0; i < 30; i++) firsts.add(E.setup(E.parseConfig({ players: 3 }), [0, 1, 2].map(samplePalette), `f${i}`).first);
    expect(firsts).toEqual(new Set([0, 1, 2]));
    const a = E.setup(E.parseConfig({ players: 3 }), [0, 1, 2].map(samplePalette), "same");
    const b = E.setup(E.parseConfig({ players: 3 }), [0, 1, 2].map(samplePalette), "same");
    expect(stateHash(a)).toBe(stateHash(b));
  });

  it("TWO PLAYERS (R21): the first player skips their first Start step; with 3 players nobody does", () => {
    const s2 = newGame(2, { first: 1 });
    expect(s2.active).toBe(1);
    expect(s2.phase).toBe("main");
    expect(s2.players[1].hand).toHaveLength(5);
    const s3 = newGame(3, { first: 2 });
    expect(s3.phase).toBe("start");
  });

  it("CLOCKWISE: the turn passes to the next seat, skipping players who left", () => {
    let s = newGame(3, { first: 2 });
    s = A(s, 2, { type: "draw" });
    s = A(s, 2, { type: "proceed" });
    s = A(s, 2, { type: "proceed" });
    s = A(s, 2, { type: "draw" });
    s = A(s, 2, { type: "pass_turn" });
    expect(s.active).toBe(0);
    expect(s.turn).toBe(2);
    expect(s.players[2].hadTurn).toBe(true);
    s.players[1].out = true;
    s = A(s, 0, { type: "draw" });
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "draw" });
    s = A(s, 0, { type: "pass_turn" });
    expect(s.active).toBe(2);
  });
});

describe("Start and End steps", () => {
  it("TRADE (R4): at most 6 Shards traded across START and END; a partial trade gives only what is left of the limit", () => {
    let s = newGame(3, { first: 0 });
    const hound = toHand(s, 0, "cinder-hound"); // 3
    const raider = toHand(s, 0, "blaze-raider"); // 4
    const scout = toHand(s, 0, "ember-scout"); // 2
    s = A(s, 0, { type: "trade", card: hound });
    expect(s.players[0].bank).toBe(13);
    expect(s.players[0].dregs).toContain(hound);
    expect(s.phase).toBe("main");
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "proceed" });
    expect(s.phase).toBe("end");
    s = A(s, 0, { type: "trade", card: raider });
    expect(s.players[0].bank).toBe(16); // 3 of 4: the limit is reached
    expect(s.traded).toBe(6);
    expect(log.find((e) => e.type === "trade")?.shards).toBe(3);
    expect(s.phase).toBe("post");
    // Next turn the limit is fresh.
    s = A(s, 0, { type: "pass_turn" });
    expect(s.traded).toBe(0);
    void scout;
  });

  it("DRAW: the top card of the Palette goes to the hand, and the step ends", () => {
    let s = newGame(3, { first: 0 });
    const top = s.players[0].palette[0];
    s = A(s, 0, { type: "draw" });
    expect(s.players[0].hand).toContain(top);
    expect(s.players[0].palette).toHaveLength(24);
    expect(s.phase).toBe("main");
    expect(log.find((e) => e.type === "drew")?.to).toEqual([0]);
    expect(log.find((e) => e.type === "draw")?.card).toBeUndefined();
  });

  it("EMPTY PALETTE (R2): skip is legal only with an empty Palette; with empty hand and Palette it is the only choice", () => {
    let s = newGame(3, { first: 0 });
    expect(code(() => E.apply(s, 0, { type: "skip" }))).toBe("illegal_move");
    s.players[0].dregs.push(...s.players[0].palette, ...s.players[0].hand);
    s.players[0].palette = [];
    s.players[0].hand = [];
    expect(E.legal(s, 0)).toEqual([{ type: "skip" }]);
    s = A(s, 0, { type: "skip" });
    expect(s.phase).toBe("main");
  });
});

describe("deploying", () => {
  it("DEPLOY: pays the Shard Value; up to 3 cards per turn; Characters only in Main, Actions any time in your turn", () => {
    let s = newGame(3, { first: 0 });
    const scout = toHand(s, 0, "ember-scout");
    const kindle = toHand(s, 0, "kindle");
    expect(code(() => E.apply(s, 0, { type: "deploy", card: scout }))).toBe("illegal_move"); // Start step
    s = A(s, 0, { type: "deploy", card: kindle }); // Action before the Start step's draw
    expect(s.players[0].bank).toBe(10 - 1 + 2);
    expect(s.players[0].dregs).toContain(kindle);
    expect(s.deployed).toBe(1);
    s = A(s, 0, { type: "draw" });
    s = A(s, 0, { type: "deploy", card: scout });
    expect(s.players[0].characters).toEqual([scout]);
    expect(s.players[0].bank).toBe(9);
    const tender = toHand(s, 0, "flame-tender");
    s = A(s, 0, { type: "deploy", card: tender });
    const tender2 = toHand(s, 0, "flame-tender", 1);
    expect(s.deployed).toBe(3);
    expect(code(() => E.apply(s, 0, { type: "deploy", card: tender2 }))).toBe("illegal_move");
  });

  it("DEPLOY (R3): a Deploy costs the card's Shard Value, refused only when the bank holds less (paying down to 0: see departures.test.ts)", () => {
    const s = newGame(2, { first: 0 });
    const sov = toHand(s, 0, "ember-sovereign");
    s.players[0].bank = 5;
    expect(code(() => E.apply(s, 0, { type: "deploy", card: sov }))).toBe("not_enough_shards");
    s.players[0].bank = 7;
    expect(E.apply(s, 0, { type: "deploy", card: sov }).state.players[0].bank).toBe(1);
  });

  it("SHARD REDUCTION (R19): a Character made free by a discount still counts towards the 3; a free Deploy by card text does not", () => {
    let s = newGame(2, { first: 1, palettes: [2, 1] });
    onCanvas(s, 1, "pyre-citadel");
    const tender = toHand(s, 1, "flame-tender");
    s = A(s, 1, { type: "deploy", card: tender });
    expect(s.players[1].bank).toBe(10);
    expect(s.deployed).toBe(1);
    // Call the Deep (seat 0, Tidehollow): the free Character does not count.
    s = newGame(2, { first: 0, palettes: [2, 1] });
    const call = toHand(s, 0, "call-the-deep");
    const kelp = toHand(s, 0, "kelp-runner");
    s.players[0].hand = [call, kelp];
    s = A(s, 0, { type: "deploy", card: call });
    s = A(s, 0, { type: "choose", option: kelp }); // a hand choice is always asked (R45)
    expect(s.players[0].characters).toEqual([kelp]);
    expect(s.players[0].bank).toBe(8);
    expect(s.deployed).toBe(1);
  });

  it("OBJECTS: attach to a Character on any Canvas and add their Strength; one Realm Relic per Character", () => {
    let s = newGame(2, { first: 0 });
    const scout = onCanvas(s, 0, "ember-scout");
    const foe = onCanvas(s, 1, "ember-scout");
    const brand = toHand(s, 0, "ember-brand");
    const crown = toHand(s, 0, "forge-heart");
    s = A(s, 0, { type: "deploy", card: brand, target: foe });
    expect(s.attached[foe]).toEqual([brand]);
    expect(E.view(s, 1).players[1].characters[0].strength).toBe(3);
    s = A(s, 0, { type: "deploy", card: crown, target: scout });
    const crown2 = toHand(s, 1, "ember-brand");
    void crown2;
    expect(E.view(s, 0).players[0].characters[0].strength).toBe(4);
  });
});

describe("combat", () => {
  it("ATTACK: simultaneous damage equal to Strength; a card at 0 is Erased to its owner's Dregs; damage heals when the turn ends", () => {
    let s = newGame(2, { first: 0 });
    const hound = onCanvas(s, 0, "cinder-hound"); // 3/3
    const scout = onCanvas(s, 1, "ember-scout"); // 2/2
    const tender = onCanvas(s, 1, "flame-tender"); // 1/1
    s = A(s, 0, { type: "attack", attacker: hound, defender: scout });
    expect(s.players[1].characters).toEqual([tender]);
    expect(s.players[1].dregs).toContain(scout);
    expect(s.units[hound].damage).toBe(2);
    expect(code(() => E.apply(s, 0, { type: "attack", attacker: hound, defender: tender }))).toBe("illegal_move"); // one attack
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "draw" });
    s = A(s, 0, { type: "pass_turn" });
    expect(s.units[hound].damage).toBe(0);
  });

  it("ATTACK: Characters cannot attack the turn they are Deployed; only Characters on another Canvas can be attacked", () => {
    let s = newGame(2, { first: 0 });
    const scout = toHand(s, 0, "ember-scout");
    const foe = onCanvas(s, 1, "ember-scout");
    const mine = onCanvas(s, 0, "flame-tender");
    s = A(s, 0, { type: "deploy", card: scout });
    expect(code(() => E.apply(s, 0, { type: "attack", attacker: scout, defender: foe }))).toBe("illegal_move");
    expect(code(() => E.apply(s, 0, { type: "attack", attacker: mine, defender: scout }))).toBe("illegal_move");
  });

  it("OBJECTS (R9): Objects absorb damage first in the controller's order, an Erased Object carries the rest over to the Character", () => {
    let s = newGame(2, { first: 0 });
    const sov = onCanvas(s, 0, "ember-sovereign"); // 4 str
    const hound = onCanvas(s, 1, "cinder-hound"); // 3 shards
    const brand = onCanvas(s, 1, "ember-brand", { target: hound }); // 2 shards
    const buckler = onCanvas(s, 1, "iron-buckler", { target: hound }); // 2 shards
    s.units[sov].damage = 0;
    s = A(s, 0, { type: "attack", attacker: sov, defender: hound });
    expect(s.prompt).toMatchObject({ kind: "order", seat: 1, options: [brand, buckler] });
    s = A(s, 1, { type: "choose", option: buckler });
    // 4 damage: buckler takes 2 (Erased), brand takes 2 (Erased), hound untouched.
    expect(s.players[1].dregs).toEqual(expect.arrayContaining([brand, buckler]));
    expect(s.players[1].characters).toEqual([hound]);
    expect(s.units[hound].damage).toBe(0);
    // hound 3 + brand 1 + buckler 1 = 5 Strength hit the Sovereign (6).
    expect(s.units[sov].damage).toBe(5);
  });

  it("DEFEND (R16, R35) and SHIELD WALL (R15): the defender's controller may intercept; the new defender gets the extra Shard Value", () => {
    let s = newGame(2, { first: 0, palettes: [0, 3] });
    const hound = onCanvas(s, 0, "cinder-hound"); // 3 str
    const kelp = onCanvas(s, 1, "kelp-runner");
    const guard = onCanvas(s, 1, "reef-guardian"); // 5 shards, SHIELD WALL 2, DEFEND
    s = A(s, 0, { type: "attack", attacker: hound, defender: kelp });
    expect(s.prompt).toMatchObject({ kind: "react", seat: 1, trigger: "attack", options: ["pass", `defend:${guard}`] });
    s = A(s, 1, { type: "react", option: `defend:${guard}` });
    expect(s.units[guard].shield).toBe(2);
    expect(s.units[guard].damage).toBe(3);
    expect(s.units[kelp].damage).toBe(0);
    expect(s.units[hound].damage).toBe(2);
  });

  it("PROTECTION and POISONOUS (R10): PROTECTION stops combat damage unless the other side is POISONOUS, which Erases what it damages", () => {
    let s = newGame(2, { first: 0, palettes: [2, 3] });
    const matriarch = onCanvas(s, 0, "tide-matriarch"); // PROTECTION 6 shards 3 str
    const eel = onCanvas(s, 1, "eel-assassin"); // POISONOUS 1 str
    const brute = onCanvas(s, 1, "shoal-brute"); // 4 shards 3 str
    s = A(s, 0, { type: "attack", attacker: matriarch, defender: brute });
    expect(s.units[matriarch].damage).toBe(0);
    expect(s.units[brute].damage).toBe(3);
    s.units[matriarch].attacks = 0;
    s = A(s, 0, { type: "attack", attacker: matriarch, defender: eel });
    expect(s.players[0].characters).toEqual([]);
    expect(s.players[0].dregs).toContain(matriarch);
    expect(s.players[1].dregs).toContain(eel);
  });

  it("RAGE: a Character with RAGE attacks one more time per turn", () => {
    let s = newGame(2, { first: 0 });
    const raider = onCanvas(s, 0, "blaze-raider"); // 4 shards 3 str RAGE
    const a = onCanvas(s, 1, "flame-tender");
    const b = onCanvas(s, 1, "flame-tender", { nth: 1 });
    s = A(s, 0, { type: "attack", attacker: raider, defender: a });
    s = A(s, 0, { type: "attack", attacker: raider, defender: b });
    expect(s.players[1].characters).toEqual([]);
    expect(code(() => E.apply(s, 0, { type: "attack", attacker: raider, defender: a }))).toBe("illegal_move");
  });
});

describe("Resolve step", () => {
  it("GAIN: resolving adds the Shards; each card resolves once per turn", () => {
    let s = at(newGame(2, { first: 0 }), "resolve");
    const scout = onCanvas(s, 0, "ember-scout");
    s = A(s, 0, { type: "resolve", card: scout });
    expect(s.players[0].bank).toBe(11);
    expect(code(() => E.apply(s, 0, { type: "resolve", card: scout }))).toBe("illegal_move");
  });

  it("DRAIN/STEAL (R5): nobody can be Drained or Stolen from before every player has had a first turn", () => {
    const s = at(newGame(3, { first: 0 }), "resolve");
    const hound = onCanvas(s, 0, "cinder-hound");
    s.players[0].hadTurn = true;
    s.players[1].hadTurn = true;
    expect(code(() => E.apply(s, 0, { type: "resolve", card: hound }))).toBe("illegal_move");
    s.players[2].hadTurn = true;
    expect(code(() => E.apply(s, 0, { type: "resolve", card: hound }))).toBe("no error");
  });

  it("STEAL (R7): fully against one chosen opponent; the loss is capped by the target's bank", () => {
    let s = at(newGame(3, { first: 0 }), "resolve");
    for (const p of s.players) p.hadTurn = true;
    const sov = onCanvas(s, 0, "ember-sovereign"); // Steal 2
    s.players[2].bank = 1;
    s = A(s, 0, { type: "resolve", card: sov });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: ["1", "2"] });
    s = A(s, 0, { type: "choose", option: "2" });
    expect(s.players[0].bank).toBe(11);
    expect(s.players[1].bank).toBe(10);
    expect(s.players[2].out).toBe(true);
  });

  it("PREVENT (R6): the target chooses how many Shards to Prevent, once per turn from its pool; a prevented Steal gives nothing", () => {
    let s = at(newGame(2, { first: 0 }), "resolve");
    for (const p of s.players) p.hadTurn = true;
    const sov = onCanvas(s, 0, "ember-sovereign"); // Steal 2
    const hound = onCanvas(s, 0, "cinder-hound"); // Drain 1
    onCanvas(s, 1, "ash-warden"); // Prevent 2
    s = A(s, 0, { type: "resolve", card: sov });
    expect(s.prompt).toMatchObject({ kind: "prevent", seat: 1, max: 2 });
    expect(E.actors(s)).toEqual([1]);
    s = A(s, 1, { type: "prevent", amount: 1 });
    expect(s.players[0].bank).toBe(11);
    expect(s.players[1].bank).toBe(9);
    s = A(s, 0, { type: "resolve", card: hound });
    expect(s.prompt).toMatchObject({ kind: "prevent", seat: 1, max: 1 });
    s = A(s, 1, { type: "prevent", amount: 1 });
    expect(s.players[1].bank).toBe(9);
  });

  it("FREEZE (R18): a frozen card cannot resolve and unfreezes at the end of its controller's turn", () => {
    let s = at(newGame(2, { first: 0, palettes: [2, 1] }), "main");
    const seer = toHand(s, 0, "brine-seer");
    const foe = onCanvas(s, 1, "ember-scout");
    s = A(s, 0, { type: "deploy", card: seer });
    expect(s.prompt).toMatchObject({ kind: "choose", options: [foe, seer].sort() });
    s = A(s, 0, { type: "choose", option: foe });
    expect(s.units[foe].frozen).toBe(true);
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "proceed" });
    s = A(s, 0, { type: "draw" });
    s = A(s, 0, { type: "pass_turn" });
    s = A(s, 1, { type: "draw" });
    s = A(s, 1, { type: "proceed" });
    expect(code(() => E.apply(s, 1, { type: "resolve", card: foe }))).toBe("illegal_move");
    s = A(s, 1, { type: "proceed" });
    s = A(s, 1, { type: "draw" });
    s = A(s, 1, { type: "pass_turn" });
    expect(s.units[foe].frozen).toBe(false);
  });
});

describe("winning and leaving", () => {
  it("WIN (R13): reaching 30 Shards ends the game at once with that player first, the others ranked by bank", () => {
    let s = at(newGame(3, { first: 0 }), "resolve");
    const scout = onCanvas(s, 0, "ember-scout");
    s.players[0].bank = 29;
    s.players[1].bank = 12;
    s = A(s, 0, { type: "resolve", card: scout });
    expect(E.outcome(s)).toEqual({ ranks: [1, 2, 3], reason: "30_shards" });
    expect(E.actors(s)).toEqual([]);
    expect(code(() => E.apply(s, 0, { type: "proceed" }))).toBe("game_over");
  });

  it("LEAVING (R14): a player at 0 Shards is out; their Canvas empties to each card's owner's Dregs; the last player standing wins", () => {
    let s = at(newGame(2, { first: 0 }), "resolve");
    for (const p of s.players) p.hadTurn = true;
    const hound = onCanvas(s, 0, "cinder-hound"); // Drain 1
    const foeChar = onCanvas(s, 1, "ember-scout");
    const myBrand = onCanvas(s, 0, "ember-brand", { target: foeChar });
    s.players[1].bank = 1;
    s = A(s, 0, { type: "resolve", card: hound });
    expect(s.players[1].out).toBe(true);
    expect(s.players[1].dregs).toContain(foeChar);
    expect(s.players[0].dregs).toContain(myBrand);
    expect(E.outcome(s)).toEqual({ ranks: [1, 2], reason: "last_player" });
  });
});

describe("errors", () => {
  it("errors: not_your_turn, bad_action, and an illegal move leaves the state hash unchanged", () => {
    const s = newGame(2, { first: 0 });
    const h = stateHash(s);
    expect(code(() => E.apply(s, 1, { type: "proceed" }))).toBe("not_your_turn");
    expect(code(() => E.parseAction({ type: "fly" }))).toBe("bad_action");
    expect(code(() => E.parseAction({ type: "deploy", card: 7 }))).toBe("bad_action");
    expect(code(() => E.apply(s, 0, { type: "pass_turn" }))).toBe("illegal_move");
    expect(code(() => E.apply(s, 0, { type: "resolve", card: uidOf(s, 0, "kindle") }))).toBe("illegal_move");
    expect(stateHash(s)).toBe(h);
    expect(code(() => E.parseConfig({ players: 7 }))).toBe("bad_config");
  });

  it("legal() lists only actions apply() accepts, and timeoutAction (R11) is always legal", () => {
    const s = newGame(2, { first: 0 });
    for (const a of E.legal(s, 0)) expect(code(() => E.apply(s, 0, a))).toBe("no error");
    expect(E.legal(s, 1)).toEqual([]);
    expect(E.legal(s, 0)).toContainEqual(E.timeoutAction(s, 0));
  });
});

describe("Palette validation", () => {
  it("PALETTE: the sample Palettes are legal (three per Realm)", () => {
    for (const [name, ids] of Object.entries(PALETTES)) expect(() => parseSeatConfig({ palette: ids }), name).not.toThrow();
    expect(Object.keys(PALETTES).filter((n) => n.startsWith("emberwild"))).toHaveLength(3);
    expect(Object.keys(PALETTES).filter((n) => n.startsWith("tidehollow"))).toHaveLength(3);
  });

  it("PALETTE: 3 broken rules give 3 lines (2 Legendaries, a third copy of a Common, two Realms)", () => {
    const ids = [...PALETTES["emberwild-blaze"]];
    ids[1] = "tide-matriarch"; // 2nd Legendary and a 2nd Realm
    ids[2] = "ember-scout"; // 3rd Ember Scout
    let msg = "";
    try {
      parseSeatConfig({ palette: ids });
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg.split("\n")).toHaveLength(3);
    expect(msg).toMatch(/Legendary/);
    expect(msg).toMatch(/at most 2 of each/);
    expect(msg).toMatch(/Realm/);
  });

  it("PALETTE: exactly 30 cards, known ids, at most 4 Rares and 1 of each", () => {
    expect(code(() => parseSeatConfig({ palette: PALETTES["emberwild-blaze"].slice(1) }))).toBe("bad_seat_config");
    const ids = [...PALETTES["emberwild-kiln"]];
    ids[4] = "kiln-oracle"; // duplicate Rare
    ids[5] = "nope";
    let msg = "";
    try {
      parseSeatConfig({ palette: ids });
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/unknown cards: nope/);
    expect(msg).toMatch(/1 of each Rare/);
  });
});
