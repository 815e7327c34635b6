/**
 * Replay helpers in plain words: a decision (`steps[i].action`) through the catalog's `action`
 * section, card instances (`p1c21`) by the card they are in the view, the viewer's hand wherever
 * the game's view keeps it, and an outcome reason by its `outcome` entry.
 */
import { lookup, nameOf, type CatalogIndex } from "./catalog.tsx";
import { words } from "./view.tsx";

/** Instance ids to card ids, from every `{ uid, def }` (Achroma CardView) in a view. */
export function instancesOf(view: unknown, into = new Map<string, string>(), depth = 0): Map<string, string> {
  if (depth > 12 || view === null || typeof view !== "object") return into;
  if (Array.isArray(view)) {
    for (const x of view) instancesOf(x, into, depth + 1);
    return into;
  }
  const o = view as Record<string, unknown>;
  if (typeof o.uid === "string" && typeof o.def === "string") into.set(o.uid, o.def);
  for (const v of Object.values(o)) if (v && typeof v === "object") instancesOf(v, into, depth + 1);
  return into;
}

function idWords(cat: CatalogIndex | null, id: string, instances: Map<string, string>, section?: string): string {
  const def = instances.get(id);
  if (def) return nameOf(cat, def);
  return nameOf(cat, id, section);
}

function valueWords(cat: CatalogIndex | null, v: unknown, instances: Map<string, string>, seatName: (seat: number) => string, key = ""): string {
  if (v === null || v === undefined || v === "") return "";
  if (typeof v === "string") return idWords(cat, v, instances);
  if (typeof v === "number") return /seat|player|target_?seat/i.test(key) ? seatName(v) : String(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v)) return v.map((x) => valueWords(cat, x, instances, seatName, key)).filter(Boolean).join(", ");
  return Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => {
      const w = valueWords(cat, x, instances, seatName, k);
      return w ? `${words(k)} ${w}` : "";
    })
    .filter(Boolean)
    .join("; ");
}

/** `{ type: "deploy", card: "p1c21" }` -> "Deploy (card Old Map)". */
export function describeAction(cat: CatalogIndex | null, action: unknown, instances: Map<string, string>, seatName: (seat: number) => string): string {
  if (action === null || typeof action !== "object") return String(action);
  const { type, ...rest } = action as { type?: unknown; [k: string]: unknown };
  const name = typeof type === "string" ? (cat?.catalog.sections.action?.[type]?.name ?? lookup(cat, type)?.entry.name ?? words(type)) : "decision";
  const details = Object.entries(rest)
    .map(([k, v]) => {
      const w = valueWords(cat, v, instances, seatName, k);
      return w ? `${words(k)} ${w}` : "";
    })
    .filter(Boolean)
    .join(", ");
  return details ? `${name} (${details})` : name;
}

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

/**
 * An event with card instances (`p1c21`) replaced by the card they are, when the viewer's views
 * showed it; a `def` field that then says the same again is dropped.
 */
export function readableEvent<E extends Record<string, unknown>>(event: E, instances: Map<string, string>): E {
  const out: Record<string, unknown> = {};
  const named = new Set<string>();
  for (const [k, v] of Object.entries(event)) {
    if (typeof v === "string" && instances.has(v)) {
      out[k] = instances.get(v);
      named.add(instances.get(v)!);
    } else if (Array.isArray(v) && v.some((x) => typeof x === "string" && instances.has(x))) {
      out[k] = v.map((x) => (typeof x === "string" && instances.has(x) ? instances.get(x) : x));
    } else out[k] = v;
  }
  if (typeof out.def === "string" && named.has(out.def)) delete out.def;
  return out as E;
}
