/**
 * What a legal decision involves, for clients that let a player act on the table itself (click a
 * card, a slot, a player, a board cell) rather than pick a sentence from a list. Engines build
 * refs only from the action (one of the seat's own legal ones) and from what that seat may see,
 * so they are as leak-safe as `legal` and `describe` (strongLeakCheck.ts compares them across
 * re-deals of what the seat cannot see).
 */
import { z } from "zod";

/**
 * One thing a decision involves:
 * - `card`: a card or unit, by the id the seat's own view shows it under (a hand card, a card on
 *   the table, a face-up damage card...);
 * - `seat`: a player as a whole (their area, e.g. "drain Player 2", "Player 1 goes first");
 * - `zone`: a place that has no card id of its own, of a seat or shared (`seat` absent): a deck, a
 *   numbered slot (`index`, 0-based), a Muse...; its names are listed in each game's docs;
 * - `cell`: a cell of a board grid, by its index (row * width + column, as in the game's state).
 */
export type Ref = { kind: "card"; id: string } | { kind: "seat"; seat: number } | { kind: "zone"; zone: string; seat?: number; index?: number } | { kind: "cell"; cell: number };

export const refSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("card"), id: z.string().min(1).describe("the id the seat's view shows the card or unit under") }).strict(),
  z.object({ kind: z.literal("seat"), seat: z.number().int().min(0).describe("a player as a whole") }).strict(),
  z
    .object({
      kind: z.literal("zone"),
      zone: z.string().min(1).describe("the place's name (see the game's docs)"),
      seat: z.number().int().min(0).optional().describe("whose place; absent: shared"),
      index: z.number().int().min(0).optional().describe("a numbered slot in it, 0-based"),
    })
    .strict(),
  z.object({ kind: z.literal("cell"), cell: z.number().int().min(0).describe("a board cell: row * width + column") }).strict(),
]);

/** Refs of one decision, deduplicated, in first-mention order. */
export function uniqueRefs(refs: readonly (Ref | null | undefined)[]): Ref[] {
  const seen = new Set<string>();
  const out: Ref[] = [];
  for (const r of refs) {
    if (!r) continue;
    const key = JSON.stringify(r);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

export const card = (id: string | null | undefined): Ref | null => (id ? { kind: "card", id } : null);

/** Every string and number found anywhere in a view (ids a ref may name). */
export function viewTokens(view: unknown): Set<string | number> {
  const out = new Set<string | number>();
  const walk = (v: unknown): void => {
    if (typeof v === "string" || typeof v === "number") out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
  };
  walk(view);
  return out;
}

/**
 * Why `ref` cannot be found in `view` (the seat's own view), or null when it can: a card id must
 * appear in the view, a seat must exist. Zones and cells are checked by each game's own test.
 */
export function refProblem(ref: Ref, tokens: Set<string | number>, seatCount: number): string | null {
  const parsed = refSchema.safeParse(ref);
  if (!parsed.success) return `malformed ref ${JSON.stringify(ref)}`;
  if (ref.kind === "card" && !tokens.has(ref.id)) return `card ${ref.id} is not in the seat's view`;
  if (ref.kind === "seat" && ref.seat >= seatCount) return `seat ${ref.seat} does not exist`;
  if (ref.kind === "zone" && ref.seat !== undefined && ref.seat >= seatCount) return `zone of seat ${ref.seat} does not exist`;
  return null;
}
