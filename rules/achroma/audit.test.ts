/** Rules audit of engine 0.3.0 against Canvas rules 2.1.0: each test is a discrepancy found and fixed (0.4.0). */
import { describe, expect, it } from "vitest";
import { achromaEngine } from "./index.ts";
import { A, gameWith, log, newGame, onCanvas, toHand, uidOf } from "./testkit.ts";
import type { State } from "./types.ts";

const E = achromaEngine;

/** Takes a card out of its owner's hand/Palette (to hide it under a Keeper by hand). */
function lift(s: State, seat: number, def: string): string {
  const uid = uidOf(s, seat, def);
  const p = s.players[seat];
  p.palette = p.palette.filter((c) => c !== uid);
  p.hand = p.hand.filter((c) => c !== uid);
  return uid;
}

describe("rules audit (0.4.0)", () => {
  it("LEAVING (R14, R22): \"Any RESTRAINED, CLAIMED or SECRET cards are also sent to their original owner's Dregs\": the leaver's own cards hidden under another player's Keeper go to the leaver's Dregs", () => {
    let s = gameWith([0, 7, 2]);
    for (const p of s.players) p.hadTurn = true;
    const keeper = onCanvas(s, 1, "wandering-tinker");
    const mine = lift(s, 0, "kindle"); // seat 0's card hidden under seat 1's Keeper
    const theirs = lift(s, 2, "riptide"); // seat 2's card under the same Keeper stays hidden
    s.secrets[keeper] = [mine, theirs];
    s.players[0].bank = 0;
    s = A(s, 0, { type: "proceed" });
    expect(s.players[0].out).toBe(true);
    expect(s.players[0].dregs).toContain(mine);
    expect(s.secrets[keeper]).toEqual([theirs]);
    expect(E.view(s, null).players[1].characters.find((c) => c.uid === keeper)?.secrets).toBe(1);
  });

  it("LEAVING (R14, R22): a Keeper left with no hidden card is no longer a Keeper (nothing to unveil)", () => {
    let s = gameWith([0, 7, 2]);
    for (const p of s.players) p.hadTurn = true;
    const keeper = onCanvas(s, 1, "wandering-tinker");
    s.secrets[keeper] = [lift(s, 0, "kindle")];
    s.players[0].bank = 0;
    s = A(s, 0, { type: "proceed" });
    expect(s.secrets[keeper]).toBeUndefined();
    expect(s.active).toBe(1);
    expect(E.legal(s, 1).some((a) => a.type === "unveil")).toBe(false);
  });

  it('PROTECTION (R10, R29): "cannot be ... damaged ... by another player. This includes by ... Abilities": a HUNT does not damage a Character that has PROTECTION when the HUNT resolves', () => {
    let s = gameWith([4, 3]);
    const stalker = onCanvas(s, 0, "ash-stalker"); // HUNT 3
    const brute = onCanvas(s, 1, "shoal-brute"); // 4 Shards
    s = A(s, 0, { type: "hunt", hunter: stalker, target: brute });
    s.phase = "post";
    s = A(s, 0, { type: "pass_turn" });
    // In its own turn the hunted Character is given PROTECTION (as Stormforge Anvil does).
    s.units[brute].gifts.push("protection");
    s.phase = "post";
    s = A(s, 1, { type: "pass_turn" });
    expect(s.active).toBe(0);
    expect(s.units[brute].damage).toBe(0);
    expect(log.some((e) => e.type === "hunt_lost" && e.target === brute)).toBe(true);
    expect(s.hunts).toEqual([]);
  });

  it("PROTECTION (R10, R9): PROTECTION is the Character's, not its Objects': attached Objects still absorb combat damage first and can be Erased; what is left never reaches the Character", () => {
    let s = gameWith([0, 2]);
    const sov = onCanvas(s, 0, "ember-sovereign"); // 4 Strength
    const matriarch = onCanvas(s, 1, "tide-matriarch"); // PROTECTION, 6 Shards, 3 Strength
    const ward = onCanvas(s, 1, "coral-ward", { target: matriarch }); // 2 Shards, 0 Strength
    s = A(s, 0, { type: "attack", attacker: sov, defender: matriarch });
    expect(s.players[1].dregs).toContain(ward);
    expect(s.attached[matriarch] ?? []).toEqual([]);
    expect(s.units[matriarch].damage).toBe(0);
    expect(s.players[1].characters).toEqual([matriarch]);
    expect(s.units[sov].damage).toBe(3);
  });

  it('HEROIC (R17, R31): "you may only have one copy of the same Heroic card present on your Canvas at any one time": a COPY of your own Heroic card Erases the original', () => {
    let s = gameWith([6, 2]);
    const tyrant = onCanvas(s, 0, "storm-tyrant"); // HEROIC
    const adept = toHand(s, 0, "mirror-adept"); // ACTION: COPY
    s = A(s, 0, { type: "deploy", card: adept });
    expect(s.units[adept].copy).toBe("storm-tyrant");
    expect(s.players[0].characters).toEqual([adept]);
    expect(s.players[0].dregs).toContain(tyrant);
  });

  it("HEROIC (R17, R33): a SWAP that brings a second copy of a Heroic card onto a Canvas Erases the original there", () => {
    let s = gameWith([6, 6]);
    const mine = onCanvas(s, 0, "storm-tyrant");
    const theirs = onCanvas(s, 1, "storm-tyrant");
    const shifter = toHand(s, 0, "tempest-shifter"); // ACTION: SWAP
    s = A(s, 0, { type: "deploy", card: shifter });
    if (s.prompt) s = A(s, 0, { type: "choose", option: theirs });
    expect(s.players[1].characters).toEqual([shifter]);
    expect(s.players[0].characters).toEqual([theirs]);
    expect(s.players[0].dregs).toContain(mine);
  });
});

describe("rules audit (0.4.0): turn cap", () => {
  it("TURN CAP (R12): when turn 401 would start the game is a draw among the players still in it (rank 1 each, whatever their banks); leavers rank below", () => {
    let s = newGame(3, { first: 0 });
    s.players[2].out = true;
    s.players[2].bank = 0;
    s.leftOrder = [2];
    s.players[0].bank = 25;
    s.players[1].bank = 3;
    s.active = 0;
    s.turn = 400;
    s.phase = "post";
    s = A(s, 0, { type: "pass_turn" });
    expect(E.outcome(s)).toEqual({ ranks: [1, 1, 3], reason: "turn_limit" });
  });
});

describe("rules audit (0.4.0): rulings without a test", () => {
  it("ACTIONS AFTER THE END STEP (R8): after End an Action may still be Deployed while fewer than 3 cards were Deployed; Characters may not; the turn ends only with pass_turn", () => {
    let s = newGame(3, { first: 0 });
    s.phase = "end";
    s = A(s, 0, { type: "draw" });
    expect(s.phase).toBe("post");
    const kindle = toHand(s, 0, "kindle");
    const scout = toHand(s, 0, "ember-scout");
    expect(E.legal(s, 0)).toContainEqual({ type: "deploy", card: kindle });
    expect(E.legal(s, 0)).not.toContainEqual({ type: "deploy", card: scout });
    s = A(s, 0, { type: "deploy", card: kindle });
    expect(s.players[0].bank).toBe(11);
    expect(s.active).toBe(0);
    s.deployed = 3;
    expect(E.legal(s, 0).some((a) => a.type === "deploy")).toBe(false);
    s = A(s, 0, { type: "pass_turn" });
    expect(s.active).toBe(1);
  });

  it("RANKS (R13): the winner ranks 1, the other remaining players by bank (ties equal), players who left below them, later leavers better", () => {
    let s = newGame(5, { first: 0 });
    s.phase = "resolve";
    for (const p of s.players) p.hadTurn = true;
    const scout = onCanvas(s, 0, "ember-scout"); // Gain 1
    s.players[3].out = true;
    s.players[4].out = true;
    s.players[3].bank = 0;
    s.players[4].bank = 0;
    s.leftOrder = [4, 3];
    s.players[0].bank = 29;
    s.players[1].bank = 7;
    s.players[2].bank = 7;
    s = A(s, 0, { type: "resolve", card: scout });
    expect(E.outcome(s)).toEqual({ ranks: [1, 2, 2, 4, 5], reason: "30_shards" });
  });

  it("TIMEOUTS (R11): Prevent the most possible, Reactions pass, 'you may' steps pass, Start/End draw", () => {
    let s = newGame(3, { first: 0 });
    expect(s.phase).toBe("start");
    expect(E.timeoutAction(s, 0)).toEqual({ type: "draw" });
    s = newGame(2, { first: 0 });
    s.phase = "resolve";
    for (const p of s.players) p.hadTurn = true;
    const sov = onCanvas(s, 0, "ember-sovereign"); // Steal 2
    onCanvas(s, 1, "ash-warden"); // Prevent 2
    s = A(s, 0, { type: "resolve", card: sov });
    expect(E.timeoutAction(s, 1)).toEqual({ type: "prevent", amount: 2 });
    s = newGame(2, { first: 0, palettes: [0, 3] });
    s.phase = "main";
    const hound = onCanvas(s, 0, "cinder-hound");
    const kelp = onCanvas(s, 1, "kelp-runner");
    onCanvas(s, 1, "reef-guardian"); // DEFEND
    s = A(s, 0, { type: "attack", attacker: hound, defender: kelp });
    expect(s.prompt?.kind).toBe("react");
    expect(E.timeoutAction(s, 1)).toEqual({ type: "react", option: "pass" });
  });
});

describe("rules audit (0.4.0): Action cards while resolving", () => {
  it('ACTION CARDS (R44): "An Action card is considered on your Canvas whilst you are resolving the effect": Gloam Tithe counts its own Achrom Shard among the Achrom cards on your Canvas', () => {
    let s = gameWith([7, 0]);
    onCanvas(s, 0, "rot-grub"); // 1 Achrom
    onCanvas(s, 0, "wandering-tinker"); // Chroma only
    const tithe = toHand(s, 0, "gloam-tithe"); // Action, 1 Achrom, cost 1
    s = A(s, 0, { type: "deploy", card: tithe });
    expect(s.players[0].bank).toBe(10 - 1 + 2);
    expect(s.players[0].dregs).toContain(tithe);
  });

  it("ACTION CARDS (R44): the resolving Action is on its deployer's Canvas only: Gloam Tithe counts itself but not Achrom cards on other Canvases", () => {
    let s = gameWith([7, 7]);
    onCanvas(s, 1, "rot-grub"); // 1 Achrom on seat 1's Canvas
    const tithe = toHand(s, 0, "gloam-tithe");
    s = A(s, 0, { type: "deploy", card: tithe });
    expect(s.players[0].bank).toBe(10 - 1 + 1);
  });
});

describe("rules audit (0.4.0): FREEZE on abilities", () => {
  it('FREEZE (R18): "A FROZEN card cannot GAIN, DRAIN, STEAL or PREVENT until unfrozen": a frozen card\'s Erase-triggered Gain (R40) does not happen', () => {
    let s = gameWith([7, 0]);
    const crow = onCanvas(s, 0, "carrion-crow"); // When a Character is Erased from another Canvas, Gain 1
    const grub = onCanvas(s, 0, "rot-grub"); // 1 Strength, 2 Shards
    const tender = onCanvas(s, 1, "flame-tender"); // 1 Shard
    const tender2 = onCanvas(s, 1, "flame-tender", { nth: 1 });
    s = A(s, 0, { type: "attack", attacker: grub, defender: tender });
    expect(s.players[1].dregs).toContain(tender);
    expect(s.players[0].bank).toBe(11); // unfrozen: Gains 1
    s.units[crow].frozen = true;
    s.units[grub].attacks = 0;
    s.units[grub].damage = 0;
    s = A(s, 0, { type: "attack", attacker: grub, defender: tender2 });
    expect(s.players[1].dregs).toContain(tender2);
    expect(s.players[0].bank).toBe(11); // frozen: no Gain
    expect(log.some((e) => e.type === "fizzle" && e.step === "gain")).toBe(true);
  });

  it("FREEZE (R18, R39): a frozen card's MENAGERIE Gain does not happen", () => {
    let s = gameWith([8, 0]);
    const mother = onCanvas(s, 0, "grove-mother"); // spirit, MENAGERIE: Gain 3
    onCanvas(s, 0, "thornback"); // beast
    onCanvas(s, 0, "canopy-scout"); // human
    s.units[mother].frozen = true;
    s = A(s, 0, { type: "menagerie", card: mother });
    expect(s.players[0].bank).toBe(10);
    s.units[mother].frozen = false;
    s.units[mother].menagerieTurn = 0;
    s = A(s, 0, { type: "menagerie", card: mother });
    expect(s.players[0].bank).toBe(13);
  });
});

describe("rules audit (0.4.0): SHIELD WALL duration", () => {
  it("SHIELD WALL (R15): \"that Character gets X additional Shard Value until the end of your turn\": the extra Shard Value lasts until the end of the defending controller's turn, not the attacker's", () => {
    let s = gameWith([0, 2, 0]);
    const tender = onCanvas(s, 0, "flame-tender"); // 1 Strength
    const sentry = onCanvas(s, 2, "smoke-shield"); // 3 Shards, SHIELD WALL 1
    s = A(s, 0, { type: "attack", attacker: tender, defender: sentry });
    expect(s.units[sentry].shield).toBe(1);
    s.phase = "post";
    s = A(s, 0, { type: "pass_turn" });
    expect(s.active).toBe(1);
    expect(s.units[sentry].damage).toBe(0); // damage heals when a turn ends
    expect(s.units[sentry].shield).toBe(1); // the SHIELD WALL value stays until seat 2's turn ends
    // In seat 1's turn, 3 Shard damage no longer Erases the 3-Shard card.
    s.phase = "main";
    const riptide = toHand(s, 1, "riptide"); // 3 Shard damage
    s = A(s, 1, { type: "deploy", card: riptide });
    if (s.prompt) s = A(s, 1, { type: "choose", option: sentry });
    expect(s.players[2].characters).toEqual([sentry]);
    expect(E.view(s, null).players[2].characters[0].value).toBe(1);
    s.phase = "post";
    s = A(s, 1, { type: "pass_turn" });
    expect(s.units[sentry].shield).toBe(1);
    s.phase = "post";
    s = A(s, 2, { type: "pass_turn" });
    expect(s.units[sentry].shield).toBe(0);
  });
});

describe("rules audit (0.4.0): hidden choices", () => {
  it("HIDDEN CHOICES (R20, R45): a choice among the cards of your hand (Call the Deep) is asked even with one eligible card, so the others cannot tell how many there were", () => {
    let s = gameWith([2, 0]);
    for (const c of [...s.players[0].hand]) {
      s.players[0].hand = s.players[0].hand.filter((x) => x !== c);
      s.players[0].palette.push(c);
    }
    const kelp = toHand(s, 0, "kelp-runner"); // 2 Shards: the only eligible Character
    toHand(s, 0, "shoal-brute"); // 4 Shards: not eligible
    const call = toHand(s, 0, "call-the-deep");
    s = A(s, 0, { type: "deploy", card: call });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: [kelp] });
    expect(E.view(s, 1).prompt).toEqual({ kind: "choose", seat: 0, step: "deploy_free" });
    s = A(s, 0, { type: "choose", option: kelp });
    expect(s.players[0].characters).toEqual([kelp]);
    expect(s.deployed).toBe(1);
  });
});
