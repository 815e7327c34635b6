/**
 * Schemas for client-supplied text in HTTP queries and path parameters. Every one refuses
 * control, invisible and bidi-override characters first (safeText: a 400 whose message names
 * the character), so such text never reaches a query: PostgreSQL refuses U+0000 with an error
 * that would otherwise be a 500. Not trimmed: a filter or a cursor is used exactly as sent.
 */
import { z } from "zod";
import { safeText } from "../../match/text.ts";

/** A free-text filter (e.g. a game id), 1..max characters. */
export function queryText(max: number) {
  return safeText({ min: 1, max, trim: false });
}

/** An opaque cursor (`next` of a previous page): clean text, then the store decodes it. */
export const cursorText = safeText({ min: 1, max: 200, trim: false });

/** A uuid (match or player id); `message` says which. */
export function uuidText(message: string) {
  return safeText({ max: 64, trim: false }).pipe(z.string().uuid(message));
}

/**
 * A whole number written in digits, min..max: `?step=` (empty), `1e3`, `-1`, ` 4` or `0x1` are
 * refused (400), not read as 0, 1000, -1 or 4 as `Number()` would.
 */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number written in digits")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}
