/**
 * The catalog index (`GET /api/games/:game/catalog`): any id the state, events or actions hold,
 * by its name, looked up in the section its field names. No JSX, so plain modules (and the
 * tests, typechecked without JSX) can use it; `catalog.tsx` draws cards from it.
 */
import type { Catalog, CatalogEntry } from "./api.ts";

export interface CatalogIndex {
  catalog: Catalog;
  /** Every section's entries by id (the same id may be in several sections). */
  byId: Map<string, { section: string; entry: CatalogEntry }[]>;
  /** Sections whose entries are cards (they carry a cost, stats or traits). */
  cardSections: Set<string>;
}

export function indexCatalog(catalog: Catalog): CatalogIndex {
  const byId = new Map<string, { section: string; entry: CatalogEntry }[]>();
  const cardSections = new Set<string>();
  for (const [section, entries] of Object.entries(catalog.sections)) {
    for (const entry of Object.values(entries)) {
      if (entry.cost !== undefined || entry.stats !== undefined || entry.traits !== undefined) cardSections.add(section);
      const list = byId.get(entry.id) ?? [];
      list.push({ section, entry });
      byId.set(entry.id, list);
    }
  }
  return { catalog, byId, cardSections };
}

/** The entry for `id`: in `section` when given, else a card's first, else any. */
export function lookup(cat: CatalogIndex | null, id: string, section?: string): { section: string; entry: CatalogEntry } | undefined {
  if (!cat) return undefined;
  if (section) {
    const entry = cat.catalog.sections[section]?.[id];
    if (entry) return { section, entry };
  }
  const found = cat.byId.get(id);
  return found?.find((f) => cat.cardSections.has(f.section)) ?? found?.[0];
}

/** `prefix:rest` references (`h:p0-7S`, `art:2`): the prefix's name and the rest. */
export function splitRef(cat: CatalogIndex | null, id: string): [string, string] | null {
  const at = id.indexOf(":");
  if (at <= 0 || !cat) return null;
  const prefix = id.slice(0, at);
  return cat.byId.has(prefix) ? [prefix, id.slice(at + 1)] : null;
}

/** An id as plain words (for the event log and labels). */
export function nameOf(cat: CatalogIndex | null, id: string, section?: string): string {
  const found = lookup(cat, id, section);
  if (found) return found.entry.name;
  const ref = splitRef(cat, id);
  if (ref) return `${nameOf(cat, ref[0])} ${nameOf(cat, ref[1])}`;
  return id;
}
