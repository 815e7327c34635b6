/** Departures from the Canvas rules found in review, one test per rule (each failed before its fix). */
import { describe, expect, it } from "vitest";
import { CARDS } from "./cards.ts";
import { achromaEngine } from "./index.ts";
import { A, code, gameWith, log, newGame, onCanvas, toHand, turnOf } from "./testkit.ts";

const E = achromaEngine;

describe("departures from the Canvas rules", () => {
  it("MOUNT (R38): a Rider already on the Canvas mounting a Drake Deployed this turn may attack, and legal() offers it as apply() accepts it", () => {
    let s = gameWith([6, 0]);
    const rider = onCanvas(s, 0, "wind-rider");
    const drake = onCanvas(s, 0, "gale-drake", { turn: s.turn });
    const foe = onCanvas(s, 1, "ember-scout");
    s = A(s, 0, { type: "mount", rider, steed: drake });
    expect(s.riders[drake]).toBe(rider);
    const attack = { type: "attack" as const, attacker: drake, defender: foe };
    expect(code(() => E.apply(s, 0, attack))).toBe("no error");
    expect(E.legal(s, 0)).toContainEqual(attack);
  });

  it("DRAIN/STEAL (R5): in a 2-player game the second player may Drain on their first turn (everyone else has had a first turn)", () => {
    const s = newGame(2, { first: 0, palettes: [0, 0] });
    s.active = 1;
    s.turn = 2;
    s.phase = "resolve";
    s.players[0].hadTurn = true;
    const hound = onCanvas(s, 1, "cinder-hound"); // Drain 1
    expect(code(() => E.apply(s, 1, { type: "resolve", card: hound }))).toBe("no error");
    const after = E.apply(s, 1, { type: "resolve", card: hound }).state;
    expect(after.players[0].bank).toBe(9);
    // The first player, on the first turn, still waits for the second player's first turn.
    const t = newGame(2, { first: 0, palettes: [0, 0] });
    t.phase = "resolve";
    const hound0 = onCanvas(t, 0, "cinder-hound");
    expect(code(() => E.apply(t, 0, { type: "resolve", card: hound0 }))).toBe("illegal_move");
  });

  it("RESTRAIN (R30): 'a card on another Canvas' includes an Object; released, it returns to its owner's Canvas attached to a Character", () => {
    let s = gameWith([7, 0]);
    const bearer = onCanvas(s, 1, "ember-scout");
    const brand = onCanvas(s, 1, "ember-brand", { target: bearer });
    const binder = toHand(s, 0, "shade-binder");
    s = A(s, 0, { type: "deploy", card: binder });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0 });
    expect((s.prompt as { options: string[] }).options).toContain(brand);
    s = A(s, 0, { type: "choose", option: brand });
    expect(s.restrained[binder]).toEqual([brand]);
    expect(s.attached[bearer] ?? []).toEqual([]);
    expect(s.units[brand]).toBeUndefined();
    // Seat 1 Erases the holder: the Object comes back to its owner's Canvas on a Character.
    s = turnOf(s, 1);
    s.units[binder].damage = 1; // Spark Burst's 2 damage Erases it
    const scorch = toHand(s, 1, "spark-burst");
    s = A(s, 1, { type: "deploy", card: scorch });
    if (s.prompt?.kind === "choose") s = A(s, 1, { type: "choose", option: binder });
    expect(s.players[0].dregs).toContain(binder);
    expect(s.attached[bearer]).toEqual([brand]);
    expect(s.units[brand]).toBeDefined();
  });

  it("INFEST (R37): a HOST's ability is replaced with the INFEST ability, so it loses its printed PROTECTION and RAGE", () => {
    let s = gameWith([7, 2]);
    const matriarch = onCanvas(s, 1, "tide-matriarch"); // PROTECTION
    const widow = onCanvas(s, 0, "fen-widow"); // Strength 3
    const grub = toHand(s, 0, "rot-grub");
    s = A(s, 0, { type: "deploy", card: grub, target: matriarch });
    expect(s.parasites[matriarch]).toBe(grub);
    s = A(s, 0, { type: "attack", attacker: widow, defender: matriarch });
    expect(s.units[matriarch].damage).toBe(3);

    let t = gameWith([7, 0]);
    const raider = onCanvas(t, 1, "blaze-raider"); // RAGE
    const grub2 = toHand(t, 0, "rot-grub");
    t = A(t, 0, { type: "deploy", card: grub2, target: raider });
    t = turnOf(t, 1);
    const foe = onCanvas(t, 0, "fen-widow");
    t = A(t, 1, { type: "attack", attacker: raider, defender: foe });
    expect(code(() => E.apply(t, 1, { type: "attack", attacker: raider, defender: foe }))).toBe("illegal_move");
  });

  it("REACTION (R35): a player who reacted with DISPOSE to a Deploy is not offered DIVERT on the same Deploy (one Reaction per opportunity)", () => {
    let s = gameWith([2, 7]);
    const runner = onCanvas(s, 0, "kelp-runner");
    const sinkhole = onCanvas(s, 1, "sinkhole"); // DISPOSE: 2 damage to a Character on another Canvas
    const warden = onCanvas(s, 1, "bog-warden"); // DIVERT
    const grub = onCanvas(s, 1, "rot-grub");
    const riptide = toHand(s, 0, "riptide");
    s = A(s, 0, { type: "deploy", card: riptide });
    expect(s.prompt).toMatchObject({ kind: "react", seat: 1 });
    s = A(s, 1, { type: "react", option: `dispose:${sinkhole}` });
    expect(s.players[0].dregs).toContain(runner);
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0 });
    s = A(s, 0, { type: "choose", option: grub });
    expect(s.prompt).toBeNull();
    expect(s.players[1].dregs).toContain(grub);
    expect(s.units[warden].damage).toBe(0);
  });

  it("DIVERT (R35): 'any Action or ability' includes HUNT: the hunted Character's controller may DIVERT it to their DIVERT card", () => {
    let s = gameWith([4, 7]);
    const stalker = onCanvas(s, 0, "ash-stalker"); // HUNT 3
    const warden = onCanvas(s, 1, "bog-warden"); // DIVERT
    const grub = onCanvas(s, 1, "rot-grub");
    s = A(s, 0, { type: "hunt", hunter: stalker, target: grub });
    expect(s.prompt).toMatchObject({ kind: "react", seat: 1 });
    expect((s.prompt as { options: string[] }).options).toContain(`divert:${warden}`);
    s = A(s, 1, { type: "react", option: `divert:${warden}` });
    expect(s.hunts.map((h) => h.target)).toEqual([warden]);
  });

  it("MOUNT + PROTECTION (R10, R38): a Rider with PROTECTION is not Erased with its Drake by combat damage", () => {
    let s = gameWith([6, 0]);
    const drake = onCanvas(s, 0, "gale-drake");
    const rider = onCanvas(s, 0, "wind-rider");
    s.players[0].characters = s.players[0].characters.filter((c) => c !== rider);
    s.riders[drake] = rider;
    s.units[rider].gifts.push("protection");
    const sov = onCanvas(s, 1, "ember-sovereign"); // Strength 4
    s.units[drake].damage = 2; // the unit's Shard Value: 2 + 2 = 4
    s = turnOf(s, 1);
    s = A(s, 1, { type: "attack", attacker: sov, defender: drake });
    expect(s.units[rider]).toBeDefined();
    expect(s.players[0].dregs).not.toContain(rider);
  });

  it("LEAVING THE GAME (R3): a Deploy may pay the bank down to 0; the player is then out of the game", () => {
    const s = newGame(2, { first: 0 });
    const sov = toHand(s, 0, "ember-sovereign");
    s.players[0].bank = 6;
    const r = E.apply(s, 0, { type: "deploy", card: sov });
    expect(r.state.players[0].bank).toBe(0);
    expect(r.state.players[0].out).toBe(true);
    expect(E.outcome(r.state)).toMatchObject({ ranks: [2, 1], reason: "last_player" });
    s.players[0].bank = 5;
    expect(code(() => E.apply(s, 0, { type: "deploy", card: sov }))).toBe("not_enough_shards");
  });

  it("ACTION (HEROIC, R17, R40): when a second HEROIC copy Erases the original, the new copy's ACTION resolves before Erase-triggered abilities", () => {
    const saved = CARDS["ember-sovereign"];
    CARDS["ember-sovereign"] = { ...saved, action: [{ k: "gain", n: 1 }] };
    try {
      let s = gameWith([0, 7]);
      const original = onCanvas(s, 0, "ember-sovereign");
      const crow = onCanvas(s, 1, "carrion-crow"); // a Character Erased from another Canvas: Gain 1
      const second = "p0c30"; // a second copy
      s.cards[second] = { def: "ember-sovereign", owner: 0 };
      s.players[0].hand.push(second);
      s.players[0].bank = 20;
      s = A(s, 0, { type: "deploy", card: second });
      expect(s.players[0].dregs).toContain(original);
      const gains = log.filter((e) => e.type === "gain").map((e) => e.source);
      expect(gains).toEqual([second, crow]);
    } finally {
      CARDS["ember-sovereign"] = saved;
    }
  });
});
