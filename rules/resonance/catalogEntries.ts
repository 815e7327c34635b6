/**
 * The Resonance catalog (engine contract `catalog()`, rules/core/catalog.ts): every id a client
 * meets in views, events and actions, with a name and player text. Cards, modules and Codex
 * blocks are generated from data/ (original names); keyword and Tag texts are this project's own
 * (catalogText.ts); the glossary kinds are in catalogGlossary.ts. See docs/resonance.md.
 */
import { section, type Catalog, type CatalogEntry } from "../core/catalog.ts";
import { ALL_CARDS, CODEX, COLOR_NAMES, KEYWORDS, MODULES, TAGS } from "./data/index.ts";
import type { CardDef, KeywordId } from "./data/types.ts";
import { GLOSSARY } from "./catalogGlossary.ts";
import { KEYWORD_TEXT, TAG_TEXT } from "./catalogText.ts";

const CATEGORY_NAMES = ["Flaw", "Gift", "Talent", "Quirk", "Boost", "Status", "Form", "Modifier", "Drive", "Unique"] as const;
const KW_BY_ID = new Map(KEYWORDS.map((k) => [k.id, k]));

export const keywordName = (id: string): string => KW_BY_ID.get(id as KeywordId)?.name ?? id;
const kwLine = (id: KeywordId): string => `${keywordName(id)} (${id}): ${KEYWORD_TEXT[id]}`;

function cardEntry(c: CardDef): Omit<CatalogEntry, "kind"> {
  const m = MODULES[c.module - 1];
  const colours = m.colors.map((x) => COLOR_NAMES[x]).join("/");
  const kws = c.keywords.length ? c.keywords.map(kwLine).join(" ") : "No keywords.";
  const head =
    c.kind === "animation"
      ? `Animation (${m.name}, module ${m.number}). Deploy for ${c.power} EN. Power ${c.power}, Focus ${c.focus}.`
      : `Item (${m.name}, module ${m.number}). Equip onto one of your units for ${c.power} EN; its keywords serve that unit and your Player's attacks. Power ${c.power}.`;
  return {
    id: c.id,
    name: c.name,
    text: `${head} ${kws}`,
    cost: `${c.power} EN`,
    stats: c.kind === "animation" ? { Power: c.power, Focus: c.focus } : { Power: c.power },
    keywords: [...c.keywords],
    traits: { type: c.kind === "animation" ? "Animation" : "Item", module: m.number, moduleName: m.name, template: m.template, colours },
  };
}

function build(): Catalog {
  const card = section("card", ALL_CARDS.map(cardEntry));
  const module = section(
    "module",
    MODULES.map((m) => {
      const anims = m.cards.filter((c) => c.kind === "animation").length;
      return {
        id: String(m.number),
        name: m.name,
        text: `Faction Module ${m.number}: ${anims} Animations and ${m.cards.length - anims} Items (${m.cards.map((c) => c.name).join(", ")}). Drafted in World Weaving, its cards are shuffled into the shared Main Deck.`,
        traits: { template: m.template, colours: m.colors.map((x) => COLOR_NAMES[x]).join("/"), cards: m.cards.length },
      };
    }),
  );
  const codex = section(
    "codex",
    CODEX.map((c) => ({
      id: c.id,
      name: `${COLOR_NAMES[c.color]} Block ${c.block}: ${c.keywords.map(keywordName).join(" & ")}`,
      text: `Codex block of ${COLOR_NAMES[c.color]}, Block Type ${c.block}. While active, your Player may use its keywords: ${c.keywords.map(kwLine).join(" ")}`,
      keywords: [...c.keywords],
      traits: { colour: COLOR_NAMES[c.color], block: c.block },
    })),
  );
  const keyword = section(
    "keyword",
    KEYWORDS.map((k) => ({
      id: k.id,
      name: k.name,
      text: KEYWORD_TEXT[k.id],
      traits: { colour: COLOR_NAMES[k.color], category: CATEGORY_NAMES[k.category], ...(k.tag ? { tag: k.tag } : {}) },
    })),
  );
  const tag = section(
    "tag",
    TAGS.map((t) => ({
      id: t.id,
      name: t.name,
      text: TAG_TEXT[t.id] ?? "",
      traits: { class: t.kind === "boost" ? "Boost" : "Status", keyword: t.id },
    })),
  );
  const colour = section(
    "colour",
    COLOR_NAMES.map((n, i) => ({
      id: String(i),
      name: n,
      text: `Colour ${i} (${n}): keywords ${i}.0 to ${i}.9 and Codex blocks codex-${i}-1 to codex-${i}-5.`,
    })),
  );
  const player = section(
    "player",
    [0, 1, 2, 3].map((seat) => ({
      id: `p${seat}`,
      name: `Player in seat ${seat + 1}`,
      text: `The Player unit of seat ${seat} (shown as seat ${seat + 1}): it attacks, supports and carries Items like an Animation; at 0 HP it is eliminated.`,
    })),
  );
  const sections: Record<string, Record<string, CatalogEntry>> = { card, module, codex, keyword, tag, colour, player };
  for (const [kind, entries] of Object.entries(GLOSSARY)) sections[kind] = section(kind, entries);
  return { sections };
}

let cached: Catalog | null = null;
/** The catalog (built once; static for this engine version). */
export function resonanceCatalog(): Catalog {
  cached ??= build();
  return cached;
}
