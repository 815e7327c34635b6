/**
 * SolRei's wire protocol as zod schemas (rules/core/protocol.ts): every action a seat may send,
 * every event the engine emits (one strict object per `type`, each with a catalog `event`
 * entry of the same id) and the Show's outcome reasons. The emission sites are the `pub` /
 * `priv` calls of the engine modules (state.ts, abilities.ts, exchange.ts, keywords.ts, the
 * phase modules and howToWin.ts).
 *
 * Fields that name an ability's source (`why`, `by`, `name`) hold a display name: the name of
 * a Muse, Advantage or Art, the name of a CHARGE sequence, or one of the fixed words of the
 * catalog's `reason` section; each is a closed enum here, generated from the card data.
 */
import { z } from "zod";
import { SeatNo, actionUnion, eventType, type Protocol } from "../core/protocol.ts";
import { ACTION_SCHEMAS, CardIdSchema } from "./actionSchemas.ts";
import { ADVANTAGES, ARTS, MUSES, type Timing } from "./cards.ts";

// ---------------------------------------------------------------- reasons

/** Why an Act ended (`acts[].reason` of the state, `act_over.reason`): howToWin.ts, openPhase.ts, damagePhase.ts. */
export const ACT_REASONS = ["ko", "damage_with_empty_deck", "rival_cannot_play", "neither_can_play"] as const;
export type ActReason = (typeof ACT_REASONS)[number];

/** Why the Show ended (`outcome.reason`): a winner on Acts (the score is in `wins` and show_over), or a drawn Show. */
export const OUTCOME_REASONS = ["won_on_acts", "show_drawn"] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

// ---------------------------------------------------------------- ids and words

/** A playing card id: `p<owner seat>-<rank><suit>` (actionCards.ts `cardId`). */
const Card = CardIdSchema;
const Count = z.number().int().min(0);
const Positive = z.number().int().min(1);
/** An ability's uid on the Exchange (state `nextUid`, from 1). */
const Uid = Positive;
/** An Art slot (4 Arts per set-up). */
const Slot = z.number().int().min(0).max(3);
/** A damage card's index in the Damage zone (7 damage is a KO). */
const DamageIndex = z.number().int().min(0).max(6);
const Suit = z.enum(["S", "H", "D", "C"]);

const TIMINGS = ["START_OF_ROUND", "BEFORE_SHOWDOWN", "SHOWDOWN", "AFTER_SHOWDOWN", "BEFORE_DAMAGE", "AFTER_DAMAGE", "CHARGE", "END_OF_ROUND"] as const satisfies readonly Timing[];
// Every Timing is listed (a new one fails to compile here).
const allTimings: Record<Timing, true> = Object.fromEntries(TIMINGS.map((t) => [t, true])) as Record<(typeof TIMINGS)[number], true>;
void allTimings;

const unique = (xs: string[]) => [...new Set(xs)] as [string, ...string[]];
/** Ids of the Muses, Advantages and Arts (cards.ts). */
const ArtId = z.enum(unique(Object.keys(ARTS)));
const AbilityCardId = z.enum(unique([...Object.keys(MUSES), ...Object.keys(ADVANTAGES), ...Object.keys(ARTS)]));
/** Display names of the Muses, Advantages and Arts. */
const ABILITY_NAMES = unique([...Object.values(MUSES), ...Object.values(ADVANTAGES), ...Object.values(ARTS)].map((c) => c.name));
/** Names of the CHARGE sequences (chargePhase.ts), which resolve like an ability outside the Exchange. */
const CHARGE_NAMES = ["CHARGE", "CHARGE + Charge Bonus", "defensive charge"] as const;
/** An ability on the Exchange (activated, triggered, resolved, fizzled, negated). */
const AbilityName = z.enum(ABILITY_NAMES);
/** What a keyword step was part of: an ability or a CHARGE sequence. */
const StepName = z.enum(unique([...ABILITY_NAMES, ...CHARGE_NAMES]));
/** Why cards were drawn: the opening hand, a mulligan, the end-of-round draw, or a DRAW step. */
const DrawWhy = z.enum(unique(["opening hand", "mulligan", "end of round", ...ABILITY_NAMES, ...CHARGE_NAMES]));
/** Why a card was spent: generating Rei, filtering (the `rei` and `filter` actions). */
const SpendWhy = z.enum(["rei", "filter"]);
/** Why a hand card was discarded: spent for Rei, or a DISCARD step. */
const DiscardWhy = z.enum(unique(["rei", "filter", ...ABILITY_NAMES, ...CHARGE_NAMES]));

// ---------------------------------------------------------------- events

/** Public event about a seat (`seat` always set). */
const about = <T extends string, S extends z.ZodRawShape>(type: T, fields: S) => eventType(type, { seat: SeatNo, ...fields });
/** Private event: only `seat` sees it (`to: [seat]`), state.ts `priv`. */
const own = <T extends string, S extends z.ZodRawShape>(type: T, fields: S) => eventType(type, { seat: SeatNo, to: z.tuple([SeatNo]), ...fields });

export const EventSchema = z.discriminatedUnion("type", [
  // starting an Act (startingAnAct.ts)
  eventType("act_started", { act: Positive, chooser: SeatNo }),
  about("offense_chosen", { offense: SeatNo }),
  about("mulligan", {}),
  about("kept_hand", {}),
  // drawing (state.ts drawCards)
  own("drew", { cards: z.array(Card).min(1), why: DrawWhy }),
  about("draw", { count: Positive, why: DrawWhy }),
  about("draw_empty", { why: DrawWhy }),
  // START OF ROUND (startOfRound.ts)
  eventType("round_started", { act: Positive, round: Positive, offense: SeatNo }),
  eventType("positions_swapped", { offense: SeatNo }),
  about("ready_skipped", {}),
  // OPEN PHASE (openPhase.ts)
  own("placed", { card: Card, changed: z.boolean() }),
  about("placed_face_down", { changed: z.boolean() }),
  about("confirmed", {}),
  about("agreement_asked", {}),
  // windows and the Exchange (exchange.ts)
  about("pass", { timing: z.enum(TIMINGS) }),
  about("activated", {
    source: z.string().regex(/^(muse|advantage|art:[0-3])$/),
    card: AbilityCardId,
    name: AbilityName,
    uid: Uid,
    target: Uid.nullable().meta({ description: "NEGATE: the uid of the targeted ability, else null" }),
  }),
  about("triggered", {
    source: z.enum(["muse", "advantage"]),
    card: AbilityCardId,
    name: AbilityName,
    uid: Uid,
    target: Uid.nullable().meta({ description: "NEGATE: the uid of the targeted ability, else null" }),
  }),
  eventType("exchange_resolves", { order: z.array(Uid).min(1) }),
  about("resolved", { uid: Uid, name: AbilityName }),
  about("fizzled", { uid: Uid, name: AbilityName }),
  about("negated", { uid: Uid, name: AbilityName }),
  about("harvested", { cards: z.array(Card).min(1) }),
  about("augmented", { slot: Slot, art: ArtId }),
  // Rei (abilities.ts, exchange.ts)
  about("discarded", { card: Card, why: DiscardWhy }),
  about("rei_generated", { suit: Suit, amount: z.literal(1) }),
  about("rei_filtered", { suit: Suit, amount: z.literal(1) }),
  about("rei_vanished", { amount: Positive }),
  // Arts and damage cards (abilities.ts, exchange.ts, keywords.ts): `why` when spent for Rei,
  // `by` when an ability of the Rival did it, `reason` when a rule did.
  about("damage_exhausted", { index: DamageIndex, card: Card, why: SpendWhy.optional(), by: StepName.optional() }),
  about("damage_readied", { index: DamageIndex, card: Card }),
  about("damage_broken", { index: DamageIndex, card: Card, by: StepName }),
  about("art_readied", { slot: Slot, art: ArtId }),
  about("art_exhausted", { slot: Slot, art: ArtId, reason: z.literal("augment_ended").optional(), by: StepName.optional() }),
  about("art_broken", { slot: Slot, art: ArtId, reason: z.enum(["augment_ended", "requirements_not_met"]).optional(), by: StepName.optional() }),
  // keywords (keywords.ts)
  about("gained_power", { n: Positive }),
  about("gained_damage", { n: Positive }),
  about("gain_damage_ignored", { n: Positive }),
  about("retaliate", { n: Positive }),
  about("retaliate_fizzled", { reason: z.literal("no damage taken from the Rival this round") }),
  about("counter", { blocked: Count, dealt: Count }),
  about("blocked", { n: Count, by: StepName }),
  about("cultivated", { count: Count }),
  about("grapple", {}),
  about("check", { count: Count }),
  own("checked", { cards: z.array(Card).min(1) }),
  own("check_placed", { card: Card, where: z.enum(["top", "bottom"]) }),
  about("check_placed_hidden", {}),
  about("no_target", { keyword: z.enum(["ready", "exhaust", "break", "discard", "swap"]) }),
  // SWAP: public once the Action Cards are revealed, else private (`to`) with a public swapped_hidden.
  eventType("swapped", { seat: SeatNo, to: z.tuple([SeatNo]).optional(), out: Card, in: Card }),
  about("swapped_hidden", {}),
  own("swap_kept", { card: Card, reason: z.literal("a CHARGE card is not an Attack Card") }),
  // SHOWDOWN PHASE (showdownPhase.ts): per seat, indexed by seat
  eventType("showdown", { cards: z.tuple([Card, Card]).meta({ description: "the Action Card of seat 0 and of seat 1" }) }),
  eventType("showdown_result", {
    power: z.tuple([z.number().int().min(2).nullable(), z.number().int().min(2).nullable()]).meta({ description: "Power of seat 0 and seat 1 (null: a CHARGE card)" }),
    winner: SeatNo.nullable().meta({ description: "null: a tie" }),
    damage: z.tuple([Count, Count]).meta({ description: "damage dealt by seat 0 and by seat 1 (taken by the Rival)" }),
  }),
  // DAMAGE PHASE (damagePhase.ts)
  about("block", { card: Card, by: z.enum(["discard", "break"]) }),
  about("damage_taken", { card: Card, from: z.enum(["deck", "hand"]), total: z.number().int().min(1).max(7) }),
  about("damage_with_empty_deck", {}),
  // CHARGE PHASE (chargePhase.ts)
  about("charge", { card: Card, bonus: z.boolean() }),
  about("charge_choice", { choice: z.enum(["ready", "draw"]) }),
  // RESET (resetAndEndOfRound.ts)
  about("action_card_discarded", { card: Card }),
  // HOW TO WIN (howToWin.ts)
  eventType("act_over", {
    act: Positive,
    winner: SeatNo.nullable().meta({ description: "null: a Draw Game" }),
    reason: z.enum(ACT_REASONS),
    wins: z.tuple([Count, Count]).meta({ description: "Acts won by seat 0 and seat 1 so far" }),
  }),
  eventType("show_over", {
    ranks: z.tuple([Positive, Positive]).meta({ description: "rank of seat 0 and seat 1: 1 is best, equal ranks tie" }),
    wins: z.tuple([Count, Count]).meta({ description: "Acts won by seat 0 and seat 1" }),
  }),
]);

export type SolReiEvent = z.infer<typeof EventSchema>;

// ---------------------------------------------------------------- actions and the protocol

/** The union of the action schemas `parseAction` checks (actionSchemas.ts). */
export const ActionSchema = actionUnion(ACTION_SCHEMAS);

export const protocol: Protocol = { action: ActionSchema, event: EventSchema, outcomeReasons: OUTCOME_REASONS };
