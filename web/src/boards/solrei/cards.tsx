/** @jsxImportSource preact */
/** The pieces every zone is drawn with: a catalog term, a card box, a card back, a zone, a counter. */
import type { ComponentChildren } from "preact";
import type { CatalogEntry } from "../../api.ts";
import { lookup, nameOf } from "../../catalog.tsx";
import type { Ctx } from "./state.ts";

/** An id of a glossary section as words, with the entry's text on hover. */
export function Term({ ctx, id, section, class: cls }: { ctx: Ctx; id: string; section: string; class?: string }) {
  const found = ctx.cat?.catalog.sections[section]?.[id];
  return (
    <span class={`solrei-term${cls ? ` ${cls}` : ""}`} title={found?.text ?? ""} data-term={section}>
      {found?.name ?? nameOf(ctx.cat, id, section)}
    </span>
  );
}

/** A display string of the view (stack `name`): a card's name already, or a `reason` id. */
export function displayName(ctx: Ctx, s: string): string {
  return ctx.cat?.catalog.sections.reason?.[s]?.name ?? s;
}

function entryOf(ctx: Ctx, id: string, section: string): CatalogEntry | undefined {
  return lookup(ctx.cat, id, section)?.entry;
}

function statsOf(entry: CatalogEntry | undefined): [string, string][] {
  return Object.entries(entry?.stats ?? {})
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => [k, String(v)]);
}

function costOf(entry: CatalogEntry | undefined): string {
  const c = entry?.cost;
  if (c === undefined || c === null || c === "") return "";
  return typeof c === "object" ? JSON.stringify(c) : String(c);
}

/**
 * A card as a small box: its catalog name, cost and stats, its rules text (not when compact),
 * and badges (state, notes). `data-id` is the card's id, `data-name` its catalog name.
 */
export function Card({
  ctx,
  id,
  section,
  compact,
  badges,
  note,
  refKey,
}: {
  ctx: Ctx;
  id: string;
  section: string;
  compact?: boolean;
  badges?: (string | null | undefined | false)[];
  note?: string;
  /** What a decision may name it by (picking.tsx); a playing card is named by its id. */
  refKey?: string;
}) {
  const entry = entryOf(ctx, id, section);
  const name = entry?.name ?? id;
  const traits = (entry?.traits ?? {}) as Record<string, unknown>;
  const colour = traits.colour === "red" ? " solrei-red" : traits.colour === "black" ? " solrei-black" : "";
  const cost = costOf(entry);
  const stats = statsOf(entry);
  const shown = (badges ?? []).filter((b): b is string => !!b);
  return (
    <span
      class={`solrei-card solrei-card-${section}${colour}${compact ? " solrei-compact" : ""}`}
      data-testid="card"
      data-id={id}
      data-name={name}
      data-ref={refKey ?? (section === "card" ? `card:${id}` : undefined)}
      title={entry?.text ?? ""}
    >
      <span class="solrei-card-head">
        <b class="solrei-card-name">{name}</b>
        {cost && <span class="solrei-card-cost">{cost}</span>}
      </span>
      {!compact && stats.length > 0 && (
        <span class="solrei-card-stats">
          {stats.map(([k, v]) => (
            <span key={k}>
              {k} {v}
            </span>
          ))}
        </span>
      )}
      {!compact && traits.type === "charge" && <span class="solrei-card-stats">CHARGE card</span>}
      {!compact && entry?.text && <span class="solrei-card-text">{entry.text}</span>}
      {note && <span class="solrei-card-note">{note}</span>}
      {shown.length > 0 && (
        <span class="solrei-badges">
          {shown.map((b) => (
            <span class="solrei-badge" key={b}>
              {b}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}

/** Something face down (or hidden from this viewer): a card back with words and a count. */
export function Back({ label, count, refKey }: { label: string; count?: number; refKey?: string }) {
  return (
    <span class="solrei-back" data-testid="card-back" data-ref={refKey}>
      <span class="solrei-back-label">{label}</span>
      {count !== undefined && <b class="solrei-back-count">{count}</b>}
    </span>
  );
}

export function Zone({ title, count, children, class: cls }: { title: string; count?: number; children?: ComponentChildren; class?: string }) {
  return (
    <section class={`solrei-zone${cls ? ` ${cls}` : ""}`}>
      <h4 class="solrei-zone-title">
        {title}
        {count !== undefined && <span class="solrei-count"> ({count})</span>}
      </h4>
      <div class="solrei-row">{children}</div>
    </section>
  );
}

export function Stat({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <span class="solrei-stat" title={hint ?? ""}>
      <span class="solrei-stat-label">{label}</span> <b class="solrei-stat-value">{value}</b>
    </span>
  );
}
