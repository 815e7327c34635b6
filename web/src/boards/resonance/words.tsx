/** Resonance ids in words: seats, units, catalog terms with their rules text, colours. */
import { lookup, type CatalogIndex } from "../../catalog.tsx";
import { arr } from "../json.ts";
import type { BoardSeat } from "../types.ts";

export type Json = Record<string, unknown>;

export interface Ctx {
  cat: CatalogIndex | null;
  seats: BoardSeat[];
  me: number | null;
}

export function seatName(ctx: Ctx, seat: number): string {
  const s = ctx.seats.find((x) => x.seat === seat);
  return s?.name || `Seat ${seat + 1}`;
}

export function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== "";
}

/** An id's catalog name in one section, else the id itself. */
export function nameIn(cat: CatalogIndex | null, id: string, section: string): string {
  return lookup(cat, id, section)?.entry.name ?? id;
}

/** A unit id in words: a seat's Player, an Echo, or the Animation card's name. */
export function unitName(ctx: Ctx, id: string): string {
  const p = /^p(\d)$/.exec(id);
  if (p) {
    const seat = Number(p[1]);
    return ctx.me === seat ? "your Player" : `${seatName(ctx, seat)}'s Player`;
  }
  const echo = /^echo-(\d+)$/.exec(id);
  if (echo) return `${nameIn(ctx.cat, "echo", "token")} ${echo[1]}`;
  return nameIn(ctx.cat, id, "card");
}

/** A named term (keyword, tag, codex, colour, module, option...) with its rules text on hover. */
export function Term({ cat, id, section, cls }: { cat: CatalogIndex | null; id: string; section: string; cls?: string }) {
  const found = lookup(cat, id, section);
  return (
    <span class={`resonance-term resonance-${section}${cls ? ` ${cls}` : ""}`} title={found?.entry.text ?? ""} data-id={id}>
      {found?.entry.name ?? id}
    </span>
  );
}

export function Terms({ cat, ids, section, none = "none" }: { cat: CatalogIndex | null; ids: unknown; section: string; none?: string }) {
  const list = arr<string>(ids);
  if (list.length === 0) return <span class="resonance-none">{none}</span>;
  return (
    <span class="resonance-terms">
      {list.map((id, i) => (
        <Term key={`${id}-${i}`} cat={cat} id={String(id)} section={section} />
      ))}
    </span>
  );
}

const COLOUR_CLASS = ["null", "silver", "yellow", "green", "black", "orange", "white", "red", "blue", "purple"];

export function Colour({ cat, n }: { cat: CatalogIndex | null; n: number }) {
  return (
    <span class="resonance-colour" title={lookup(cat, String(n), "colour")?.entry.text ?? ""}>
      <span class={`resonance-swatch resonance-swatch-${COLOUR_CLASS[n] ?? "null"}`} />
      {nameIn(cat, String(n), "colour")}
    </span>
  );
}
