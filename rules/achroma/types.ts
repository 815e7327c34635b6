import type { RngState } from "../core/rng.ts";
import type { Step } from "./cards.ts";

export type Seat = number;
export interface Config {
  players: number;
}
export interface SeatConfig {
  /** 30 card ids (CARDS keys). */
  palette: string[];
}

export type Phase = "mulligan" | "start" | "main" | "resolve" | "end" | "post" | "over";

export interface PlayerState {
  /** Palette: [0] is the top card. Card instance ids ("p<seat>c<index>"). */
  palette: string[];
  hand: string[];
  dregs: string[];
  bank: number;
  out: boolean;
  mulligan: "pending" | "kept" | "mulliganed";
  /** This player has completed a turn (R5). */
  hadTurn: boolean;
  /** Prevent already used during the current turn (R6). */
  preventUsed: number;
  /** Characters on this Canvas (top row); Objects are in `attached`. */
  characters: string[];
  locations: string[];
}

/** A card on a Canvas. */
export interface Unit {
  deployedTurn: number;
  damage: number;
  attacks: number;
  /** RAGE given this turn (stackable). */
  rage: number;
  /** SHIELD WALL Shard Value granted this turn. */
  shield: number;
  shieldTurn: number;
  frozen: boolean;
  resolvedTurn: number;
  /** SPLAT/SQUISH given to this card (oldest first), each until the giver's next turn starts or it is resolved. */
  given: { kind: "gain" | "drain"; n: number; by: Seat }[];
  /** CURSE: turned sideways (R28). */
  cursed: boolean;
}

export interface Frame {
  seat: Seat;
  /** The card whose effect this is (an Action being resolved, a Deployed card's ACTION, a resolved card). */
  source: string;
  steps: Step[];
  idx: number;
}

export type Prompt =
  | { kind: "choose"; seat: Seat; step: Step; options: string[]; optional: boolean }
  | { kind: "prevent"; seat: Seat; from: Seat; steal: boolean; amount: number; max: number }
  | { kind: "defend"; seat: Seat; options: string[] }
  | { kind: "order"; seat: Seat; char: string; options: string[] }
  /** RESEARCH: buy a looked-at card ("done" ends buying) or, when ordering, pick the next card for the top. */
  | { kind: "research"; seat: Seat; ordering: boolean; options: string[] };

/** RESEARCH in progress: the looked-at cards are the top `count` of the Palette; the first `placed` are ordered. */
export interface Research {
  seat: Seat;
  count: number;
  placed: number;
  ordering: boolean;
}

export interface Combat {
  attacker: string;
  defender: string;
  /** Order in which Objects absorb damage, per side (null until decided). */
  attOrder: string[] | null;
  defOrder: string[] | null;
  defendAsked: boolean;
}

export interface State {
  rng: RngState;
  players: PlayerState[];
  /** Card instance id -> card definition id and owner. */
  cards: Record<string, { def: string; owner: Seat }>;
  units: Record<string, Unit>;
  /** Character instance id -> attached Object ids, in damage order. */
  attached: Record<string, string[]>;
  /** Action cards being resolved (considered on the Canvas). */
  resolving: string[];
  active: Seat;
  first: Seat;
  turn: number;
  phase: Phase;
  deployed: number;
  traded: number;
  stack: Frame[];
  prompt: Prompt | null;
  combat: Combat | null;
  /** SECRET: Keeper uid -> face-down cards hidden under it (no one may look). */
  secrets: Record<string, string[]>;
  /** Unveiled SECRET cards waiting to be Deployed for free. */
  unveiling: string[];
  /** The last REVEAL (public, face up). */
  lastReveal: { seat: Seat; defs: string[] } | null;
  research: Research | null;
  /** HUNTs waiting for their hunter's next turn (R29); the canvases and arrival turns identify the cards. */
  hunts: { seat: Seat; hunter: string; target: string; hunterAt: [Seat, number]; targetAt: [Seat, number]; turn: number }[];
  /** Seats in the order they left the game. */
  leftOrder: Seat[];
  outcome: { ranks: number[]; reason: string } | null;
}

export type Action =
  | { type: "keep" }
  | { type: "mulligan" }
  | { type: "draw" }
  | { type: "trade"; card: string }
  | { type: "skip" }
  | { type: "deploy"; card: string; target?: string }
  | { type: "attack"; attacker: string; defender: string }
  | { type: "resolve"; card: string }
  /** Resolve the oldest SPLAT/SQUISH given to a card on your Canvas. */
  | { type: "resolve_given"; card: string }
  /** HUNT: once per turn per HUNT card, in the Main step, mark a Character on another Canvas. */
  | { type: "hunt"; hunter: string; target: string }
  | { type: "proceed" }
  | { type: "pass_turn" }
  | { type: "choose"; option: string }
  | { type: "prevent"; amount: number }
  | { type: "defend"; with: string | null }
  /** SECRET: at the very start of your turn, Erase a Keeper and Deploy its hidden cards for free. */
  | { type: "unveil"; keeper: string };
