/** Re;ACT's drawing pieces: a compact card, face-down backs with a count, damage pips. */
import { lookup, nameOf, type CatalogIndex } from "../../catalog.tsx";

/** A compact card: its name (the catalog's), a kind line, and its rules text on hover/below. */
export function MiniCard({ cat, id, section, note, full, refKey }: { cat: CatalogIndex | null; id: string; section: string; note?: string; full?: boolean; refKey?: string }) {
  const found = lookup(cat, id, section);
  const name = found?.entry.name ?? nameOf(cat, id);
  const text = found?.entry.text ?? "";
  return (
    <span class={`react-mini${full ? " react-mini-full" : ""}`} data-card={`${section}:${id}`} data-name={name} data-ref={refKey} title={text}>
      <b class="react-mini-name">{name}</b>
      {note && <span class="react-mini-note">{note}</span>}
      {full && text && <span class="react-mini-text">{text}</span>}
    </span>
  );
}

export function Backs({ count, label, max = 8 }: { count: number; label: string; max?: number }) {
  const shown = Math.min(count, max);
  return (
    <span class="react-backs" title={`${count} ${label}`}>
      {Array.from({ length: shown }, (_, i) => (
        <span key={i} class="react-back" aria-hidden="true" />
      ))}
      <span class="react-backs-count">
        {count} {label}
      </span>
    </span>
  );
}

export function DamagePips({ damage }: { damage: number }) {
  return (
    <span class="react-damage" title={`${damage} of 3 damage`}>
      {[0, 1, 2].map((i) => (
        <span key={i} class={`react-pip${i < damage ? " react-pip-on" : ""}`} aria-hidden="true" />
      ))}
      <span class="react-damage-words">damage {damage}/3</span>
    </span>
  );
}
