/**
 * One engine's protocol as the JSON Schema document the server serves
 * (`GET /api/games/:game/protocol`), its branches described from the engine's catalog.
 */
import { z } from "zod";
import type { AnyEngine } from "./engine.ts";
import { outcomeSchema } from "./protocol.ts";
import { refSchema } from "./refs.ts";

export interface ProtocolDocument {
  game: string;
  version: string;
  /** JSON Schema (draft 2020-12) of one action, as sent in `act` `{ id, action }`. */
  action: object;
  /** JSON Schema of one event, as found in an `events` message's `events` array. */
  event: object;
  /** JSON Schema of the outcome (`finished.outcome`, the state's `result`). */
  outcome: object;
  /** JSON Schema of one Ref (refs.ts), as found in a seat's `refs`: what a legal decision involves. */
  ref: object;
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
    ref: toJson(refSchema),
  };
}
