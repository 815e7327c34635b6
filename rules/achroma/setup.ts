/**
 * Set-up: YOUR PALETTE (shuffled), YOUR SHARD BANK (10 Shards), YOUR HAND (5 cards) and the
 * opening-hand mulligan (R1).
 */
import type { GameEvent } from "../core/engine.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import type { Action, Config, PlayerState, Seat, SeatConfig, State } from "./types.ts";
import { startTurn } from "./turn.ts";

export const START_BANK = 10;
export const HAND_SIZE = 5;

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s: State = {
    rng: seedRng(seed),
    players: [],
    cards: {},
    units: {},
    attached: {},
    resolving: [],
    active: 0,
    first: 0,
    turn: 0,
    phase: "mulligan",
    deployed: 0,
    traded: 0,
    stack: [],
    prompt: null,
    combat: null,
    secrets: {},
    unveiling: [],
    lastReveal: null,
    research: null,
    hunts: [],
    restrained: {},
    parasites: {},
    riders: {},
    window: null,
    divert: null,
    reacted: [],
    deferred: [],
    erasedLog: [],
    leftOrder: [],
    outcome: null,
  };
  seats.forEach((sc, seat) => {
    const palette = sc.palette.map((def, i) => {
      const uid = `p${seat}c${i}`;
      s.cards[uid] = { def, owner: seat };
      return uid;
    });
    shuffleInPlace(s, palette);
    const p: PlayerState = {
      palette,
      hand: [],
      dregs: [],
      bank: START_BANK,
      out: false,
      mulligan: "pending",
      hadTurn: false,
      preventUsed: 0,
      characters: [],
      locations: [],
    };
    p.hand = p.palette.splice(0, HAND_SIZE);
    s.players.push(p);
  });
  s.first = randInt(s, 0, config.players - 1);
  s.active = s.first;
  return s;
}

/** R1: keep or mulligan (once, all players at the same time); the first turn starts when all have decided. */
export function mulliganDecision(s: State, seat: Seat, a: Action, ev: GameEvent[]): void {
  const p = s.players[seat];
  if (a.type === "mulligan") {
    p.palette.push(...p.hand);
    p.hand = [];
    shuffleInPlace(s, p.palette);
    p.hand = p.palette.splice(0, HAND_SIZE);
    p.mulligan = "mulliganed";
    ev.push({ type: "mulligan", seat });
    ev.push({ type: "hand", seat, cards: [...p.hand], to: [seat] });
  } else {
    p.mulligan = "kept";
    ev.push({ type: "keep", seat });
  }
  if (s.players.every((x) => x.mulligan !== "pending")) startTurn(s, ev);
}
