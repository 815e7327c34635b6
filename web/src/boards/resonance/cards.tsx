/** Resonance's drawing pieces: a Main Deck card, a face-down pile, a labelled number. */
import type { ComponentChildren } from "preact";
import { lookup, type CatalogIndex } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { nameIn, present, type Json } from "./words.tsx";

/**
 * A Main Deck card (Animation or Item): name, cost, type, module and stats, its keywords by name,
 * and its rules text (clamped; a tap or click opens it in full).
 */
export function Card({ cat, id, note, cls }: { cat: CatalogIndex | null; id: string; note?: ComponentChildren; cls?: string }) {
  const entry = lookup(cat, id, "card")?.entry;
  if (!entry) {
    return (
      <div class={`resonance-card${cls ? ` ${cls}` : ""}`} data-testid="card" data-id={id} data-ref={`card:${id}`}>
        <b class="resonance-card-name">{id}</b>
      </div>
    );
  }
  const traits = (entry.traits ?? {}) as Json;
  const stats = Object.entries(entry.stats ?? {}).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object");
  const type = String(traits.type ?? "");
  const keywords = arr<string>(entry.keywords);
  return (
    <div class={`resonance-card resonance-card-${type.toLowerCase() || "card"}${cls ? ` ${cls}` : ""}`} data-testid="card" data-id={id} data-ref={`card:${id}`} title={entry.text ?? ""}>
      <div class="resonance-card-head">
        <b class="resonance-card-name">{entry.name}</b>
        {present(entry.cost) && <span class="resonance-card-cost">{String(entry.cost)}</span>}
      </div>
      <div class="resonance-card-meta">
        {type}
        {traits.moduleName ? ` · ${traits.moduleName}` : ""}
        {stats.map(([k, v]) => ` · ${k} ${String(v)}`).join("")}
      </div>
      {note && <div class="resonance-card-note">{note}</div>}
      {keywords.length > 0 && <div class="resonance-card-keywords">{keywords.map((k) => nameIn(cat, k, "keyword")).join(" · ")}</div>}
      {entry.text && (
        <details class="resonance-card-rules">
          <summary>
            <span class="resonance-card-text">{entry.text}</span>
          </summary>
        </details>
      )}
    </div>
  );
}

/** A face-down pile or hand: a card back and how many. */
export function Back({ label, count }: { label: string; count: number }) {
  return (
    <span class="resonance-back" title={`${label}: ${count}`}>
      <span class="resonance-back-face" aria-hidden="true" />
      <span class="resonance-back-label">
        {label} <b>{count}</b>
      </span>
    </span>
  );
}

export function Stat({ label, value, cls }: { label: string; value: ComponentChildren; cls?: string }) {
  return (
    <span class={`resonance-stat${cls ? ` ${cls}` : ""}`}>
      <span class="resonance-stat-label">{label}</span> <b>{value}</b>
    </span>
  );
}
