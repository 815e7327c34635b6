/**
 * Resonance Codex Cards (rule 2.4, 3.1, 3.3): one card per Keyword Block, 10 colours × 5 Block
 * Types = 50. Block Type T pairs the colour's keywords #.(2T-1) and #.(2T mod 10):
 * 1 = #.1 & #.2, 2 = #.3 & #.4, 3 = #.5 & #.6, 4 = #.7 & #.8, 5 = #.9 & #.0.
 */
import { ErrorCodes, RuleError } from "../../core/errors.ts";
import type { BlockType, CodexCardDef, Color, KeywordId } from "./types.ts";

export const COLORS: readonly Color[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
export const BLOCK_TYPES: readonly BlockType[] = [1, 2, 3, 4, 5];
/** Colour names of rule 2.3, indexed by colour code. */
export const COLOR_NAMES: readonly string[] = ["Null", "Silver", "Yellow", "Green", "Black", "Orange", "White", "Red", "Blue", "Purple"];

/** The two keyword ids of Block Type `block` of colour `color` (rule 2.4). */
export function blockKeywords(color: Color, block: BlockType): readonly [KeywordId, KeywordId] {
  const a = 2 * block - 1;
  const b = (2 * block) % 10;
  return [`${color}.${a}` as KeywordId, `${color}.${b}` as KeywordId];
}

export function codexId(color: Color, block: BlockType): string {
  return `codex-${color}-${block}`;
}

export const CODEX: readonly CodexCardDef[] = Object.freeze(
  COLORS.flatMap((color) => BLOCK_TYPES.map((block): CodexCardDef => ({ id: codexId(color, block), color, block, keywords: blockKeywords(color, block) }))),
);

const BY_ID: ReadonlyMap<string, CodexCardDef> = new Map(CODEX.map((c) => [c.id, c]));

/** The Codex Card with this id (`codex-<C>-<T>`), or undefined. */
export function codexById(id: string): CodexCardDef | undefined {
  return BY_ID.get(id);
}

/** The Codex Card holding keyword `id` (every keyword is on exactly one block). */
export function codexOfKeyword(id: KeywordId): CodexCardDef {
  const [c, d] = id.split(".").map(Number);
  const block = (d === 0 ? 5 : Math.ceil(d / 2)) as BlockType;
  return BY_ID.get(codexId(c as Color, block))!;
}

/** Rule 3.3.2: the Primary Color's Block Type 1 Codex Card (keywords #.1 and #.2), active from the start. */
export function primaryBlock(color: Color): CodexCardDef {
  return BY_ID.get(codexId(color, 1))!;
}

function isColor(c: unknown): c is Color {
  return typeof c === "number" && Number.isInteger(c) && c >= 0 && c <= 9;
}

/**
 * Rule 3.3.3: the 14 Codex Cards a Personal Codex Deck may be chosen from — Block Types 2–5 of
 * the Primary Color and all five blocks of each of the two Secondary Colors, in CODEX order.
 * Throws RuleError `bad_seat_config` unless `primary` and the two `secondaries` are three
 * different colour codes 0–9.
 */
export function codexPool(primary: Color, secondaries: readonly Color[]): readonly CodexCardDef[] {
  if (!isColor(primary) || secondaries.length !== 2 || !secondaries.every(isColor)) {
    throw new RuleError(ErrorCodes.badSeatConfig, "a Codex pool needs a Primary Color and exactly two Secondary Colors, each a colour code 0-9 (rule 3.3)");
  }
  if (new Set([primary, ...secondaries]).size !== 3) {
    throw new RuleError(ErrorCodes.badSeatConfig, "the Primary Color and the two Secondary Colors must be three different colours (rule 3.3)");
  }
  return CODEX.filter((c) => (c.color === primary && c.block !== 1) || secondaries.includes(c.color));
}
