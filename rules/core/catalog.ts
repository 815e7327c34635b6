/**
 * What a client needs to show a game to a person: every id the state, events and actions use
 * (cards, tokens, keywords, tags, phases...), with a display name and rules text written for
 * players, grouped by kind. Served by `GET /api/games/:game/catalog`. Static per engine version.
 */
export interface CatalogEntry {
  /** Exactly as the state, events and actions spell it. */
  id: string;
  /** The section it is listed in ("card", "keyword", "phase"...; each game documents its kinds). */
  kind: string;
  name: string;
  /** Rules text for players (original text); for a phase or term, what it means. */
  text: string;
  /** What it costs to play, in the game's own unit (Shards, EN...). */
  cost?: number | string;
  /** Numbers to print on it (power, strength, health, focus...). */
  stats?: Readonly<Record<string, number | string>>;
  /** Keyword ids it carries (each listed under the game's keyword section). */
  keywords?: readonly string[];
  /** Other facts a UI may show or filter by (realm, rarity, colour, suit...). */
  traits?: Readonly<Record<string, string | number | boolean>>;
}

export interface Catalog {
  /** kind -> id -> entry. */
  sections: Readonly<Record<string, Readonly<Record<string, CatalogEntry>>>>;
}

/** Builds one catalog section from entries (their `kind` must all be `kind`). */
export function section(kind: string, entries: readonly Omit<CatalogEntry, "kind">[]): Record<string, CatalogEntry> {
  const out: Record<string, CatalogEntry> = {};
  for (const e of entries) {
    if (out[e.id]) throw new Error(`catalog: duplicate ${kind} id ${e.id}`);
    out[e.id] = { ...e, kind };
  }
  return out;
}

/** The entry for `id` in any section (first match in section order), or undefined. */
export function lookup(catalog: Catalog, id: string): CatalogEntry | undefined {
  for (const entries of Object.values(catalog.sections)) {
    const e = entries[id];
    if (e) return e;
  }
  return undefined;
}
