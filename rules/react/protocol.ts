/**
 * The Re;ACT wire protocol (see rules/core/protocol.ts): the zod schemas of every action a seat
 * may send, every event the engine emits and every outcome reason. Served as JSON Schema; the
 * client types are inferred from them. What each id means is in the catalog (catalogGlossary.ts:
 * `action`, `event`, `fizzle`, `draw_skip`, `outcome` sections).
 */
import { z } from "zod";
import { eventType, SeatNo, type Protocol } from "../core/protocol.ts";
import { ARTISTS, CARDS } from "./cards.ts";
import { OUTCOME_REASONS } from "./types.ts";

// ------------------------------------------------------------------ shared field schemas

/** A zone index on the 5×5 Field: row * 5 + col (0-24). */
const Zone = z.number().int().min(0).max(24);
/** A Masterpiece part: 0 left, 1 middle, 2 right. */
const Part = z.number().int().min(0).max(2);
/** A Masterpiece Zone slot (0-4, left to right). */
const Slot = z.number().int().min(0).max(4);
const Dir = z.enum(["N", "E", "S", "W"]);

// ------------------------------------------------------------------ actions

/** Every action a seat may send (what `parseAction` accepts). */
export const ActionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: z.string().max(40), effect: z.number().int().min(0).max(5), target: Zone.optional(), dir: Dir.optional() }).strict(),
  z.object({ type: z.literal("pass") }).strict(),
  z.object({ type: z.literal("end_turn") }).strict(),
  z.object({ type: z.literal("mp_place"), part: Part, slot: Slot }).strict(),
  z.object({ type: z.literal("mp_swap"), a: Slot, b: Slot }).strict(),
  z.object({ type: z.literal("mp_pass") }).strict(),
  z.object({ type: z.literal("swap_pick"), zone: Zone }).strict(),
]);

// ------------------------------------------------------------------ event fields

const nonEmpty = (xs: string[]) => [...new Set(xs)].sort() as [string, ...string[]];

/** A seat an event is about (always present on the events that use it). */
const Seat = SeatNo;
/** A unit id: an Artist (catalog `artist`) or a Summon (catalog `summon`). */
const UnitId = z.enum(nonEmpty(Object.values(ARTISTS).flatMap((a) => [a.id, ...a.summons])));
/** A chain card: an Action Card copy `<def>#<n>` from the hand (catalog `card_copy`) or an Ability Card id (catalog `card`). */
const CardId = z
  .string()
  .regex(/^[a-z][a-z0-9_]*(#[1-9][0-9]*)?$/)
  .meta({ description: "an Action Card copy `<def>#<n>` (catalog card_copy) or an Ability Card id (catalog card)" });
/** An Action Card copy `<def>#<n>` (catalog `card_copy`). */
const CardCopyId = z
  .string()
  .regex(/^[a-z][a-z0-9_]*#[1-9][0-9]*$/)
  .meta({ description: "an Action Card copy `<def>#<n>` (catalog card_copy)" });
/** The name of an effect of a card (catalog `effect` entry's name). */
const EffectName = z.enum(nonEmpty(Object.values(CARDS).flatMap((d) => d.effects.map((e) => e.name))));
/** The name of a start-/end-of-turn passive (catalog `passive` entry's name). */
const passiveNames = (which: "startOfTurn" | "endOfTurn") => z.enum(nonEmpty(Object.values(ARTISTS).flatMap((a) => (a[which] ? [a[which]!.name] : []))));
/** A React Chain slot (1-5). */
const ChainSlot = z.number().int().min(1).max(5);

/** Why a part of an effect could not resolve (catalog `fizzle`). */
export const FIZZLE_REASONS = [
  "not_inked",
  "no_adjacent_unit",
  "no_unit_to_swap",
  "no_unit_in_zone",
  "armament_off_board",
  "no_armament_zone",
  "no_summon_available",
  "summon_failed",
  "no_ink",
  "no_scale",
  "one_tile_per_zone",
  "other_artists_tile",
  "no_mural",
  "zone_already_blocked",
  "no_block",
  "no_unit",
] as const;

// ------------------------------------------------------------------ events

/** Every event the engine emits (each one strict: a new field must be declared here). */
export const EventSchema = z.discriminatedUnion("type", [
  // Turn structure
  eventType("turn_start", { seat: Seat, turn: z.number().int().min(1) }),
  eventType("start_of_turn", { seat: Seat, name: passiveNames("startOfTurn") }),
  eventType("end_of_turn", { seat: Seat, name: passiveNames("endOfTurn") }),
  eventType("end_phase", { seat: Seat }),
  // Masterpiece
  eventType("mp_place", {
    seat: Seat,
    part: Part,
    slot: Slot,
    /** The opponent's part this placement replaced (absent: the slot was empty). */
    replaced: z.object({ seat: Seat, part: Part }).strict().optional(),
  }),
  eventType("mp_swap", { seat: Seat, a: Slot, b: Slot }),
  eventType("mp_pass", { seat: Seat }),
  eventType("ascend", { seat: Seat }),
  eventType("descend", { seat: Seat }),
  // Draw Phase
  eventType("draw", { seat: Seat }),
  /** Only to the drawer (`to: [seat]`). */
  eventType("drew", { seat: Seat, card: CardCopyId, to: z.array(SeatNo).length(1) }),
  eventType("draw_skipped", { seat: Seat, reason: z.enum(["hand_limit"]) }),
  eventType("deck_out", { seat: Seat }),
  // React Chain
  eventType("intention", { seat: Seat, card: CardId, name: EffectName, slot: ChainSlot, target: Zone.optional(), dir: Dir.optional() }),
  eventType("reaction", { seat: Seat, card: CardId, name: EffectName, slot: ChainSlot, target: Zone.optional(), dir: Dir.optional() }),
  eventType("pass", { seat: Seat }),
  eventType("resolve", { seat: Seat, card: CardId, name: EffectName, slot: ChainSlot }),
  eventType("fizzle", { seat: Seat, reason: z.enum(FIZZLE_REASONS) }),
  // Movement
  eventType("move", { seat: Seat, unit: UnitId, from: Zone, into: Zone }),
  eventType("jump", { seat: Seat, unit: UnitId, from: Zone, into: Zone }),
  eventType("move_failed", { seat: Seat, unit: UnitId, dir: Dir }),
  eventType("jump_failed", { seat: Seat, unit: UnitId, dir: Dir }),
  eventType("swap", { a: UnitId, b: UnitId }),
  eventType("swap_failed", { a: UnitId, b: UnitId }),
  eventType("armament", { seat: Seat, unit: UnitId, dir: Dir }),
  // Summons and damage
  eventType("summon", { seat: Seat, unit: UnitId, zone: Zone }),
  eventType("summon_removed", { seat: Seat, unit: UnitId, zone: Zone }),
  eventType("damage", { seat: Seat, unit: UnitId, zone: Zone, total: z.number().int().min(1).max(3) }),
  eventType("damage_miss", { zone: Zone }),
  eventType("blocked", { seat: Seat, zone: Zone }),
  // Tokens and Zone Tiles
  eventType("ink", { seat: Seat, unit: UnitId }),
  eventType("ink_returned", { seat: Seat, unit: UnitId }),
  eventType("scale", { seat: Seat, zone: Zone, count: z.number().int().min(1).max(3) }),
  eventType("scale_returned", { seat: Seat, zone: Zone, count: z.number().int().min(0).max(2) }),
  eventType("tile", { seat: Seat, kind: z.enum(["mural"]), zone: Zone }),
  eventType("tile_removed", { seat: Seat, zone: Zone }),
  eventType("mural_triggered", { seat: Seat, unit: UnitId, zone: Zone }),
  eventType("block", { seat: Seat, zone: Zone }),
  eventType("block_removed", { seat: Seat, zone: Zone }),
  // Exhaust, Refresh
  eventType("exhaust", { seat: Seat, unit: UnitId }),
  eventType("exhaust_ignored", { seat: Seat, unit: UnitId }),
  eventType("refresh", { seat: Seat, unit: UnitId }),
  // Ending the Game
  eventType("defeated", { seat: Seat }),
  eventType("tie", {}),
]);

export type ReactEvent = z.infer<typeof EventSchema>;

// ------------------------------------------------------------------ outcome

export { OUTCOME_REASONS, type OutcomeReason } from "./types.ts";

export const protocol: Protocol = { action: ActionSchema, event: EventSchema, outcomeReasons: OUTCOME_REASONS };
