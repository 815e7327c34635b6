/**
 * A game's wire protocol as data: the zod schemas of every action a seat may send, every event
 * the engine emits and every outcome reason it gives. The server serves them as JSON Schema
 * (`GET /api/games/:game/protocol`), the client typings are inferred from them, and the docs'
 * action and event tables are generated from them, so the three cannot drift apart.
 */
import { z } from "zod";
import type { AnyEngine } from "./engine.ts";

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

export interface ProtocolDocument {
  game: string;
  version: string;
  /** JSON Schema (draft 2020-12) of one action, as sent in `act` `{ id, action }`. */
  action: object;
  /** JSON Schema of one event, as found in an `events` message's `events` array. */
  event: object;
  /** JSON Schema of the outcome (`finished.outcome`, the state's `result`). */
  outcome: object;
}

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });

/** Sets each union branch's `description` from the catalog section of its `type` (the meaning lives in one place). */
function describeBranches(schema: Record<string, unknown>, texts: Readonly<Record<string, { name: string; text: string }>> | undefined) {
  const branches = (schema.oneOf ?? schema.anyOf ?? []) as Record<string, unknown>[];
  for (const b of branches) {
    const type = (b.properties as { type?: { const?: string } } | undefined)?.type?.const;
    const entry = type ? texts?.[type] : undefined;
    if (entry) Object.assign(b, { title: entry.name, description: entry.text });
  }
  return schema;
}

/**
 * The JSON Schema document of one engine's protocol (what `GET /api/games/:game/protocol`
 * serves, with the room's messages added by rooms/messages.ts); action and event branches carry
 * the catalog's name and text of their type. `extraReasons`: outcome reasons the room adds.
 */
export function protocolDocument(engine: AnyEngine, extraReasons: readonly string[] = []): ProtocolDocument {
  if (!engine.protocol) throw new Error(`${engine.game} has no protocol()`);
  const p = engine.protocol();
  const sections = engine.catalog?.().sections;
  const outcome = toJson(outcomeSchema([...p.outcomeReasons, ...extraReasons] as [string, ...string[]]));
  return {
    game: engine.game,
    version: engine.version,
    action: describeBranches(toJson(p.action), sections?.action),
    event: describeBranches(toJson(p.event), sections?.event),
    outcome,
  };
}
