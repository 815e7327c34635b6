/**
 * The card catalogue the engine reads: the 50 Faction Modules and 50 Codex cards of `data/`,
 * indexed for fast lookup.
 */
import type { BlockType, CardDef, CodexCardDef, Color, FactionModuleDef, KeywordId } from "./data/types.ts";
import { CODEX as DATA_CODEX, MODULES } from "./data/index.ts";

export const COLORS: readonly Color[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
export const BLOCK_KEYWORDS: Record<BlockType, readonly [number, number]> = { 1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8], 5: [9, 0] };

export function kw(color: number, category: number): KeywordId {
  return `${color}.${category}` as KeywordId;
}
export function kwColor(id: KeywordId): Color {
  return Number(id[0]) as Color;
}
export function kwCategory(id: KeywordId): number {
  return Number(id[2]);
}

/** The 50 Codex cards (2.4): `codex-C-T`. */
export const CODEX: readonly CodexCardDef[] = DATA_CODEX;
export const CODEX_BY_ID: ReadonlyMap<string, CodexCardDef> = new Map(CODEX.map((c) => [c.id, c]));

let modules: readonly FactionModuleDef[] = MODULES;
let cardIndex = new Map<string, CardDef>(modules.flatMap((m) => m.cards.map((c) => [c.id, c] as const)));

/** Replaces the module list (used when the transcribed data is wired in). */
export function useModules(list: readonly FactionModuleDef[]): void {
  modules = list;
  cardIndex = new Map(list.flatMap((m) => m.cards.map((c) => [c.id, c] as const)));
}

export function allModules(): readonly FactionModuleDef[] {
  return modules;
}
export function moduleByNumber(n: number): FactionModuleDef | undefined {
  return modules.find((m) => m.number === n);
}
export function card(id: string): CardDef {
  const c = cardIndex.get(id);
  if (!c) throw new Error(`unknown card ${id}`);
  return c;
}
export function isCard(id: string): boolean {
  return cardIndex.has(id);
}

/** Test fixtures only: registers extra printed cards (not in any module, so never drafted). */
export function addFixtureCards(list: readonly CardDef[]): void {
  for (const c of list) cardIndex.set(c.id, c);
}
