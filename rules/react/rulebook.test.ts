/**
 * The "Rules, all of them" list, one test per rule not already covered by rules.test.ts
 * and board.test.ts. Test names start with the rule; ruling ids (RULINGS.md) are cited.
 */
import { describe, expect, it } from "vitest";
import { ARTISTS } from "./cards.ts";
import { FIELD_H, FIELD_W, ZONES, step } from "./field.ts";
import { MP_SLOTS, mpComplete } from "./masterpiece.ts";
import { CHAIN_SLOTS } from "./reactChain.ts";
import { START_ZONE } from "./setup.ts";
import { parseConfig, parseSeatConfig, reactEngine } from "./index.ts";
import { A, card, codeOf, log, newGame, newGameWith, place, playAndResolve, setHand, zone } from "./testkit.ts";
import type { ArtistId, Seat, State } from "./types.ts";

const types = () => log.map((e) => e.type);
const idx = (type: string, pred: (e: (typeof log)[number]) => boolean = () => true) => log.findIndex((e) => e.type === type && pred(e));
const fizzles = () => log.filter((e) => e.type === "fizzle").map((e) => e.reason);
const passBoth = (s: State, first: Seat): State => A(A(s, first, { type: "pass" }), 1 - first, { type: "pass" });
const plays = (s: State, seat: Seat, cardId: string) => reactEngine.legal(s, seat).filter((a) => a.type === "play" && a.card === cardId);

describe("set-up", () => {
  it("R1 set-up: a 5×5 Field, a React Chain of 5 slots (5 tokens) and a shared Masterpiece Zone of 5 slots", () => {
    expect([FIELD_W, FIELD_H, ZONES, CHAIN_SLOTS, MP_SLOTS]).toEqual([5, 5, 25, 5, 5]);
    expect(step(zone(0, 4), "E")).toBeNull();
    expect(step(zone(4, 0), "S")).toBeNull();
    const s = newGame();
    expect(s.scales.length).toBe(25);
    expect(s.tiles.length).toBe(25);
    expect(s.blocks.length).toBe(25);
    expect(s.mpZone.length).toBe(5);
    expect(START_ZONE).toEqual([zone(4, 2), zone(0, 2)]);
  });

  it("R19 set-up: every Artist, in either seat, starts on its star with its components in front of it and its own Reference Sheet set-up done", () => {
    const ids = Object.keys(ARTISTS) as ArtistId[];
    for (const a of ids)
      for (const b of ids) {
        if (a === b) continue;
        const s = newGameWith(a, b);
        for (const seat of [0, 1] as const) {
          const art = ARTISTS[s.players[seat].artist];
          const forward = seat === 0 ? "N" : "S";
          expect(s.units[art.id]).toMatchObject({ owner: seat, kind: "artist", pos: START_ZONE[seat], exhausted: false, inked: false, armament: art.armament ? forward : null });
          for (const sm of art.summons) expect(s.units[sm]).toMatchObject({ owner: seat, kind: "summon", pos: null });
          // Tokens all in the supply; the Tagger's one Mural in front of its star (R19).
          expect(s.blocks.filter((x) => x === seat).length).toBe(0);
          expect(s.tiles.filter((t) => t?.owner === seat).length).toBe(art.muralTiles > 0 ? 1 : 0);
          if (art.muralTiles > 0) expect(s.tiles[step(START_ZONE[seat], forward)!]).toEqual({ owner: seat, kind: "mural" });
          expect(s.players[seat].hand.length + (s.players[seat].deck?.length ?? 0)).toBe(art.deck ? 30 : 0);
          expect(s.players[seat].hand.length).toBe(art.deck ? 5 : 0);
        }
        expect(s.scales.every((n) => n === 0)).toBe(true);
        expect(Object.values(s.units).some((u) => u.inked)).toBe(false);
      }
  });

  it("R4 first-game opening: with { firstGame: true } each hand starts with one of each of the Artist's 4 unique Action Cards; the rest is shuffled", () => {
    const first = parseConfig({ firstGame: true });
    expect(parseConfig({})).toMatchObject({ firstGame: false });
    expect(codeOf(() => parseConfig({ firstGame: "yes" }))).toBe("bad_config");
    const decks = new Set<string>();
    for (const [a, b] of [
      ["calligrapher", "dancer"],
      ["painter", "tagger"],
    ] as const) {
      for (const seed of ["f1", "f2", "f3"]) {
        const s = reactEngine.setup(first, [parseSeatConfig({ artist: a }), parseSeatConfig({ artist: b })], seed);
        for (const seat of [0, 1] as const) {
          const p = s.players[seat];
          const uniques = ARTISTS[p.artist].deck;
          if (!uniques) {
            expect(p.hand).toEqual([]);
            continue;
          }
          // 4 set cards, then the first Draw Phase's 5th card from the shuffled deck.
          expect(p.hand.slice(0, 4)).toEqual(uniques.map((d) => `${d}#1`));
          expect(p.hand.length).toBe(5);
          expect(p.deck!.length).toBe(25);
          decks.add(p.deck!.join());
        }
      }
    }
    expect(decks.size).toBe(9);
    // Without the option the opening is 4 random cards: some seed gives a hand without one of each.
    const seats = [parseSeatConfig({ artist: "calligrapher" }), parseSeatConfig({ artist: "dancer" })];
    const random = ["r1", "r2", "r3", "r4", "r5", "r6"].map((seed) =>
      reactEngine
        .setup(parseConfig({}), seats, seed)
        .players[0].hand.slice(0, 4)
        .map((c) => c.split("#")[0])
        .sort()
        .join(),
    );
    expect(random.some((h) => h !== [...ARTISTS.calligrapher.deck!].sort().join())).toBe(true);
  });
});

describe("the turn", () => {
  it("R26 start-of-turn effects: they resolve before the Masterpiece Phase, the Turn Player's first; a 'start of your turn' effect only on your turns", () => {
    // Seat 0 Dancer (Warm-Up: each turn), seat 1 Tagger (Fresh Can: your turn).
    let s = newGameWith("dancer", "tagger", 0);
    s.tiles = s.tiles.map(() => null);
    place(s, { dancer: zone(2, 2), tagger: zone(0, 0) });
    s.scales[zone(2, 2)] = 2;
    s = A(s, 0, { type: "end_turn" });
    expect(s.turnPlayer).toBe(1);
    const starts = log.filter((e) => e.type === "start_of_turn");
    expect(starts.map((e) => [e.seat, e.name])).toEqual([
      [1, "Fresh Can"],
      [0, "Warm-Up"],
    ]);
    expect(idx("turn_start")).toBeLessThan(idx("start_of_turn"));
    expect(s.tiles[zone(0, 0)]).toEqual({ owner: 1, kind: "mural" });
    expect(s.scales[zone(2, 2)]).toBe(1);
    expect(s.prompt).toEqual({ kind: "progress", seat: 1, then: "draw" }); // the Masterpiece Phase comes after
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    s.tiles = s.tiles.map(() => null);
    s = A(s, 1, { type: "end_turn" });
    // The Dancer's turn: the Tagger's "your turn" effect does not happen; the Dancer's "each turn" one does.
    expect(log.filter((e) => e.type === "start_of_turn").map((e) => e.seat)).toEqual([0]);
    expect(s.tiles.every((t) => t === null)).toBe(true);
    expect(s.scales[zone(2, 2)]).toBe(0);
  });

  it("R26 End Phase: Refresh every Artist and Summon, then Artist end-of-turn effects (Calligrapher's Ink Dries, only at the end of her turns)", () => {
    let s = newGameWith("calligrapher", "dancer", 0);
    place(s, { spirit: zone(3, 2), dancer: zone(1, 1), fish1: zone(1, 3) });
    Object.assign(s.units.dancer, { inked: true, exhausted: true });
    s.units.fish1.inked = true;
    s.units.spirit.inked = true;
    s = A(s, 0, { type: "end_turn" });
    expect(idx("refresh")).toBeLessThan(idx("end_of_turn"));
    expect(idx("end_of_turn")).toBeLessThan(idx("end_phase"));
    expect(log.filter((e) => e.type === "ink_returned").map((e) => e.unit)).toEqual(["dancer", "fish1"]);
    expect([s.units.dancer.inked, s.units.fish1.inked, s.units.spirit.inked]).toEqual([false, false, true]);
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    s.units.dancer.inked = true;
    s = A(s, 1, { type: "end_turn" });
    expect(types()).not.toContain("end_of_turn");
    expect(s.units.dancer.inked).toBe(true);
  });

  it("R16 DRAW: the Turn Player draws first; if that draw decks them out the opponent does not draw", () => {
    let s = A(newGame(0), 0, { type: "end_turn" });
    s.players[1].deck = [];
    s.players[1].hand = [];
    const oppHand = s.players[0].hand.length;
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    expect(reactEngine.outcome(s)).toEqual({ ranks: [1, 2], reason: "deck_out" });
    expect(s.players[0].hand.length).toBe(oppHand);
    expect(log.filter((e) => e.type === "draw")).toEqual([]);
  });

  it("R16 DRAW: the hand limit comes first (at 6 cards an empty deck does not lose); with both decks empty the Turn Player draws first and loses, no tie", () => {
    let s = A(newGame(0), 0, { type: "end_turn" });
    setHand(s, 1, ["pivoting_step", "pivoting_step", "scale_flurry", "scale_flurry", "sidestep", "ripple"]);
    s.players[1].deck = [];
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    expect(reactEngine.outcome(s)).toBeNull();
    expect(log.filter((e) => e.type === "draw_skipped").map((e) => e.seat)).toEqual([1]);
    s = A(newGame(0), 0, { type: "end_turn" });
    s.players[0].deck = [];
    s.players[1].deck = [];
    s = A(s, 1, { type: "mp_place", part: 0, slot: 0 });
    expect(reactEngine.outcome(s)).toEqual({ ranks: [1, 2], reason: "deck_out" });
    expect(log.filter((e) => e.type === "deck_out").map((e) => e.seat)).toEqual([1]);
  });

  it("R25 DRAW: a deck-less Artist (Tagger) draws nothing and never decks out; its opponent still draws", () => {
    let s = newGameWith("tagger", "dancer", 1);
    s = A(s, 1, { type: "end_turn" });
    const hand = s.players[1].hand.length;
    s = A(s, 0, { type: "mp_place", part: 0, slot: 0 });
    expect(reactEngine.outcome(s)).toBeNull();
    expect(s.players[0].hand).toEqual([]);
    expect(s.players[1].hand.length).toBe(Math.min(6, hand + 1));
    expect(log.filter((e) => e.type === "draw").map((e) => e.seat)).toEqual([1]);
  });
});

describe("the React Chain", () => {
  it("React Chain: Intentions are not offered as Reactions nor Reactions as Intentions", () => {
    let s = newGame(0);
    setHand(s, 0, ["ink_slash", "flowing_ink"]);
    setHand(s, 1, ["scale_flurry", "sidestep"]);
    const names = (seat: Seat) =>
      reactEngine
        .legal(s, seat)
        .filter((a) => a.type === "play")
        .map((a) => (a.type === "play" ? a.card.split("#")[0] : ""));
    expect(names(0)).toContain("ink_slash");
    expect(names(0)).not.toContain("flowing_ink");
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) });
    expect(names(1)).toContain("sidestep");
    expect(names(1)).not.toContain("scale_flurry");
    expect(codeOf(() => reactEngine.apply(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(1, 2) }))).toBe("illegal_move");
  });

  it("React Chain: passives trigger and resolve during the resolution, before the next entry (a Fish summoned by a 3rd Scale is then hit by slot 1)", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(3, 2), dancer: zone(1, 1) });
    s.scales[zone(2, 2)] = 2;
    setHand(s, 0, ["ink_slash"]);
    setHand(s, 1, ["ripple"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(2, 2) });
    s = A(s, 1, { type: "play", card: card(s, 1, "ripple"), effect: 0, target: zone(2, 2) });
    s = passBoth(s, 0);
    expect(idx("summon")).toBeGreaterThan(idx("resolve", (e) => e.slot === 2));
    expect(idx("summon")).toBeLessThan(idx("resolve", (e) => e.slot === 1));
    expect(idx("summon_removed")).toBeGreaterThan(idx("resolve", (e) => e.slot === 1));
    expect(s.units.fish1.pos).toBeNull();
  });

  it("React Chain: the resolution cannot be interrupted; while a Progress pauses it nobody may play a card", () => {
    let s = newGame(0);
    setHand(s, 1, ["sidestep"]);
    s = A(s, 0, { type: "play", card: "calligrapher", effect: 1 }); // Patient Study: Progress
    s = A(s, 1, { type: "play", card: card(s, 1, "sidestep"), effect: 0, dir: "E" });
    s = passBoth(s, 0);
    expect(s.prompt).toEqual({ kind: "progress", seat: 0, then: "chain" });
    expect(reactEngine.legal(s, 1)).toEqual([]);
    expect(reactEngine.legal(s, 0).every((a) => a.type.startsWith("mp_"))).toBe(true);
    expect(codeOf(() => reactEngine.apply(s, 0, { type: "play", card: "spirit", effect: 0, dir: "N" }))).toBe("illegal_move");
    expect(codeOf(() => reactEngine.apply(s, 1, { type: "pass" }))).toBe("not_your_turn");
    s = A(s, 0, reactEngine.legal(s, 0)[0]);
    expect(s.chain).toEqual([]);
    expect(reactEngine.actors(s)).toEqual([0]);
  });

  it("R13 Choose a Direction is fixed at play: the direction stored on the chain is used even after the unit moved", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(2, 2), dancer: zone(0, 0) });
    setHand(s, 0, ["ink_slash", "retreating_step"]);
    setHand(s, 1, ["sidestep"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(2, 1) });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: card(s, 0, "retreating_step"), effect: 0, dir: "E" });
    expect(s.chain[1]).toMatchObject({ dir: "E", target: null });
    s = A(s, 1, { type: "play", card: card(s, 1, "sidestep"), effect: 0, dir: "S" });
    s = passBoth(s, 0);
    expect(s.units.calligrapher.pos).toBe(zone(2, 3));
    expect(s.units.dancer.pos).toBe(zone(1, 0));
  });
});

describe("effects", () => {
  it("effects resolve in written order: Scale Flurry deals its damage, then places the Scale (the Fish it summons is not hit)", () => {
    let s = newGame(1);
    place(s, { dancer: zone(1, 2) });
    s.scales[zone(2, 2)] = 2;
    setHand(s, 1, ["scale_flurry"]);
    s = playAndResolve(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(2, 2) });
    expect(idx("damage_miss")).toBeLessThan(idx("summon"));
    expect(s.units.fish1.pos).toBe(zone(2, 2));
  });

  it("effects are mandatory unless 'may': Flowing Ink moves every inked unit with no choice, even the Calligrapher's own Spirit onto the Tagger's Mural (R8, R20)", () => {
    let s = newGameWith("tagger", "calligrapher", 0);
    place(s, { tagger: zone(0, 0), calligrapher: zone(4, 4), spirit: zone(2, 2) });
    s.tiles = s.tiles.map(() => null);
    s.tiles[zone(2, 1)] = { owner: 0, kind: "mural" };
    s.units.spirit.inked = true;
    setHand(s, 1, ["flowing_ink"]);
    s = A(s, 0, { type: "play", card: "tagger", effect: 2 });
    s = A(s, 1, { type: "play", card: card(s, 1, "flowing_ink"), effect: 0, dir: "W" });
    s = passBoth(s, 0);
    // Blackbook's Progress is the only decision asked; the move of the inked Spirit happened without one.
    expect(s.prompt).toMatchObject({ kind: "progress", seat: 0 });
    expect(types()).toContain("mural_triggered");
    expect(s.units.spirit.pos).toBeNull();
  });

  it("R5 'may': replacing or swapping Masterpiece cards offers mp_pass, placing into an empty space does not", () => {
    const s = A(newGame(1), 1, { type: "end_turn" });
    s.mpZone = [{ seat: 1, part: 0 }, null, null, null, null];
    expect(reactEngine.legal(s, 0)).not.toContainEqual({ type: "mp_pass" });
    s.mpZone = [
      { seat: 1, part: 0 },
      { seat: 1, part: 1 },
      { seat: 1, part: 2 },
      { seat: 0, part: 0 },
      { seat: 0, part: 1 },
    ];
    expect(reactEngine.legal(s, 0)).toContainEqual({ type: "mp_pass" });
  });

  it("partial resolution: Flowing Ink's Ink fails (the Spirit is not on the board) and the move of every inked unit still resolves", () => {
    let s = newGame(0);
    place(s, { dancer: zone(1, 2) });
    s.units.dancer.inked = true;
    setHand(s, 0, ["ink_slash", "flowing_ink"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(3, 2) });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: card(s, 0, "flowing_ink"), effect: 0, dir: "S" });
    s = passBoth(s, 1);
    expect(s.units.spirit.pos).toBeNull();
    expect(types()).not.toContain("ink");
    expect(s.units.dancer.pos).toBe(zone(2, 2));
  });

  it("a card can be played even if nothing of it will resolve: Pivoting Step with nothing adjacent resolves doing nothing and is discarded", () => {
    let s = newGame(0);
    place(s, { dancer: zone(0, 0), calligrapher: zone(4, 4) });
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 0, { type: "play", card: "calligrapher", effect: 1 });
    const ps = card(s, 1, "pivoting_step");
    expect(plays(s, 1, ps)).toEqual([{ type: "play", card: ps, effect: 0 }]);
    s = A(s, 1, { type: "play", card: ps, effect: 0 });
    s = passBoth(s, 0);
    expect(fizzles()).toContain("no_adjacent_unit");
    expect(s.units.dancer.pos).toBe(zone(0, 0));
    expect(s.players[1].discard).toEqual([ps]);
  });

  it("failing on purpose: moving toward the wall, attacking an empty zone and summoning into an occupied zone are legal and do nothing", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(4, 2), dancer: zone(3, 2) });
    setHand(s, 0, ["retreating_step", "ink_slash"]);
    const rs = card(s, 0, "retreating_step");
    const slash = card(s, 0, "ink_slash");
    expect(reactEngine.legal(s, 0)).toContainEqual({ type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) });
    expect(reactEngine.legal(s, 0)).toContainEqual({ type: "play", card: slash, effect: 0, target: zone(4, 1) });
    s = A(s, 0, { type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) }); // summon into the Dancer's zone
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: rs, effect: 0, dir: "S" }); // off the board
    s = passBoth(s, 1);
    expect(types()).toContain("move_failed");
    expect(fizzles()).toContain("summon_failed");
    expect(s.units.calligrapher.pos).toBe(zone(4, 2));
    expect(s.units.spirit.pos).toBeNull();
    s = playAndResolve(s, 0, { type: "play", card: slash, effect: 0, target: zone(4, 1) }); // an empty zone
    expect(types()).toContain("damage_miss");
    expect(s.players.map((p) => p.damage)).toEqual([0, 0]);
  });
});

describe("Masterpiece", () => {
  it("R6 completion only in the right order: parts out of order or not in consecutive spaces do not complete", () => {
    const s = newGame(0);
    const c = (part: number, seat: Seat = 0) => ({ seat, part });
    s.mpZone = [c(1), c(0), c(2), null, null];
    expect(mpComplete(s, 0)).toBe(false);
    s.mpZone = [c(0), c(1), c(0, 1), c(2), null];
    expect(mpComplete(s, 0)).toBe(false);
    s.mpZone = [c(0, 1), null, c(0), c(1), c(2)];
    expect(mpComplete(s, 0)).toBe(true);
    let t = A(newGame(1), 1, { type: "end_turn" });
    t.mpZone = [c(0), c(2), null, null, null];
    t = A(t, 0, { type: "mp_place", part: 1, slot: 2 });
    expect(t.players[0].ascended).toBe(false);
    expect(types()).not.toContain("ascend");
  });

  it("R6 Ascend flips the Artist's Ability Card: its ascended Intention is offered only once the masterpiece completes", () => {
    let s = A(newGame(1), 1, { type: "end_turn" });
    place(s, { dancer: zone(1, 1) });
    s.units.dancer.inked = true;
    s.mpZone = [null, { seat: 0, part: 0 }, { seat: 0, part: 1 }, null, null];
    const finalStroke = (t: State) => plays(t, 0, "calligrapher").filter((a) => a.type === "play" && a.effect === 2);
    const noPrompt = structuredClone(s);
    noPrompt.prompt = null;
    expect(finalStroke(noPrompt)).toEqual([]);
    s = A(s, 0, { type: "mp_place", part: 2, slot: 3 });
    expect(s.players[0].ascended).toBe(true);
    expect(s.mpZone.some((m) => m?.seat === 0)).toBe(false);
    expect(finalStroke(s)).toEqual([{ type: "play", card: "calligrapher", effect: 2, target: zone(1, 1) }]);
  });

  it("R17 the ascended side of the Ability Card keeps the ordinary effects and adds the finisher; descending flips it back", () => {
    let s = newGame(0);
    place(s, { dancer: zone(1, 1) });
    s.units.dancer.inked = true;
    const effects = (t: State) => [...new Set(plays(t, 0, "calligrapher").map((a) => (a.type === "play" ? a.effect : -1)))];
    expect(effects(s)).toEqual([0, 1]);
    s.players[0].ascended = true;
    expect(effects(s)).toEqual([0, 1, 2]);
    s = playAndResolve(s, 0, { type: "play", card: "calligrapher", effect: 2, target: zone(1, 1) });
    expect(s.players[0].ascended).toBe(false);
    s.units.calligrapher.exhausted = false;
    expect(effects(s)).toEqual([0, 1]);
  });

  it("R6 already ascended: completing again leaves the cards in the zone; descending re-ascends at once and removes them", () => {
    let s = A(newGame(1), 1, { type: "end_turn" });
    s.players[0].ascended = true;
    place(s, { dancer: zone(1, 1) });
    s.units.dancer.inked = true;
    s.mpZone = [{ seat: 0, part: 0 }, { seat: 0, part: 1 }, null, null, null];
    s = A(s, 0, { type: "mp_place", part: 2, slot: 2 });
    expect(types()).not.toContain("ascend");
    expect(s.mpZone.filter((m) => m?.seat === 0).length).toBe(3);
    s = playAndResolve(s, 0, { type: "play", card: "calligrapher", effect: 2, target: zone(1, 1) });
    expect(idx("descend")).toBeGreaterThan(-1);
    expect(idx("ascend")).toBeGreaterThan(idx("descend"));
    expect(s.players[0].ascended).toBe(true);
    expect(s.mpZone.every((m) => m === null)).toBe(true);
  });

  it("R7 damage flips a Masterpiece card: the damage count is public, and the flipped cards work as before (a damaged player still completes and ascends)", () => {
    let s = A(newGame(1), 1, { type: "end_turn" });
    s.players[0].damage = 2;
    s.mpZone = [{ seat: 0, part: 0 }, { seat: 0, part: 1 }, null, null, null];
    expect(reactEngine.view(s, 1).players[0].damage).toBe(2);
    s = A(s, 0, { type: "mp_place", part: 2, slot: 2 });
    expect(s.players[0].ascended).toBe(true);
    expect(reactEngine.outcome(s)).toBeNull();
  });

  it("R7 simultaneous final damage from one effect is a tie: Burner hits the Tagger on its own Mural and the Dancer on another", () => {
    let s = newGameWith("tagger", "dancer", 0);
    s.tiles = s.tiles.map(() => null);
    place(s, { tagger: zone(2, 2), dancer: zone(0, 0) });
    s.tiles[zone(2, 2)] = { owner: 0, kind: "mural" };
    s.tiles[zone(0, 0)] = { owner: 0, kind: "mural" };
    s.players[0].ascended = true;
    s.players[0].damage = 2;
    s.players[1].damage = 2;
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 3 });
    expect(reactEngine.outcome(s)).toEqual({ ranks: [1, 1], reason: "simultaneous_damage" });
  });
});

describe("board", () => {
  it("Summons: summoning with no Summon left in the pool fails and does nothing", () => {
    let s = newGame(0);
    place(s, { spirit: zone(0, 4) });
    s = playAndResolve(s, 0, { type: "play", card: "calligrapher", effect: 0, target: zone(3, 2) });
    expect(fizzles()).toEqual(["no_summon_available"]);
    expect(s.units.spirit.pos).toBe(zone(0, 4));
    let t = newGame(1);
    place(t, { fish1: zone(4, 4), fish2: zone(4, 0), dancer: zone(1, 2) });
    t.scales[zone(2, 2)] = 2;
    setHand(t, 1, ["scale_flurry"]);
    t = playAndResolve(t, 1, { type: "play", card: card(t, 1, "scale_flurry"), effect: 0, target: zone(2, 2) });
    expect(fizzles()).toEqual(["summon_failed"]);
    expect(t.scales[zone(2, 2)]).toBe(0);
    expect([t.units.fish1.pos, t.units.fish2.pos]).toEqual([zone(4, 4), zone(4, 0)]);
  });

  it("one unit per zone (R10): a third Scale in an occupied zone summons nothing; a Summon can be exhausted the turn it arrives", () => {
    let s = newGame(1);
    place(s, { dancer: zone(1, 2), calligrapher: zone(2, 2) });
    s.scales[zone(2, 2)] = 2;
    setHand(s, 1, ["scale_flurry"]);
    s = playAndResolve(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(2, 2) });
    expect(s.players[0].damage).toBe(1);
    expect(fizzles()).toEqual(["summon_failed"]);
    expect(s.units.fish1.pos).toBeNull();
    s.scales[zone(1, 3)] = 2;
    s.units.dancer.exhausted = false;
    setHand(s, 1, ["scale_flurry"]);
    s = playAndResolve(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(1, 3) });
    expect(s.units.fish1).toMatchObject({ pos: zone(1, 3), exhausted: false });
    s = playAndResolve(s, 1, { type: "play", card: "fish1", effect: 0, target: zone(2, 3) });
    expect(s.units.fish1.exhausted).toBe(true);
  });
});

describe("rulings", () => {
  it("R8 Flowing Ink moves the leading inked unit first, so a line of inked units moves together", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(4, 0), spirit: zone(2, 2), dancer: zone(1, 2) });
    s.units.spirit.inked = true;
    s.units.dancer.inked = true;
    setHand(s, 0, ["ink_slash", "flowing_ink"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "ink_slash"), effect: 0, target: zone(4, 1) });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: card(s, 0, "flowing_ink"), effect: 0, dir: "N" });
    s = passBoth(s, 1);
    expect([s.units.dancer.pos, s.units.spirit.pos]).toEqual([zone(0, 2), zone(1, 2)]);
    expect(types()).not.toContain("move_failed");
  });

  it("R9 Pivoting Step: the Dancer chooses, when it resolves, which adjacent unit to swap with (own or opponent's), or fails on purpose by declaring an empty adjacent zone", () => {
    const start = (): State => {
      let s = newGame(0);
      place(s, { calligrapher: zone(2, 3), dancer: zone(2, 2), fish1: zone(1, 2) });
      setHand(s, 1, ["pivoting_step"]);
      s = A(s, 0, { type: "play", card: "calligrapher", effect: 1 });
      s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
      return passBoth(s, 0);
    };
    let s = start();
    // The chain pauses at Pivoting Step: only the Dancer acts, choosing among the 4 adjacent zones.
    expect(s.prompt).toMatchObject({ kind: "swap", seat: 1 });
    expect(reactEngine.actors(s)).toEqual([1]);
    expect(reactEngine.view(s, 1).you!.pending).toEqual(reactEngine.legal(s, 1));
    // Opponent's units first, then her own, each N, E, S, W (the timeout default, R11), then the empty zones.
    expect(reactEngine.legal(s, 1)).toEqual([zone(2, 3), zone(1, 2), zone(3, 2), zone(2, 1)].map((z) => ({ type: "swap_pick", zone: z })));
    expect(reactEngine.timeoutAction!(s, 1)).toEqual({ type: "swap_pick", zone: zone(2, 3) });
    expect(codeOf(() => reactEngine.apply(s, 0, { type: "pass" }))).toBe("not_your_turn");
    expect(codeOf(() => reactEngine.apply(s, 1, { type: "swap_pick", zone: zone(0, 0) }))).toBe("illegal_move");
    // Her own Fish rather than the Calligrapher:
    let t = A(s, 1, { type: "swap_pick", zone: zone(1, 2) });
    expect([t.units.dancer.pos, t.units.fish1.pos, t.units.calligrapher.pos]).toEqual([zone(1, 2), zone(2, 2), zone(2, 3)]);
    expect(t.prompt).toMatchObject({ kind: "progress", seat: 0 }); // the chain went on: Patient Study
    // Failing on purpose: an empty adjacent zone, nobody moves.
    s = start();
    t = A(s, 1, { type: "swap_pick", zone: zone(2, 1) });
    expect(fizzles()).toContain("no_unit_in_zone");
    expect([t.units.dancer.pos, t.units.fish1.pos, t.units.calligrapher.pos]).toEqual([zone(2, 2), zone(1, 2), zone(2, 3)]);
  });

  it("R9 Pivoting Step's swap onto the Tagger's Mural deals its damage at once, and a loss there ends the game before the rest of the chain (R7, R20)", () => {
    let s = newGameWith("tagger", "dancer", 1);
    place(s, { dancer: zone(2, 2), tagger: zone(2, 3) });
    s.tiles = s.tiles.map(() => null);
    s.tiles[zone(2, 3)] = { owner: 0, kind: "mural" };
    s.players[1].damage = 2;
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = passBoth(s, 0);
    s = A(s, 1, { type: "swap_pick", zone: zone(2, 3) });
    expect(s.units.dancer.pos).toBe(zone(2, 3));
    expect(s.outcome).toEqual({ ranks: [1, 2], reason: "damage" });
    expect(s.prompt).toBeNull(); // Rehearsal never resolved
    expect(s.chain).toEqual([]);
  });

  it("R28 a Summon removed before its card resolves: a part about the zone fixed at play still resolves (Fin Slap hits), a part about 'me' fails (Seal Strike's 'if I am inked')", () => {
    // Fin Slap targets the Tagger; Pivoting Step then swaps the Fish onto the Tagger's Mural, which removes it.
    let s = newGameWith("tagger", "dancer", 1);
    place(s, { dancer: zone(2, 1), fish1: zone(2, 2), tagger: zone(2, 3) });
    s.tiles = s.tiles.map(() => null);
    s.tiles[zone(2, 1)] = { owner: 0, kind: "mural" };
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 1, { type: "play", card: "fish1", effect: 0, target: zone(2, 3) });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = passBoth(s, 0);
    s = A(s, 1, { type: "swap_pick", zone: zone(2, 2) });
    expect(s.units.fish1.pos).toBeNull();
    expect(s.players[0].damage).toBe(1);
    expect(s.chain).toEqual([]);
    // Seal Strike targets the Tagger; Flowing Ink then moves the inked Spirit onto a Mural, which removes it.
    let t = newGameWith("calligrapher", "tagger", 0);
    place(t, { calligrapher: zone(4, 0), spirit: zone(2, 2), tagger: zone(2, 3) });
    t.tiles = t.tiles.map(() => null);
    t.tiles[zone(2, 1)] = { owner: 1, kind: "mural" };
    t.units.spirit.inked = true;
    setHand(t, 0, ["flowing_ink"]);
    t = A(t, 0, { type: "play", card: "spirit", effect: 1, target: zone(2, 3) });
    t = A(t, 1, { type: "pass" });
    t = A(t, 0, { type: "play", card: card(t, 0, "flowing_ink"), effect: 0, dir: "W" });
    t = passBoth(t, 1);
    expect(t.units.spirit.pos).toBeNull();
    expect(fizzles()).toContain("not_inked");
    expect(t.players[1].damage).toBe(0);
  });

  it("R12 an Ability Card on the chain cannot be played again until it resolves; a Summon's card is unusable while it is in the pool", () => {
    let s = newGameWith("tagger", "dancer", 1);
    setHand(s, 1, ["sidestep"]);
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 });
    expect(plays(s, 0, "rooftop_run").length).toBe(4);
    s = A(s, 0, { type: "play", card: "rooftop_run", effect: 0, dir: "E" });
    s = A(s, 1, { type: "play", card: card(s, 1, "sidestep"), effect: 0, dir: "E" });
    expect(plays(s, 0, "rooftop_run")).toEqual([]);
    expect(plays(s, 0, "drone")).toEqual([]);
    const c = newGame(1);
    const t = A(c, 1, { type: "play", card: "dancer", effect: 1 });
    expect(plays(t, 0, "sheathing_respite")).toEqual([]);
    place(t, { spirit: zone(3, 3) });
    expect(plays(t, 0, "sheathing_respite").length).toBe(1);
  });

  it("R15 Ink: 3 in all (Splatter finds the supply empty); a removed Summon's Ink returns to the supply", () => {
    let s = newGame(0);
    place(s, { calligrapher: zone(3, 2), dancer: zone(2, 2), spirit: zone(4, 4), fish1: zone(0, 0), fish2: zone(4, 2) });
    for (const id of ["spirit", "fish1", "fish2"]) s.units[id].inked = true;
    setHand(s, 0, ["ink_slash", "ink_slash", "splatter", "splatter"]);
    const chain = (t: State): State => {
      t = A(t, 0, { type: "play", card: card(t, 0, "ink_slash"), effect: 0, target: zone(4, 2) });
      t = A(t, 1, { type: "pass" });
      t = A(t, 0, { type: "play", card: card(t, 0, "splatter"), effect: 0, target: zone(2, 2) });
      return passBoth(t, 1);
    };
    s = chain(s); // Splatter (slot 2) first: no Ink left; then Ink Slash removes the inked Fish II
    expect(fizzles()).toEqual(["no_ink"]);
    expect(s.units.dancer.inked).toBe(false);
    expect(s.units.fish2).toMatchObject({ pos: null, inked: false });
    s = chain(s); // its Ink is back: the Dancer is inked
    expect(fizzles()).toEqual([]);
    expect(s.units.dancer.inked).toBe(true);
    expect(Object.values(s.units).filter((u) => u.inked).length).toBe(3);
  });
});
