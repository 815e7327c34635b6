/**
 * Setting up the Game (steps 1-9): different Artists (R2), starting zones (R1), Reference Sheet
 * set-up (R19), the starting Turn Player (R3), then the opening hand: shuffle and draw 4, or the
 * first-game hand (R4, R27). Deck-less Artists skip step 9 (R25).
 */
import { RuleError } from "../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import { ARTISTS, deckList } from "./cards.ts";
import { FIELD_H, FIELD_W, ZONES, step } from "./field.ts";
import { MP_SLOTS } from "./masterpiece.ts";
import { startTurn } from "./turn.ts";
import type { Config, Dir, Player, Seat, SeatConfig, State } from "./types.ts";

/** Starting zones (ruling R1): seat 0 bottom middle, seat 1 top middle. */
export const START_ZONE: [number, number] = [(FIELD_H - 1) * FIELD_W + 2, 2];
export const OPENING_HAND = 4;

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  if (seats.length !== 2) throw new RuleError("bad_config", `Re;ACT needs 2 seats, got ${seats.length}`);
  if (seats[0].artist === seats[1].artist) {
    throw new RuleError("bad_config", `both players chose the ${ARTISTS[seats[0].artist].name}; each player must select a different Artist (R2)`);
  }
  const s: State = {
    config,
    rng: [...seedRng(seed)],
    turn: 1,
    turnPlayer: 0,
    players: [newPlayer(seats[0]), newPlayer(seats[1])],
    units: {},
    scales: new Array(ZONES).fill(0),
    tiles: new Array(ZONES).fill(null),
    blocks: new Array(ZONES).fill(null),
    mpZone: new Array(MP_SLOTS).fill(null),
    chain: [],
    reactor: null,
    passes: 0,
    prompt: null,
    outcome: null,
  };
  for (const seat of [0, 1] as Seat[]) {
    const a = ARTISTS[seats[seat].artist];
    const forward: Dir = seat === 0 ? "N" : "S";
    s.units[a.id] = { id: a.id, owner: seat, kind: "artist", pos: START_ZONE[seat], exhausted: false, inked: false, armament: a.armament ? forward : null };
    for (const sm of a.summons) s.units[sm] = { id: sm, owner: seat, kind: "summon", pos: null, exhausted: false, inked: false, armament: null };
    // Reference Sheet set-up (R19): the Tagger paints one Mural in front of its starting zone.
    if (a.muralTiles > 0) s.tiles[step(START_ZONE[seat], forward)!] = { owner: seat, kind: "mural" };
  }
  s.turnPlayer = randInt(s, 0, 1) as Seat;
  for (const seat of [0, 1] as Seat[]) {
    const p = s.players[seat];
    if (!p.deck) continue;
    if (config.firstGame) {
      // First-game opening (R4): one of each unique Action Card, then the rest is shuffled.
      for (const def of ARTISTS[p.artist].deck!) p.hand.push(p.deck.splice(p.deck.indexOf(`${def}#1`), 1)[0]);
      shuffleInPlace(s, p.deck);
    } else {
      shuffleInPlace(s, p.deck);
      p.hand = p.deck.splice(0, OPENING_HAND);
    }
  }
  startTurn(s, []);
  return s;
}

function newPlayer(sc: SeatConfig): Player {
  return { artist: sc.artist, hand: [], deck: deckList(sc.artist), discard: [], damage: 0, ascended: false };
}
