import type { EffectStep, Suit, Timing } from "./cards.ts";
import type { RngState } from "../core/rng.ts";
import type { ActReason, OutcomeReason } from "./protocol.ts";

export type Seat = 0 | 1;

export interface Config {
  /** "arcade" (default): Arcade Mode, each Muse's default set-up only. "open": custom set-ups. */
  format: "arcade" | "open";
}

export interface SeatConfig {
  muse: string;
  advantage: string;
  arts: string[];
}

/** down: face-down and never readied this Act (identity hidden from the Rival). */
export type ArtState = "down" | "ready" | "exhausted" | "augmented" | "broken";
export type DamageState = "up" | "exhausted" | "broken";

export interface ArtSlot {
  id: string;
  state: ArtState;
}

export interface DamageCard {
  card: string;
  state: DamageState;
}

export type ReiPool = Record<Suit, number>;

export interface PlayerState {
  muse: string;
  advantage: string;
  arts: ArtSlot[];
  /** deck[0] is the top card. */
  deck: string[];
  hand: string[];
  discard: string[];
  damage: DamageCard[];
  /** CULTIVATE: face-down cards attached to the Muse (identity hidden from everyone). */
  cultivated: string[];
  /** CHECK: cards looked at, waiting to be put back on top or bottom. */
  checking: string[];
  /** The Action Card in the Action Card zone. */
  placed: string | null;
  confirmed: boolean;
  /** R22: this player's agreement was given while the Rival had agreed (and the Rival has not changed its card since). */
  confirmedAfterRival: boolean;
  mulligan: "pending" | "kept" | "mulliganed";
  rei: ReiPool;
  /** Round values: Power and Damage gains reset at RESET; the "this round" statuses below at the next START OF ROUND (R26). */
  powerBonus: number;
  /** Damage gained before the Showdown result (dealt if this player wins). */
  damageGain: number;
  canGainDamage: boolean;
  /** Damage this player still has to take this round. */
  incoming: number;
  /** The Rival has done damage to this player this round (RETALIATE). */
  damagedThisRound: boolean;
  /** Engaged Rival GRAPPLEd: this player cannot activate Arts or Abilities this round. */
  grappled: boolean;
  /** Once-per-round abilities used ("muse", "advantage"). */
  used: string[];
}

export interface StackItem {
  uid: number;
  seat: Seat;
  /** "muse" | "advantage" | "art:<slot>" */
  source: string;
  cardId: string;
  name: string;
  automatic: boolean;
  /** NEGATE: the uid of the targeted item. */
  targetUid: number | null;
  steps: EffectStep[];
}

export interface Frame extends StackItem {
  idx: number;
  /** Progress inside a multi-decision step (null: not started). */
  left: number | null;
  negated: boolean;
  /** From an Exchange (true) or an engine sequence such as CHARGE (false). */
  fromExchange: boolean;
}

export interface Window {
  timing: Timing;
  priority: Seat;
  passes: number;
  next: Stage;
}

export type SelectPurpose = "sor_ready" | "charge_choice" | "ready" | "exhaust" | "break" | "discard" | "swap" | "check" | "order";

export type Prompt =
  | { kind: "choose_first"; seat: Seat }
  | { kind: "mulligan"; seats: Seat[] }
  | { kind: "open"; seats: Seat[] }
  | { kind: "damage"; seat: Seat }
  | { kind: "select"; seat: Seat; purpose: SelectPurpose; left: number };

export type Stage =
  | "choose_first"
  | "deal"
  | "sor"
  | "sor_window"
  | "open"
  | "bs_window"
  | "reveal"
  | "triggers"
  | "as_window"
  | "result"
  | "bd_window"
  | "dmg"
  | "ad_window"
  | "after_ad"
  | "charge"
  | "charge_seat"
  | "charge_window"
  | "reset"
  | "eor_window"
  | "eor_draw"
  | "over";

export interface PendingTrigger {
  seat: Seat;
  source: "muse" | "advantage";
}

export interface ActResult {
  winner: Seat | null;
  reason: ActReason;
}

export interface State {
  rng: RngState;
  format: "arcade" | "open";
  seats: SeatConfig[];
  act: number;
  acts: ActResult[];
  wins: [number, number];
  chooser: Seat;
  /** The Seat on OFFENSE in round 1 of this Act (chosen by the chooser). */
  firstOffense: Seat;
  round: number;
  offense: Seat;
  stage: Stage;
  prompt: Prompt | null;
  window: Window | null;
  stack: StackItem[];
  frames: Frame[];
  nextUid: number;
  revealed: boolean;
  /** Showdown result: winner seat, -1 for a tie, null before the result. */
  showdown: number | null;
  triggers: PendingTrigger[];
  chargeQueue: Seat[];
  players: [PlayerState, PlayerState];
  outcome: { ranks: number[]; reason: OutcomeReason } | null;
}

export type ReiSource = string; // "h:<cardId>" (discard from hand) | "d:<damageIndex>" (exhaust face-up damage)

export type Action =
  | { type: "choose_first"; seat: Seat }
  | { type: "keep" }
  | { type: "mulligan" }
  | { type: "place"; card: string }
  | { type: "confirm" }
  | { type: "pass" }
  | { type: "activate"; source: "muse" | "advantage" | "art"; slot?: number }
  | { type: "rei"; source: ReiSource }
  | { type: "filter"; sources: [ReiSource, ReiSource] }
  | { type: "block"; source: ReiSource }
  | { type: "take"; from: "deck" }
  | { type: "take"; from: "hand"; card: string }
  | { type: "select"; choice: string };
