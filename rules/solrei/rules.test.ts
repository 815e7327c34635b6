import { describe, expect, it } from "vitest";
import { stateHash } from "../core/hash.ts";
import { attackPower, fullDeck, isCharge, payRei } from "./engine.ts";
import { solreiEngine, timeoutAction } from "./index.ts";
import { A, allCardsOf, atOpen, atWindow, c, drive, keepBoth, log, newShow, passWindow, playCards, rig, settle, code } from "./testkit.ts";
import type { State } from "./types.ts";

const atDamage = (s: State) => s.prompt?.kind === "damage";
const atSelect = (purpose: string) => (s: State) => s.prompt?.kind === "select" && s.prompt.purpose === purpose;

/** Vesper (♠, seat 0, OFFENSE in round 1) vs Brannoc (♣, seat 1): hands rigged, at OPEN of round 1. */
function basic(hand0 = ["9S", "2S", "3S", "4S", "5D"], hand1 = ["3H", "4C", "5C", "6C", "7H"], muses: [string, string] = ["vesper", "brannoc"]): State {
  const s = keepBoth(newShow({ muses, offense: 0 }));
  rig(s, 0, { hand: hand0 });
  rig(s, 1, { hand: hand1 });
  return drive(s, atOpen);
}

describe("II.1 Action Cards", () => {
  it("II.1 the Action Deck: 52 cards per player, 2-10 are Attack cards with Power, JQKA are CHARGE cards with none", () => {
    const deck = fullDeck(0);
    expect(new Set(deck).size).toBe(52);
    expect(deck.filter((x) => !isCharge(x))).toHaveLength(36);
    expect(attackPower(c(0, "10H"))).toBe(10);
    expect(attackPower(c(0, "2C"))).toBe(2);
    for (const r of ["J", "Q", "K", "A"]) expect(attackPower(c(0, `${r}S`))).toBeNull();
    const s = newShow();
    for (const seat of [0, 1]) expect(allCardsOf(s, seat).sort()).toEqual(fullDeck(seat).sort());
  });

  it("II.1 a CHARGE card loses the Showdown to any Attack card, even a 2", () => {
    let s = basic(["KS", "2S", "3S", "4S", "5D"], ["2H", "4C", "5C", "6C", "7H"]);
    s = playCards(s, "KS", "2H");
    s = drive(s, (x) => x.showdown !== null);
    expect(s.showdown).toBe(1);
    expect(s.players[0].incoming).toBe(0); // the defender won: no damage (III.4)
  });

  it("II.1 CHARGE cards cannot gain Power (GAIN +1 Power leaves a CHARGE card at no Power)", () => {
    let s = basic(["KS", "2S", "3S", "4S", "5D"], ["2H", "4C", "5C", "6C", "7H"]);
    s = playCards(s, "KS", "2H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei.S = 1;
    s = A(s, 0, { type: "activate", source: "muse" }); // Vesper: GAIN +1 Power
    s = drive(s, (x) => x.showdown !== null);
    expect(s.players[0].powerBonus).toBe(1);
    expect(s.showdown).toBe(1);
  });
});

describe("III.1 winning an Act and the Show", () => {
  it("III.1.A an Act is won when the Rival has 7 damage", () => {
    let s = basic();
    rig(s, 1, { damage: ["2D", "3D", "4D", "5D", "6D", "7D"] });
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "deck" });
    expect(s.acts).toEqual([{ winner: 0, reason: "ko" }]);
    expect(s.wins).toEqual([1, 0]);
    expect(s.act).toBe(2);
  });

  it("III.1.B an Act is won when the Rival would take damage with no cards in the Action Deck (R10: even when placing from hand)", () => {
    let s = basic();
    rig(s, 1, { deckSize: 0 });
    expect(s.players[1].deck).toHaveLength(0);
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "hand", card: c(1, "7H") });
    expect(s.acts[0]).toEqual({ winner: 0, reason: "damage_with_empty_deck" });
  });

  it("III.1.C an Act is won when the Rival cannot play a card in OPEN", () => {
    let s = newShow({ offense: 0 });
    s.players[1].hand = [];
    s = keepBoth(s);
    s = drive(s, (x) => x.acts.length > 0);
    expect(s.acts[0]).toEqual({ winner: 0, reason: "rival_cannot_play" });
  });

  it("III.1 IMPORTANT: both unable to play in OPEN is a drawn Act (R4: no score, the other player chooses next)", () => {
    let s = newShow({ offense: 0 });
    const chooser = s.chooser;
    s.players[0].hand = [];
    s.players[1].hand = [];
    s = keepBoth(s);
    s = drive(s, (x) => x.acts.length > 0);
    expect(s.acts[0]).toEqual({ winner: null, reason: "neither_can_play" });
    expect(s.wins).toEqual([0, 0]);
    expect(s.outcome).toBeNull();
    expect(s.chooser).toBe(1 - chooser);
    expect(s.prompt).toEqual({ kind: "choose_first", seat: 1 - chooser });
  });

  it("III.1 Arcade Mode is best of three: two Act wins end the Show; III.2.C the loser of an Act chooses who starts on OFFENSE", () => {
    let s = newShow({ offense: 0 });
    s.players[1].hand = [];
    s = keepBoth(s);
    s = drive(s, (x) => x.acts.length === 1);
    expect(s.prompt).toEqual({ kind: "choose_first", seat: 1 });
    expect(code(() => A(s, 0, { type: "choose_first", seat: 0 }))).toBe("not_your_turn");
    s = A(s, 1, { type: "choose_first", seat: 1 });
    expect(s.firstOffense).toBe(1);
    // Act 2: a fresh field, 52 cards each re-shuffled.
    for (const seat of [0, 1]) expect(allCardsOf(s, seat).sort()).toEqual(fullDeck(seat).sort());
    expect(s.players[0].hand).toHaveLength(5);
    s.players[1].hand = [];
    s = keepBoth(s);
    expect(s.offense).toBe(1);
    s = drive(s, (x) => x.outcome !== null);
    expect(s.wins).toEqual([2, 0]);
    expect(solreiEngine.outcome(s)).toEqual({ ranks: [1, 2], reason: "won_on_acts" });
    expect(solreiEngine.actors(s)).toEqual([]);
  });

  it("III.2.C Act 1's chooser comes from the seeded RNG (both seats happen, same seed same chooser)", () => {
    const choosers = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const cfg = solreiEngine.parseConfig({});
      const seats = [0, 1].map((x) => solreiEngine.parseSeatConfig({ muse: x ? "liora" : "vesper" }, cfg));
      const a = solreiEngine.setup(cfg, seats, `chooser-${i}`);
      const b = solreiEngine.setup(cfg, seats, `chooser-${i}`);
      expect(a.chooser).toBe(b.chooser);
      choosers.add(a.chooser);
    }
    expect([...choosers].sort()).toEqual([0, 1]);
  });
});

describe("III.2 starting an Act", () => {
  it("III.2.B/D set-up: 4 Arts face down, 5-card opening hands, 47 in each deck", () => {
    const s = newShow();
    for (const p of s.players) {
      expect(p.arts.map((a) => a.state)).toEqual(["down", "down", "down", "down"]);
      expect(p.hand).toHaveLength(5);
      expect(p.deck).toHaveLength(47);
    }
  });

  it("III.2 MULLIGAN: a hand goes back, the deck is shuffled, 5 new cards; only once per Act", () => {
    let s = newShow({ seed: "mull" });
    const before = [...s.players[0].hand];
    s = A(s, 0, { type: "mulligan" });
    expect(s.players[0].mulligan).toBe("mulliganed");
    expect(s.players[0].hand).toHaveLength(5);
    expect(s.players[0].hand).not.toEqual(before);
    expect(allCardsOf(s, 0).sort()).toEqual(fullDeck(0).sort());
    // Seat 0 decided: no second mulligan.
    expect(code(() => A(s, 0, { type: "mulligan" }))).toBe("not_your_turn");
    expect(solreiEngine.legal(s, 0)).toEqual([]);
    expect(log.some((e) => e.type === "drew" && e.to !== undefined)).toBe(true);
    expect(log.filter((e) => e.to === undefined).every((e) => !("cards" in e))).toBe(true);
  });
});

describe("III.3 turn structure", () => {
  it("III.3.A START OF ROUND: positions swap each round and the DEFENDING player readies 1 Art (R3: no swap in round 1)", () => {
    let s = keepBoth(newShow({ offense: 0 }));
    expect(s.offense).toBe(0);
    expect(s.prompt).toMatchObject({ kind: "select", seat: 1, purpose: "sor_ready" });
    s = A(s, 1, { type: "select", choice: "art:2" });
    expect(s.players[1].arts[2].state).toBe("ready");
    expect(solreiEngine.view(s, 0).players[1].arts[2].id).toBe(s.players[1].arts[2].id);
    expect(solreiEngine.view(s, 0).players[1].arts[0].id).toBeNull();
    s = drive(s, (x) => x.round === 2 && x.prompt?.kind === "select");
    expect(s.offense).toBe(1);
    expect(s.prompt).toMatchObject({ seat: 0, purpose: "sor_ready" });
  });

  it("III.3.A R2: the START OF ROUND ready is optional", () => {
    let s = keepBoth(newShow({ offense: 0 }));
    expect(solreiEngine.legal(s, 1)).toContainEqual({ type: "select", choice: "none" });
    s = A(s, 1, { type: "select", choice: "none" });
    expect(s.players[1].arts.every((a) => a.state === "down")).toBe(true);
  });

  it("III.3.B OPEN: each places a card face down and may change it; the Rival sees only that a card is placed", () => {
    let s = basic();
    s = A(s, 0, { type: "place", card: c(0, "2S") });
    expect(log.find((e) => e.to === undefined)).toEqual({ type: "placed_face_down", seat: 0, changed: false });
    s = A(s, 0, { type: "place", card: c(0, "9S") });
    expect(s.players[0].placed).toBe(c(0, "9S"));
    expect(s.players[0].hand).toContain(c(0, "2S"));
    const spectator = JSON.stringify(solreiEngine.view(s, null));
    expect(spectator).not.toContain(c(0, "9S"));
    expect(solreiEngine.view(s, 1).players[0].placed).toBe(true);
    expect(solreiEngine.view(s, 0).you!.placed).toBe(c(0, "9S"));
    expect(code(() => A(s, 1, { type: "confirm" }))).toBe("nothing_placed");
    s = A(s, 0, { type: "confirm" });
    expect(code(() => A(s, 0, { type: "confirm" }))).toBe("not_your_turn"); // agreed: it waits (R22)
    s = A(s, 1, { type: "place", card: c(1, "3H") });
    s = A(s, 1, { type: "confirm" });
    s = A(s, 0, { type: "confirm" }); // R22: asked again after the Rival agreed, it keeps
    expect(s.prompt).toBeNull();
  });

  it("III.3.C SHOWDOWN: cards are revealed together and the higher Power wins; the winner on OFFENSE deals 1 damage", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    expect(log.find((e) => e.type === "showdown")).toEqual({ type: "showdown", cards: [c(0, "9S"), c(1, "3H")] });
    expect(solreiEngine.view(s, null).players[1].actionCard).toBe(c(1, "3H"));
    s = drive(s, (x) => x.showdown !== null);
    expect(s.showdown).toBe(0);
    expect(s.players[1].incoming).toBe(1);
  });

  it("III.3.C a tie in Power: nobody wins and no damage is dealt", () => {
    let s = basic(["5S", "2S", "3S", "4S", "5D"], ["5H", "4C", "5C", "6C", "7H"]);
    s = playCards(s, "5S", "5H");
    s = drive(s, (x) => x.showdown !== null);
    expect(s.showdown).toBe(-1);
    expect(s.players.map((p) => p.incoming)).toEqual([0, 0]);
  });

  it("III.4 IMPORTANT: the loser's Damage is set to 0 (a GAIN +1 Damage before the result is lost)", () => {
    let s = basic(["3S", "2S", "4S", "5S", "5D"], ["9H", "4C", "5C", "6C", "7H"]);
    s = playCards(s, "3S", "9H");
    s = drive(s, (x) => x.showdown !== null);
    expect(s.showdown).toBe(1);
    // the defender won: no automatic damage; the offensive loser cannot gain any
    expect(s.players.map((p) => p.incoming)).toEqual([0, 0]);
    expect(s.players[0].canGainDamage).toBe(false);
  });

  it("III.3.D BEFORE DAMAGE: blocking by discarding a card of the Muse's Alignment avoids 1 damage", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    expect(code(() => A(s, 1, { type: "block", source: `h:${c(1, "7H")}` }))).toBe("wrong_suit");
    s = A(s, 1, { type: "block", source: `h:${c(1, "4C")}` });
    expect(s.players[1].damage).toHaveLength(0);
    expect(s.players[1].discard).toContain(c(1, "4C"));
    expect(s.players[1].incoming).toBe(0);
  });

  it("III.3.D BEFORE DAMAGE: blocking by BREAKING a face-up damage card of the Muse's Alignment", () => {
    let s = basic();
    rig(s, 1, { damage: ["8C", "9H"] });
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    expect(solreiEngine.legal(s, 1)).not.toContainEqual({ type: "block", source: "d:1" });
    s = A(s, 1, { type: "block", source: "d:0" });
    expect(s.players[1].damage).toEqual([
      { card: c(1, "8C"), state: "broken" },
      { card: c(1, "9H"), state: "up" },
    ]);
  });

  it("III.3.D DAMAGE APPLICATION: the top card of the deck goes face up to the Damage zone", () => {
    let s = basic();
    rig(s, 1, { deckTop: ["QD"] });
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "deck" });
    expect(s.players[1].damage).toEqual([{ card: c(1, "QD"), state: "up" }]);
    expect(log.find((e) => e.type === "damage_taken")).toMatchObject({ card: c(1, "QD"), from: "deck" });
  });

  it("III.3.D DAMAGE APPLICATION: or a card placed from hand", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "hand", card: c(1, "7H") });
    expect(s.players[1].damage).toEqual([{ card: c(1, "7H"), state: "up" }]);
    expect(s.players[1].hand).not.toContain(c(1, "7H"));
  });

  it("III.3.D AFTER DAMAGE: back to BEFORE DAMAGE until all damage is dealt, one point at a time", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, (x) => x.showdown !== null);
    s.players[1].incoming = 3;
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "deck" });
    s = drive(s, atDamage);
    expect(s.players[1].incoming).toBe(2);
    s = A(s, 1, { type: "block", source: `h:${c(1, "5C")}` });
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "deck" });
    expect(s.players[1].damage).toHaveLength(2);
    expect(s.players[1].incoming).toBe(0);
    expect(s.prompt?.kind).not.toBe("damage");
  });

  it("III.3.D if both players have damage to take, the OFFENSIVE player takes theirs first", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].incoming = 1; // e.g. from a RETALIATE
    s = drive(s, atDamage);
    expect(s.players[1].incoming).toBe(1);
    expect(s.prompt).toEqual({ kind: "damage", seat: 0 });
    s = A(s, 0, { type: "take", from: "deck" });
    s = drive(s, atDamage);
    expect(s.prompt).toEqual({ kind: "damage", seat: 1 });
  });

  it("III.3.E CHARGE: the defensive player without a CHARGE card readies 1 Art/Damage OR draws 1 (R1)", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "deck" });
    s = drive(s, atSelect("charge_choice"));
    expect(s.prompt).toMatchObject({ seat: 1 });
    const hand = s.players[1].hand.length;
    s = A(s, 1, { type: "select", choice: "draw" });
    expect(s.players[1].hand.length).toBe(hand + 1);
  });

  it("III.3.E CHARGE: ready 1, draw 1, then the Charge Bonus; both charging: OFFENSE first (Vesper ♠ bonus: CULTIVATE 1)", () => {
    let s = basic(["KS", "2S", "3S", "4S", "5D"], ["QC", "4C", "5C", "6C", "7H"]);
    s.players[0].arts[0].state = "exhausted";
    s.players[1].arts[1].state = "exhausted";
    s = playCards(s, "KS", "QC");
    s = drive(s, atSelect("ready"));
    expect(s.prompt).toMatchObject({ seat: 0 });
    const hand0 = s.players[0].hand.length;
    s = A(s, 0, { type: "select", choice: "art:0" });
    expect(s.players[0].arts[0].state).toBe("ready");
    expect(s.players[0].hand.length).toBe(hand0 + 1);
    expect(s.players[0].cultivated).toHaveLength(1);
    expect(s.prompt).toMatchObject({ seat: 1, purpose: "ready" });
    s = A(s, 1, { type: "select", choice: "art:1" });
    expect(s.players[1].cultivated).toHaveLength(2); // Brannoc ♣ bonus: CULTIVATE 2
  });

  it("III.3.E Charge Bonus of Liora (♥: DRAW 1) and Tamsin (♦: DRAW 1); a CHARGE card of another suit gives no bonus", () => {
    for (const [muse, card, bonus] of [
      ["liora", "KH", 1],
      ["tamsin", "KD", 1],
      ["liora", "KS", 0],
      ["tamsin", "KC", 0],
    ] as const) {
      let s = basic(["9S", "2S", "3S", "4S", "5D"], [card, "QS", "5C", "6C", "7C"], ["vesper", muse]);
      s = playCards(s, "9S", card);
      s = drive(s, atDamage);
      s = A(s, 1, { type: "take", from: "deck" });
      const before = s.players[1].hand.length;
      s = drive(s, (x) => x.round === 2);
      // CHARGE draw 1 + Charge Bonus + END OF ROUND draw 1
      expect(s.players[1].hand.length).toBe(before + 1 + bonus + 1);
    }
  });

  it("III.3.F RESET sends the Action Cards to the discard; III.3.G END OF ROUND: both draw 1, none from an empty deck", () => {
    let s = basic();
    rig(s, 0, { deckSize: 0 });
    s = playCards(s, "9S", "3H");
    const hand1 = s.players[1].hand.length;
    s = drive(s, atDamage);
    s = A(s, 1, { type: "block", source: `h:${c(1, "4C")}` });
    s = drive(s, atSelect("charge_choice"));
    s = A(s, 1, { type: "select", choice: "draw" });
    s = drive(s, (x) => x.round === 2);
    expect(s.players[0].discard).toContain(c(0, "9S"));
    expect(s.players[1].discard).toContain(c(1, "3H"));
    expect(s.players[0].hand).toHaveLength(4); // 5 - placed, no draw from an empty deck
    expect(s.players[1].hand).toHaveLength(hand1 - 1 + 1 + 1); // -block +charge draw +end of round
    expect(s.players[0].placed).toBeNull();
  });
});

describe("II.5 Rei", () => {
  it("II.5 generating Rei: discarding a hand card or exhausting a face-up damage card gives Rei of its suit", () => {
    let s = basic();
    rig(s, 0, { damage: ["8S"] });
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s = A(s, 0, { type: "rei", source: `h:${c(0, "5D")}` });
    s = A(s, 0, { type: "rei", source: "d:0" });
    expect(s.players[0].rei).toEqual({ S: 1, H: 0, D: 1, C: 0 });
    expect(s.players[0].damage[0].state).toBe("exhausted");
    expect(s.players[0].discard).toContain(c(0, "5D"));
    expect(code(() => A(s, 0, { type: "rei", source: "d:0" }))).toBe("bad_source");
  });

  it("II.5 red, black and any-suit costs: red takes ♥/♦, black ♠/♣, any takes anything", () => {
    expect(payRei({ S: 0, H: 1, D: 0, C: 0 }, { red: 1 })).toEqual({ S: 0, H: 0, D: 0, C: 0 });
    expect(payRei({ S: 1, H: 0, D: 0, C: 0 }, { red: 1 })).toBeNull();
    expect(payRei({ S: 0, H: 0, D: 0, C: 1 }, { black: 1 })).toEqual({ S: 0, H: 0, D: 0, C: 0 });
    expect(payRei({ S: 1, H: 0, D: 0, C: 0 }, { S: 1, any: 1 })).toBeNull();
    expect(payRei({ S: 1, H: 0, D: 1, C: 0 }, { S: 1, any: 1 })).toEqual({ S: 0, H: 0, D: 0, C: 0 });
    expect(payRei({ S: 0, H: 1, D: 1, C: 0 }, { H: 1, red: 1 })).toEqual({ S: 0, H: 0, D: 0, C: 0 });
    expect(payRei({ S: 0, H: 0, D: 2, C: 0 }, { spend: 2 })).toEqual({ S: 0, H: 0, D: 0, C: 0 });
  });

  it("II.5 Filtering: any two cards make one Rei of the Muse's Alignment", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s = A(s, 0, { type: "filter", sources: [`h:${c(0, "5D")}`, `h:${c(0, "2S")}`] });
    expect(s.players[0].rei).toEqual({ S: 1, H: 0, D: 0, C: 0 });
    expect(s.players[0].hand).toHaveLength(2);
    s = A(s, 0, { type: "activate", source: "muse" });
    expect(s.players[0].rei.S).toBe(0);
  });

  it("II.5 R6: unused Rei vanishes at the end of the step it was generated in", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s = A(s, 0, { type: "rei", source: `h:${c(0, "5D")}` });
    expect(s.players[0].rei.D).toBe(1);
    s = passWindow(s);
    expect(s.window?.timing).not.toBe("AFTER_SHOWDOWN");
    expect(s.players[0].rei).toEqual({ S: 0, H: 0, D: 0, C: 0 });
    expect(log.some((e) => e.type === "rei_vanished")).toBe(true);
  });
});

describe("II.4/II.5 Arts", () => {
  it("II.5 Timing: an ability outside its timing is refused (wrong_timing); a face-down Art is not ready (art_not_ready)", () => {
    let s = basic();
    s.players[0].arts[0].state = "ready"; // Crescent Rend: AFTER SHOWDOWN
    s.players[0].arts[1].state = "ready"; // Shade Step: BEFORE DAMAGE
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei = { S: 2, H: 0, D: 0, C: 0 };
    expect(code(() => A(s, 0, { type: "activate", source: "art", slot: 1 }))).toBe("wrong_timing");
    s.players[0].rei = { S: 0, H: 0, D: 0, C: 0 };
    s.players[0].arts[0].state = "down";
    expect(code(() => A(s, 0, { type: "activate", source: "art", slot: 0 }))).toBe("art_not_ready");
    s.players[0].arts[0].state = "ready";
    expect(code(() => A(s, 0, { type: "activate", source: "art", slot: 0 }))).toBe("not_enough_rei");
  });

  it("II.5 an activated Art is Exhausted and can be Readied again", () => {
    let s = basic();
    s.players[0].arts[0].state = "ready";
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei = { S: 1, H: 0, D: 1, C: 0 };
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    expect(s.players[0].arts[0].state).toBe("exhausted");
    expect(code(() => A(s, 1, { type: "pass" }))).toBe("no error");
  });

  it("II.4 BROKEN: an Art whose requirements the Muse lacks is BROKEN after its first use and cannot be readied again", () => {
    let s = basic();
    s.players[0].arts[2].state = "ready"; // Grave Hold needs [Skill:Grapple]; Vesper lacks it
    s = playCards(s, "9S", "3H");
    expect(s.window?.timing).toBe("BEFORE_SHOWDOWN");
    s.players[0].rei = { S: 0, H: 0, D: 0, C: 1 };
    s = A(s, 0, { type: "activate", source: "art", slot: 2 });
    expect(s.players[0].arts[2].state).toBe("broken");
    s = passWindow(s);
    expect(s.players[1].grappled).toBe(true); // the effect still happens
    s.players[0].arts.forEach((a, i) => {
      if (i !== 2) a.state = "exhausted";
    });
    // no ready option ever targets it
    s = drive(s, (x) => x.round === 2 && x.prompt?.kind === "select" && x.prompt.purpose === "sor_ready");
    expect(solreiEngine.legal(s, 0)).not.toContainEqual({ type: "select", choice: "art:2" });
  });

  it("II.4 SIGNATURE MOVES can only be activated by their Muse", () => {
    let s = basic();
    // Rig Vesper with Liora's signature Choir's Crescendo (no legal set-up allows it).
    s.players[0].arts[0] = { id: "choirs-crescendo", state: "ready" };
    rig(s, 0, { damage: ["2C", "3C", "4C"] });
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei = { S: 0, H: 2, D: 0, C: 0 };
    expect(code(() => A(s, 0, { type: "activate", source: "art", slot: 0 }))).toBe("signature_move");
    expect(solreiEngine.legal(s, 0)).not.toContainEqual({ type: "activate", source: "art", slot: 0 });
    // Vesper's own signature Shade Step is usable by Vesper
    s.players[0].arts[1].state = "ready";
    s = drive(s, atWindow("BEFORE_DAMAGE"));
    s.players[0].rei = { S: 1, H: 0, D: 0, C: 0 };
    expect(solreiEngine.legal(s, 0)).toContainEqual({ type: "activate", source: "art", slot: 1 });
  });

  it("II.4 AUGMENT: turned sideways when activated, its effect lasts; taking damage EXHAUSTS it", () => {
    let s = keepBoth(newShow({ muses: ["tamsin", "vesper"], offense: 1 }));
    rig(s, 0, { hand: ["5D", "2S", "3S", "4S", "6D"] });
    rig(s, 1, { hand: ["9S", "2H", "3H", "4H", "5H"] });
    s.players[0].arts[3].state = "ready"; // Prism Ward: AUGMENT, +1 Power
    s = drive(s, atWindow("START_OF_ROUND"));
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "rei", source: `h:${c(0, "6D")}` });
    s = A(s, 0, { type: "activate", source: "art", slot: 3 });
    s = drive(s, atOpen);
    expect(s.players[0].arts[3].state).toBe("augmented");
    s = playCards(s, "5D", "9S");
    s = drive(s, (x) => x.showdown !== null);
    expect(solreiEngine.view(s, null).players[0].power).toBe(6);
    s = drive(s, atDamage);
    s = A(s, 0, { type: "take", from: "deck" });
    expect(s.players[0].arts[3].state).toBe("exhausted");
  });

  it("II.4 AUGMENT: activating another AUGMENT Art EXHAUSTS the augmented one", () => {
    let s = keepBoth(newShow({ muses: ["tamsin", "vesper"], offense: 1 }));
    s.players[0].arts[0] = { id: "edge-focus", state: "ready" };
    s.players[0].arts[3].state = "ready";
    s = drive(s, atWindow("START_OF_ROUND"));
    s = A(s, 1, { type: "pass" });
    s.players[0].rei = { S: 0, H: 0, D: 3, C: 0 };
    s = A(s, 0, { type: "activate", source: "art", slot: 3 });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "pass" });
    expect(s.players[0].arts[3].state).toBe("augmented");
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    expect(s.players[0].arts[3].state).toBe("exhausted");
    // Edge Focus is not Tamsin's (needs Blade): it ends BROKEN later, but is augmented now
    expect(s.players[0].arts[0].state).toBe("augmented");
  });
});

describe("III.5 the Exchange, III.6 offensive priority, IV.4 simultaneous triggers", () => {
  it("III.6 OFFENSIVE priority: the OFFENSIVE player is asked first in every window and both must pass to move on", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    expect(solreiEngine.actors(s)).toEqual([0]);
    expect(code(() => A(s, 1, { type: "pass" }))).toBe("not_your_turn");
    s = A(s, 0, { type: "pass" });
    expect(s.window?.timing).toBe("AFTER_SHOWDOWN");
    expect(solreiEngine.actors(s)).toEqual([1]);
    s = A(s, 1, { type: "pass" });
    expect(s.window?.timing).not.toBe("AFTER_SHOWDOWN");
  });

  it("III.5 the Exchange: the Rival may respond, responses resolve last-in first-out (NEGATE resolves before its target)", () => {
    let s = basic(["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7S"]);
    s.players[1].arts[2].state = "ready"; // Null Stance
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei.S = 1;
    s = A(s, 0, { type: "activate", source: "muse" }); // GAIN +1 Power
    expect(solreiEngine.actors(s)).toEqual([1]);
    s.players[1].rei = { S: 1, H: 0, D: 0, C: 1 };
    s = A(s, 1, { type: "activate", source: "art", slot: 2 });
    expect(s.stack.map((x) => x.name)).toEqual(["Vesper Kade", "Null Stance"]);
    expect(s.stack[1].targetUid).toBe(s.stack[0].uid);
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "pass" });
    expect(log.map((e) => e.type)).toEqual(["pass", "exchange_resolves", "negated", "resolved", "fizzled"]);
    expect(s.players[0].powerBonus).toBe(0);
    expect(s.players[1].arts[2].state).toBe("exhausted");
    // after the Exchange, OFFENSE is asked again before the step ends
    expect(solreiEngine.actors(s)).toEqual([0]);
  });

  it("III.5 if the Rival does not respond, the activating player may add another effect on top", () => {
    let s = basic();
    s.players[0].arts[0].state = "ready";
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei = { S: 2, H: 0, D: 1, C: 0 };
    s = A(s, 0, { type: "activate", source: "muse" });
    s = A(s, 1, { type: "pass" });
    expect(solreiEngine.actors(s)).toEqual([0]);
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "pass" });
    expect(log.filter((e) => e.type === "resolved").map((e) => e.name)).toEqual(["Crescent Rend", "Vesper Kade"]);
    expect(s.players[0].powerBonus).toBe(2);
  });

  it("IV.4 simultaneous automatic effects: OFFENSE's go on the Exchange first, so DEFENSE's resolve first", () => {
    let s = basic(["4H", "2S", "3S", "5S", "6S"], ["3H", "4C", "5C", "6C", "7S"], ["liora", "liora"]);
    s = playCards(s, "4H", "3H");
    // each Liora has two triggers (♥ Attack, Attack of Power <= 5): the offense orders its own first
    expect(s.prompt).toMatchObject({ kind: "select", seat: 0, purpose: "order" });
    expect(solreiEngine.legal(s, 0)).toEqual([
      { type: "select", choice: "muse" },
      { type: "select", choice: "advantage" },
    ]);
    s = A(s, 0, { type: "select", choice: "advantage" }); // the other one follows by itself
    expect(s.prompt).toMatchObject({ seat: 1, purpose: "order" });
    s = A(s, 1, { type: "select", choice: "muse" });
    expect(s.stack.map((x) => [x.seat, x.source])).toEqual([
      [0, "advantage"],
      [0, "muse"],
      [1, "muse"],
      [1, "advantage"],
    ]);
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "pass" });
    expect(log.filter((e) => e.type === "resolved").map((e) => `${e.seat}`)).toEqual(["1", "1", "0", "0"]);
    expect(s.players.map((p) => p.powerBonus)).toEqual([2, 2]);
  });

  it("IV.3 non-exchange actions: generating Rei does not pass priority", () => {
    let s = basic();
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s = A(s, 0, { type: "rei", source: `h:${c(0, "2S")}` });
    expect(solreiEngine.actors(s)).toEqual([0]);
    expect(s.window?.passes).toBe(0);
    expect(s.stack).toHaveLength(0);
  });
});

describe("errors and atomicity", () => {
  it("an action out of turn is refused with not_your_turn", () => {
    const s = basic();
    s.prompt = { kind: "open", seats: [1] };
    expect(code(() => solreiEngine.apply(s, 0, { type: "confirm" }))).toBe("not_your_turn");
  });

  it("a malformed action is refused with bad_action", () => {
    for (const bad of [null, {}, { type: "fly" }, { type: "place" }, { type: "place", card: "ace" }, { type: "activate", source: "art" }, { type: "pass", x: 1 }]) {
      expect(code(() => solreiEngine.parseAction(bad))).toBe("bad_action");
    }
    expect(solreiEngine.parseAction({ type: "take", from: "hand", card: "p1-7H" })).toEqual({ type: "take", from: "hand", card: "p1-7H" });
  });

  it("an illegal move leaves the input state exactly as it was (same stateHash)", () => {
    let s = basic();
    const h = stateHash(s);
    expect(code(() => solreiEngine.apply(s, 0, { type: "place", card: c(1, "3H") }))).toBe("card_not_in_hand");
    expect(code(() => solreiEngine.apply(s, 0, { type: "confirm" }))).toBe("nothing_placed");
    expect(code(() => solreiEngine.apply(s, 0, { type: "pass" }))).toBe("wrong_timing");
    expect(stateHash(s)).toBe(h);
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s = A(s, 0, { type: "rei", source: `h:${c(0, "2S")}` });
    const h2 = stateHash(s);
    expect(code(() => solreiEngine.apply(s, 0, { type: "filter", sources: [`h:${c(0, "3S")}`, `h:${c(0, "9C")}`] }))).toBe("card_not_in_hand");
    expect(stateHash(s)).toBe(h2);
    expect(s.players[0].hand).toContain(c(0, "3S"));
  });

  it("R14 timeoutAction: keep, lowest card then confirm, pass, take from the deck", () => {
    let s = newShow();
    expect(timeoutAction(s, 0)).toEqual({ type: "keep" });
    s = keepBoth(s);
    expect(timeoutAction(s, 1)).toEqual({ type: "select", choice: "none" });
    rig(s, 0, { hand: ["9S", "KS", "3D", "7S", "5D"] });
    s = drive(s, atOpen);
    expect(timeoutAction(s, 0)).toEqual({ type: "place", card: c(0, "3D") });
    s = A(s, 0, timeoutAction(s, 0)!);
    expect(timeoutAction(s, 0)).toEqual({ type: "confirm" });
    expect(timeoutAction(s, 5)).toBeNull();
  });

  it("settle() leaves a settled state unchanged (advance is idempotent)", () => {
    const s = basic();
    const h = stateHash(s);
    settle(s);
    expect(stateHash(s)).toBe(h);
  });
});
