/** Re;ACT state, action and config types. See RULINGS.md. */

/** Every `outcome.reason` (catalog `outcome`). */
export const OUTCOME_REASONS = ["damage", "simultaneous_damage", "deck_out", "turn_limit"] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

export type Seat = 0 | 1;
export type Dir = "N" | "E" | "S" | "W";
export const DIRS: readonly Dir[] = ["N", "E", "S", "W"];
export type ArtistId = "calligrapher" | "dancer" | "tagger" | "painter";

export interface Config {
  /** Engine safety limit (ruling R14): after this many turns the game is a draw. */
  maxTurns: number;
  /** Rulebook first-game opening (R4): each hand starts with one of each of the Artist's 4 unique Action Cards. */
  firstGame: boolean;
}
export interface SeatConfig {
  artist: ArtistId;
}

export interface Unit {
  id: string;
  owner: Seat;
  kind: "artist" | "summon";
  /** Zone index (row * FIELD_W + col), or null when not on the board (summon in its pool). */
  pos: number | null;
  exhausted: boolean;
  inked: boolean;
  /** The direction this unit's Armament faces (it lies in the adjacent zone that way; R22), or null. */
  armament: Dir | null;
}

/** A Zone Tile (at most one per zone, R20). */
export interface Tile {
  owner: Seat;
  kind: "mural";
}

export interface Player {
  artist: ArtistId;
  hand: string[];
  /** null: a deck-less Artist (never draws, never decks out). */
  deck: string[] | null;
  discard: string[];
  damage: number;
  ascended: boolean;
}

export interface MpCard {
  seat: Seat;
  /** 0, 1, 2: left, middle, right part of the art. */
  part: number;
}

export interface ChainEntry {
  seat: Seat;
  source: "hand" | "ability";
  /** hand: the card instance id; ability: the ability card id. */
  card: string;
  /** card definition id */
  def: string;
  effect: number;
  target: number | null;
  dir: Dir | null;
}

/**
 * A decision asked in the middle of a step: "progress" (Masterpiece progression, R5) or "swap"
 * (which adjacent unit Pivoting Step swaps the Dancer with, chosen at resolution, R9).
 */
export interface Prompt {
  kind: "progress" | "swap";
  seat: Seat;
  /** What continues after the choice: the Draw Phase, or the resolution of the React Chain. */
  then: "draw" | "chain";
}

export interface State {
  config: Config;
  rng: number[];
  turn: number;
  turnPlayer: Seat;
  players: [Player, Player];
  units: Record<string, Unit>;
  /** Scale tokens per zone. */
  scales: number[];
  /** Zone Tiles per zone (R20). */
  tiles: (Tile | null)[];
  /** Block tokens per zone: the owner's seat, or null (R21). */
  blocks: (Seat | null)[];
  mpZone: (MpCard | null)[];
  chain: ChainEntry[];
  /** Whose opportunity to react or pass it is while the chain is building (null: chain empty). */
  reactor: Seat | null;
  passes: number;
  prompt: Prompt | null;
  outcome: { ranks: number[]; reason: OutcomeReason } | null;
}

export type Action =
  | { type: "play"; card: string; effect: number; target?: number; dir?: Dir }
  | { type: "pass" }
  | { type: "end_turn" }
  | { type: "mp_place"; part: number; slot: number }
  | { type: "mp_swap"; a: number; b: number }
  | { type: "mp_pass" }
  /** Pivoting Step's choice (R9): the adjacent zone whose unit the Dancer swaps with (an empty zone fails on purpose). */
  | { type: "swap_pick"; zone: number };
