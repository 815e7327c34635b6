/**
 * What clients send a game room, as the room accepts it: create and join options, the `act`
 * envelope, and the codes of the rejections the room itself gives (engines add their own).
 */
import { canonicalJson } from "../rules/core/hash.ts";
import { BOT_LEVELS } from "../rules/core/botMatch.ts";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { AnyEngine } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import { guestNameSchema } from "../match/names.ts";
import { MatchErrorCodes, type RequestId } from "../match/matchRoom.ts";
import { NO_CHOICE } from "../match/seatStops.ts";
import { unsafeTextIn } from "../match/text.ts";

/** Rejection codes the room itself produces; engines add their own (`not_your_turn`, `illegal_move`, ...). */
export const RoomErrorCodes = {
  payloadTooLarge: "payload_too_large",
  badMessage: "bad_message",
  wrongSeat: "wrong_seat",
  ...MatchErrorCodes,
} as const;

export interface Rejection {
  id: RequestId;
  code: string;
  message: string;
}

/** The stops a seat may ask for: match/seatStops.ts. */
export { NO_CHOICE };

/** The stop names `engine` knows: "no_choice", then its "pass until" stops. */
export function stopNames(engine: AnyEngine): [string, ...string[]] {
  return [NO_CHOICE, ...Object.keys(engine.passStops ?? {})];
}

/** Stops as a client sends them, checked against the game with checkStops. */
const stopsSchema = z.array(z.string().max(40)).max(8);

/** Why these stops cannot be the seat's (null: they can); duplicates are fine. */
export function checkStops(engine: AnyEngine, stops: readonly string[]): string | null {
  const known = stopNames(engine);
  const unknown = stops.find((s) => !known.includes(s));
  if (unknown !== undefined) return `unknown stop "${unknown}": this game's are ${known.map((s) => `"${s}"`).join(", ")}`;
  if (new Set(stops.filter((s) => s !== NO_CHOICE)).size > 1) return 'at most one "pass until" stop at a time';
  return null;
}

/** The `rematch` message: accept (or take back) a rematch once a casual match is over. */
export const rematchMessageSchema = z.object({ id: z.union([z.string().max(64), z.number().int()]).optional(), accept: z.boolean() }).strict();

/** The `stops` message: the seat's stops from now on (an empty list: none). */
export const stopsMessageSchema = z.object({ id: z.union([z.string().max(64), z.number().int()]).optional(), stops: stopsSchema }).strict();

/**
 * Bounds of `fillBotsAfterMs` (rooms/botFill.ts): long enough for a person to find the room,
 * short enough that the room does not sit waiting for a wish nobody remembers.
 */
export const FILL_BOTS_MIN_MS = 1_000;
export const FILL_BOTS_MAX_MS = 600_000;

/**
 * Casual rooms: bots of `fillBotLevel` (default `easy`) take the seats still empty
 * `fillBotsAfterMs` after the first person sat down (rooms/botFill.ts). Checked at join too, so a
 * joinOrCreate with a bad value is refused whether it creates or joins.
 */
const fillBotsOptions = {
  fillBotsAfterMs: z
    .number({ error: "fillBotsAfterMs must be a whole number of milliseconds" })
    .int("fillBotsAfterMs must be a whole number of milliseconds")
    .min(FILL_BOTS_MIN_MS, `fillBotsAfterMs must be at least ${FILL_BOTS_MIN_MS}`)
    .max(FILL_BOTS_MAX_MS, `fillBotsAfterMs must be at most ${FILL_BOTS_MAX_MS}`)
    .optional(),
  fillBotLevel: z.enum(BOT_LEVELS, { error: `fillBotLevel must be one of ${BOT_LEVELS.join(", ")}` }).optional(),
};

export const createOptionsSchema = z
  .object({
    mode: z.enum(["casual", "ranked"]).default("casual"),
    config: z.unknown().optional(),
    /** Casual rooms: how many seats (the last ones) server-side bots take. */
    bots: z.number().int().min(0).max(16).optional(),
    /**
     * Casual rooms with bots: how well they play, one level for every bot seat or one per bot seat
     * (in seat order). `easy`: a uniform pick among the legal decisions; `normal`: a search from the
     * seat's own view (rules/core/search.ts). Default `easy`.
     */
    botLevel: z.union([z.enum(BOT_LEVELS), z.array(z.enum(BOT_LEVELS)).min(1).max(16)]).optional(),
    ...fillBotsOptions,
    ranked: z
      .object({
        ticket: z.string(),
        group: z.number().int(),
        players: z.array(z.object({ playerId: z.string().min(1), username: z.string().min(1).max(64) })).min(1),
      })
      .optional(),
  })
  .passthrough();

export const joinOptionsSchema = z
  .object({
    /** Casual seats are guests': the name is shown with the guest mark (`~Ada`). */
    name: guestNameSchema.optional(),
    seat: z.unknown().optional(),
    /** Watch the match instead of taking a seat: the public state and public events only. */
    spectate: z.boolean().optional(),
    /** The seat's stops (STOPS), off by default. */
    stops: stopsSchema.optional(),
    ...fillBotsOptions,
  })
  .passthrough();

/** A join's options, checked; a RuleError("bad_seat_config") refuses the join with the reason. */
export function parseJoinOptions(engine: AnyEngine, options: unknown): z.infer<typeof joinOptionsSchema> {
  const unsafe = unsafeTextIn(options);
  if (unsafe) throw new RuleError("bad_seat_config", `bad join options: ${unsafe}`);
  const opts = joinOptionsSchema.safeParse(options ?? {});
  if (!opts.success) throw new RuleError("bad_seat_config", `bad join options: ${opts.error.issues[0]?.message}`);
  const wrongStops = opts.data.stops ? checkStops(engine, opts.data.stops) : null;
  if (wrongStops) throw new RuleError("bad_seat_config", `bad join options: ${wrongStops}`);
  return opts.data;
}

export const actEnvelope = z.object({
  id: z.union([z.string().max(64), z.number().int()]).optional(),
  seat: z.number().int().optional(),
  action: z.unknown(),
});

/** JSON size of a payload in bytes; unserialisable (cyclic...) counts as too large. */
export function byteLength(payload: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(payload) ?? "");
  } catch {
    return Number.POSITIVE_INFINITY; // cyclic or unserialisable: refuse
  }
}

/**
 * The key rooms of one game configuration share: the canonical JSON of the engine's parsed
 * config (so `{}` and the explicit defaults are the same key); a config the engine refuses
 * gets a key no room has, so joinOrCreate creates, and the create reports the error.
 */
export function configKey(engine: AnyEngine, config: unknown): string {
  try {
    return canonicalJson(engine.parseConfig(config ?? {}));
  } catch {
    return `invalid:${randomUUID()}`;
  }
}

/** Join options that ask to watch (checked fully by parseJoinOptions in join). */
export function wantsToWatch(options: unknown): boolean {
  return typeof options === "object" && options !== null && (options as { spectate?: unknown }).spectate === true;
}
