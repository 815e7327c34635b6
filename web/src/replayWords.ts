/**
 * Replay helpers in plain words: the viewer's hand wherever the game's view keeps it, and an
 * outcome reason by its `outcome` entry (decisions and events: `words.ts`).
 */
import { nameOf, type CatalogIndex } from "./catalog.tsx";
import { words } from "./view.tsx";

/** An outcome reason in words: its catalog `outcome` entry, else the id spelled out. */
export function reasonWords(cat: CatalogIndex | null, reason: string): string {
  const entry = cat?.catalog.sections.outcome?.[reason];
  if (entry) return entry.name;
  if (reason === "abandoned") return "Abandoned";
  const found = nameOf(cat, reason, "outcome");
  return found === reason ? words(reason) : found;
}

/**
 * The viewer's own hand in a replay view, and the view without it (so it is shown once): the
 * games keep it at `hand` (Achroma) or `you.hand` (SolRei, Re;ACT, Resonance).
 */
export function splitHand(view: unknown): { hand: unknown[] | null; rest: unknown } {
  if (view === null || typeof view !== "object" || Array.isArray(view)) return { hand: null, rest: view };
  const o = view as Record<string, unknown>;
  if (Array.isArray(o.hand)) {
    const { hand, ...rest } = o;
    return { hand: hand as unknown[], rest };
  }
  const you = o.you as Record<string, unknown> | null | undefined;
  if (you && typeof you === "object" && Array.isArray(you.hand)) {
    const { hand, ...youRest } = you;
    return { hand: hand as unknown[], rest: { ...o, you: youRest } };
  }
  return { hand: null, rest: view };
}

/** A hand entry's key (instance or card id) and the card id to show. */
export function handEntry(x: unknown): { key: string; card: string; name?: string } {
  if (typeof x === "string") return { key: x, card: x };
  const o = (x ?? {}) as Record<string, unknown>;
  const card = typeof o.def === "string" ? o.def : typeof o.id === "string" ? o.id : typeof o.card === "string" ? o.card : JSON.stringify(x);
  const key = typeof o.uid === "string" ? o.uid : card;
  return { key, card, name: typeof o.name === "string" ? o.name : undefined };
}

/** "1:05" from milliseconds. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}
