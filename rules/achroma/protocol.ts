/**
 * Achroma's wire protocol as data (rules/core/protocol.ts): the zod schemas of every action a seat
 * may send (the ones `parseAction` checks), of every event the engine emits, and the outcome
 * reasons. What each id means is in the catalog (catalogEntries.ts); docs/achroma.md says which
 * field holds an id of which kind. This module imports no engine code at run time (index.ts
 * imports it), so it may not import index.ts either.
 */
import { z } from "zod";
import { actionUnion, eventType, SeatNo, type Protocol } from "../core/protocol.ts";
import type { Giftable, Step } from "./cards.ts";
import { OUTCOME_REASONS, type Action } from "./types.ts";

/** A card instance id: entry `c` of seat `p`'s Palette as sent at join ("p0c12"). */
export const UID_PATTERN = /^p[0-5]c\d{1,2}$/;
const Uid = z.string().regex(UID_PATTERN, "a card id looks like p0c12");
/** A card definition id (a key of the catalog's `card` section, e.g. "ash-warden"). */
export const CARD_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const CardId = z.string().regex(CARD_ID_PATTERN).meta({ description: "a card id (the catalog's card section)" });
const Count = z.number().int().min(0);
/** An event about a seat's own act: `seat` is always there. */
const Seat = SeatNo;
/** Only the seat the event is about may see it (hidden information). */
const ToOne = z.tuple([SeatNo]);

/** The per-type action schemas `parseAction` checks (index.ts). */
export const ACTION_SCHEMAS: Record<string, z.ZodType> = {
  keep: z.object({ type: z.literal("keep") }).strict(),
  mulligan: z.object({ type: z.literal("mulligan") }).strict(),
  draw: z.object({ type: z.literal("draw") }).strict(),
  trade: z.object({ type: z.literal("trade"), card: Uid }).strict(),
  skip: z.object({ type: z.literal("skip") }).strict(),
  deploy: z.object({ type: z.literal("deploy"), card: Uid, target: Uid.optional() }).strict(),
  attack: z.object({ type: z.literal("attack"), attacker: Uid, defender: Uid }).strict(),
  resolve: z.object({ type: z.literal("resolve"), card: Uid }).strict(),
  resolve_given: z.object({ type: z.literal("resolve_given"), card: Uid }).strict(),
  hunt: z.object({ type: z.literal("hunt"), hunter: Uid, target: Uid }).strict(),
  proceed: z.object({ type: z.literal("proceed") }).strict(),
  pass_turn: z.object({ type: z.literal("pass_turn") }).strict(),
  choose: z.object({ type: z.literal("choose"), option: z.string().min(1).max(40) }).strict(),
  prevent: z.object({ type: z.literal("prevent"), amount: z.number().int().min(0).max(99) }).strict(),
  react: z.object({ type: z.literal("react"), option: z.string().min(1).max(40) }).strict(),
  activate: z.object({ type: z.literal("activate"), card: Uid }).strict(),
  menagerie: z.object({ type: z.literal("menagerie"), card: Uid }).strict(),
  dispose: z.object({ type: z.literal("dispose"), card: Uid }).strict(),
  mount: z.object({ type: z.literal("mount"), rider: Uid, steed: Uid }).strict(),
  unveil: z.object({ type: z.literal("unveil"), keeper: Uid }).strict(),
};

export const ActionSchema = actionUnion(ACTION_SCHEMAS);

/** Every effect step kind (cards.ts `Step["k"]`; catalog `step` section). */
export const STEP_KINDS = [
  "gain",
  "drain",
  "steal",
  "draw",
  "damage",
  "freeze",
  "find",
  "dig",
  "rage",
  "trade",
  "deploy_free",
  "secret",
  "reveal",
  "research",
  "sacrifice",
  "splat",
  "claim",
  "curse",
  "gain_count",
  "restrain",
  "copy",
  "swap",
  "replace",
  "give",
  "unveiled",
] as const satisfies readonly Step["k"][];
// Compile-time: STEP_KINDS lists every Step kind.
const _allSteps: [Exclude<Step["k"], (typeof STEP_KINDS)[number]>] extends [never] ? true : false = true;
void _allSteps;
const StepKind = z.enum(STEP_KINDS);
/** Steps a DIVERT can redirect (abilities.ts DIVERTABLE), plus a declared HUNT. */
const DivertStep = z.enum(["damage", "freeze", "curse", "claim", "restrain", "swap", "splat", "copy", "hunt"]);
/** Declared actions that open a Reaction window (reaction.ts TRIGGERS). */
const DeclaredAction = z.enum(["deploy", "attack", "mount", "activate", "menagerie", "dispose", "hunt", "resolve", "resolve_given", "unveil"] satisfies Action["type"][]);
const GIFTABLE = ["protection", "poisonous", "defend", "divert"] as const satisfies readonly Giftable[];
const _allGifts: [Exclude<Giftable, (typeof GIFTABLE)[number]>] extends [never] ? true : false = true;
void _allGifts;

export { OUTCOME_REASONS, type OutcomeReason } from "./types.ts";

export const EventSchema = z.discriminatedUnion("type", [
  // set-up (setup.ts)
  eventType("mulligan", { seat: Seat }),
  eventType("hand", { seat: Seat, cards: z.array(Uid), to: ToOne }),
  eventType("keep", { seat: Seat }),
  // the turn (turn.ts, actions.ts)
  eventType("turn", { seat: Seat, turn: z.number().int().min(1) }),
  eventType("draw", { seat: Seat }),
  eventType("drew", { seat: Seat, card: Uid, def: CardId, to: ToOne }),
  eventType("skip", { seat: Seat, step: z.enum(["start", "end"]) }),
  eventType("trade", { seat: Seat, card: Uid, def: CardId, shards: Count }),
  eventType("step", { seat: Seat, phase: z.enum(["resolve", "end"]) }),
  eventType("pass_turn", { seat: Seat }),
  // Deploys, attacks, abilities (actions.ts, reaction.ts, keywordsCards.ts, keywordsPalette.ts)
  eventType("deploy", {
    seat: Seat,
    card: Uid,
    def: CardId,
    /** Shards paid; absent for a free Deploy. */
    cost: Count.optional(),
    free: z.literal(true).optional(),
    /** The Character an Object is attached to, or the HOST of an INFEST. */
    target: Uid.optional(),
    infest: z.literal(true).optional(),
    /** The Dragon/Drake a Rider Deployed from hand mounts. */
    mount: Uid.optional(),
  }),
  eventType("declare", { seat: Seat, action: DeclaredAction }),
  eventType("attack", { seat: Seat, attacker: Uid, defender: Uid }),
  eventType("combat", { attacker: Uid, defender: Uid, attackerStrength: Count, defenderStrength: Count }),
  eventType("shield_wall", { seat: Seat, card: Uid, shards: z.number().int().min(1) }),
  eventType("resolve", { seat: Seat, card: Uid, given: z.enum(["gain", "drain"]).optional() }),
  eventType("activate", { seat: Seat, card: Uid, shards: Count }),
  eventType("menagerie", { seat: Seat, card: Uid }),
  eventType("dispose", { seat: Seat, card: Uid, def: CardId, reaction: z.boolean() }),
  eventType("deferred", { seat: Seat, card: Uid, def: CardId }),
  eventType("defend", { seat: Seat, card: Uid, instead: Uid }),
  eventType("divert", { seat: Seat, card: Uid, from: Uid, step: DivertStep }),
  eventType("pass", { seat: Seat, step: z.enum([...STEP_KINDS, "divert", "react"]) }),
  eventType("fizzle", {
    seat: Seat,
    /** The step that did nothing (absent when a declared action fizzled). */
    step: StepKind.optional(),
    /** The FROZEN source that could not Gain, Drain or Steal. */
    frozen: Uid.optional(),
    /** A declared action that could no longer happen after the Reactions. */
    declared: DeclaredAction.optional(),
  }),
  eventType("mount", { seat: Seat, rider: Uid, steed: Uid }),
  eventType("hunt", { seat: Seat, hunter: Uid, target: Uid }),
  eventType("hunt_lost", { seat: Seat, hunter: Uid, target: Uid, protection: z.literal(true).optional() }),
  eventType("unveil", { seat: Seat, keeper: Uid, cards: z.array(z.object({ uid: Uid, def: CardId }).strict()) }),
  // Shards (shards.ts)
  eventType("gain", { seat: Seat, shards: Count, source: Uid }),
  eventType("drain", { seat: Seat, target: SeatNo, shards: Count, prevented: Count }),
  eventType("steal", { seat: Seat, target: SeatNo, shards: Count, prevented: Count }),
  eventType("splat", { seat: Seat, card: Uid, shards: Count }),
  eventType("squish", { seat: Seat, card: Uid, shards: Count }),
  // keywords on Canvas cards (keywordsCards.ts, turn.ts for HUNT damage)
  eventType("damage", { seat: Seat, card: Uid, shards: Count, hunt: Uid.optional() }),
  eventType("freeze", { seat: Seat, card: Uid }),
  eventType("rage", { seat: Seat, card: Uid }),
  eventType("secret", { seat: Seat, keeper: Uid, palette: SeatNo }),
  eventType("sacrifice", { seat: Seat, card: Uid }),
  eventType("restrain", { seat: Seat, card: Uid, def: CardId, by: Uid, from: SeatNo }),
  eventType("copy", { seat: Seat, card: Uid, copies: Uid, def: CardId }),
  eventType("swap", { seat: Seat, card: Uid, with: Uid }),
  eventType("replace", { seat: Seat, card: Uid, def: CardId, canvas: SeatNo }),
  eventType("give", { seat: Seat, card: Uid, keyword: z.enum(GIFTABLE) }),
  eventType("claim", { seat: Seat, card: Uid, from: SeatNo }),
  eventType("curse", { seat: Seat, card: Uid }),
  // keywords on Palette, hand and Dregs (keywordsPalette.ts)
  eventType("find", { seat: Seat }),
  eventType("found", { seat: Seat, card: Uid, def: CardId, to: ToOne }),
  eventType("dig", { seat: Seat, card: Uid, def: CardId }),
  eventType("reveal", { seat: Seat, defs: z.array(CardId), found: z.boolean() }),
  eventType("research", { seat: Seat, count: Count }),
  eventType("looked", { seat: Seat, cards: z.array(Uid), to: ToOne }),
  // RESEARCH keeps a card for 1 Shard (R23).
  eventType("research_keep", { seat: Seat, shards: z.literal(1) }),
  eventType("kept", { seat: Seat, card: Uid, def: CardId, to: ToOne }),
  eventType("research_done", { seat: Seat }),
  // Erase (erase.ts)
  eventType("erased", { card: Uid, def: CardId, owner: SeatNo }),
  eventType("released", { card: Uid, def: CardId, owner: SeatNo }),
  eventType("erase_trigger", { seat: Seat, card: Uid, erased: Uid }),
  // leaving and winning (leaving.ts)
  eventType("left", { seat: Seat }),
  eventType("game_over", { winner: SeatNo.nullable(), reason: z.enum(OUTCOME_REASONS), ranks: z.array(z.number().int().min(1)) }),
]);

export type AchromaEvent = z.infer<typeof EventSchema>;

export const protocol: Protocol = { action: ActionSchema, event: EventSchema, outcomeReasons: OUTCOME_REASONS };
