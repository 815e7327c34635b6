/**
 * The Re;ACT catalog (rules/core/catalog.ts): every id a client meets in views, events and
 * actions, with names and player text. The game content (Artists, Summons, cards, their effects,
 * Masterpiece cards, Reference Sheet passives) is DERIVED from cards.ts, never typed twice; the
 * glossary-like sections (tokens, phases, events, reasons...) are in catalogGlossary.ts.
 * Field-by-field mapping for client developers: docs/react.md.
 *
 * Kinds (section names) and their ids:
 *   artist       ArtistId ("calligrapher"...): players[].artist, the Artist's unit id
 *   summon       Summon unit ids ("spirit", "fish1", "fish2", "drone", "sketch")
 *   card         card definition ids: Ability Cards ("spirit", "rooftop_run") as played and
 *                shown on the chain; Action Card definitions ("ink_slash") as chain[].def
 *   card_copy    Action Card copies `<def>#<n>` ("ink_slash#3"): hands, discards, plays, draws
 *   effect       `<card def>:<effect index>` ("calligrapher:1"): a play's `effect` field
 *   masterpiece  `<artist>:<part>` ("dancer:0" left ... ":2" right): Masterpiece Zone cards
 *   passive      Reference Sheet start/end-of-turn passives, by op ("ink_dries")
 *   keyword      the effect-line words a card's `keywords` list (intention, exhaust_me...)
 *   + the glossary sections of catalogGlossary.ts
 */
import type { Catalog, CatalogEntry } from "../core/catalog.ts";
import { section } from "../core/catalog.ts";
import { ARTISTS, CARDS, deckList, type CardDef, type Effect, type TurnPassive } from "./cards.ts";
import { GLOSSARY } from "./catalogGlossary.ts";
import type { ArtistId } from "./types.ts";

type Entry = Omit<CatalogEntry, "kind">;

const ARTIST_IDS = Object.keys(ARTISTS) as ArtistId[];

/** "the Calligrapher" for an Artist's unit id, "the Sealbrush Spirit" for a Summon's (each unique in a game). */
export function unitName(id: string): string {
  if (id in ARTISTS) return `the ${ARTISTS[id as ArtistId].name}`;
  return `the ${CARDS[id]?.name ?? id}`;
}

/** The cost line of an effect, in words ("Exhaust me; target an adjacent zone"), or "" when free. */
export function costText(e: Effect): string {
  const parts: string[] = [];
  if (e.cost.exhaust) parts.push("Exhaust me");
  if (e.cost.target === "adjacent") parts.push("target an adjacent zone");
  else if (e.cost.target === "scaled") parts.push("target a zone holding a Scale");
  else if (e.cost.target === "inked") parts.push("target a zone holding an inked unit");
  else if (e.cost.target === "any") parts.push("target any zone");
  if (e.cost.dir) parts.push("choose a direction");
  const s = parts.join("; ");
  return s ? s[0].toUpperCase() + s.slice(1) : "";
}

/** Keyword ids of an effect (each listed in the "keyword" section). */
export function effectKeywords(e: Effect): string[] {
  const k: string[] = [e.kind];
  if (e.ascended) k.push("ascended");
  if (e.cost.exhaust) k.push("exhaust_me");
  if (e.cost.target) k.push("target_zone");
  if (e.cost.dir) k.push("choose_direction");
  return k;
}

const kindWord = (e: Effect) => (e.kind === "intention" ? "Intention" : "Reaction");

function effectLine(e: Effect, withName: boolean): string {
  // cards.ts opens an Ascended-only text with "(Ascended) "; the line says it once.
  return `${withName ? `${e.name} — ` : ""}${kindWord(e)}${e.ascended ? " (Ascended only)" : ""}: ${e.text.replace(/^\(Ascended\) /, "")}`;
}

function cardEntry(d: CardDef): Entry {
  const single = d.effects.length === 1 ? d.effects[0] : null;
  const keywords = [...new Set(d.effects.flatMap(effectKeywords))];
  const e: Entry = {
    id: d.id,
    name: d.name,
    text: d.effects.map((x) => effectLine(x, !(single && x.name === d.name))).join("\n"),
    keywords,
    traits: { artist: d.artist, type: d.type === "action" ? "Action Card" : "Ability Card", ...(d.unit ? { unit: d.unit } : {}) },
  };
  if (single && costText(single)) e.cost = costText(single);
  if (d.quantity) e.stats = { copies: d.quantity };
  return e;
}

function artistEntry(id: ArtistId): Entry {
  const a = ARTISTS[id];
  const lines = [`Passive: ${a.passive}`];
  for (const p of [a.startOfTurn, a.endOfTurn]) if (p) lines.push(`${p.name}: ${p.text}`);
  lines.push(`Set-up: ${a.setup}`);
  if (a.noDeck) lines.push(`No deck: ${a.noDeck}`);
  const stats: Record<string, number> = {};
  if (a.deck) stats.deck = deckList(id)!.length;
  if (a.inkTokens) stats.ink = a.inkTokens;
  if (a.scaleTokens) stats.scales = a.scaleTokens;
  if (a.muralTiles) stats.murals = a.muralTiles;
  if (a.blockTokens) stats.blocks = a.blockTokens;
  return {
    id,
    name: a.name,
    text: lines.join("\n"),
    stats,
    traits: { summons: a.summons.join(","), abilityCards: a.abilities.join(","), actionCards: (a.deck ?? []).join(","), armament: a.armament },
  };
}

function summonEntry(id: string, artist: ArtistId): Entry {
  const d = CARDS[id];
  return {
    id,
    name: d.name,
    text: `A Summon of the ${ARTISTS[artist].name} (1 Health: any damage returns it to its owner's pool, losing its tokens). Its Ability Card:\n${d.effects.map((x) => effectLine(x, true)).join("\n")}`,
    stats: { health: 1 },
    traits: { artist, card: id },
  };
}

function passiveEntry(p: TurnPassive, artist: ArtistId, when: "start" | "end"): Entry {
  return { id: p.op, name: p.name, text: p.text, traits: { artist, when: `${when} of ${p.when === "each" ? "each turn" : "your turn"}` } };
}

const PART_WORD = ["left", "middle", "right"];

/** Builds the whole catalog (called once; cached by the engine). */
export function buildCatalog(): Catalog {
  const defs = Object.values(CARDS);
  const copies: Entry[] = [];
  for (const a of ARTIST_IDS)
    for (const inst of deckList(a) ?? []) {
      const d = CARDS[inst.slice(0, inst.indexOf("#"))];
      const base = cardEntry(d);
      copies.push({ ...base, id: inst, traits: { ...base.traits, def: d.id, copy: Number(inst.slice(inst.indexOf("#") + 1)) } });
    }
  const effects: Entry[] = defs.flatMap((d) =>
    d.effects.map((x, i) => {
      const e: Entry = {
        id: `${d.id}:${i}`,
        name: x.name,
        text: effectLine(x, false),
        keywords: effectKeywords(x),
        traits: { card: d.id, cardName: d.name, index: i, kind: x.kind, ascendedOnly: !!x.ascended },
      };
      if (costText(x)) e.cost = costText(x);
      return e;
    }),
  );
  const masterpiece: Entry[] = ARTIST_IDS.flatMap((a) =>
    ARTISTS[a].masterpiece.map((name, part) => ({
      id: `${a}:${part}`,
      name,
      text: `The ${PART_WORD[part]} part (${part + 1} of 3) of the ${ARTISTS[a].name}'s Masterpiece. Your three parts in three neighbouring Masterpiece slots, left to right, complete it: your Artist Ascends.`,
      traits: { artist: a, part },
    })),
  );
  const passives: Entry[] = ARTIST_IDS.flatMap((a) => {
    const out: Entry[] = [];
    if (ARTISTS[a].startOfTurn) out.push(passiveEntry(ARTISTS[a].startOfTurn!, a, "start"));
    if (ARTISTS[a].endOfTurn) out.push(passiveEntry(ARTISTS[a].endOfTurn!, a, "end"));
    return out;
  });
  const sections: Record<string, Record<string, CatalogEntry>> = {
    artist: section("artist", ARTIST_IDS.map(artistEntry)),
    summon: section(
      "summon",
      ARTIST_IDS.flatMap((a) => ARTISTS[a].summons.map((id) => summonEntry(id, a))),
    ),
    card: section("card", defs.map(cardEntry)),
    card_copy: section("card_copy", copies),
    effect: section("effect", effects),
    masterpiece: section("masterpiece", masterpiece),
    passive: section("passive", passives),
  };
  for (const [kind, entries] of Object.entries(GLOSSARY)) sections[kind] = section(kind, entries);
  return { sections };
}

let cached: Catalog | null = null;
export function reactCatalog(): Catalog {
  cached ??= buildCatalog();
  return cached;
}
