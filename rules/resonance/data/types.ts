/**
 * Resonance card data types (rulebook 2.3, 2.4, 3.1, Appendix A–D).
 * Pure data: no behaviour lives here; the engine interprets keywords by id.
 */

/** Colour code 0–9 (2.3): 0 Null, 1 Silver, 2 Yellow, 3 Green, 4 Black, 5 Orange, 6 White, 7 Red, 8 Blue, 9 Purple. */
export type Color = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** Category digit (2.3): .0 Flaw, .1 Gift, .2 Talent, .3 Quirk, .4 Boost, .5 Status, .6 Form, .7 Modifier, .8 Drive, .9 Unique. */
export type Category = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** A keyword id as printed, "C.D" (e.g. "1.8" is Brutal). */
export type KeywordId = `${Color}.${Category}`;

export interface KeywordDef {
  id: KeywordId;
  name: string;
  color: Color;
  category: Category;
  /** Appendix C text, verbatim from the rulebook (it is the rules, not card text). */
  text: string;
  /** Tag applied by this keyword (#.4 Boost, #.5 Status), Appendix D; else null. */
  tag: TagId | null;
}

export type TagKind = "boost" | "status";
/** Tag ids are the applying keyword's id (Appendix D: the tag's class comes from that number). */
export type TagId = KeywordId;
export interface TagDef {
  id: TagId;
  name: string;
  kind: TagKind;
  text: string;
}

/** Block Type 1..5 (2.4): 1 = #.1 & #.2, 2 = #.3 & #.4, 3 = #.5 & #.6, 4 = #.7 & #.8, 5 = #.9 & #.0. */
export type BlockType = 1 | 2 | 3 | 4 | 5;
/** One Codex Card per Keyword Block: 10 colours × 5 block types = 50 (3.1). Id: `codex-C-T`. */
export interface CodexCardDef {
  id: string;
  color: Color;
  block: BlockType;
  keywords: readonly [KeywordId, KeywordId];
}

export type FactionTemplate = "paragon" | "fallen" | "ascendant" | "complementary" | "opposed";

/** One printed card of a Faction Module. */
export interface AnimationCardDef {
  kind: "animation";
  /** Unique per printed card across the 50 modules: `m<module>-<slot>` (slot 0..9). */
  id: string;
  module: number;
  name: string;
  power: 1 | 2 | 3 | 4 | 5;
  focus: 1 | 2 | 3 | 4 | 5;
  keywords: readonly KeywordId[];
}
export interface ItemCardDef {
  kind: "item";
  id: string;
  module: number;
  name: string;
  /** Cost = Power (Appendix A). */
  power: 1 | 2 | 3;
  keywords: readonly KeywordId[];
}
export type CardDef = AnimationCardDef | ItemCardDef;

/** A 10-card Faction Module (Appendix B, numbered 1..50). */
export interface FactionModuleDef {
  number: number;
  name: string;
  template: FactionTemplate;
  /** Single-colour modules: [C]; two-colour factions: [C1 primary, C2 secondary]. */
  colors: readonly Color[];
  cards: readonly CardDef[];
}
