/**
 * A set-up (the server's preset) by name for the lobby's menus: the Muse or Artist it plays
 * (SolRei `muse`, Re;ACT `artist`), its colours (Resonance `primary` + `secondary`), else its id's
 * words, each through the catalog where it names something there (Achroma's realms).
 */
import { nameOf, type CatalogIndex } from "./catalogIndex.ts";

const title = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function presetName(cat: CatalogIndex | null, id: string, preset: unknown): string {
  const p = (preset ?? {}) as Record<string, unknown>;
  const sections = cat?.catalog.sections ?? {};
  for (const [field, section] of [
    ["muse", "muse"],
    ["artist", "artist"],
  ] as const) {
    const v = p[field];
    if (typeof v === "string" && sections[section]?.[v]) return nameOf(cat, v, section);
  }
  if (typeof p.primary === "number" && sections.colour?.[String(p.primary)]) {
    const others = Array.isArray(p.secondary) ? p.secondary.map((c) => nameOf(cat, String(c), "colour")) : [];
    const main = nameOf(cat, String(p.primary), "colour");
    return others.length ? `${main} with ${others.join(" and ")}` : main;
  }
  return id
    .split(/[-_]+/)
    .map((w) => {
      for (const section of ["realm", "colour", "artist", "muse"]) if (sections[section]?.[w]) return nameOf(cat, w, section);
      return title(w);
    })
    .join(" ");
}
