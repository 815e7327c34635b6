/**
 * Resonance engine state, configs and actions. Plain JSON data (hashable, cheap to copy).
 * Card ids are the printed ids of `data/` (`m<module>-<slot>`); each Faction Module is in the
 * Main Deck at most once, so a card id names one physical card.
 */
import type { RngState } from "../core/rng.ts";
import type { Color, KeywordId, TagId } from "./data/types.ts";
import type { OutcomeReason } from "./protocol.ts";

export type { Color, KeywordId, OutcomeReason, TagId };

export interface Config {
  players: number;
}

export interface SeatConfig {
  primary: Color;
  secondary: [Color, Color];
  /** The 10-card Personal Codex Deck (codex ids `codex-C-T`), in the order given (shuffled at set-up). */
  codex: string[];
}

export interface Tag {
  id: TagId;
  /** Lingering (8.7): cannot be removed until the end of this turn number (inclusive). */
  lockedUntilTurn: number | null;
}

/** A Unit (2.2): a Player (id `p<seat>`), an Animation (its card id) or an Echo token (`echo-<n>`). */
export interface Unit {
  id: string;
  /** Card id of an Animation; null for a Player or an Echo. */
  card: string | null;
  owner: number;
  damage: number;
  spent: boolean;
  suppressed: boolean;
  tags: Tag[];
  /** Equipped Item card ids. */
  items: string[];
  /** Impact (3.8): does not ready during its controller's next Ready Phase. */
  skipReady: boolean;
  /** Acrobatic (2.1): cannot be targeted by attacks until the start of its controller's next turn. */
  untargetable: boolean;
  /** Leader (8.2): +Power until its controller's next turn. */
  powerBonus: number;
  /** Growth (6.9): this unit is a spent Growth unit granting +1 Focus to its friends. */
  growthActive: boolean;
}

export interface PlayerState {
  seat: number;
  primary: Color;
  secondary: [Color, Color];
  self: Unit;
  animations: Unit[];
  en: number;
  focus: number;
  karma: number;
  hand: string[];
  /** Personal Codex Deck, [0] is the top. */
  codexDeck: string[];
  codexActive: string[];
  /** Player Spent Tokens (2.6). */
  spentTokens: number;
  karmaGainedThisTurn: boolean;
  /** Eidetic (2.3): enemy unit ids already attacked with Eidetic. */
  eideticUsed: string[];
  /** Immunized (6.3): Status Tags this player's units cannot be affected by. */
  immunized: TagId[];
  /** Bane (1.0, RULINGS R26): the colour chosen for each of this player's Bane sources (Animation / Item card id, Codex block id). */
  bane: Record<string, Color>;
  /** Null while in the game; else the elimination order (1 = first out). */
  eliminated: number | null;
}

export type CombatKind = "attack" | "critical" | "support";

/** An Attack / Critical Strike / Support being resolved (4.3), step by step. */
export interface Combat {
  kind: CombatKind;
  seat: number;
  /** The acting unit (Actor Principle 2.17.5): spent, pays, takes retaliation. */
  actor: string;
  /** Channel (9.9): the unit whose Focus and keywords resolve the action; else = actor. */
  source: string;
  targets: string[];
  /** Index into targets of the roll being resolved (Multiply: two rolls). */
  current: number;
  step: "augment" | "fuel" | "gamble" | "defend" | "defend_extra" | "resolve" | "choice";
  /** Innate keywords of the source (printed; inactive when Suppressed / Silenced). */
  innate: KeywordId[];
  /** Declared Augmented keywords (Items / Codex; 4.3.3, 4.3.4). */
  augmented: KeywordId[];
  /** Keywords gained for free (Augment Tag, Imbue, Improvisor, Edit). */
  gained: KeywordId[];
  fuel: string[];
  /** Reckless: revealed top card. */
  revealed: string | null;
  ev: number;
  /** Per-target Resistance data. */
  rvBonus: number;
  defendCard: string | null;
  defendExtra: string | null;
  sacrificed: string | null;
  /** Gamble reveals done. */
  gambled: number;
  /** Damage dealt per target index (for Karma, Piercing...). */
  dealt: number[];
  /** A pending optional choice (Survivor, Deadeye, Adaptive...): purpose and options. */
  choice: { purpose: string; seat: number; options: string[]; data?: Record<string, unknown> } | null;
  /** Queue of follow-up choices still to offer after the current one. */
  queue: { purpose: string; seat: number; options: string[]; data?: Record<string, unknown> }[];
  /** Deadeye: the Item aimed at, chosen at declaration. */
  aimItem: string | null;
  /** Support: where #.4 Boost Tags go ("target" or "self"). */
  boostTo: "target" | "self";
  /** Karma for dealing damage (5.1) already given for this action. */
  karmaGiven: boolean;
  /** End-of-action effects done. */
  ended: boolean;
  /** A record holding only a choice outside any action (Sensor, Charismatic, Immunized). */
  standalone: boolean;
  /** Where resolution continues once the pending choices are answered. */
  resume: "post" | "augment" | "prefuel" | "preroll" | "resolve" | "end" | "support";
  /** Decisions already taken in this action (e.g. "potent:0", "material", "rapid"). */
  flags: string[];
}

export type Phase = "draft" | "ready" | "action" | "refresh" | "over";

export interface State {
  players: PlayerState[];
  rng: RngState;
  phase: Phase;
  /** World Weaving (3.2): every d10 round rolled, e.g. [[7,7,2],[9,3]] with the seats re-rolling. */
  rolls: { seats: number[]; values: number[] }[];
  firstPicker: number;
  /** Module numbers still in the pool. */
  pool: number[];
  picks: number[][];
  /** Seat to pick next, during the draft. */
  picker: number;
  chaos: number[];
  /** Main Deck, [0] is the top. */
  mainDeck: string[];
  discard: string[];
  turnSeat: number;
  /** 1-based count of turns taken (the game's first turn is 1). */
  turn: number;
  /** Player actions taken this turn (2.6). */
  playerActions: number;
  combat: Combat | null;
  /** Ready phase: units with a Slow Tag still to decide on (pay 1 EN or keep). */
  slowQueue: string[];
  echoes: number;
  /** Cards revealed from the Main Deck by the last decision (public; Manifest, Gamble, Indirect, Reckless). */
  shown: string[];
  /** Sentry (2.2): a hand looked at by the last decision, shown to `seat` only. */
  looked: { seat: number; of: number; cards: string[] } | null;
  /** Elimination count so far. */
  outCount: number;
  outcome: { ranks: number[]; reason: OutcomeReason } | null;
}

export type KarmaSpend = "overclock" | "reengage" | "acquire" | "refine";

/**
 * Decisions. Main actions in the turn Player's Action Phase: attack (Critical Strike with
 * `critical`; `second` = Multiply's second target, `item` = Deadeye's aimed Item, `source` =
 * Channel's Source), support, purge, charge, deploy, equip (from hand or moving an equipped
 * Item), karma, tag (Haste / Liberate), end. Inside an action, in order: augment… / augment_done,
 * fuel, gamble, defend (the defending seat: a card, "top" for Indirect, or a sacrifice),
 * defend_extra, and `choose` for every question listed in `combat.choice.options`. Outside
 * actions: pick (draft), slow (Ready Phase), discard (System Refresh).
 */
export type Action =
  | { type: "pick"; module: number }
  | { type: "attack"; actor: string; target: string; critical?: boolean; second?: string; item?: string; source?: string }
  | { type: "support"; actor: string; target: string; source?: string }
  | { type: "augment"; keyword: KeywordId; tag?: boolean }
  | { type: "augment_done" }
  | { type: "fuel"; cards: string[] }
  | { type: "gamble"; reveal: boolean }
  | { type: "defend"; card?: string; sacrifice?: string }
  | { type: "defend_extra"; card?: string }
  | { type: "choose"; option: string }
  | { type: "purge"; actor: string; removeTag?: TagId }
  | { type: "charge"; actor: string }
  | { type: "deploy"; card: string }
  | { type: "equip"; item: string; target: string }
  | { type: "karma"; spend: KarmaSpend; unit?: string }
  | { type: "tag"; use: "haste" | "liberate"; unit: string }
  | { type: "slow"; unit: string; pay: boolean }
  | { type: "discard"; card: string }
  | { type: "end" };
