/**
 * The keyword registry: every implemented keyword id -> its hooks (see hooks.ts).
 * Add a file exporting `KeywordHooks[]` and spread it into FILES; an id may be registered once.
 */
import type { KeywordHooks } from "./hooks.ts";
import type { KeywordId } from "../types.ts";
import { BASE_KEYWORDS } from "./base.ts";
import { MORE_KEYWORDS } from "./more.ts";

/**
 * The 20 Tag keywords (#.4 Boost, #.5 Status) need no hook: the engine applies the Tag
 * generically (4.4) — to the actor (#.4) or the target (#.5) of a successful attack,
 * and to the target or actor of a Support as its controller chooses.
 */
const TAG_KEYWORDS: KeywordHooks[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((c) => [{ id: `${c}.4` as KeywordId }, { id: `${c}.5` as KeywordId }]);

const FILES: readonly (readonly KeywordHooks[])[] = [TAG_KEYWORDS, BASE_KEYWORDS, MORE_KEYWORDS];

export const HOOKS: ReadonlyMap<KeywordId, KeywordHooks> = (() => {
  const m = new Map<KeywordId, KeywordHooks>();
  for (const list of FILES) {
    for (const h of list) {
      if (m.has(h.id)) throw new Error(`keyword ${h.id} registered twice`);
      m.set(h.id, h);
    }
  }
  return m;
})();

/** Keyword ids the engine implements (registered). */
export function implementedKeywords(): KeywordId[] {
  return [...HOOKS.keys()].sort();
}
