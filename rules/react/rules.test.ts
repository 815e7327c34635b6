import { describe, expect, it } from "vitest";
import { stateHash } from "../core/hash.ts";
import { reactEngine, parseAction, parseConfig, parseSeatConfig, timeoutAction } from "./index.ts";
import { deckList } from "./cards.ts";
import { adjacent } from "./field.ts";
import { START_ZONE } from "./setup.ts";
import { A, card, codeOf, log, newGame, place, setHand, zone } from "./testkit.ts";
import type { State } from "./types.ts";

const passBoth = (s: State, first: 0 | 1): State => A(A(s, first, { type: "pass" }), 1 - first, { type: "pass" });

describe("set-up", () => {
  it("R1 each Artist token on its starting zone, summons in the pool, empty chain and Masterpiece Zone", () => {
    const s = newGame();
    expect(s.units.calligrapher.pos).toBe(START_ZONE[0]);
    expect(s.units.dancer.pos).toBe(START_ZONE[1]);
    expect([s.units.spirit.pos, s.units.fish1.pos, s.units.fish2.pos]).toEqual([null, null, null]);
    expect(s.chain).toEqual([]);
    expect(s.mpZone).toEqual([null, null, null, null, null]);
    expect(reactEngine.view(s, 0).players.map((p) => p.mpUnplaced)).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ]);
  });

  it("decks of 30 with quantities, shuffled, 4 drawn, then both draw their 5th card on the first Draw Phase", () => {
    expect(deckList("calligrapher")!.length).toBe(30);
    expect(deckList("dancer")!.length).toBe(30);
    const s = newGame();
    for (const p of s.players) {
      expect(p.hand.length).toBe(5);
      expect(p.deck!.length).toBe(25);
    }
    expect(s.players[0].deck!.join()).not.toBe(deckList("calligrapher")!.slice(5).join());
  });

  it("R3 the starting Turn Player comes from the seed", () => {
    const cfg = parseConfig({});
    const seats = [parseSeatConfig({ artist: "calligrapher" }), parseSeatConfig({ artist: "dancer" })];
    const starters = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((i) => reactEngine.setup(cfg, seats, `s${i}`).turnPlayer));
    expect(starters).toEqual(new Set([0, 1]));
    expect(reactEngine.setup(cfg, seats, "x").turnPlayer).toBe(reactEngine.setup(cfg, seats, "x").turnPlayer);
  });

  it("R2 two seats may not pick the same Artist (bad_config); unknown Artists are bad_seat_config", () => {
    const cfg = parseConfig({});
    const c = parseSeatConfig({ artist: "calligrapher" });
    expect(codeOf(() => reactEngine.setup(cfg, [c, c], "s"))).toBe("bad_config");
    expect(codeOf(() => parseSeatConfig({ artist: "sculptor" }))).toBe("bad_seat_config");
    expect(codeOf(() => parseConfig({ size: 3 }))).toBe("bad_config");
  });
});

describe("turn structure", () => {
  it("Masterpiece Phase is skipped on the first turn and prompts the Turn Player from turn 2", () => {
    let s = newGame(0);
    expect(s.prompt).toBeNull();
    expect(reactEngine.actors(s)).toEqual([0]);
    s = A(s, 0, { type: "end_turn" });
    expect(s.turn).toBe(2);
    expect(s.turnPlayer).toBe(1);
    expect(s.prompt).toEqual({ kind: "progress", seat: 1, then: "draw" });
    expect(reactEngine.actors(s)).toEqual([1]);
  });

  it("Draw Phase: both draw after the Masterpiece Phase, Turn Player first", () => {
    let s = A(newGame(0), 0, { type: "end_turn" });
    const hands = s.players.map((p) => p.hand.length);
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    expect(s.players.map((p) => p.hand.length)).toEqual(hands.map((h) => h + 1));
    expect(log.filter((e) => e.type === "draw").map((e) => e.seat)).toEqual([1, 0]);
  });

  it("hand limit 6: drawing is ignored at 6 cards and the deck is untouched", () => {
    let s = A(newGame(0), 0, { type: "end_turn" });
    setHand(s, 0, ["flowing_ink", "flowing_ink", "ink_slash", "ink_slash", "splatter", "splatter"]);
    const deck = s.players[0].deck!.length;
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    expect(s.players[0].hand.length).toBe(6);
    expect(s.players[0].deck!.length).toBe(deck);
    expect(log.some((e) => e.type === "draw_skipped" && e.seat === 0)).toBe(true);
  });

  it("R16 drawing from an empty deck loses at once", () => {
    let s = A(newGame(0), 0, { type: "end_turn" });
    s.players[0].deck = [];
    s.players[0].hand = [];
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    expect(reactEngine.outcome(s)).toEqual({ ranks: [2, 1], reason: "deck_out" });
    expect(reactEngine.actors(s)).toEqual([]);
  });

  it("End Phase refreshes every Artist and Summon", () => {
    let s = newGame(0);
    place(s, { spirit: zone(3, 2) });
    s.units.dancer.exhausted = true;
    s = A(s, 0, { type: "play", card: "spirit", effect: 0, dir: "W" });
    expect(s.units.spirit.exhausted).toBe(true);
    s = passBoth(s, 1);
    s = A(s, 0, { type: "end_turn" });
    expect(Object.values(s.units).every((u) => !u.exhausted)).toBe(true);
  });

  it("MAIN does not end after a chain: the Turn Player keeps playing Intentions", () => {
    let s = newGame(0);
    setHand(s, 0, ["ink_slash", "ink_slash"]);
    s = passBoth(A(s, 0, { type: "play", card: s.players[0].hand[0], effect: 0, target: zone(3, 2) }), 1);
    expect(reactEngine.actors(s)).toEqual([0]);
    expect(reactEngine.legal(s, 0).some((a) => a.type === "play" && a.card === s.players[0].hand[0])).toBe(true);
  });
});

describe("React Chain", () => {
  it("only the Turn Player plays Intentions, only while the chain is empty; errors leave the state hash unchanged", () => {
    const s = newGame(0);
    setHand(s, 0, ["ink_slash", "splatter"]);
    setHand(s, 1, ["scale_flurry"]);
    const h = stateHash(s);
    expect(codeOf(() => reactEngine.apply(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(1, 2) }))).toBe("not_your_turn");
    expect(codeOf(() => reactEngine.apply(s, 0, { type: "play", card: card(s, 0, "splatter"), effect: 0, target: zone(3, 2) }))).toBe("illegal_move");
    expect(codeOf(() => reactEngine.apply(s, 0, { type: "pass" }))).toBe("illegal_move");
    expect(codeOf(() => reactEngine.apply(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(0, 0) }))).toBe("illegal_move");
    expect(codeOf(() => parseAction({ type: "play" }))).toBe("bad_action");
    expect(codeOf(() => parseAction({ type: "dance" }))).toBe("bad_action");
    expect(stateHash(s)).toBe(h);
    const t = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) });
    expect(reactEngine.actors(t)).toEqual([1]);
    expect(codeOf(() => reactEngine.apply(t, 0, { type: "end_turn" }))).toBe("not_your_turn");
    const h2 = stateHash(t);
    expect(codeOf(() => reactEngine.apply(t, 1, { type: "end_turn" }))).toBe("illegal_move");
    expect(stateHash(t)).toBe(h2);
  });

  it("costs are paid at once: Exhaust me exhausts on play and an exhausted unit cannot pay again", () => {
    let s = newGame(0);
    s = A(s, 0, { type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) });
    expect(s.units.calligrapher.exhausted).toBe(true);
    expect(s.chain[0]).toMatchObject({ seat: 0, card: "calligrapher", effect: 0, target: zone(3, 2) });
    s = passBoth(s, 1);
    expect(reactEngine.legal(s, 0).filter((a) => a.type === "play" && a.card === "calligrapher")).toEqual([]);
  });

  it("after a card the opponent may react or pass; after a pass the other may react; two passes in a row resolve", () => {
    let s = newGame(0);
    setHand(s, 0, ["ink_slash", "retreating_step"]);
    setHand(s, 1, ["sidestep"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) });
    expect(s.reactor).toBe(1);
    s = A(s, 1, { type: "pass" });
    expect(s.reactor).toBe(0);
    expect(s.chain.length).toBe(1);
    s = A(s, 0, { type: "play", card: card(s, 0, "retreating_step"), effect: 0, dir: "E" });
    expect([s.reactor, s.passes, s.chain.length]).toEqual([1, 0, 2]);
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "pass" });
    expect(s.chain).toEqual([]);
    expect(s.reactor).toBeNull();
    expect(log.filter((e) => e.type === "resolve").map((e) => e.slot)).toEqual([2, 1]);
    expect(s.units.calligrapher.pos).toBe(START_ZONE[0] + 1);
    expect(s.players[0].discard.length).toBe(2);
  });

  it("a fifth card resolves the chain at once, 5 to 1", () => {
    let s = newGame(0);
    setHand(s, 0, ["ink_slash", "retreating_step", "splatter"]);
    setHand(s, 1, ["sidestep", "sidestep"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) });
    s = A(s, 1, { type: "play", card: s.players[1].hand[0], effect: 0, dir: "E" });
    s = A(s, 0, { type: "play", card: card(s, 0, "retreating_step"), effect: 0, dir: "N" });
    s = A(s, 1, { type: "play", card: s.players[1].hand[0], effect: 0, dir: "E" });
    s = A(s, 0, { type: "play", card: card(s, 0, "splatter"), effect: 0, target: zone(4, 1) });
    expect(s.chain).toEqual([]);
    expect(log.filter((e) => e.type === "resolve").map((e) => e.slot)).toEqual([5, 4, 3, 2, 1]);
    expect(s.units.dancer.pos).toBe(START_ZONE[1] + 2);
    expect(s.units.calligrapher.pos).toBe(zone(3, 2));
    expect(reactEngine.actors(s)).toEqual([0]);
  });

  it("rulebook worked example: Seal Strike, Pivoting Step, Flowing Ink resolve 3-2-1 and the Dancer takes 1 damage", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(4, 0), spirit: zone(2, 2), dancer: zone(1, 2) });
    s.units.spirit.inked = true;
    setHand(s, 0, ["flowing_ink"]);
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 0, { type: "play", card: "spirit", effect: 1, target: zone(1, 2) });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = A(s, 0, { type: "play", card: card(s, 0, "flowing_ink"), effect: 0, dir: "W" });
    s = passBoth(s, 1);
    expect(log.filter((e) => e.type === "resolve").map((e) => e.name)).toEqual(["Flowing Ink", "Pivoting Step", "Seal Strike"]);
    expect(s.units.spirit.pos).toBe(zone(2, 1));
    expect(s.units.dancer.pos).toBe(zone(1, 2));
    expect(log.some((e) => e.type === "fizzle" && e.reason === "no_adjacent_unit")).toBe(true);
    expect(s.players[1].damage).toBe(1);
    expect(s.players[0].discard).toEqual([expect.stringMatching(/^flowing_ink#/)]);
    expect(s.players[1].discard).toEqual([expect.stringMatching(/^pivoting_step#/)]);
  });

  it("R13 targets are fixed: without Flowing Ink, Pivoting Step swaps the Spirit into its own target zone and it hits itself", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(4, 0), spirit: zone(2, 2), dancer: zone(1, 2) });
    s.units.spirit.inked = true;
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 0, { type: "play", card: "spirit", effect: 1, target: zone(1, 2) });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = passBoth(s, 0);
    s = A(s, 1, { type: "swap_pick", zone: zone(2, 2) }); // the Dancer swaps with the Spirit (R9)
    expect(s.units.dancer.pos).toBe(zone(2, 2));
    expect(s.units.spirit.pos).toBeNull();
    expect(s.units.spirit.inked).toBe(false);
    expect(s.players[1].damage).toBe(0);
  });
});

describe("board", () => {
  it("movement off the board or into an occupied zone fails; movement is orthogonal", () => {
    let s = newGame(0);
    setHand(s, 0, ["retreating_step", "retreating_step"]);
    s = passBoth(A(s, 0, { type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) }), 1);
    expect(s.units.spirit.pos).toBe(zone(3, 2));
    const [r1, r2] = s.players[0].hand;
    s = A(s, 0, { type: "play", card: "spirit", effect: 0, dir: "S" });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: r1, effect: 0, dir: "S" });
    s = passBoth(s, 1);
    expect(log.filter((e) => e.type === "move_failed").map((e) => e.unit)).toEqual(["calligrapher", "spirit"]);
    expect(s.units.calligrapher.pos).toBe(zone(4, 2));
    expect(s.units.spirit.pos).toBe(zone(3, 2));
    expect(s.units.spirit.inked).toBe(true);
    expect(reactEngine.legal(s, 0).filter((a) => a.type === "play" && a.card === "spirit")).toEqual([]);
    expect(adjacent(zone(2, 2))).toEqual([zone(1, 2), zone(2, 3), zone(3, 2), zone(2, 1)]);
    expect(adjacent(zone(0, 0))).toEqual([zone(0, 1), zone(1, 0)]);
    expect(r2).toBeDefined();
  });

  it("summoning into an occupied zone fails; a summon at 0 HP leaves the board and can be summoned again", () => {
    let s = newGame(0);
    place(s, { dancer: zone(3, 2) });
    s = passBoth(A(s, 0, { type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) }), 1);
    expect(s.units.spirit.pos).toBeNull();
    expect(log.some((e) => e.type === "fizzle" && e.reason === "summon_failed")).toBe(true);
    s = A(s, 0, { type: "end_turn" });
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    s = A(s, 1, { type: "end_turn" });
    s = A(s, 0, { type: "mp_place", part: 0, slot: 1 });
    place(s, { dancer: zone(0, 0) });
    s = passBoth(A(s, 0, { type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) }), 1);
    expect(s.units.spirit).toMatchObject({ pos: zone(3, 2), exhausted: false });
    place(s, { dancer: zone(2, 2), fish1: zone(3, 3) });
    s.turnPlayer = 1;
    setHand(s, 1, []);
    s = passBoth(A(s, 1, { type: "play", card: "fish1", effect: 0, target: zone(3, 2) }), 0);
    expect(s.units.spirit.pos).toBeNull();
    expect(s.players[0].damage).toBe(0);
  });

  it("R10 Dancer passive: the third Scale in a zone returns the Scales and summons a Dancing Fish there", () => {
    let s = newGame(1);
    place(s, { dancer: zone(1, 2) });
    s.scales[zone(2, 2)] = 2;
    setHand(s, 1, ["scale_flurry"]);
    s = passBoth(A(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(2, 2) }), 0);
    expect(s.scales[zone(2, 2)]).toBe(0);
    expect(s.units.fish1).toMatchObject({ pos: zone(2, 2), exhausted: false });
    expect(reactEngine.legal(s, 1).some((a) => a.type === "play" && a.card === "fish1")).toBe(true);
  });

  it("Tidal Spin moves the Dancer and leaves a Scale behind", () => {
    let s = newGame(1);
    s = passBoth(A(s, 1, { type: "play", card: "dancer", effect: 0, dir: "S" }), 0);
    expect(s.units.dancer.pos).toBe(START_ZONE[1] + 5);
    expect(s.scales[START_ZONE[1]]).toBe(1);
  });
});

describe("Masterpiece", () => {
  it("R5 placing into an empty space is mandatory; R6 completing it ascends and removes your cards", () => {
    let s = A(newGame(1), 1, { type: "end_turn" });
    s.mpZone = [{ seat: 0, part: 0 }, { seat: 0, part: 1 }, null, { seat: 1, part: 2 }, null];
    const legal = reactEngine.legal(s, 0);
    expect(legal.every((a) => a.type === "mp_place")).toBe(true);
    expect(legal).toHaveLength(2);
    s = A(s, 0, { type: "mp_place", part: 2, slot: 2 });
    expect(s.players[0].ascended).toBe(true);
    expect(s.mpZone).toEqual([null, null, null, { seat: 1, part: 2 }, null]);
    expect(reactEngine.legal(s, 0).some((a) => a.type === "play" && a.card === "calligrapher" && a.effect === 2)).toBe(false);
  });

  it("R5 with no empty space you may replace an opponent's card or pass; with all 3 placed you may swap or pass", () => {
    let s = A(newGame(1), 1, { type: "end_turn" });
    s.mpZone = [
      { seat: 0, part: 0 },
      { seat: 1, part: 0 },
      { seat: 0, part: 1 },
      { seat: 1, part: 1 },
      { seat: 1, part: 2 },
    ];
    const legal = reactEngine.legal(s, 0);
    expect(legal).toContainEqual({ type: "mp_pass" });
    expect(legal.filter((a) => a.type === "mp_place")).toHaveLength(3);
    s = A(s, 0, { type: "mp_place", part: 2, slot: 1 });
    expect(reactEngine.view(s, 1).players[1].mpUnplaced).toEqual([0]);
    s = A(s, 0, { type: "end_turn" });
    s.mpZone = [{ seat: 1, part: 0 }, { seat: 1, part: 2 }, { seat: 1, part: 1 }, null, null];
    expect(reactEngine.legal(s, 1)).toContainEqual({ type: "mp_swap", a: 2, b: 3 });
    expect(reactEngine.legal(s, 1)).toContainEqual({ type: "mp_pass" });
    s = A(s, 1, { type: "mp_swap", a: 1, b: 2 });
    expect(s.players[1].ascended).toBe(true);
    expect(s.mpZone.every((c) => c === null)).toBe(true);
  });

  it("R17 the ascended Final Stroke deals 1 damage and descends; Progress effects prompt mid-chain and the chain then goes on", () => {
    let s = newGame(0);
    s.players[0].ascended = true;
    place(s, { dancer: zone(1, 1) });
    s.units.dancer.inked = true;
    s = A(s, 0, { type: "play", card: "calligrapher", effect: 2, target: zone(1, 1) });
    s = passBoth(s, 1);
    expect(s.players[1].damage).toBe(1);
    expect(s.players[0].ascended).toBe(false);
    s = A(s, 0, { type: "end_turn" });
    s = A(s, 1, { type: "mp_place", part: 0, slot: 4 });
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 });
    s = passBoth(s, 0);
    expect(s.prompt).toEqual({ kind: "progress", seat: 1, then: "chain" });
    expect(timeoutAction(s, 1)).toMatchObject({ type: "mp_place" });
    s = A(s, 1, { type: "mp_place", part: 1, slot: 0 });
    expect(s.prompt).toBeNull();
    expect(s.chain).toEqual([]);
    expect(reactEngine.actors(s)).toEqual([1]);
  });
});

describe("damage and end of game", () => {
  it("R7 a player at 3 damage loses (ranks) and nobody may act", () => {
    let s = newGame(0);
    place(s, { dancer: zone(3, 2) });
    s.players[1].damage = 2;
    setHand(s, 0, ["ink_slash"]);
    s = passBoth(A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) }), 1);
    expect(reactEngine.outcome(s)).toEqual({ ranks: [1, 2], reason: "damage" });
    expect(reactEngine.actors(s)).toEqual([]);
    expect(codeOf(() => reactEngine.apply(s, 0, { type: "end_turn" }))).toBe("game_over");
  });

  it("R14 the turn limit ends the game in a draw", () => {
    const cfg = parseConfig({ maxTurns: 1 });
    let s = reactEngine.setup(cfg, [parseSeatConfig({ artist: "dancer" }), parseSeatConfig({ artist: "calligrapher" })], "t");
    s = A(s, s.turnPlayer, { type: "end_turn" });
    expect(reactEngine.outcome(s)).toEqual({ ranks: [1, 1], reason: "turn_limit" });
  });

  it("R11 timeouts: pass on the chain, end_turn in MAIN", () => {
    let s = newGame(0);
    expect(timeoutAction(s, 0)).toEqual({ type: "end_turn" });
    expect(timeoutAction(s, 1)).toBeNull();
    s = A(s, 0, { type: "play", card: "calligrapher", effect: 1 });
    expect(timeoutAction(s, 1)).toEqual({ type: "pass" });
  });

  it("view: the hand is shown to its owner only; the chain and discard piles are public", () => {
    let s = newGame(0);
    setHand(s, 0, ["ink_slash"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) });
    expect(reactEngine.view(s, 0).you!.hand).toEqual([]);
    expect(reactEngine.view(s, 1).you!.hand.length).toBe(s.players[1].hand.length);
    expect(reactEngine.view(s, null).you).toBeNull();
    expect(reactEngine.view(s, 1).chain[0]).toMatchObject({ seat: 0, name: "Ink Slash", target: zone(3, 2) });
  });
});

describe("ties", () => {
  it("R7 final damage dealt to both Artists by one effect is a tie (no tie breaker)", async () => {
    const { damageZone } = await import("./damage.ts");
    const { checkLoss } = await import("./ending.ts");
    const s = newGame(0);
    s.players[0].damage = 2;
    s.players[1].damage = 2;
    const ev: { type: string }[] = [];
    damageZone(s, s.units.calligrapher.pos!, ev as never);
    damageZone(s, s.units.dancer.pos!, ev as never);
    checkLoss(s, [2, 2], ev as never);
    expect(reactEngine.outcome(s)).toEqual({ ranks: [1, 1], reason: "simultaneous_damage" });
  });
});
