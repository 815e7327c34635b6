/**
 * A game's wire protocol as data: the zod schemas of every action a seat may send, every event
 * the engine emits and every outcome reason it gives. The server serves them as JSON Schema
 * (`GET /api/games/:game/protocol`), the client typings are inferred from them, and the docs'
 * action and event tables are generated from them, so the three cannot drift apart.
 */
import { z } from "zod";

export interface Protocol {
  /** Every action a seat may send: the same schemas `parseAction` checks. */
  action: z.ZodType;
  /** Every event the engine emits, a union on `type` (each object strict: a new field must be declared). */
  event: z.ZodType;
  /** Every `outcome.reason` the engine gives (snake_case ids, listed in the catalog's `outcome` section). */
  outcomeReasons: readonly [string, ...string[]];
}

/** A seat number in events (0-based). */
export const SeatNo = z.number().int().min(0).max(7);

/**
 * One event type: `{ type, seat?, to?, ...fields }`, strict. `seat` is whom it is about; `to`
 * restricts who may see it (absent: public). What it means is the catalog's `event` entry of
 * the same id (added to the JSON Schema as its description).
 */
export function eventType<T extends string, S extends z.ZodRawShape>(type: T, fields: S) {
  return z.object({ type: z.literal(type), seat: SeatNo.optional(), to: z.array(SeatNo).optional(), ...fields }).strict();
}

/** The union of a game's action schemas (a per-type table, as the engines keep them). */
export function actionUnion(schemas: Readonly<Record<string, z.ZodType | readonly z.ZodType[]>>): z.ZodType {
  const all = Object.values(schemas).flatMap((s) => (Array.isArray(s) ? (s as z.ZodType[]) : [s as z.ZodType]));
  return z.union(all as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** `{ ranks, reason }` with the game's reasons. */
export function outcomeSchema(reasons: Protocol["outcomeReasons"]) {
  return z
    .object({
      ranks: z.array(z.number().int().min(1)).meta({ description: "rank per seat: 1 is best, equal ranks tie" }),
      reason: z.enum(reasons as [string, ...string[]]),
    })
    .strict();
}
