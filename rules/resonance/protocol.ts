/**
 * Resonance's wire protocol as data (rules/core/protocol.ts): every action a seat may send (the
 * same per-type schemas parseAction checks), every event the engine emits (one strict schema per
 * `type`, fields as the engine writes them) and every outcome reason. What each event means is its
 * catalog `event` entry (catalogGlossary.ts); protocol.test.ts keeps the two in step.
 *
 * Ids as the engine has them: a Main Deck card `m<module>-<slot>`, a Codex block `codex-<colour>-<type>`,
 * a unit `p<seat>` (a Player), `echo-<n>` (an Echo token) or its Animation's card id, a keyword
 * `C.D` (colour.category), a Tag the id of the keyword that applies it (category 4: Boost, 5: Status).
 */
import { z } from "zod";
import { actionUnion, eventType, SeatNo, type Protocol } from "../core/protocol.ts";

// ---------------------------------------------------------------- actions

const Id = z.string().min(1).max(40);
const Kw = z.string().regex(/^\d\.\d$/, "a keyword id looks like 1.8");
/**
 * The action schemas by type: what `parseAction` (index.ts) accepts. They live here, not in
 * index.ts, so that index.ts can import `protocol` without an import cycle.
 */
export const ACTION_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  pick: z.object({ type: z.literal("pick"), module: z.number().int().min(1).max(50) }).strict(),
  attack: z.object({ type: z.literal("attack"), actor: Id, target: Id, critical: z.boolean().optional(), second: Id.optional(), item: Id.optional(), source: Id.optional() }).strict(),
  support: z.object({ type: z.literal("support"), actor: Id, target: Id, source: Id.optional() }).strict(),
  augment: z.object({ type: z.literal("augment"), keyword: Kw, tag: z.boolean().optional() }).strict(),
  augment_done: z.object({ type: z.literal("augment_done") }).strict(),
  fuel: z.object({ type: z.literal("fuel"), cards: z.array(Id).max(6) }).strict(),
  gamble: z.object({ type: z.literal("gamble"), reveal: z.boolean() }).strict(),
  defend: z.object({ type: z.literal("defend"), card: Id.optional(), sacrifice: Id.optional() }).strict(),
  defend_extra: z.object({ type: z.literal("defend_extra"), card: Id.optional() }).strict(),
  choose: z.object({ type: z.literal("choose"), option: Id }).strict(),
  purge: z.object({ type: z.literal("purge"), actor: Id, removeTag: Kw.optional() }).strict(),
  charge: z.object({ type: z.literal("charge"), actor: Id }).strict(),
  deploy: z.object({ type: z.literal("deploy"), card: Id }).strict(),
  equip: z.object({ type: z.literal("equip"), item: Id, target: Id }).strict(),
  karma: z.object({ type: z.literal("karma"), spend: z.enum(["overclock", "reengage", "acquire", "refine"]), unit: Id.optional() }).strict(),
  tag: z.object({ type: z.literal("tag"), use: z.enum(["haste", "liberate"]), unit: Id }).strict(),
  slow: z.object({ type: z.literal("slow"), unit: Id, pay: z.boolean() }).strict(),
  discard: z.object({ type: z.literal("discard"), card: Id }).strict(),
  end: z.object({ type: z.literal("end") }).strict(),
};

export const ActionSchema = actionUnion(ACTION_SCHEMAS);

// ---------------------------------------------------------------- events

const count = () => z.number().int().min(0);
/** A Main Deck card (Animation or Item). */
const CardId = z.string().regex(/^m\d+-\d+$/, "a Main Deck card id looks like m12-3");
/** A Personal Codex block. */
const CodexId = z.string().regex(/^codex-\d-[1-5]$/, "a Codex block id looks like codex-3-2");
/** A unit in play: a Player, an Echo token or an Animation (its card id). */
const UnitId = z.string().regex(/^(p\d|echo-\d+|m\d+-\d+)$/, "a unit id is p<seat>, echo-<n> or an Animation's card id");
const KeywordId = z.string().regex(/^\d\.\d$/, "a keyword id looks like 1.8");
const TagId = z.string().regex(/^\d\.[45]$/, "a Tag id looks like 2.4 (Boost) or 2.5 (Status)");
const StatusTagId = z.string().regex(/^\d\.5$/, "a Status Tag id looks like 2.5");
/** EN is capped at 10 (MAX_EN). */
const En = z.number().int().min(0).max(10);
/** An Effect Value before the per-target floor: Weaken can take it below 0. */
const Ev = z.number().int();
const Module = z.number().int().min(1).max(50);

export const OUTCOME_REASONS = ["last_player", "turn_limit"] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** Why a Player gained Karma (5.1). */
const KarmaWhy = z.enum(["performed a Critical Strike", "dealt damage", "destroyed an Animation", "destroyed a Player"]);

export const EventSchema = z.discriminatedUnion("type", [
  // ---- draft and turns
  eventType("pick", { seat: SeatNo, module: Module }),
  eventType("chaos", { modules: z.array(Module) }),
  eventType("turn", { seat: SeatNo, turn: z.number().int().min(1) }),
  eventType("en", { seat: SeatNo, en: En }),
  eventType("slow_removed", { unit: UnitId, en: En }),
  eventType("end_turn", { seat: SeatNo }),
  eventType("game_over", { ranks: z.array(z.number().int().min(1)).min(2).max(4), reason: z.enum(OUTCOME_REASONS) }),
  eventType("eliminated", { seat: SeatNo }),
  // ---- the library
  eventType("library", { size: count() }),
  eventType("draw", { seat: SeatNo, count: z.number().int().min(1) }),
  eventType("drew_card", { seat: SeatNo, card: CardId, to: z.tuple([SeatNo]) }),
  eventType("reveal", { card: CardId }),
  eventType("discard", { seat: SeatNo, card: CardId }),
  // ---- main actions
  eventType("deploy", { seat: SeatNo, card: CardId, en: En }),
  eventType("equip", { seat: SeatNo, item: CardId, onto: UnitId, en: En }),
  eventType("move_item", { seat: SeatNo, item: CardId, from: UnitId, onto: UnitId }),
  eventType("charge", { seat: SeatNo, unit: UnitId, en: En }),
  eventType("purge", { seat: SeatNo, unit: UnitId }),
  eventType("karma", { seat: SeatNo, karma: z.number().int().min(1), why: KarmaWhy }),
  eventType("overclock", { seat: SeatNo }),
  eventType("reengage", { seat: SeatNo, unit: UnitId }),
  eventType("acquire", { seat: SeatNo, codex: CodexId }),
  eventType("refine", { seat: SeatNo, focus: count() }),
  eventType("tag_used", { unit: UnitId, tag: z.enum(["haste", "liberate"]) }),
  eventType("sensor_look", { seat: SeatNo, card: CardId, to: z.tuple([SeatNo]) }),
  eventType("sensor", { seat: SeatNo, put: z.enum(["top", "bottom"]) }),
  eventType("immunized", { seat: SeatNo, tag: StatusTagId }),
  eventType("bane", { seat: SeatNo, source: z.union([CardId, CodexId]), color: z.number().int().min(0).max(9) }),
  // ---- attacks and supports (4.3)
  eventType("attack", { seat: SeatNo, actor: UnitId, targets: z.array(UnitId).min(1).max(2), source: UnitId }),
  eventType("critical", { seat: SeatNo, actor: UnitId, targets: z.array(UnitId).min(1).max(2), source: UnitId }),
  eventType("support", { seat: SeatNo, actor: UnitId, target: UnitId }),
  eventType("augment", { seat: SeatNo, keyword: KeywordId }),
  eventType("gained", { seat: SeatNo, keyword: KeywordId, by: z.enum(["5.2", "5.6"]) }),
  eventType("edit", { seat: SeatNo, keyword: KeywordId }),
  eventType("sentry", { seat: SeatNo, of: SeatNo, cards: z.array(CardId), to: z.tuple([SeatNo]) }),
  eventType("cancelled", { seat: SeatNo, by: z.enum(["Trickster"]) }),
  eventType("fizzled", { seat: SeatNo, actor: UnitId }),
  eventType("area", { seat: SeatNo }),
  eventType("area_prevented", { unit: UnitId, en: En }),
  eventType("translocate", { unit: UnitId, seat: SeatNo }),
  eventType("reckless", { seat: SeatNo, card: CardId }),
  eventType("attuned", { seat: SeatNo, unit: UnitId }),
  eventType("ev", { ev: Ev, mode: z.enum(["standard", "snap", "reckless", "stoic", "ambience"]) }),
  eventType("gamble", { seat: SeatNo, ev: Ev }),
  eventType("flux", { seat: SeatNo, ev: Ev }),
  eventType("sacrifice", { seat: SeatNo, item: CardId }),
  eventType("roll", { target: UnitId, ev: count(), rv: count(), success: z.boolean(), potent: z.boolean() }),
  eventType("deadeye", { item: CardId }),
  eventType("rapid", { seat: SeatNo }),
  eventType("split", { seat: SeatNo, unit: UnitId, echoes: count() }),
  // ---- damage, healing, Tags
  eventType("damage", { unit: UnitId, amount: z.number().int().min(1), total: z.number().int().min(1) }),
  eventType("no_damage", { unit: UnitId, why: z.enum(["suppressed"]) }),
  eventType("prevented", { unit: UnitId, amount: z.number().int().min(1), by: z.enum(["Ward", "Bless"]) }),
  eventType("healed", { unit: UnitId, amount: z.number().int().min(1), total: count() }),
  eventType("no_heal", { unit: UnitId, why: z.enum(["Curse"]) }),
  eventType("destroyed", { unit: UnitId, seat: SeatNo }),
  eventType("suppressed", { unit: UnitId }),
  eventType("survivor", { unit: UnitId }),
  eventType("item_destroyed", { item: CardId, unit: UnitId }),
  eventType("blight", { unit: UnitId }),
  eventType("tag", { unit: UnitId, tag: TagId }),
  eventType("tag_blocked", { unit: UnitId, tag: TagId, by: z.enum(["Immunized", "Cure", "Nullify"]) }),
  eventType("tag_removed", { unit: UnitId, tag: TagId, by: z.enum(["Purge", "Cure", "Nullify"]) }),
  // ---- keyword effects (keywords/base.ts)
  eventType("specialist", { seat: SeatNo }),
  eventType("alert", { seat: SeatNo, item: CardId, en: En }),
  // Martial: `unit` is the defender striking back, `to_unit` the actor it damages.
  eventType("martial", { unit: UnitId, to_unit: UnitId }),
  eventType("piercing", { seat: SeatNo }),
  eventType("animate", { seat: SeatNo, card: CardId }),
  eventType("manifest", { seat: SeatNo, card: CardId }),
  eventType("insightful", { seat: SeatNo }),
  eventType("stubborn", { seat: SeatNo }),
  eventType("aware", { seat: SeatNo, en: En }),
]);

export type ResonanceEvent = z.infer<typeof EventSchema>;

export const protocol: Protocol = { action: ActionSchema, event: EventSchema, outcomeReasons: OUTCOME_REASONS };
