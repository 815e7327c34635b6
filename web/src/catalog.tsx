/**
 * Ids through the card catalog (`GET /api/games/:game/catalog`): any id the state, events or
 * actions hold is shown by its name, and a card-like id as a small card box.
 */
import { useEffect, useState } from "preact/hooks";
import { fetchCatalog, type CatalogEntry } from "./api.ts";
import { indexCatalog, lookup, nameOf, splitRef, type CatalogIndex } from "./catalogIndex.ts";

export { indexCatalog, lookup, nameOf, type CatalogIndex } from "./catalogIndex.ts";

/** The catalogs of the games on screen, fetched once each (outcome reasons, set-up names in words). */
export function useCatalogs(games: string[]): Record<string, CatalogIndex> {
  const [cats, setCats] = useState<Record<string, CatalogIndex>>({});
  const wanted = [...new Set(games)].sort().join(",");
  useEffect(() => {
    let live = true;
    for (const game of wanted ? wanted.split(",") : []) {
      if (cats[game]) continue;
      fetchCatalog(game).then(
        (c) => live && setCats((prev) => (prev[game] ? prev : { ...prev, [game]: indexCatalog(c) })),
        () => {},
      );
    }
    return () => {
      live = false;
    };
  }, [wanted]);
  return cats;
}

/** The game's catalog once loaded (it names the set-ups); null until then or without a game. */
export function useCatalog(game: string | undefined): CatalogIndex | null {
  const cats = useCatalogs(game ? [game] : []);
  return (game && cats[game]) || null;
}

function formatCost(cost: unknown): string {
  if (cost === undefined || cost === null || cost === "") return "";
  return typeof cost === "object" ? JSON.stringify(cost) : String(cost);
}

export function CardBox({ entry }: { entry: CatalogEntry }) {
  const stats = Object.entries(entry.stats ?? {}).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object");
  const cost = formatCost(entry.cost);
  return (
    <span class="card" data-testid="card" data-id={entry.id} title={entry.text ?? ""}>
      <span class="card-head">
        <b class="card-name">{entry.name}</b>
        {cost && <span class="card-cost">{cost}</span>}
      </span>
      {stats.length > 0 && (
        <span class="card-stats">
          {stats.map(([k, v]) => (
            <span key={k}>
              {k} {String(v)}
            </span>
          ))}
        </span>
      )}
      {entry.text && <span class="card-text">{entry.text}</span>}
    </span>
  );
}

/** An id in the state: a card box for cards, else its name (with its text on hover). */
export function Ref({ cat, id, section }: { cat: CatalogIndex | null; id: string; section?: string }) {
  const found = lookup(cat, id, section);
  if (found) {
    if (cat!.cardSections.has(found.section)) return <CardBox entry={found.entry} />;
    return (
      <span class="term" title={found.entry.text ?? ""}>
        {found.entry.name}
      </span>
    );
  }
  const ref = splitRef(cat, id);
  if (ref) {
    return (
      <span class="term">
        {nameOf(cat, ref[0])} <Ref cat={cat} id={ref[1]} />
      </span>
    );
  }
  return <span class="plain">{id}</span>;
}
