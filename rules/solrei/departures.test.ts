/**
 * Departures from the rulebook found in review, each named after its ruling (RULINGS.md).
 * Each of these failed on the engine before its fix.
 */
import { describe, expect, it } from "vitest";
import { parseConfig, parseSeatConfig, solreiEngine, timeoutAction } from "./index.ts";
import { A, atOpen, c, code, drive, keepBoth, log, newShow, passWindow, playCards, rig } from "./testkit.ts";
import type { State } from "./types.ts";

/** Seat 0 (OFFENSE in round 1) vs seat 1, hands rigged, at OPEN; `ready` art slots per seat readied. */
function game(muses: [string, string], hand0: string[], hand1: string[], ready: [number[], number[]] = [[], []]): State {
  const s = keepBoth(newShow({ muses, offense: 0 }));
  rig(s, 0, { hand: hand0 });
  rig(s, 1, { hand: hand1 });
  ready.forEach((slots, seat) => slots.forEach((i) => (s.players[seat].arts[i].state = "ready")));
  return drive(s, atOpen);
}
const untilWindowFor = (timing: string, seat: number) => (s: State) => s.prompt === null && s.window?.timing === timing && s.window.priority === seat;

describe("departures from the rulebook", () => {
  it("R28 SWAP replaces only an Attack Card (2-10), never a revealed CHARGE card", () => {
    // Tamsin's Ledger of Debts (AFTER SHOWDOWN): SWAP. Her Action Card is the K♠, a CHARGE card.
    let s = game(["tamsin", "brannoc"], ["KS", "9S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"]);
    s = playCards(s, "KS", "3H");
    s = drive(s, untilWindowFor("AFTER_SHOWDOWN", 0));
    s.players[0].rei = { S: 0, H: 1, D: 1, C: 0 };
    s = A(s, 0, { type: "activate", source: "advantage" });
    s = passWindow(s);
    expect(s.prompt?.kind === "select" && s.prompt.purpose === "swap").toBe(false);
    expect(log).toContainEqual({ type: "no_target", seat: 0, keyword: "swap" });
    expect(s.players[0].placed).toBe(c(0, "KS"));
    expect(s.players[0].hand).toContain(c(0, "9S"));
  });

  it("R28 before the reveal, SWAP of a face-down CHARGE card keeps it, and the Rival cannot tell from a real SWAP", () => {
    // Tamsin's Sleight (BEFORE SHOWDOWN): SWAP; her face-down card is the K♠.
    let s = game(["tamsin", "brannoc"], ["KS", "9S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[0], []]);
    s = playCards(s, "KS", "3H");
    s = drive(s, untilWindowFor("BEFORE_SHOWDOWN", 0));
    s.players[0].rei.D = 1;
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    s = passWindow(s);
    expect(s.prompt).toMatchObject({ kind: "select", purpose: "swap", seat: 0 });
    expect(solreiEngine.view(s, 0).you!.prompt!.options).toEqual(["keep"]);
    expect(solreiEngine.view(s, 1).prompt).toMatchObject({ kind: "select", purpose: "swap", seats: [0] });
    s = A(s, 0, { type: "select", choice: "keep" });
    expect(s.players[0].placed).toBe(c(0, "KS"));
    // The public log is the one a real (hidden) SWAP gives; only the owner is told it was kept.
    expect(log.filter((e) => e.to === undefined)[0]).toEqual({ type: "swapped_hidden", seat: 0 });
    expect(JSON.stringify(log.filter((e) => e.to === undefined))).not.toContain(c(0, "KS"));
  });

  it("R26 GRAPPLE lasts 'this round' (glossary: until END OF ROUND): the grappled Rival cannot activate in the END OF ROUND window", () => {
    // Brannoc (seat 0) GRAPPLEs with Bear Hug; the Rival Brannoc's Deep Roots is an END OF ROUND ability.
    let s = game(["brannoc", "brannoc"], ["9S", "2C", "3C", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"], [[0], []]);
    s = playCards(s, "9S", "3H");
    s = drive(s, untilWindowFor("BEFORE_SHOWDOWN", 0));
    s.players[0].rei = { S: 1, H: 0, D: 0, C: 1 };
    s = A(s, 0, { type: "activate", source: "art", slot: 0 });
    s = passWindow(s);
    expect(s.players[1].grappled).toBe(true);
    s = drive(s, (x) => x.prompt === null && x.window?.timing === "END_OF_ROUND");
    expect(s.players[1].grappled).toBe(true);
    expect(s.players[0].canGainDamage).toBe(false);
    const s1 = structuredClone(s);
    s1.window!.priority = 1;
    s1.players[1].rei.C = 1;
    expect(code(() => A(s1, 1, { type: "activate", source: "advantage" }))).toBe("grappled");
    s = drive(s, (x) => x.stage === "sor_window" || x.prompt?.kind === "open");
    expect(s.players[1].grappled).toBe(false); // the next round is a new round
    expect(s.players[0].canGainDamage).toBe(true);
  });

  it("R22 OPEN: a player may change the card they placed, even after confirming, until all players agree", () => {
    let s = game(["vesper", "brannoc"], ["9S", "2S", "3S", "4S", "5D"], ["3H", "4C", "5C", "6C", "7H"]);
    s = A(s, 0, { type: "place", card: c(0, "2S") });
    s = A(s, 0, { type: "confirm" }); // seat 0 agrees first: it waits
    expect(solreiEngine.actors(s)).toEqual([1]);
    s = A(s, 1, { type: "place", card: c(1, "3H") });
    s = A(s, 1, { type: "confirm" });
    // Not all agreed yet in order: seat 0 agreed before seat 1 did, so it has a last say.
    expect(s.prompt).toMatchObject({ kind: "open", seats: [0] });
    expect(solreiEngine.legal(s, 0)).toContainEqual({ type: "place", card: c(0, "9S") });
    expect(timeoutAction(s, 0)).toEqual({ type: "confirm" });
    s = A(s, 0, { type: "place", card: c(0, "9S") });
    expect(s.players[0].placed).toBe(c(0, "9S"));
    expect(s.players[0].confirmed).toBe(false); // changing the card withdraws the agreement
    expect(s.players[0].hand).toContain(c(0, "2S"));
    s = A(s, 0, { type: "confirm" });
    // Seat 0 changed after seat 1 agreed: seat 1 is asked again, may keep or change.
    expect(s.prompt).toMatchObject({ kind: "open", seats: [1] });
    s = A(s, 1, { type: "confirm" });
    expect(s.prompt?.kind).not.toBe("open");
    s = drive(s, (x) => x.revealed);
    expect(s.players[0].placed).toBe(c(0, "9S"));
    expect(s.players[1].placed).toBe(c(1, "3H"));
  });

  it("R31 III.2.D Muses and Advantages are flipped face up only after the opening draw: at the first Act's OFFENSE choice the Rival's are hidden", () => {
    const config = parseConfig({});
    const seats = [parseSeatConfig({ muse: "vesper" }, config), parseSeatConfig({ muse: "tamsin" }, config)];
    let s = solreiEngine.setup(config, seats, "face-down");
    expect(s.stage).toBe("choose_first");
    const me = s.chooser;
    const other = 1 - me;
    const spectator = solreiEngine.view(s, null);
    const mine = solreiEngine.view(s, me);
    const theirs = solreiEngine.view(s, other);
    for (const v of [spectator, mine, theirs]) {
      const json = JSON.stringify(v);
      expect(v.players[other].muse).toBe(v === theirs ? seats[other].muse : null);
      expect(v.players[me].muse).toBe(v === mine ? seats[me].muse : null);
      if (v === spectator) for (const id of [seats[0].muse, seats[1].muse, seats[0].advantage, seats[1].advantage]) expect(json).not.toContain(`"${id}"`);
    }
    expect(mine.you!.muse).toBe(seats[me].muse);
    expect(mine.you!.advantage).toBe(seats[me].advantage);
    expect(JSON.stringify(mine)).not.toContain(`"${seats[other].advantage}"`);
    s = A(s, me, { type: "choose_first", seat: me as 0 | 1 });
    // III.2.D: after the opening draw, both are face up for everyone.
    expect(solreiEngine.view(s, null).players.map((p) => p.muse)).toEqual(["vesper", "tamsin"]);
    expect(solreiEngine.view(s, null).players.map((p) => p.advantage)).toEqual([seats[0].advantage, seats[1].advantage]);
  });

  it("R32 IV.1 a seat always sees its own face-down Arts (view.you.arts), never the Rival's", () => {
    const s = keepBoth(newShow({ muses: ["vesper", "tamsin"], offense: 0 }));
    for (const seat of [0, 1]) {
      const v = solreiEngine.view(s, seat);
      expect(v.you!.arts).toEqual(s.players[seat].arts.map((a) => a.id));
      for (const a of s.players[1 - seat].arts) if (a.state === "down") expect(JSON.stringify(v)).not.toContain(`"${a.id}"`);
    }
  });
});
