/**
 * III.2 STARTING AN ACT: the shuffled Action Decks and a fresh field (A, B), choosing who is
 * on OFFENSE first (C, R3; the loser of the previous Act chooses), the 5-card opening hand
 * (D) and THE MULLIGAN RULE (R23).
 */
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import { ensure } from "../core/errors.ts";
import { fullDeck } from "./actionCards.ts";
import { drawCards, emptyRei, needPrompt, pub, type ActionOf, type Events } from "./state.ts";
import type { Config, PlayerState, Seat, SeatConfig, State } from "./types.ts";

export const HAND_SIZE = 5;

export function freshPlayer(cfg: SeatConfig, seat: Seat): PlayerState {
  return {
    muse: cfg.muse,
    advantage: cfg.advantage,
    arts: cfg.arts.map((id) => ({ id, state: "down" as const })),
    deck: fullDeck(seat),
    hand: [],
    discard: [],
    damage: [],
    cultivated: [],
    checking: [],
    placed: null,
    confirmed: false,
    confirmedAfterRival: false,
    mulligan: "pending",
    rei: emptyRei(),
    powerBonus: 0,
    damageGain: 0,
    canGainDamage: true,
    incoming: 0,
    damagedThisRound: false,
    grappled: false,
    used: [],
  };
}

export function startAct(s: State, E: Events): void {
  s.players = [freshPlayer(s.seats[0], 0), freshPlayer(s.seats[1], 1)];
  for (const p of s.players) shuffleInPlace(s, p.deck);
  s.round = 0;
  s.stage = "choose_first";
  s.prompt = null;
  s.window = null;
  s.stack = [];
  s.frames = [];
  s.triggers = [];
  s.chargeQueue = [];
  s.revealed = false;
  s.showdown = null;
  pub(E, "act_started", undefined, { act: s.act, chooser: s.chooser });
}

/** The Show's first state, before anything is decided (engine.ts `setupState` then advances it). */
export function initialState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s: State = {
    rng: seedRng(seed),
    format: config.format,
    seats: seats.map((c) => ({ muse: c.muse, advantage: c.advantage, arts: [...c.arts] })),
    act: 1,
    acts: [],
    wins: [0, 0],
    chooser: 0,
    firstOffense: 0,
    round: 0,
    offense: 0,
    stage: "choose_first",
    prompt: null,
    window: null,
    stack: [],
    frames: [],
    nextUid: 1,
    revealed: false,
    showdown: null,
    triggers: [],
    chargeQueue: [],
    players: [freshPlayer(seats[0], 0), freshPlayer(seats[1], 1)],
    outcome: null,
  };
  // III.2.C: Act 1's chooser is random (the coin toss).
  s.chooser = randInt(s, 0, 1) as Seat;
  for (const p of s.players) shuffleInPlace(s, p.deck);
  return s;
}

/** III.2.C: the chooser is asked who starts on OFFENSE (stage choose_first). */
export function askWhoStarts(s: State): void {
  s.prompt = { kind: "choose_first", seat: s.chooser };
}

/** The choice; for Acts after the first it also sets up the new Act's field (R4). */
export function chooseFirst(s: State, seat: Seat, action: ActionOf<"choose_first">, E: Events): void {
  needPrompt(s, "choose_first", "choosing who starts on OFFENSE");
  if (s.round !== 0) startAct(s, E);
  s.firstOffense = action.seat;
  s.offense = action.seat;
  s.prompt = null;
  s.stage = "deal";
  pub(E, "offense_chosen", seat, { offense: action.seat });
}

/** III.2.D: both draw their opening hand, then both decide on a mulligan at once (stage deal). */
export function dealOpeningHands(s: State, E: Events): void {
  for (const seat of [0, 1] as Seat[]) drawCards(s, seat, HAND_SIZE, E, "opening hand");
  s.round = 1;
  s.stage = "sor";
  s.prompt = { kind: "mulligan", seats: [0, 1] };
}

/** THE MULLIGAN RULE: keep, or shuffle the hand back and draw 5 again (once per Act). */
export function decideMulligan(s: State, seat: Seat, action: ActionOf<"keep"> | ActionOf<"mulligan">, E: Events): void {
  const p = s.players[seat];
  const pr = needPrompt(s, "mulligan", "a mulligan decision");
  ensure(p.mulligan === "pending", "mulligan_used", "you already decided on your opening hand this Act");
  if (action.type === "mulligan") {
    p.deck.push(...p.hand);
    p.hand = [];
    shuffleInPlace(s, p.deck);
    p.mulligan = "mulliganed";
    pub(E, "mulligan", seat, {});
    drawCards(s, seat, HAND_SIZE, E, "mulligan");
  } else {
    p.mulligan = "kept";
    pub(E, "kept_hand", seat, {});
  }
  pr.seats = pr.seats.filter((x) => x !== seat);
  if (pr.seats.length === 0) s.prompt = null;
}
