import { describe, expect, it } from "vitest";
import { solreiEngine } from "./index.ts";
import { A, atOpen, atWindow, c, drive, keepBoth, log, newShow, passWindow, playCards, rig, code } from "./testkit.ts";
import type { State } from "./types.ts";

/** Seat 0 (OFFENSE in round 1) vs seat 1, hands rigged, at OPEN; `ready` art slots per seat readied. */
function game(muses: [string, string], hand0: string[], hand1: string[], ready: [number[], number[]] = [[], []]): State {
  const s = keepBoth(newShow({ muses, offense: 0 }));
  rig(s, 0, { hand: hand0 });
  rig(s, 1, { hand: hand1 });
  ready.forEach((slots, seat) => slots.forEach((i) => (s.players[seat].arts[i].state = "ready")));
  return drive(s, atOpen);
}

const atDamage = (s: State) => s.prompt?.kind === "damage";
const untilWindowFor = (timing: string, seat: number) => (s: State) => s.prompt === null && s.window?.timing === timing && s.window.priority === seat;

describe("V.3 keywords", () => {
  it("GAIN: GAIN +1 Power and GAIN +1 Damage (Crescent Rend) make the winner deal 2", () => {
    let s = game(["vesper", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[0], []]);
    s = playCards(s, "9S", "3H");
    s = drive(s, atWindow("AFTER_SHOWDOWN"));
    s.players[0].rei = { S: 1, H: 0, D: 1, C: 0 };
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    s = passWindow(s);
    s = drive(s, (x) => x.showdown !== null);
    expect(s.players[0].powerBonus).toBe(1);
    expect(s.players[1].incoming).toBe(2);
  });

  it("DRAW X: draws X cards from the deck (Liora's Charge Bonus DRAW 1)", () => {
    let s = game(["liora", "brannoc"], ["KH", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"]);
    rig(s, 0, { deckTop: ["10S", "9S"] });
    s = playCards(s, "KH", "3H");
    s = drive(s, (x) => x.prompt?.kind === "select" && x.prompt.purpose === "ready");
    s = A(s, 0, { type: "select", choice: "art:0" });
    expect(s.players[0].hand).toContain(c(0, "10S"));
    expect(s.players[0].hand).toContain(c(0, "9S"));
  });

  it("RETALIATE X: deals X damage to a Rival who did damage to you this round (Encore)", () => {
    let s = game(["vesper", "liora"], ["9S", "2S", "3S", "4S", "5D"], ["3C", "4C", "5C", "6C", "7H"], [[], [0]]);
    s = playCards(s, "9S", "3C");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "take", from: "deck" });
    s = drive(s, untilWindowFor("AFTER_DAMAGE", 1));
    s.players[1].rei.H = 1;
    s = A(s, 1, { type: "activate", source: "art", slot: 0 });
    s = passWindow(s);
    expect(log.some((e) => e.type === "retaliate")).toBe(true);
    expect(s.players[0].incoming === 1 || s.prompt?.kind === "damage").toBe(true);
    s = drive(s, atDamage);
    expect(s.prompt).toEqual({ kind: "damage", seat: 0 });
  });

  it("COUNTER X: blocks X damage and deals that much to the attacking Rival (Cinder Veil)", () => {
    let s = game(["vesper", "liora"], ["9S", "2S", "3S", "4S", "5D"], ["3C", "4C", "5C", "6C", "7H"], [[], [1]]);
    s = playCards(s, "9S", "3C");
    s = drive(s, untilWindowFor("BEFORE_DAMAGE", 1));
    s.players[1].rei.D = 1;
    s = A(s, 1, { type: "activate", source: "art", slot: 1 });
    s = passWindow(s);
    expect(log.find((e) => e.type === "counter")).toMatchObject({ blocked: 1, dealt: 1 });
    expect(s.players[1].incoming).toBe(0);
    s = drive(s, atDamage);
    expect(s.prompt).toEqual({ kind: "damage", seat: 0 });
  });

  it("CRISIS: needs at least that much damage (Choir's Crescendo, CRISIS 3)", () => {
    let s = game(["liora", "brannoc"], ["5S", "2S", "3S", "4S", "5D"], ["9H", "4C", "5C", "6C", "7H"], [[3], []]);
    rig(s, 0, { damage: ["2C", "3C"] });
    s = playCards(s, "5S", "9H");
    s = drive(s, (x) => x.prompt === null && x.window?.priority === 0);
    s.players[0].rei.H = 2;
    expect(["crisis_not_met", "wrong_timing"]).toContain(code(() => A(s, 0, { type: "activate", source: "art", slot: 3 })));
    let t = game(["liora", "brannoc"], ["5S", "2S", "3S", "4S", "5D"], ["9H", "4C", "5C", "6C", "7H"], [[3], []]);
    rig(t, 0, { damage: ["2C", "3C", "4C"] });
    t = playCards(t, "5S", "9H");
    t = drive(t, untilWindowFor("AFTER_SHOWDOWN", 0));
    t.players[0].rei.H = 2;
    t = A(t, 0, { type: "activate", source: "art", slot: 3 });
    t = passWindow(t);
    t = drive(t, (x) => x.showdown !== null);
    expect(t.players[0].powerBonus).toBe(3); // +1 Hearthglow (Attack of Power <= 5) +2 Choir's Crescendo
    expect(t.showdown).toBe(1); // 5 + 3 = 8 < 9
  });

  it("CULTIVATE X: the top X cards go face down onto the Muse (Brannoc's Charge Bonus CULTIVATE 2)", () => {
    let s = game(["vesper", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["KC", "4C", "5C", "6C", "7H"]);
    rig(s, 1, { deckTop: ["2D", "3D", "4D"] });
    s = playCards(s, "9S", "KC");
    s = drive(s, atDamage);
    s = A(s, 1, { type: "block", source: `h:${c(1, "4C")}` });
    s = drive(s, (x) => x.prompt?.kind === "select" && x.prompt.purpose === "ready");
    s = A(s, 1, { type: "select", choice: "art:0" });
    expect(s.players[1].hand).toContain(c(1, "2D"));
    expect(s.players[1].cultivated).toEqual([c(1, "3D"), c(1, "4D")]);
    expect(solreiEngine.view(s, null).players[1].cultivatedCount).toBe(2);
    expect(JSON.stringify(solreiEngine.view(s, 1))).not.toContain(c(1, "3D"));
  });

  it("HARVEST X: as a cost, removes X cultivated cards (Brannoc: HARVEST 1: BLOCK 1)", () => {
    let s = game(["vesper", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"]);
    s.players[1].cultivated = [s.players[1].deck.shift()!];
    const harvested = s.players[1].cultivated[0];
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("BEFORE_DAMAGE", 1));
    s = A(s, 1, { type: "activate", source: "muse" });
    expect(s.players[1].cultivated).toEqual([]);
    expect(s.players[1].discard).toContain(harvested);
    s = passWindow(s);
    expect(s.players[1].incoming).toBe(0);
    expect(s.players[1].damage).toHaveLength(0);
  });

  it("READY X: flips X exhausted Arts/Damage face up (Rekindle in CHARGE)", () => {
    let s = game(["liora", "brannoc"], ["3S", "2S", "4S", "5S", "5D"], ["9H", "4C", "5C", "6C", "7H"], [[2], []]);
    rig(s, 0, { damage: [["8D", "exhausted"]] });
    s = playCards(s, "3S", "9H");
    s = drive(s, untilWindowFor("CHARGE", 0));
    s.players[0].rei.S = 1;
    s = A(s, 0, { type: "activate", source: "art", slot: 2 });
    s = passWindow(s);
    expect(s.prompt).toMatchObject({ kind: "select", seat: 0, purpose: "ready" });
    s = A(s, 0, { type: "select", choice: "dmg:0" });
    expect(s.players[0].damage[0].state).toBe("up");
    expect(s.players[0].arts[2].state).toBe("exhausted");
  });

  it("EXHAUST X: flips a Rival's face-up Art face down (Audit)", () => {
    let s = game(["tamsin", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[1], [1]]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("AFTER_SHOWDOWN", 0));
    s.players[0].rei = { S: 0, H: 1, D: 1, C: 0 };
    s = A(s, 0, { type: "activate", source: "art", slot: 1 });
    s = passWindow(s);
    expect(s.prompt).toMatchObject({ kind: "select", seat: 0, purpose: "exhaust" });
    expect(solreiEngine.legal(s, 0)).toEqual([{ type: "select", choice: "art:1" }]);
    s = A(s, 0, { type: "select", choice: "art:1" });
    expect(s.players[1].arts[1].state).toBe("exhausted");
  });

  it("DISCARD X: the Rival discards X cards of their choice (Foreclose)", () => {
    let s = game(["tamsin", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[2], []]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("BEFORE_SHOWDOWN", 0));
    s.players[0].rei.D = 2;
    s = A(s, 0, { type: "activate", source: "art", slot: 2 });
    s = passWindow(s);
    expect(s.prompt).toMatchObject({ kind: "select", seat: 1, purpose: "discard" });
    expect(solreiEngine.view(s, 0).you!.prompt).toBeNull();
    expect(solreiEngine.view(s, 1).you!.prompt!.options).toEqual(s.players[1].hand);
    s = A(s, 1, { type: "select", choice: c(1, "7H") });
    expect(s.players[1].discard).toContain(c(1, "7H"));
    expect(s.players[1].hand).toHaveLength(3);
  });

  it("SWAP: replaces the placed card with a hand card, privately before the reveal (Sleight)", () => {
    let s = game(["tamsin", "brannoc"], ["2S", "9S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[0], []]);
    s = playCards(s, "2S", "3H");
    s = drive(s, untilWindowFor("BEFORE_SHOWDOWN", 0));
    s.players[0].rei.D = 1;
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    s = passWindow(s);
    expect(s.prompt).toMatchObject({ purpose: "swap", seat: 0 });
    s = A(s, 0, { type: "select", choice: c(0, "9S") });
    expect(s.players[0].placed).toBe(c(0, "9S"));
    expect(s.players[0].hand).toContain(c(0, "2S"));
    expect(log.filter((e) => e.to === undefined)).toEqual(expect.arrayContaining([{ type: "swapped_hidden", seat: 0 }]));
    expect(JSON.stringify(log.filter((e) => e.to === undefined))).not.toContain(c(0, "9S"));
    s = drive(s, (x) => x.showdown !== null);
    expect(s.showdown).toBe(0);
  });

  it("SWAP after the reveal: card text beats the rules (IV.2) and the new card is shown (Ledger of Debts)", () => {
    let s = game(["tamsin", "brannoc"], ["2S", "9S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"]);
    s = playCards(s, "2S", "3H");
    s = drive(s, untilWindowFor("AFTER_SHOWDOWN", 0));
    s.players[0].rei = { S: 0, H: 1, D: 1, C: 0 };
    s = A(s, 0, { type: "activate", source: "advantage" });
    s = passWindow(s);
    s = A(s, 0, { type: "select", choice: c(0, "9S") });
    expect(log).toContainEqual({ type: "swapped", seat: 0, out: c(0, "2S"), in: c(0, "9S") });
    expect(solreiEngine.view(s, null).players[0].actionCard).toBe(c(0, "9S"));
  });

  it("BREAK: a Rival's face-up Art is BROKEN and can never be readied this Act (Stonebreak)", () => {
    let s = game(["brannoc", "vesper"], ["9S", "2C", "3C", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[1], [0]]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("AFTER_SHOWDOWN", 0));
    s.players[0].rei.C = 2;
    s = A(s, 0, { type: "activate", source: "art", slot: 1 });
    s = passWindow(s);
    expect(s.prompt).toMatchObject({ purpose: "break", seat: 0 });
    s = A(s, 0, { type: "select", choice: "art:0" });
    expect(s.players[1].arts[0].state).toBe("broken");
  });

  it("BLOCK X: avoids X damage (Shade Step)", () => {
    let s = game(["brannoc", "vesper"], ["9S", "2C", "3C", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[], [1]]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("BEFORE_DAMAGE", 1));
    s.players[1].rei.C = 1;
    s = A(s, 1, { type: "activate", source: "art", slot: 1 });
    s = passWindow(s);
    expect(s.players[1].incoming).toBe(0);
    expect(s.prompt?.kind).not.toBe("damage");
    expect(s.players[1].damage).toHaveLength(0);
  });

  it("GRAPPLE: you cannot gain damage and the engaged Rival cannot activate Arts or Abilities this round (Bear Hug, R12)", () => {
    let s = game(["brannoc", "vesper"], ["9S", "2C", "3C", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[0], []]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("BEFORE_SHOWDOWN", 0));
    s.players[0].rei = { S: 1, H: 0, D: 0, C: 1 };
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    s = passWindow(s);
    expect(s.players[1].grappled).toBe(true);
    s = drive(s, (x) => x.showdown !== null);
    expect(s.showdown).toBe(0);
    expect(s.players[1].incoming).toBe(0); // the grappler cannot even gain the automatic +1
    const blocked = structuredClone(s);
    blocked.window = { timing: "AFTER_SHOWDOWN", priority: 1, passes: 0, next: "result" };
    blocked.prompt = null;
    blocked.players[1].rei.S = 1;
    expect(code(() => A(blocked, 1, { type: "activate", source: "muse" }))).toBe("grappled");
  });

  it("CHECK X: look at the top X cards, put each on top or bottom; only you see them (Tamsin)", () => {
    let s = game(["tamsin", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"]);
    rig(s, 0, { deckTop: ["KH", "QH", "JH"] });
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("BEFORE_SHOWDOWN", 0));
    s.players[0].rei.D = 1;
    s = A(s, 0, { type: "activate", source: "muse" });
    s = passWindow(s);
    expect(s.players[0].checking).toEqual([c(0, "KH"), c(0, "QH")]);
    expect(solreiEngine.view(s, 0).you!.checking).toEqual([c(0, "KH"), c(0, "QH")]);
    expect(JSON.stringify(solreiEngine.view(s, 1))).not.toContain(c(0, "KH"));
    expect(log.find((e) => e.type === "checked")).toMatchObject({ to: [0] });
    s = A(s, 0, { type: "select", choice: `bottom:${c(0, "KH")}` });
    s = A(s, 0, { type: "select", choice: `top:${c(0, "QH")}` });
    expect(s.players[0].deck[0]).toBe(c(0, "QH"));
    expect(s.players[0].deck[1]).toBe(c(0, "JH"));
    expect(s.players[0].deck[s.players[0].deck.length - 1]).toBe(c(0, "KH"));
  });

  it("NEGATE: the targeted ability does not happen, its costs stay paid (Null Stance, R11)", () => {
    let s = game(["vesper", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7S"], [[], [2]]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("AFTER_SHOWDOWN", 0));
    expect(code(() => A({ ...s, window: { ...s.window!, priority: 1 } }, 1, { type: "activate", source: "art", slot: 2 }))).toBe("no_target");
    s.players[0].rei.S = 1;
    s = A(s, 0, { type: "activate", source: "muse" });
    s.players[1].rei = { S: 2, H: 0, D: 0, C: 0 };
    s = A(s, 1, { type: "activate", source: "art", slot: 2 });
    s = passWindow(s);
    expect(s.players[0].rei.S).toBe(0);
    expect(s.players[0].used).toContain("muse");
    expect(s.players[0].powerBonus).toBe(0);
  });

  it("SPEND X: X Rei of any suit pay the cost (Edge Focus: SPEND 2)", () => {
    let s = keepBoth(newShow({ muses: ["brannoc", "vesper"], offense: 0 }));
    s.players[1].arts[3].state = "ready";
    s = drive(s, untilWindowFor("START_OF_ROUND", 1));
    s.players[1].rei = { S: 0, H: 1, D: 0, C: 0 };
    expect(code(() => A(s, 1, { type: "activate", source: "art", slot: 3 }))).toBe("not_enough_rei");
    s.players[1].rei = { S: 0, H: 1, D: 1, C: 0 };
    s = A(s, 1, { type: "activate", source: "art", slot: 3 });
    expect(s.players[1].rei).toEqual({ S: 0, H: 0, D: 0, C: 0 });
    expect(s.players[1].arts[3].state).toBe("augmented");
  });
});
