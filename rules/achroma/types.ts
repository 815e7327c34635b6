import type { RngState } from "../core/rng.ts";
import type { Step } from "./cards.ts";

/** Outcome reasons exactly as the engine spells them (catalog `outcome` section). */
export const OUTCOME_REASONS = ["30_shards", "last_player", "turn_limit"] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

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
  /** COPY: the card definition this card copies (everything but its Shards), else null (R31). */
  copy: string | null;
  /** GIVE: keywords given to this card; they stay while it is on a Canvas (R32). */
  gifts: string[];
  /** Turn of the last "Pay X Shards" use, MENAGERIE trigger and DIVERT (once per turn each). */
  paidTurn: number;
  menagerieTurn: number;
  divertTurn: number;
}

export interface Frame {
  seat: Seat;
  /** The card whose effect this is (an Action being resolved, a Deployed card's ACTION, a resolved card). */
  source: string;
  steps: Step[];
  idx: number;
  /** The card this frame last Erased (SACRIFICE), for REPLACE (R33). */
  erased?: { type: string; seat: Seat };
  /** DISPOSE as a Reaction: cards it would Deploy wait until everything else has concluded (R36). */
  defer?: boolean;
}

export type Prompt =
  | { kind: "choose"; seat: Seat; step: Step; options: string[]; optional: boolean }
  | { kind: "prevent"; seat: Seat; from: Seat; steal: boolean; amount: number; max: number }
  /** A Reaction (R35): "pass", "defend:<uid>", "dispose:<uid>" or "divert:<uid>". */
  | { kind: "react"; seat: Seat; trigger: "deploy" | "attack" | "ability" | "target"; options: string[] }
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
}

/** A declared Deploy, ability or attack waiting for the other players' Reactions (R35). */
export interface ReactionWindow {
  seat: Seat;
  trigger: "deploy" | "attack" | "ability";
  action: Action;
  /** Seats still to be asked, in turn order. */
  queue: Seat[];
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
  /** RESTRAIN: restraining card uid -> Characters/Locations held under it, not on any Canvas (R30). */
  restrained: Record<string, string[]>;
  /** INFEST: HOST uid -> PARASITE uid (R37). */
  parasites: Record<string, string>;
  /** MOUNT: Dragon/Drake uid -> Rider uid (R38). */
  riders: Record<string, string>;
  /** The declared action waiting for Reactions (R35). */
  window: ReactionWindow | null;
  /** DIVERT: a targeted step waiting for the target's controller to DIVERT or pass (R35). */
  divert: { option: string; step: Step } | null;
  /** Seats that have Reacted (DEFEND, DISPOSE, DIVERT) to the turn player's current declared action: once per opportunity (R35). Replaced, never mutated. */
  reacted: Seat[];
  /** Cards a DISPOSE Reaction Deploys once everything else has concluded (R36). */
  deferred: { seat: Seat; card: string }[];
  /** Cards Erased by the effect being resolved, for Erase-triggered abilities (R40). */
  erasedLog: { card: string; from: Seat; type: string }[];
  /** Seats in the order they left the game. */
  leftOrder: Seat[];
  outcome: { ranks: number[]; reason: OutcomeReason } | null;
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
  /** Answer a Reaction prompt (R35). */
  | { type: "react"; option: string }
  /** "Pay X Shards": use a card's paid ability, once per turn per card (R34). */
  | { type: "activate"; card: string }
  /** MENAGERIE: with 3+ Character types on your Canvas, trigger a card's MENAGERIE once per turn (R39). */
  | { type: "menagerie"; card: string }
  /** DISPOSE in your own turn: Erase the card, then its ability happens (R36). */
  | { type: "dispose"; card: string }
  /** MOUNT: attach a Rider (from hand: a Deploy; from your Canvas: an ability) to your unmounted Dragon/Drake (R38). */
  | { type: "mount"; rider: string; steed: string }
  /** SECRET: at the very start of your turn, Erase a Keeper and Deploy its hidden cards for free. */
  | { type: "unveil"; keeper: string };
