/**
 * Player names. Registered usernames are `[A-Za-z0-9_-]{3,24}` (server/store/players.ts
 * USERNAME). Guest display names carry the guest mark `~` as a prefix, so a guest can never
 * show up under a registered player's name: `~Ada` is not a valid username.
 */
import { z } from "zod";
import { safeText, unsafeCharMessage } from "./text.ts";

export const GUEST_MARK = "~";
/** Longest guest name, not counting the mark. */
export const GUEST_NAME_MAX = 24;

/**
 * The display name of a guest called `name`: trimmed, with the guest mark in front (a name
 * that already starts with the mark is not marked twice). Does not validate: check the name
 * first (guestNameSchema, or safeText) where it comes from a client.
 */
export function guestDisplayName(name: string): string {
  const trimmed = name.trim();
  return trimmed.startsWith(GUEST_MARK) ? trimmed : `${GUEST_MARK}${trimmed}`;
}

/**
 * A client-sent guest name: trimmed, 1-24 characters not counting a leading mark, no control,
 * invisible, bidi-override or non-characters (safeText). Parses to the marked display name.
 */
export const guestNameSchema = z
  .string()
  .transform((s) => {
    const trimmed = s.trim();
    return trimmed.startsWith(GUEST_MARK) ? trimmed.slice(GUEST_MARK.length) : trimmed;
  })
  .pipe(safeText({ min: 1, max: GUEST_NAME_MAX }))
  .superRefine((bare, ctx) => {
    const message = unreadableName(bare);
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((bare) => `${GUEST_MARK}${bare}`);

/**
 * Why a name would not read as one, or null: it must show at least one letter, digit, symbol or
 * punctuation mark, and no character may carry more than 4 combining marks (a name under a
 * stack of accents draws over its neighbours' lines).
 */
export function unreadableName(name: string): string | null {
  if (!/[\p{L}\p{N}\p{S}\p{P}]/u.test(name)) return "must show at least one letter, digit or symbol";
  if (/\p{M}{5,}/u.test(name)) return "must not stack more than 4 combining marks on one character";
  return null;
}

/** C0/C1 control characters (NUL, tab, newline, escape...), DEL, and lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: names holding them are refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;

/**
 * A password: anything printable (spaces, symbols, any script, emoji with joiners) but no
 * control character or lone surrogate (those cannot be typed, and a lone surrogate would
 * hash like U+FFFD). Not trimmed.
 */
export function passwordSchema(min: number, max: number) {
  return z
    .string()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .superRefine((value, ctx) => {
      const m = CONTROL.exec(value);
      if (m) {
        const code = `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
        ctx.addIssue({ code: "custom", message: `must not contain control characters (found ${code})` });
      }
    });
}

/** A login name as typed (not trimmed): 1-64 characters, no control/invisible/bidi characters. */
export const loginNameSchema = z
  .string()
  .min(1)
  .max(64)
  .superRefine((value, ctx) => {
    const message = unsafeCharMessage(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });
