/**
 * Client-supplied text, checked at the door. PostgreSQL refuses U+0000 in text (a finished
 * match with such a name could never be stored), C0/C1 control characters corrupt logs and
 * terminals, and bidirectional overrides (U+202E...) make a name display as something else.
 * Every string a client sends that the server keeps, logs or queries with goes through
 * `safeText` (zod) or `unsafeCharIn` (anything else).
 */
import { z } from "zod";

/**
 * C0 controls (tab, newline included: no field here is multi-line), DEL, C1 controls, the
 * bidi embeddings/overrides/isolates and marks, the zero-width space and invisible formatting
 * characters, the line/paragraph separators, BOM, and lone surrogates (not valid UTF-8).
 * Also the characters that are letters to Unicode but draw nothing (the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0 and the blank Braille pattern U+2800), a favourite for names that
 * look empty. And the 66 non-characters (U+FDD0-U+FDEF, and the last two code points of every
 * plane: U+FFFE, U+FFFF ... U+10FFFF), which Unicode reserves for a program's internal use:
 * no font draws them. The zero-width (non-)joiners U+200C/U+200D stay allowed: Persian and
 * Indic names and emoji sequences (👨‍👩‍👧) need them.
 */
const NONCHARACTERS = `\\ufdd0-\\ufdef${Array.from({ length: 17 }, (_, plane) => `\\u{${(plane * 0x10000 + 0xfffe).toString(16)}}-\\u{${(plane * 0x10000 + 0xffff).toString(16)}}`).join("")}`;
const UNSAFE = new RegExp(
  `[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u115f\\u1160\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u2800\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb${NONCHARACTERS}]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
  "u",
);

/** The first forbidden character of `text` as `U+XXXX`, or null when the text is clean. */
export function unsafeCharIn(text: string): string | null {
  const m = UNSAFE.exec(text);
  if (!m) return null;
  return `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** The message a refused text gets; names the character so a client developer can find it. */
export function unsafeCharMessage(text: string): string | null {
  const ch = unsafeCharIn(text);
  return ch ? `must not contain control, invisible, bidirectional-override or non-characters (found ${ch})` : null;
}

/** A string schema refusing unsafe characters, trimmed, with length bounds (in UTF-16 units). */
export function safeText(opts: { min?: number; max: number; trim?: boolean }) {
  let s = z.string();
  if (opts.trim !== false) s = s.trim();
  if (opts.min !== undefined) s = s.min(opts.min);
  return s.max(opts.max).superRefine((value, ctx) => {
    const message = unsafeCharMessage(value);
    if (message) ctx.addIssue({ code: "custom", message });
  });
}

/**
 * Keys no client object may carry. `JSON.parse` keeps `"__proto__"` as an own key, and a copy
 * of it key by key (`Object.assign`, Colyseus' option merge) makes its value the copy's
 * prototype: options that no check of own keys sees, read as if the client had sent them.
 * `constructor` and `prototype` reach the same machinery by other paths.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The message a reserved key gets. */
export function reservedKeyMessage(key: string): string {
  return `the key "${key}" is not accepted (__proto__, constructor and prototype are reserved)`;
}

/**
 * The first unsafe character anywhere in a JSON-like value (strings and object keys, at any
 * depth), or a reserved key (RESERVED_KEYS), as "<path>: <message>", or null. For client
 * payloads whose strings are not all typed one by one (join options, game actions): nothing
 * with such a character or key gets in.
 */
export function unsafeTextIn(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") {
    const message = unsafeCharMessage(value);
    return message ? `${path || "value"} ${message}` : null;
  }
  if (value === null || typeof value !== "object" || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unsafeTextIn(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (RESERVED_KEYS.has(key)) return `${path || "value"}: ${reservedKeyMessage(key)}`;
    const keyMessage = unsafeCharMessage(key);
    if (keyMessage) return `a key in ${path || "value"} ${keyMessage}`;
    const found = unsafeTextIn(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}
