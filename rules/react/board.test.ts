import { describe, expect, it } from "vitest";
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS, CARDS, deckList } from "./cards.ts";
import { jumpUnit, moveUnit } from "./movement.ts";
import { START_ZONE } from "./setup.ts";
import { reactEngine } from "./index.ts";
import { A, card, log, newGameWith, place, playAndResolve, setHand, zone } from "./testkit.ts";
import type { State } from "./types.ts";

const fizzles = () => log.filter((e) => e.type === "fizzle").map((e) => e.reason);

describe("Jump (R18)", () => {
  it("Jump: moves that way until it enters an empty zone, skipping several consecutive occupied zones", () => {
    const s = newGameWith("tagger", "dancer");
    place(s, { tagger: zone(4, 2), drone: zone(3, 2), dancer: zone(2, 2) });
    const ev: GameEvent[] = [];
    expect(jumpUnit(s, s.units.tagger, "N", ev)).toBe(true);
    expect(s.units.tagger.pos).toBe(zone(1, 2));
    expect(ev.map((e) => e.type)).toEqual(["jump"]);
  });

  it("Jump: with an adjacent empty zone it moves 1 space like a normal move", () => {
    const s = newGameWith("tagger", "dancer");
    place(s, { tagger: zone(4, 2) });
    expect(jumpUnit(s, s.units.tagger, "E", [])).toBe(true);
    expect(s.units.tagger.pos).toBe(zone(4, 3));
  });

  it("Jump: with no empty zone that way (wall, or only occupied zones to the edge) it fails and does nothing", () => {
    const s = newGameWith("tagger", "dancer");
    place(s, { tagger: zone(4, 3), dancer: zone(4, 4) });
    const ev: GameEvent[] = [];
    expect(jumpUnit(s, s.units.tagger, "E", ev)).toBe(false);
    expect(jumpUnit(s, s.units.tagger, "S", ev)).toBe(false);
    expect(s.units.tagger.pos).toBe(zone(4, 3));
    expect(ev.map((e) => e.type)).toEqual(["jump_failed", "jump_failed"]);
  });

  it("Jump: Rooftop Run is a Reaction and the Tagger jumps over a unit when it resolves", () => {
    let s = newGameWith("tagger", "dancer", 1);
    place(s, { tagger: zone(4, 2), dancer: zone(3, 2) });
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 }); // Rehearsal (progress)
    s = A(s, 0, { type: "play", card: "rooftop_run", effect: 0, dir: "N" });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "pass" });
    expect(s.units.tagger.pos).toBe(zone(2, 2));
  });
});

describe("Swap (R24)", () => {
  it("Swap: the Painter's Armament goes along with the swapped Painter (Pivoting Step)", () => {
    let s = newGameWith("painter", "dancer", 1);
    place(s, { dancer: zone(2, 2), painter: zone(2, 3) });
    s.units.painter.armament = "N";
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "pass" });
    s = A(s, 1, { type: "swap_pick", zone: zone(2, 3) }); // the Dancer picks the unit to swap with (R9)
    expect(s.units.painter.pos).toBe(zone(2, 2));
    expect(s.units.dancer.pos).toBe(zone(2, 3));
    expect(s.units.painter.armament).toBe("N");
  });

  it("Swap: carrying Ink tokens (Sheathing Respite moves the Ink with the Spirit and the Calligrapher)", () => {
    let s = newGameWith("calligrapher", "painter", 1);
    place(s, { calligrapher: zone(3, 0), spirit: zone(3, 4) });
    s.units.spirit.inked = true;
    s = A(s, 1, { type: "play", card: "painter", effect: 2 });
    s = A(s, 0, { type: "play", card: "sheathing_respite", effect: 0 });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "pass" });
    expect(s.units.calligrapher.pos).toBe(zone(3, 4));
    expect(s.units.spirit.pos).toBe(zone(3, 0));
    expect(s.units.spirit.inked).toBe(true);
    expect(s.units.calligrapher.inked).toBe(false);
  });

  it("Swap: a swap that would put the Painter's Armament off the board fails; nobody moves", () => {
    let s = newGameWith("painter", "dancer", 1);
    place(s, { dancer: zone(2, 0), painter: zone(2, 1) });
    s.units.painter.armament = "W";
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "pass" });
    s = A(s, 1, { type: "swap_pick", zone: zone(2, 1) }); // the Dancer picks the unit to swap with (R9)
    expect(log.some((e) => e.type === "swap_failed")).toBe(true);
    expect(s.units.dancer.pos).toBe(zone(2, 0));
    expect(s.units.painter.pos).toBe(zone(2, 1));
  });

  it("Swap: swapping into a zone with a Mural is entering it (the opponent's Mural triggers)", () => {
    let s = newGameWith("tagger", "dancer", 1);
    place(s, { dancer: zone(2, 3), tagger: zone(2, 2) });
    s.tiles[zone(2, 2)] = { owner: 0, kind: "mural" };
    setHand(s, 1, ["pivoting_step"]);
    s = A(s, 1, { type: "play", card: "dancer", effect: 1 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "play", card: card(s, 1, "pivoting_step"), effect: 0 });
    s = A(s, 0, { type: "pass" });
    s = A(s, 1, { type: "pass" });
    s = A(s, 1, { type: "swap_pick", zone: zone(2, 2) }); // the Dancer picks the unit to swap with (R9)
    expect(s.units.dancer.pos).toBe(zone(2, 2));
    expect(s.players[1].damage).toBe(1);
    expect(s.tiles[zone(2, 2)]).toBeNull();
    expect(s.players[0].damage).toBe(0);
  });
});

describe("Zone Tiles (R20)", () => {
  it("Zone Tiles: Tagger set-up paints a Mural in front of its starting zone", () => {
    const s = newGameWith("tagger", "painter");
    expect(s.tiles[START_ZONE[0] - 5]).toEqual({ owner: 0, kind: "mural" });
    expect(s.tiles.filter((t) => t).length).toBe(1);
  });

  it("Zone Tiles: one per zone; never where another Artist's Tile lies; at most the 4 Murals of the supply", () => {
    let s = newGameWith("tagger", "dancer", 0);
    place(s, { tagger: zone(2, 2) });
    s.tiles = s.tiles.map(() => null);
    s.tiles[zone(1, 2)] = { owner: 0, kind: "mural" };
    s.tiles[zone(2, 1)] = { owner: 1, kind: "mural" };
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 0, target: zone(1, 2) });
    expect(fizzles()).toEqual(["one_tile_per_zone"]);
    s.units.tagger.exhausted = false;
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 0, target: zone(2, 1) });
    expect(fizzles()).toEqual(["other_artists_tile"]);
    expect(s.tiles[zone(2, 1)]).toEqual({ owner: 1, kind: "mural" });
    s.tiles[zone(0, 0)] = { owner: 0, kind: "mural" };
    s.tiles[zone(0, 4)] = { owner: 0, kind: "mural" };
    s.units.tagger.exhausted = false;
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 0, target: zone(3, 2) });
    expect(fizzles()).toEqual([]);
    expect(s.tiles.filter((t) => t?.owner === 0).length).toBe(4);
    s.units.tagger.exhausted = false;
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 0, target: zone(2, 3) });
    expect(fizzles()).toEqual(["no_mural"]);
    expect(s.tiles[zone(2, 3)]).toBeNull();
  });

  it("Zone Tiles: an opponent's unit moving onto a Mural takes 1 damage there and the Mural returns to the Tagger; the Tagger's own units do not", () => {
    let s = newGameWith("tagger", "dancer", 1);
    place(s, { dancer: zone(2, 2), tagger: zone(0, 0) });
    s.tiles[zone(2, 3)] = { owner: 0, kind: "mural" };
    s = playAndResolve(s, 1, { type: "play", card: "dancer", effect: 0, dir: "E" });
    expect(s.units.dancer.pos).toBe(zone(2, 3));
    expect(s.players[1].damage).toBe(1);
    expect(s.tiles[zone(2, 3)]).toBeNull();
    s.tiles[zone(0, 1)] = { owner: 0, kind: "mural" };
    expect(moveUnit(s, s.units.tagger, "E", [])).toBe(true);
    expect(s.players[0].damage).toBe(0);
    expect(s.tiles[zone(0, 1)]).not.toBeNull();
  });
});

describe("Block tokens (R21)", () => {
  it("Block tokens: negate the damage to their zone and leave; they stay in the zone when the unit moves", () => {
    let s = newGameWith("painter", "dancer", 1);
    place(s, { painter: zone(2, 2), dancer: zone(2, 4) });
    s.units.painter.armament = "N";
    setHand(s, 0, ["prime_canvas"]);
    setHand(s, 1, ["scale_flurry"]);
    place(s, { dancer: zone(2, 3) });
    s = A(s, 1, { type: "play", card: card(s, 1, "scale_flurry"), effect: 0, target: zone(2, 2) });
    s = A(s, 0, { type: "play", card: card(s, 0, "prime_canvas"), effect: 0, target: zone(3, 2) });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "pass" });
    // Block went to 3,2, not onto the Painter; the Painter at 2,2 is hit.
    expect(s.blocks[zone(3, 2)]).toBe(0);
    expect(s.players[0].damage).toBe(1);
    s.blocks[zone(2, 2)] = 0;
    s.blocks[zone(3, 2)] = null;
    expect(moveUnit(s, s.units.painter, "S", [])).toBe(true);
    expect(s.blocks[zone(2, 2)]).toBe(0);
    expect(s.blocks[zone(3, 2)]).toBeNull();
  });

  it("Block tokens: damage to a blocked zone is negated and the Block is removed; one Block per zone; supply of 2; all removed at end of turn", () => {
    let s = newGameWith("painter", "calligrapher", 0);
    place(s, { painter: zone(2, 2), calligrapher: zone(1, 2) });
    s.units.painter.armament = "N";
    s.blocks[zone(1, 2)] = 0;
    s = playAndResolve(s, 0, { type: "play", card: "painter", effect: 1 }); // Lunge into 1,2
    expect(log.some((e) => e.type === "blocked")).toBe(true);
    expect(s.players[1].damage).toBe(0);
    expect(s.blocks[zone(1, 2)]).toBeNull();
    setHand(s, 0, ["prime_canvas", "prime_canvas", "prime_canvas", "bold_stroke"]);
    s = A(s, 0, { type: "play", card: card(s, 0, "bold_stroke"), effect: 0 });
    s = A(s, 1, { type: "pass" });
    const primes = s.players[0].hand.filter((c) => c.startsWith("prime_canvas#"));
    s = A(s, 0, { type: "play", card: primes[0], effect: 0, target: zone(2, 3) });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: primes[1], effect: 0, target: zone(2, 1) });
    s = A(s, 1, { type: "pass" });
    s = A(s, 0, { type: "play", card: primes[2], effect: 0, target: zone(2, 1) });
    s = A(s, 1, { type: "pass" });
    s.blocks[zone(3, 2)] = 0; // one Block already out (supply 2)
    s = A(s, 0, { type: "pass" });
    // Resolves 4, 3, 2, 1: the 2nd Block lands on 2,1; 2,1 again is already blocked; 2,3 finds the supply empty.
    expect(fizzles()).toEqual(["zone_already_blocked", "no_block"]);
    expect(s.blocks[zone(2, 1)]).toBe(0);
    expect(s.blocks[zone(2, 3)]).toBeNull();
    expect(s.players[1].damage).toBe(1); // Bold Stroke resolved last and hit the Calligrapher
    s = A(s, 0, { type: "end_turn" });
    expect(s.blocks.every((b) => b === null)).toBe(true);
  });
});

describe("token supply limits", () => {
  it("token supply limits: each Artist has its own supply (Ink 3, Scale 6, Mural 4, Block 2) and cannot place more", () => {
    expect(ARTISTS.calligrapher.inkTokens).toBe(3);
    expect(ARTISTS.dancer.scaleTokens).toBe(6);
    expect(ARTISTS.tagger.muralTiles).toBe(4);
    expect(ARTISTS.painter.blockTokens).toBe(2);
    let s = newGameWith("dancer", "calligrapher", 0);
    place(s, { dancer: zone(2, 2) });
    s.scales = s.scales.map((_, z) => ([0, 1, 3, 4, 5, 9].includes(z) ? 1 : 0));
    setHand(s, 0, ["scale_flurry"]);
    s = playAndResolve(s, 0, { type: "play", card: card(s, 0, "scale_flurry"), effect: 0, target: zone(2, 3) });
    expect(fizzles()).toEqual(["no_scale"]);
    expect(s.scales[zone(2, 3)]).toBe(0);
  });
});

describe("Exhaust and Refresh (R23)", () => {
  it("Exhaust: exhausting an already exhausted unit does nothing; an exhausted unit cannot pay Exhaust me", () => {
    let s = newGameWith("tagger", "dancer", 0);
    place(s, { drone: zone(2, 2), dancer: zone(2, 3), tagger: zone(4, 0) });
    s = playAndResolve(s, 0, { type: "play", card: "drone", effect: 2, target: zone(2, 3) });
    expect(s.units.dancer.exhausted).toBe(true);
    expect(log.some((e) => e.type === "exhaust")).toBe(true);
    expect(reactEngine.legal(s, 0).some((a) => a.type === "play" && a.card === "drone")).toBe(false);
    s.units.drone.exhausted = false;
    s = playAndResolve(s, 0, { type: "play", card: "drone", effect: 2, target: zone(2, 3) });
    expect(log.some((e) => e.type === "exhaust_ignored")).toBe(true);
    expect(s.units.dancer.exhausted).toBe(true);
  });

  it("Refresh: the End Phase refreshes exactly the exhausted Artists and Summons on the field, of both players; Summons arrive refreshed", () => {
    let s = newGameWith("tagger", "dancer", 0);
    place(s, { tagger: zone(4, 2) });
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 1, target: zone(4, 1) });
    expect(s.units.drone.pos).toBe(zone(4, 1));
    expect(s.units.drone.exhausted).toBe(false);
    s.units.dancer.exhausted = true;
    s = A(s, 0, { type: "end_turn" });
    expect(log.filter((e) => e.type === "refresh").map((e) => e.unit)).toEqual(["dancer", "tagger"]);
    expect(Object.values(s.units).every((u) => !u.exhausted)).toBe(true);
  });
});

describe("new Artists", () => {
  it("Tagger has no Action deck: no hand, draws nothing, never decks out; Painter has a 30-card deck with quantities", () => {
    const s = newGameWith("tagger", "painter");
    expect(s.players[0].deck).toBeNull();
    expect(s.players[0].hand).toEqual([]);
    expect(deckList("painter")!.length).toBe(30);
    expect(s.players[1].hand.length).toBe(5);
    for (const id of ["tagger", "painter"] as const) {
      const a = ARTISTS[id];
      expect(a.masterpiece.length).toBe(3);
      expect(a.passive.length).toBeGreaterThan(10);
      expect(a.setup.length).toBeGreaterThan(10);
      for (const c of a.abilities) expect(CARDS[c].type).toBe("ability");
    }
  });

  it("Painter Armament (R22): starts facing the opponent; Bold Stroke hits its zone; it cannot be turned off the board; moves with the Painter and blocks a move that would push it off", () => {
    let s: State = newGameWith("painter", "dancer", 0);
    expect(s.units.painter.armament).toBe("N");
    place(s, { painter: zone(2, 2), dancer: zone(1, 2) });
    setHand(s, 0, ["bold_stroke"]);
    s = playAndResolve(s, 0, { type: "play", card: card(s, 0, "bold_stroke"), effect: 0 });
    expect(s.players[1].damage).toBe(1);
    place(s, { painter: zone(2, 4), dancer: zone(0, 0) });
    s = playAndResolve(s, 0, { type: "play", card: "painter", effect: 0, dir: "E" });
    expect(fizzles()).toEqual(["armament_off_board"]);
    expect(s.units.painter.armament).toBe("N");
    place(s, { painter: zone(1, 3) });
    expect(moveUnit(s, s.units.painter, "N", [])).toBe(false);
    expect(moveUnit(s, s.units.painter, "E", [])).toBe(true);
    expect(s.units.painter.pos).toBe(zone(1, 4));
    expect(s.units.painter.armament).toBe("N");
  });
});

describe("new Artists: ascended finishing moves (R17)", () => {
  it("Tagger Burner hits every zone with its Murals then descends; Painter Masterstroke hits the Armament zone and the next one beyond", () => {
    let s = newGameWith("tagger", "painter", 0);
    s.tiles = s.tiles.map(() => null);
    place(s, { tagger: zone(4, 0), painter: zone(2, 2), sketch: zone(0, 2) });
    s.units.painter.armament = "N";
    s.tiles[zone(2, 2)] = { owner: 0, kind: "mural" };
    s.tiles[zone(0, 4)] = { owner: 0, kind: "mural" };
    s.players[0].ascended = true;
    s = playAndResolve(s, 0, { type: "play", card: "tagger", effect: 3 });
    expect(s.players[1].damage).toBe(1);
    expect(log.filter((e) => e.type === "damage_miss").map((e) => e.zone)).toEqual([zone(0, 4)]);
    expect(s.players[0].ascended).toBe(false);
    s = A(s, 0, { type: "end_turn" });
    while (s.prompt) s = A(s, s.prompt.seat, reactEngine.legal(s, s.prompt.seat)[0]);
    s.players[1].ascended = true;
    place(s, { tagger: zone(1, 2) });
    s = playAndResolve(s, 1, { type: "play", card: "painter", effect: 3 });
    expect(s.players[0].damage).toBe(1);
    expect(s.units.sketch.pos).toBeNull(); // its own Living Sketch, beyond the Armament, is hit too
    expect(s.players[1].ascended).toBe(false);
  });
});
