/**
 * Resonance Faction Modules (Appendix B): 50 modules of 10 printed cards each (500 cards).
 *
 * Every module follows one of five templates (6 Animation rows, then 4 Item rows). The keyword
 * lists are the populated lists of Appendix B as printed (`moduleSource.ts`, generated), which
 * deviate from their template's category pattern in a few places (RULINGS-data.md, RD3); the
 * printed list is followed. The "(None)" P4/F5 row is a printed Animation with Power 4,
 * Focus 5 and no keywords (RD1). Card names are original to this project.
 */
import { COLOR_NAMES } from "./codex.ts";
import { MODULE_SOURCE } from "./moduleSource.ts";
import type { AnimationCardDef, CardDef, Category, Color, FactionModuleDef, FactionTemplate, ItemCardDef } from "./types.ts";

/** One keyword slot of a template row: the category digit, and for two-colour templates which colour (1 = C1 primary, 2 = C2 secondary). */
export interface TemplateSlot {
  side: 1 | 2;
  category: Category;
}
export type TemplateRow =
  | { kind: "animation"; power: 1 | 2 | 3 | 4 | 5; focus: 1 | 2 | 3 | 4 | 5; slots: readonly TemplateSlot[] }
  | { kind: "item"; power: 1 | 2 | 3; slots: readonly TemplateSlot[] };

const P = (...cats: Category[]): TemplateSlot[] => cats.map((category) => ({ side: 1, category }));
/** "1.4" = C1.#.4, "2.7" = C2.#.7 (Appendix B two-colour notation). */
const S = (...codes: `${1 | 2}.${Category}`[]): TemplateSlot[] =>
  codes.map((c) => ({ side: Number(c[0]) as 1 | 2, category: Number(c[2]) as Category }));
const anim = (power: 1 | 2 | 3 | 4 | 5, focus: 1 | 2 | 3 | 4 | 5, slots: TemplateSlot[]): TemplateRow => ({ kind: "animation", power, focus, slots });
const item = (power: 1 | 2 | 3, slots: TemplateSlot[]): TemplateRow => ({ kind: "item", power, slots });

/** Appendix B "Faction Module Templates", row by row (P4/F5 "(None)": no keyword slots, RD1). */
export const TEMPLATES: Readonly<Record<FactionTemplate, readonly TemplateRow[]>> = {
  paragon: [
    anim(1, 1, P(0, 1)), anim(2, 2, P(2)), anim(3, 3, P(3, 7)), anim(4, 5, []), anim(4, 4, P(4, 5, 6)), anim(5, 4, P(8, 9)),
    item(1, P(4)), item(2, P(5)), item(3, P(1, 2, 3)), item(3, P(6, 7, 8)),
  ],
  fallen: [
    anim(1, 1, P(0, 1)), anim(2, 2, P(0, 1, 2)), anim(3, 3, P(3, 4)), anim(4, 5, []), anim(4, 4, P(6, 7, 8)), anim(5, 4, P(5, 9)),
    item(1, P(0, 5)), item(2, P(4, 1)), item(3, P(2, 3, 4)), item(3, P(5, 6, 7)),
  ],
  ascendant: [
    anim(1, 1, P(0, 2)), anim(2, 2, P(8)), anim(3, 3, P(3, 6)), anim(4, 5, []), anim(4, 4, P(2, 7, 8)), anim(5, 4, P(1, 9)),
    item(1, P(7)), item(2, P(0, 8)), item(3, P(3, 4, 5)), item(3, P(1, 6, 9)),
  ],
  complementary: [
    anim(1, 1, S("1.1", "1.2")), anim(2, 2, S("2.3")), anim(3, 3, S("1.4", "2.7")), anim(4, 5, []), anim(4, 4, S("1.5", "2.6", "1.8")), anim(5, 4, S("1.1", "2.9")),
    item(1, S("1.4")), item(2, S("2.5")), item(3, S("1.2", "2.3", "1.6")), item(3, S("2.7", "1.8", "2.9")),
  ],
  opposed: [
    anim(1, 1, S("1.0", "2.1")), anim(2, 2, S("1.8")), anim(3, 3, S("2.3", "1.5")), anim(4, 5, []), anim(4, 4, S("2.2", "1.6", "2.7")), anim(5, 4, S("1.0", "2.9")),
    item(1, S("1.0")), item(2, S("2.7")), item(3, S("1.1", "2.4", "1.5")), item(3, S("2.3", "1.6", "2.8")),
  ],
};

// ---------- original card names ----------
/** One descriptive word per colour, used to name that colour's cards. */
const COLOR_WORD: readonly string[] = ["Hollow", "Argent", "Gilded", "Verdant", "Umbral", "Cogwork", "Lumen", "Crimson", "Cobalt", "Veiled"];
/** A second word per colour, used as the secondary colour of two-colour factions. */
const COLOR_NOUN: readonly string[] = ["Void", "Quicksilver", "Sunspark", "Thornwood", "Nightfall", "Clockspring", "Dawnlight", "Bloodfire", "Tidewater", "Duskveil"];
/** Role nouns per template slot (6 Animations, then 4 Items). */
const ROLE: Readonly<Record<FactionTemplate, readonly string[]>> = {
  paragon: ["Initiate", "Adept", "Warden", "Colossus", "Vanguard", "Exemplar", "Sigil", "Charm", "Regalia", "Armament"],
  fallen: ["Wretch", "Outcast", "Turncoat", "Husk", "Ravager", "Despot", "Shard", "Brand", "Relic", "Ruinblade"],
  ascendant: ["Novice", "Seeker", "Visionary", "Titan", "Luminary", "Apotheosis", "Token", "Talisman", "Diadem", "Scepter"],
  complementary: ["Envoy", "Attendant", "Weaver", "Monolith", "Concordant", "Harmonist", "Keepsake", "Emblem", "Mantle", "Reliquary"],
  opposed: ["Renegade", "Duelist", "Schismatic", "Behemoth", "Warlord", "Paradox", "Shackle", "Thorn", "Aegis", "Edge"],
};

function cardName(template: FactionTemplate, colors: readonly number[], slot: number): string {
  const role = ROLE[template][slot];
  if (colors.length === 1) return `${COLOR_WORD[colors[0]]} ${role}`;
  return `${COLOR_WORD[colors[0]]} ${COLOR_NOUN[colors[1]]} ${role}`;
}

function moduleName(template: FactionTemplate, colors: readonly number[]): string {
  const t = template[0].toUpperCase() + template.slice(1);
  return colors.length === 1 ? `${COLOR_NAMES[colors[0]]} ${t}` : `${COLOR_NAMES[colors[0]]}/${COLOR_NAMES[colors[1]]} ${t}`;
}

function buildModule(number: number): FactionModuleDef {
  const src = MODULE_SOURCE[number - 1];
  const rows = TEMPLATES[src.template];
  const cards: CardDef[] = rows.map((row, slot): CardDef => {
    const base = { id: `m${number}-${slot}`, module: number, name: cardName(src.template, src.colors, slot), keywords: Object.freeze([...src.rows[slot]]) };
    if (row.kind === "animation") return Object.freeze({ kind: "animation", ...base, power: row.power, focus: row.focus } satisfies AnimationCardDef);
    return Object.freeze({ kind: "item", ...base, power: row.power } satisfies ItemCardDef);
  });
  return Object.freeze({ number, name: moduleName(src.template, src.colors), template: src.template, colors: src.colors, cards: Object.freeze(cards) });
}

/** The 50 Faction Modules of Appendix B, in their printed order (`MODULES[n - 1].number === n`). */
export const MODULES: readonly FactionModuleDef[] = Object.freeze(MODULE_SOURCE.map((m) => buildModule(m.number)));

/** Every printed card of every module: 500 cards, module by module, slot by slot. */
export const ALL_CARDS: readonly CardDef[] = Object.freeze(MODULES.flatMap((m) => m.cards));

const CARD_BY_ID: ReadonlyMap<string, CardDef> = new Map(ALL_CARDS.map((c) => [c.id, c]));

/** The module numbered `n` (1..50), or undefined. */
export function moduleByNumber(n: number): FactionModuleDef | undefined {
  return Number.isInteger(n) && n >= 1 && n <= MODULES.length ? MODULES[n - 1] : undefined;
}

/** The printed card with this id (`m<module>-<slot>`), or undefined. */
export function cardById(id: string): CardDef | undefined {
  return CARD_BY_ID.get(id);
}

/** The colours of the module a printed card belongs to ([C] or [C1, C2]); a card's "faction" colours (e.g. Edit 0.9). */
export function cardColors(card: CardDef): readonly Color[] {
  return MODULES[card.module - 1].colors;
}
