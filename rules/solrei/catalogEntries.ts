/**
 * The SolRei catalog (engine `catalog()`): every id a client meets in views, events and
 * actions, generated from the card data of cards.ts (Muses, Advantages, Arts, the 2 × 52
 * playing cards) and the glossary tables of catalogGlossary.ts / catalogEvents.ts.
 * Kinds and which field holds which kind: docs/solrei.md.
 */
import { section, type Catalog, type CatalogEntry } from "../core/catalog.ts";
import { ADVANTAGES, ARTS, MUSES, SUIT_SYMBOL, costText, type Ability, type EffectStep } from "./cards.ts";
import { attackPower, cardRank, cardSuit, fullDeck } from "./actionCards.ts";
import { EVENTS, OUTCOMES } from "./catalogEvents.ts";
import {
  ACTIONS,
  ART_STATES,
  BLOCK_BY,
  CHOICES,
  DAMAGE_STATES,
  KEYWORDS,
  MULLIGAN_STATES,
  POSITIONS,
  PROMPTS,
  PURPOSES,
  REASONS,
  REFS,
  SOURCES,
  STAGES,
  SUIT_GLOSS,
  TIMINGS,
  ZONES,
  type Gloss,
} from "./catalogGlossary.ts";

type Entry = Omit<CatalogEntry, "kind">;

const COLOUR: Record<string, string> = { S: "black", C: "black", H: "red", D: "red" };
const TIMING_NAMES: Record<string, string> = Object.fromEntries(Object.entries(TIMINGS).map(([k, v]) => [k, v.name]));

/** Keyword ids an ability uses: its effect steps, its cost keywords, CRISIS. */
function abilityKeywords(ab: Ability, extra: string[] = []): string[] {
  const ks = new Set<string>(ab.effect.map((e: EffectStep) => e.k));
  if (ab.cost.spend) ks.add("spend");
  if (ab.cost.harvest) ks.add("harvest");
  if (ab.crisis !== undefined) ks.add("crisis");
  for (const k of extra) ks.add(k);
  return [...ks];
}

function abilityTraits(ab: Ability): Record<string, string | boolean> {
  const t: Record<string, string | boolean> = {};
  if (ab.timings.length) t.timing = ab.timings.map((x) => TIMING_NAMES[x]).join(", ");
  if (ab.trigger) t.automatic = true;
  if (ab.oncePerRound) t.oncePerRound = true;
  return t;
}

function playingCard(id: string): Entry {
  const rank = cardRank(id);
  const suit = cardSuit(id);
  const power = attackPower(id);
  const owner = Number(id.slice(1, id.indexOf("-")));
  const name = `${rank}${SUIT_SYMBOL[suit]}`;
  const text =
    power !== null
      ? `Attack card, Power ${power}. Placed as your Action Card, the higher Power wins the Showdown. Also spent for 1 ${SUIT_SYMBOL[suit]} Rei, or to block if ${SUIT_SYMBOL[suit]} is your Muse's Alignment.`
      : `CHARGE card (no Power: it loses the Showdown to any Attack card). Placed as your Action Card, it readies 1 Art or Damage and draws 1 in the CHARGE PHASE, plus your Muse's Charge Bonus when it lists ${SUIT_SYMBOL[suit]}.`;
  return {
    id,
    name,
    text,
    ...(power !== null ? { stats: { power } } : {}),
    traits: { rank, suit, colour: COLOUR[suit], type: power !== null ? "attack" : "charge", owner },
  };
}

function museEntries(): Entry[] {
  return Object.values(MUSES).map((m) => ({
    id: m.id,
    name: m.name,
    text: `${m.name}, ${m.title}. ${m.ability.text} Charge Bonus ${m.chargeBonus.text}`,
    keywords: abilityKeywords(
      m.ability,
      m.chargeBonus.effect.map((e) => e.k),
    ),
    traits: {
      title: m.title,
      alignment: m.alignment,
      colour: COLOUR[m.alignment],
      type: m.type,
      skills: m.skills.join(", "),
      serial: m.serial,
      chargeBonus: m.chargeBonus.text,
      ...abilityTraits(m.ability),
    },
  }));
}

function advantageEntries(): Entry[] {
  return Object.values(ADVANTAGES).map((a) => ({
    id: a.id,
    name: a.name,
    text: a.ability.text,
    cost: costText(a.ability.cost),
    keywords: abilityKeywords(a.ability),
    traits: { kind: a.kind, serial: a.serial, ...requirementTraits(a.requires), ...abilityTraits(a.ability) },
  }));
}

function requirementTraits(req: { skills?: string[]; type?: string }): Record<string, string> {
  const t: Record<string, string> = {};
  if (req.skills?.length) t.requiresSkills = req.skills.join(", ");
  if (req.type) t.requiresType = req.type;
  return t;
}

function artEntries(): Entry[] {
  return Object.values(ARTS).map((a) => {
    const stats: Record<string, number> = {};
    if (a.augment?.power) stats.power = a.augment.power;
    if (a.augment?.damage) stats.damage = a.augment.damage;
    if (a.ability.crisis !== undefined) stats.crisis = a.ability.crisis;
    const extra = [...(a.augment ? ["augment"] : []), ...(a.signature ? ["signature"] : [])];
    return {
      id: a.id,
      name: a.name,
      text: a.ability.text,
      cost: costText(a.ability.cost),
      ...(Object.keys(stats).length ? { stats } : {}),
      keywords: abilityKeywords(a.ability, extra),
      traits: {
        kind: a.kind,
        serial: a.serial,
        ...(a.signature ? { signature: a.signature } : {}),
        ...requirementTraits(a.requires),
        ...abilityTraits(a.ability),
      },
    };
  });
}

function gloss(table: Record<string, Gloss>): Entry[] {
  return Object.entries(table).map(([id, x]) => ({ id, name: x.name, text: x.text }));
}

let built: Catalog | null = null;

/** The catalog (built once; static for this engine version). */
export function solreiCatalog(): Catalog {
  if (built) return built;
  const sections: Record<string, Record<string, CatalogEntry>> = {
    card: section("card", [...fullDeck(0), ...fullDeck(1)].map(playingCard)),
    muse: section("muse", museEntries()),
    advantage: section("advantage", advantageEntries()),
    art: section("art", artEntries()),
    keyword: section("keyword", gloss(KEYWORDS)),
    suit: section("suit", gloss(SUIT_GLOSS)),
    stage: section("stage", gloss(STAGES)),
    timing: section("timing", gloss(TIMINGS)),
    prompt: section("prompt", gloss(PROMPTS)),
    purpose: section("purpose", gloss(PURPOSES)),
    position: section("position", gloss(POSITIONS)),
    art_state: section("art_state", gloss(ART_STATES)),
    damage_state: section("damage_state", gloss(DAMAGE_STATES)),
    mulligan_state: section("mulligan_state", gloss(MULLIGAN_STATES)),
    source: section("source", gloss(SOURCES)),
    ref: section("ref", gloss(REFS)),
    choice: section("choice", gloss(CHOICES)),
    zone: section("zone", gloss(ZONES)),
    block_by: section("block_by", gloss(BLOCK_BY)),
    reason: section("reason", gloss(REASONS)),
    action: section("action", gloss(ACTIONS)),
    event: section("event", gloss(EVENTS)),
    outcome: section("outcome", gloss(OUTCOMES)),
  };
  built = { sections };
  return built;
}
