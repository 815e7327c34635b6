import { describe, expect, it } from "vitest";
import { achromaEngine } from "./index.ts";
import { A, code, main, newGame, onCanvas, toHand } from "./testkit.ts";

const E = achromaEngine;

describe("keywords", () => {
  it("ACTION + FIND: the Object choice is private to the deployer; the found card goes to hand and the Palette is shuffled", () => {
    let s = main(newGame(2, { first: 0 }));
    const oracle = toHand(s, 0, "kiln-oracle");
    s = A(s, 0, { type: "deploy", card: oracle });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0 });
    const options = (s.prompt as { options: string[] }).options;
    expect(options.every((d) => ["ember-brand", "forge-heart", "iron-buckler"].includes(d))).toBe(true);
    expect(E.view(s, 1).prompt?.options).toBeUndefined();
    expect(E.view(s, 0).prompt?.options).toEqual(options);
    const size = s.players[0].palette.length;
    s = A(s, 0, { type: "choose", option: options[0] });
    expect(s.players[0].palette).toHaveLength(size - 1);
    expect(s.players[0].hand.map((c) => s.cards[c].def)).toContain(options[0]);
  });

  it("ACTION + DIG: a card of the type comes back from your Dregs to your hand, then the rest of the Action resolves", () => {
    let s = main(newGame(2, { first: 0 }));
    const rites = toHand(s, 0, "cinder-rites");
    const scout = toHand(s, 0, "ember-scout");
    s.players[0].hand = s.players[0].hand.filter((c) => c !== scout);
    s.players[0].dregs.push(scout);
    s = A(s, 0, { type: "deploy", card: rites });
    expect(s.players[0].hand).toContain(scout);
    expect(s.players[0].dregs).toEqual([rites]);
    expect(s.players[0].bank).toBe(10 - 2 + 1);
  });

  it("TRADE keyword (R4): a card's TRADE gives the full Shard Value and does not use the 6-Shard limit", () => {
    let s = main(newGame(2, { first: 0, palettes: [3, 1] }));
    const bazaar = toHand(s, 0, "salt-bazaar"); // 2, ACTION: TRADE
    const brute = toHand(s, 0, "shoal-brute"); // 4
    s.players[0].hand = [bazaar, brute];
    s = A(s, 0, { type: "deploy", card: bazaar });
    s = A(s, 0, { type: "choose", option: brute }); // a hand choice is always asked (R45)
    expect(s.players[0].bank).toBe(10 - 2 + 4);
    expect(s.traded).toBe(0);
  });

  it("HEROIC (R17): a second copy on the same Canvas Erases the first before its abilities", () => {
    let s = main(newGame(2, { first: 0 }));
    const first = onCanvas(s, 0, "ember-sovereign");
    // A second copy (borrowed from seat 0's own cards for the scenario).
    const copy = "p0c99";
    s.cards = { ...s.cards, [copy]: { def: "ember-sovereign", owner: 0 } };
    s.players[0].hand.push(copy);
    s = A(s, 0, { type: "deploy", card: copy });
    expect(s.players[0].characters).toEqual([copy]);
    expect(s.players[0].dregs).toContain(first);
  });

  it("ACTION damage (R9, R10): Spark Burst damages a Character on another Canvas; a PROTECTION Character cannot be chosen", () => {
    let s = main(newGame(2, { first: 0, palettes: [0, 2] }));
    const burst = toHand(s, 0, "spark-burst");
    const kelp = onCanvas(s, 1, "kelp-runner");
    onCanvas(s, 1, "tide-matriarch");
    s = A(s, 0, { type: "deploy", card: burst });
    expect(s.players[1].dregs).toContain(kelp);
    expect(s.players[0].dregs).toContain(burst);
  });

  it("ACTION (R20): a step with no legal choice fizzles; War Drums gives RAGE for this turn", () => {
    let s = main(newGame(2, { first: 0 }));
    const drums = toHand(s, 0, "war-drums");
    s = A(s, 0, { type: "deploy", card: drums });
    expect(s.players[0].dregs).toContain(drums);
    const hound = onCanvas(s, 0, "cinder-hound");
    const drums2 = toHand(s, 0, "war-drums", 1);
    s = A(s, 0, { type: "deploy", card: drums2 });
    expect(s.units[hound].rage).toBe(1);
    const a = onCanvas(s, 1, "flame-tender");
    const b = onCanvas(s, 1, "flame-tender", { nth: 1 });
    s = A(s, 0, { type: "attack", attacker: hound, defender: a });
    s = A(s, 0, { type: "attack", attacker: hound, defender: b });
    expect(s.players[1].characters).toEqual([]);
  });

  it("SHIELD WALL (R15): only once per turn per Character", () => {
    let s = main(newGame(2, { first: 0 }));
    const raider = onCanvas(s, 0, "blaze-raider"); // 3 str, RAGE
    const sentry = onCanvas(s, 1, "smoke-shield"); // 3 shards, SHIELD WALL 1
    s = A(s, 0, { type: "attack", attacker: raider, defender: sentry });
    expect(s.units[sentry].shield).toBe(1);
    expect(s.units[sentry].damage).toBe(3);
    expect(s.players[1].characters).toEqual([sentry]);
    s = A(s, 0, { type: "attack", attacker: raider, defender: sentry });
    expect(s.units[sentry]).toBeUndefined();
    expect(s.players[1].dregs).toContain(sentry);
  });

  it("PREVENT (R18): a FROZEN Prevent card adds nothing to the pool", () => {
    let s = newGame(2, { first: 0 });
    s.phase = "resolve";
    for (const p of s.players) p.hadTurn = true;
    const hound = onCanvas(s, 0, "cinder-hound");
    const warden = onCanvas(s, 1, "ash-warden");
    s.units[warden].frozen = true;
    s = A(s, 0, { type: "resolve", card: hound });
    expect(s.prompt).toBeNull();
    expect(s.players[1].bank).toBe(9);
    expect(code(() => E.apply(s, 1, { type: "prevent", amount: 0 }))).toBe("not_your_turn");
  });
});
