/** Events (`events` message) in plain words: the type through the catalog's `event` section, ids by name. */
import { nameOf, type CatalogIndex } from "./catalog.tsx";
import { words } from "./view.tsx";

export interface GameEvent {
  type: string;
  seat?: number;
  [field: string]: unknown;
}

function valueWords(cat: CatalogIndex | null, v: unknown): string {
  if (v === null || v === undefined || v === "") return "";
  if (typeof v === "string") return nameOf(cat, v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return v.map((x) => valueWords(cat, x)).join(", ");
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${words(k)} ${valueWords(cat, x)}`)
    .join("; ");
}

export function describeEvent(cat: CatalogIndex | null, event: GameEvent, seatName: (seat: number) => string): string {
  const { type, seat, ...rest } = event;
  const name = cat?.catalog.sections.event?.[type]?.name ?? words(type);
  const who = typeof seat === "number" ? `${seatName(seat)}: ` : "";
  const details = Object.entries(rest)
    .map(([k, v]) => {
      const w = valueWords(cat, v);
      return w === "" ? "" : `${words(k)} ${w}`;
    })
    .filter(Boolean)
    .join(", ");
  return `${who}${name}${details ? ` (${details})` : ""}`;
}
