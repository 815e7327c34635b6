/**
 * The SolRei action schemas, one list per action type (what `parseAction` in index.ts accepts;
 * protocol.ts serves their union). In their own module so that protocol.ts and index.ts can
 * both import them without an import cycle.
 */
import { z } from "zod";

export const Src = z.string().regex(/^(h:p[01]-(10|[2-9JQKA])[SHDC]|d:\d{1,2})$/, "a Rei source is h:<cardId> or d:<damageIndex>");
export const CardIdSchema = z.string().regex(/^p[01]-(10|[2-9JQKA])[SHDC]$/, "a card id looks like p0-10H");
export const ACTION_SCHEMAS: Record<string, z.ZodType[]> = {
  choose_first: [z.object({ type: z.literal("choose_first"), seat: z.union([z.literal(0), z.literal(1)]) }).strict()],
  keep: [z.object({ type: z.literal("keep") }).strict()],
  mulligan: [z.object({ type: z.literal("mulligan") }).strict()],
  place: [z.object({ type: z.literal("place"), card: CardIdSchema }).strict()],
  confirm: [z.object({ type: z.literal("confirm") }).strict()],
  pass: [z.object({ type: z.literal("pass") }).strict()],
  // Two shapes, so the JSON Schema and the client type say it too: a slot for an Art, none otherwise.
  activate: [
    z.object({ type: z.literal("activate"), source: z.enum(["muse", "advantage"]) }).strict(),
    z.object({ type: z.literal("activate"), source: z.literal("art"), slot: z.number().int().min(0).max(3) }).strict(),
  ],
  rei: [z.object({ type: z.literal("rei"), source: Src }).strict()],
  filter: [z.object({ type: z.literal("filter"), sources: z.tuple([Src, Src]) }).strict()],
  block: [z.object({ type: z.literal("block"), source: Src }).strict()],
  take: [z.object({ type: z.literal("take"), from: z.literal("deck") }).strict(), z.object({ type: z.literal("take"), from: z.literal("hand"), card: CardIdSchema }).strict()],
  select: [z.object({ type: z.literal("select"), choice: z.string().min(1).max(40) }).strict()],
};
