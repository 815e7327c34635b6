import { describe, expect, it } from "vitest";
import { erase } from "./engine.ts";
import { achromaEngine } from "./index.ts";
import { A, code, log, main, newGame, onCanvas, toHand, uidOf } from "./testkit.ts";
import type { State } from "./types.ts";

const E = achromaEngine;
/** Puts the given cards (uids) on top of a Palette, in order. */
const onTop = (s: State, seat: number, uids: string[]): void => {
  const p = s.players[seat];
  p.palette = [...uids, ...p.palette.filter((c) => !uids.includes(c))];
  p.hand = p.hand.filter((c) => !uids.includes(c));
};
/** Seat 0 plays emberwild-veil, seat 1 tidehollow-veil. */
const veil = (first = 0): State => main(newGame(2, { first, palettes: [4, 5] }));

describe("keywords (0.2.0)", () => {
  it("SECRET (R22): the top card of a chosen Palette is hidden face down under the Keeper; at the very start of the next turn the Keeper is Erased and the card Deployed for free", () => {
    let s = veil();
    const archivist = toHand(s, 0, "hushed-archivist");
    const kelp = uidOf(s, 1, "kelp-runner");
    onTop(s, 1, [kelp]);
    const size = s.players[1].palette.length;
    s = A(s, 0, { type: "deploy", card: archivist });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: ["0", "1"] });
    expect(E.view(s, 1).prompt?.options).toEqual(["0", "1"]);
    s = A(s, 0, { type: "choose", option: "1" });
    expect(s.secrets[archivist]).toEqual([kelp]);
    expect(s.players[1].palette).toHaveLength(size - 1);
    for (const v of [0, 1, null]) {
      expect(E.view(s, v).players[0].characters[0].secrets).toBe(1);
      expect(JSON.stringify(E.view(s, v))).not.toContain(kelp);
    }
    // Not in the Main step, and not once the Start step is under way.
    expect(code(() => E.apply(s, 0, { type: "unveil", keeper: archivist }))).toBe("illegal_move");
    s.turn += 2;
    s.phase = "start";
    s.deployed = 0;
    const bank = s.players[0].bank;
    s = A(s, 0, { type: "unveil", keeper: archivist });
    expect(s.players[0].dregs).toContain(archivist);
    expect(s.players[0].characters).toEqual([kelp]);
    expect(s.cards[kelp].owner).toBe(1);
    expect(s.players[0].bank).toBe(bank);
    expect(s.deployed).toBe(0);
    expect(s.secrets).toEqual({});
    expect(log.some((e) => e.type === "unveil")).toBe(true);
  });

  it("SECRET (R22): an Erased Keeper sends its hidden card to the card owner's Dregs; after drawing, unveiling is too late", () => {
    let s = veil();
    const reliquary = toHand(s, 0, "sealed-reliquary");
    const top = s.players[0].palette[0];
    s = A(s, 0, { type: "deploy", card: reliquary });
    s = A(s, 0, { type: "choose", option: "0" });
    expect(s.secrets[reliquary]).toEqual([top]);
    s.turn += 2;
    s.phase = "start";
    s.deployed = 0;
    s = A(s, 0, { type: "draw" });
    expect(code(() => E.apply(s, 0, { type: "unveil", keeper: reliquary }))).toBe("illegal_move");
    const archivist = onCanvas(s, 1, "hushed-archivist");
    const hidden = uidOf(s, 0, "kindle");
    s.players[0].palette = s.players[0].palette.filter((c) => c !== hidden);
    s.players[0].hand = s.players[0].hand.filter((c) => c !== hidden);
    s.secrets[archivist] = [hidden];
    s.units[archivist].damage = 2;
    const burst = toHand(s, 0, "spark-burst");
    s = A(s, 0, { type: "deploy", card: burst });
    expect(s.players[1].dregs).toContain(archivist);
    expect(s.players[0].dregs).toContain(hidden);
    expect(s.secrets[archivist]).toBeUndefined();
  });

  it("REVEAL (R25): the top cards are turned over until one of the type; it goes to hand, the others are shuffled back; the reveal stays public", () => {
    let s = veil();
    const augur = toHand(s, 0, "cinder-augur");
    const cards = [uidOf(s, 0, "kindle"), uidOf(s, 0, "ember-brand"), uidOf(s, 0, "ember-scout")];
    onTop(s, 0, cards);
    const size = s.players[0].palette.length;
    s = A(s, 0, { type: "deploy", card: augur });
    expect(s.players[0].hand).toContain(cards[2]);
    expect(s.players[0].palette).toHaveLength(size - 1);
    expect(s.players[0].palette).toEqual(expect.arrayContaining(cards.slice(0, 2)));
    expect(E.view(s, 1).lastReveal).toEqual({ seat: 0, defs: ["kindle", "ember-brand", "ember-scout"] });
  });

  it("RESEARCH X (R23): look at the top X; pay 1 Shard per card kept; the rest go back on top in the chosen order; only the researcher sees them", () => {
    let s = veil(1);
    const scholar = toHand(s, 1, "drowned-scholar");
    const [a, b] = [uidOf(s, 1, "kelp-runner"), uidOf(s, 1, "undertow")];
    onTop(s, 1, [a, b]);
    s = A(s, 1, { type: "deploy", card: scholar });
    expect(s.prompt).toMatchObject({ kind: "research", seat: 1, options: ["done", a, b] });
    expect(E.view(s, 0).prompt?.options).toBeUndefined();
    expect(E.view(s, 0).looking).toEqual([]);
    expect(E.view(s, 1).looking.map((c) => c.uid)).toEqual([a, b]);
    s = A(s, 1, { type: "choose", option: b });
    expect(s.players[1].bank).toBe(10 - 3 - 1);
    expect(s.players[1].hand).toContain(b);
    s = A(s, 1, { type: "choose", option: "done" });
    expect(s.research).toBeNull();
    expect(s.players[1].palette[0]).toBe(a);

    const reading = toHand(s, 1, "chart-reading");
    const top = s.players[1].palette.slice(0, 3);
    s = A(s, 1, { type: "deploy", card: reading });
    s = A(s, 1, { type: "choose", option: "done" });
    expect(s.prompt).toMatchObject({ kind: "research", ordering: true, options: top });
    s = A(s, 1, { type: "choose", option: top[2] });
    s = A(s, 1, { type: "choose", option: top[1] });
    expect(s.research).toBeNull();
    expect(s.players[1].palette.slice(0, 3)).toEqual([top[2], top[1], top[0]]);
    expect(s.players[1].bank).toBe(10 - 3 - 1 - 1);
  });

  it("SACRIFICE (R24): a card from your Canvas is Erased to pay for the ability; with nothing to Erase the ability does not happen", () => {
    let s = veil();
    const offering = toHand(s, 0, "ember-offering");
    s = A(s, 0, { type: "deploy", card: offering });
    expect(s.players[0].bank).toBe(9);
    expect(s.players[0].dregs).toEqual([offering]);
    const scout = onCanvas(s, 0, "ember-scout");
    const offering2 = toHand(s, 0, "ember-offering", 1);
    s = A(s, 0, { type: "deploy", card: offering2 });
    expect(s.players[0].dregs).toEqual([offering, scout, offering2]);
    expect(s.players[0].characters).toEqual([]);
    expect(s.players[0].bank).toBe(9 - 1 + 4);
  });

  it("SPLAT X and SQUISH X (R26): you may give another card an extra Gain/Drain; its controller resolves it once; it ends when the giver's next turn starts", () => {
    let s = veil();
    for (const p of s.players) p.hadTurn = true;
    const scout = onCanvas(s, 0, "ember-scout");
    const sprite = toHand(s, 0, "paint-sprite");
    s = A(s, 0, { type: "deploy", card: sprite });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: ["pass", scout] });
    s = A(s, 0, { type: "choose", option: scout });
    expect(s.units[scout].given).toEqual([{ kind: "gain", n: 2, by: 0 }]);
    expect(E.view(s, 1).players[0].characters[0].given).toEqual([{ kind: "gain", n: 2, by: 0 }]);
    expect(code(() => E.apply(s, 0, { type: "resolve_given", card: scout }))).toBe("illegal_move");
    s = A(s, 0, { type: "proceed" });
    const bank = s.players[0].bank;
    s = A(s, 0, { type: "resolve_given", card: scout });
    expect(s.players[0].bank).toBe(bank + 2);
    expect(s.units[scout].given).toEqual([]);
    expect(code(() => E.apply(s, 0, { type: "resolve_given", card: scout }))).toBe("illegal_move");

    // SQUISH on a card of the opponent's: they may Drain with it on their turn; "pass" gives nothing.
    s = veil(1);
    for (const p of s.players) p.hadTurn = true;
    const tide = onCanvas(s, 1, "tide-caller");
    const squid = toHand(s, 1, "ink-squid");
    const squid2 = toHand(s, 1, "ink-squid", 1);
    s = A(s, 1, { type: "deploy", card: squid });
    s = A(s, 1, { type: "choose", option: tide });
    expect(s.units[tide].given).toEqual([{ kind: "drain", n: 2, by: 1 }]);
    s = A(s, 1, { type: "deploy", card: squid2 });
    s = A(s, 1, { type: "choose", option: "pass" });
    expect(s.units[squid].given).toEqual([]);
    s.phase = "resolve";
    s = A(s, 1, { type: "resolve_given", card: tide });
    expect(s.players[0].bank).toBe(8);
    // Unresolved effects lapse when the giver's next turn starts.
    s.units[tide].given.push({ kind: "drain", n: 2, by: 1 });
    s = A(s, 1, { type: "proceed" });
    s = A(s, 1, { type: "draw" });
    s = A(s, 1, { type: "pass_turn" });
    expect(s.units[tide].given).toHaveLength(1);
    s.phase = "post";
    s = A(s, 0, { type: "pass_turn" });
    expect(s.active).toBe(1);
    expect(s.units[tide].given).toEqual([]);
  });

  it("CLAIM (R27): a Character with its Objects moves to your Canvas under your control; it cannot attack this turn; Erased, it goes to its owner's Dregs", () => {
    let s = veil();
    const brute = onCanvas(s, 1, "shoal-brute");
    const coral = onCanvas(s, 1, "pearl-trident", { target: brute });
    const lure = toHand(s, 0, "ember-lure");
    s = A(s, 0, { type: "deploy", card: lure });
    expect(s.players[1].characters).toEqual([]);
    expect(s.players[0].characters).toEqual([brute]);
    expect(s.attached[brute]).toEqual([coral]);
    expect(s.cards[brute].owner).toBe(1);
    expect(s.players[0].bank).toBe(6);
    const kelp = onCanvas(s, 1, "kelp-runner");
    expect(code(() => E.apply(s, 0, { type: "attack", attacker: brute, defender: kelp }))).toBe("illegal_move");
    s.phase = "resolve";
    for (const p of s.players) p.hadTurn = true;
    s = A(s, 0, { type: "resolve", card: brute });
    expect(s.players[0].bank).toBe(7);
    erase(s, brute, []);
    expect(s.players[1].dregs).toEqual(expect.arrayContaining([brute, coral]));
    expect(s.players[0].characters).toEqual([]);
  });

  it("CURSE (R28): a card on any Canvas is turned sideways (public); Brine Hex then Gains 1 per CURSED card", () => {
    let s = veil(1);
    const kelp = onCanvas(s, 1, "kelp-runner");
    const scout = onCanvas(s, 0, "ember-scout");
    s.units[scout].cursed = true;
    const hex = toHand(s, 1, "brine-hex");
    s = A(s, 1, { type: "deploy", card: hex }); // the only card not yet CURSED is chosen
    expect(s.units[kelp].cursed).toBe(true);
    expect(E.view(s, 0).players[1].characters[0].cursed).toBe(true);
    expect(s.players[1].bank).toBe(10 - 1 + 2);
    const hex2 = toHand(s, 1, "brine-hex", 1);
    s = A(s, 1, { type: "deploy", card: hex2 }); // nothing left to CURSE: that step fizzles
    expect(log).toContainEqual({ type: "fizzle", seat: 1, step: "curse" });
    expect(s.players[1].bank).toBe(11 - 1 + 2);
  });

  it("HUNT (R29): once per turn mark a Character on another Canvas; at the start of your next turn it takes the HUNT damage, unless either card has left its Canvas", () => {
    let s = veil();
    const stalker = onCanvas(s, 0, "ash-stalker");
    const brute = onCanvas(s, 1, "shoal-brute"); // 4 Shards
    const kelp = onCanvas(s, 1, "kelp-runner"); // 2 Shards
    s = A(s, 0, { type: "hunt", hunter: stalker, target: brute });
    expect(E.view(s, 1).hunts).toEqual([{ seat: 0, hunter: stalker, target: brute }]);
    expect(code(() => E.apply(s, 0, { type: "hunt", hunter: stalker, target: kelp }))).toBe("illegal_move");
    s.phase = "post";
    s = A(s, 0, { type: "pass_turn" });
    expect(s.units[brute].damage).toBe(0);
    s.phase = "post";
    s = A(s, 1, { type: "pass_turn" });
    expect(s.active).toBe(0);
    expect(s.units[brute].damage).toBe(3);
    expect(s.hunts).toEqual([]);
    // A HUNT whose target was CLAIMED away is not resolved.
    s.phase = "main";
    s = A(s, 0, { type: "hunt", hunter: stalker, target: kelp });
    s.players[1].characters = s.players[1].characters.filter((c) => c !== kelp);
    s.players[0].characters.push(kelp);
    s.phase = "post";
    s = A(s, 0, { type: "pass_turn" });
    s.phase = "post";
    s = A(s, 1, { type: "pass_turn" });
    expect(s.units[kelp].damage).toBe(0);
    expect(log.some((e) => e.type === "hunt_lost")).toBe(true);
  });
});
