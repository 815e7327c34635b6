/**
 * Events and decisions in plain words, for every game through one path: the event's (or
 * action's) name from the catalog's `event` (`action`) section, then each field as a phrase. What
 * a field holds (a seat, a card instance, a zone, an id of which catalog section...) comes from
 * the game's table in `fields.ts`, written from docs/<game>.md ("Which fields hold ids"); every id
 * is looked up in the section its field names, never by guessing the section.
 */
import { nameOf, type CatalogIndex } from "./catalogIndex.ts";
import { fieldsOf, type Kind, type Spec } from "./fields.ts";

/** A field's key in words: `handCount` -> "hand count". */
export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
}

export interface GameEvent {
  type: string;
  seat?: number;
  [field: string]: unknown;
}

export interface WordsContext {
  game: string;
  cat: CatalogIndex | null;
  seatName: (seat: number) => string;
  /** Card instances (Achroma `p1c4`) -> card ids, as far as the viewer has seen them. */
  instances: Map<string, string>;
  /** SolRei ability uids on the Exchange -> their names (from `activated`/`triggered`). */
  abilities: Map<number, string>;
  /** The game's current view (Re;ACT: each seat's Artist names its Masterpiece parts). */
  view?: unknown;
}

export function wordsContext(game: string, cat: CatalogIndex | null, seatName: (seat: number) => string, view?: unknown): WordsContext {
  const ctx: WordsContext = { game, cat, seatName, instances: new Map(), abilities: new Map(), view };
  learnInstances(view, ctx.instances);
  return ctx;
}

/**
 * Instance -> card id from every `{ uid, def }` object and every `"uid:def"` string (the room
 * state flattens CardViews so) in a view or an event.
 */
export function learnInstances(value: unknown, into: Map<string, string>, depth = 0): Map<string, string> {
  if (depth > 12 || value === null || value === undefined) return into;
  if (typeof value === "string") {
    const m = /^(p\d+c\d+):([a-z][a-z0-9-]*)$/.exec(value);
    if (m) into.set(m[1]!, m[2]!);
    return into;
  }
  if (typeof value !== "object") return into;
  if (Array.isArray(value)) {
    for (const x of value) learnInstances(x, into, depth + 1);
    return into;
  }
  const o = value as Record<string, unknown>;
  if (typeof o.uid === "string" && typeof o.def === "string") into.set(o.uid, o.def);
  for (const v of Object.values(o)) learnInstances(v, into, depth + 1);
  return into;
}

/** What an event teaches for later lines: its card's definition, an ability's name. */
function learnFromEvent(ctx: WordsContext, e: GameEvent): void {
  if (typeof e.card === "string" && typeof e.def === "string" && e.type !== "copy") ctx.instances.set(e.card, e.def);
  if (Array.isArray(e.cards)) learnInstances(e.cards, ctx.instances);
  if (typeof e.uid === "number" && typeof e.name === "string") ctx.abilities.set(e.uid, e.name);
}

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

/** Re;ACT zone index -> its chessboard name as the board draws it (docs/react.md "Tiles"). */
export function zoneName(z: number): string {
  return `${"ABCDE"[z % 5]}${5 - Math.floor(z / 5)}`;
}

/** Units that read the same for any number. */
const SAME = new Set(["", "EN", "Karma", "Rei", "Shard Value"]);

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 || SAME.has(unit) || unit.endsWith("s") ? "" : "s"}`.trim();
}

/** Achroma instance `p1c4`: its card's name, with whose it is unless it is the event's own seat's. */
function instanceWords(ctx: WordsContext, id: string, event: GameEvent, fallbackDef?: string): string {
  const m = /^p(\d+)c\d+$/.exec(id);
  const def = ctx.instances.get(id) ?? fallbackDef;
  const card = def ? nameOf(ctx.cat, def, "card") : "a face-down card";
  if (!m) return def ? card : id;
  const owner = Number(m[1]);
  if (owner === event.seat) return def ? card : "one of their cards";
  return def ? `${ctx.seatName(owner)}'s ${card}` : `a card of ${ctx.seatName(owner)}`;
}

/** Resonance unit id: `p<seat>` the seat's Player, `echo-<n>` an Echo token, else an Animation card. */
function unitWords(ctx: WordsContext, id: string): string {
  const m = /^p(\d+)$/.exec(id);
  if (m) return ctx.seatName(Number(m[1]));
  if (/^echo-\d+$/.test(id)) return nameOf(ctx.cat, "echo", "token");
  return nameOf(ctx.cat, id, "card");
}

function artistOf(ctx: WordsContext, seat: number | undefined): string | undefined {
  const players = (ctx.view as { players?: { artist?: unknown }[] } | undefined)?.players;
  const artist = typeof seat === "number" ? players?.[seat]?.artist : undefined;
  return typeof artist === "string" ? artist : undefined;
}

/** One value of a field of the given kind, in words ("" when there is nothing to say). */
function valueWords(ctx: WordsContext, kind: Kind, spec: Spec, v: unknown, event: GameEvent): string {
  if (v === null || v === undefined || v === "") return spec.none ?? "";
  if (Array.isArray(v)) {
    if (kind === "bySeat") return v.map((x, seat) => `${ctx.seatName(seat)} ${valueWords(ctx, spec.of ?? "number", spec, x, event) || "—"}`).join(", ");
    if (kind === "ranks") {
      return v
        .map((rank, seat) => ({ rank: Number(rank), seat }))
        .sort((a, b) => a.rank - b.rank)
        .map(({ rank, seat }) => `${ordinal(rank)} ${ctx.seatName(seat)}`)
        .join(", ");
    }
    const parts = v.map((x) => valueWords(ctx, kind, spec, x, event)).filter(Boolean);
    return parts.join(", ");
  }
  switch (kind) {
    case "hide":
      return "";
    case "seat":
      return typeof v === "number" ? ctx.seatName(v) : String(v);
    case "count":
      if (v === 0 && spec.zero !== undefined) return spec.zero;
      return typeof v === "number" ? plural(v, spec.unit ?? "") : String(v);
    case "number":
      return String(v);
    case "slot":
      return typeof v === "number" ? String(v + 1) : String(v);
    case "flag":
      return v === true ? (spec.yes ?? "") : (spec.no ?? "");
    case "zone":
      return typeof v === "number" ? zoneName(v) : String(v);
    case "instance":
      if (typeof v === "object") {
        const o = v as { uid?: unknown; def?: unknown };
        return typeof o.uid === "string" ? instanceWords(ctx, o.uid, event, typeof o.def === "string" ? o.def : undefined) : "";
      }
      return instanceWords(ctx, String(v), event, spec.fromDef && typeof event.def === "string" ? event.def : undefined);
    case "unit":
      return unitWords(ctx, String(v));
    case "reactUnit":
      return nameOf(ctx.cat, String(v), ctx.cat?.catalog.sections.artist?.[String(v)] ? "artist" : "summon");
    case "reactCard":
      return nameOf(ctx.cat, String(v), String(v).includes("#") ? "card_copy" : "card");
    case "masterpiece": {
      const o = (typeof v === "object" ? v : { seat: event.seat, part: v }) as { seat?: number; part?: number };
      const artist = artistOf(ctx, o.seat);
      const name = artist ? nameOf(ctx.cat, `${artist}:${o.part}`, "masterpiece") : `part ${o.part}`;
      return typeof o.seat === "number" && o.seat !== event.seat ? `${ctx.seatName(o.seat)}'s ${name}` : name;
    }
    case "achromaOption": {
      // docs/achroma.md: an instance, `<reaction>:<instance>`, a seat number (drain/steal/secret),
      // a card id (find), or an option word.
      const text = String(v);
      if (/^p\d+c\d+$/.test(text)) return instanceWords(ctx, text, event);
      const [reaction, card] = text.split(":");
      if (card && /^p\d+c\d+$/.test(card)) return `${nameOf(ctx.cat, reaction!, "reaction")} ${instanceWords(ctx, card, event)}`;
      if (/^\d+$/.test(text)) return ctx.seatName(Number(text));
      return valueWords(ctx, "id", { kind: "id", section: "option|reaction|card|step" }, v, event);
    }
    case "solreiRef": {
      // `h:<card>`, `d:<index>`, `art:<slot>`, `top:<card>`...: the prefix's name, then the card or position.
      const text = String(v);
      const at = text.indexOf(":");
      const prefix = at > 0 ? text.slice(0, at) : "";
      if (!prefix || !ctx.cat?.catalog.sections.ref?.[prefix]) return valueWords(ctx, "id", { kind: "id", section: spec.section ?? "choice|card|source" }, v, event);
      const rest = text.slice(at + 1);
      return `${nameOf(ctx.cat, prefix, "ref")} ${/^\d+$/.test(rest) ? Number(rest) + 1 : nameOf(ctx.cat, rest, "card")}`;
    }
    case "ability":
      return typeof v === "number" ? (ctx.abilities.get(v) ?? "an ability") : String(v);
    case "solreiSource": {
      const [src, slot] = String(v).split(":");
      return slot !== undefined ? `${nameOf(ctx.cat, src!, "source")} ${Number(slot) + 1}` : nameOf(ctx.cat, String(v), "source");
    }
    default: {
      if (typeof v === "object") return "";
      if (typeof v === "boolean") return v ? (spec.yes ?? "yes") : (spec.no ?? "");
      if (typeof v === "number" && !spec.section) return String(v);
      const sections = spec.section ? spec.section.split("|") : [];
      for (const s of sections) if (ctx.cat?.catalog.sections[s]?.[String(v)]) return nameOf(ctx.cat, String(v), s);
      return nameOf(ctx.cat, String(v), sections[0]);
    }
  }
}

function fill(template: string, value: string): string {
  return template.replace("{}", value);
}

/** The fields of an event or action as phrases, in the order the game's table gives them. */
function phrases(ctx: WordsContext, where: "event" | "action", obj: GameEvent, self: GameEvent = obj): string {
  const table = fieldsOf(ctx.game);
  const out: string[] = [];
  const template = (where === "event" ? table.eventTemplates : table.actionTemplates)?.[obj.type];
  // An event's `seat` is whose line it is (the "who: " prefix); an action's `seat` is a choice.
  const used = new Set<string>(where === "event" ? ["type", "seat", "to"] : ["type"]);
  const render = (key: string): string => {
    const spec = table[where][`${obj.type}.${key}`] ?? table[where][key] ?? table.event[`${obj.type}.${key}`] ?? table.event[key];
    const v = obj[key];
    if (spec && (v === null || v === undefined)) return spec.none ?? "";
    if (spec?.unlessSame && obj[spec.unlessSame] === v) return "";
    if (!spec) {
      // A field the table does not know: still words, never a raw `true`/`false`.
      if (v === null || v === undefined || v === "" || v === false || typeof v === "object") return "";
      return v === true ? words(key) : `${words(key)} ${valueWords(ctx, "id", { kind: "id" }, v, self)}`;
    }
    const w = valueWords(ctx, spec.kind, spec, v, self);
    return w ? fill(spec.say ?? "{}", w) : "";
  };
  if (template) {
    const text = template.replace(/\{(\w+)\}/g, (_, key: string) => {
      used.add(key);
      return render(key);
    });
    out.push(
      text
        .replace(/\s+/g, " ")
        .replace(/\(\s*\)/g, "")
        .trim(),
    );
  }
  for (const key of Object.keys(obj)) {
    if (used.has(key)) continue;
    const p = render(key);
    // A phrase that says again what the line already says (an effect named like its card) is left out.
    if (p && !out.some((o) => o === p || o.endsWith(` ${p}`) || p === `(${o})`)) out.push(p);
  }
  return out
    .filter(Boolean)
    .join(" ")
    .replace(/\s+([,;)])/g, "$1")
    .trim();
}

/** One event in words: "~Bot 2: Deploy Forgeheart Crown for 3 Shards on ~Ann's Thornback Boar". */
export function describeEvent(ctx: WordsContext, event: GameEvent): string {
  learnFromEvent(ctx, event);
  const name = ctx.cat?.catalog.sections.event?.[event.type]?.name ?? words(event.type);
  const who = typeof event.seat === "number" ? `${ctx.seatName(event.seat)}: ` : "";
  const rest = phrases(ctx, "event", event);
  return `${who}${name}${rest ? ` ${rest}` : ""}`;
}

/** A log: each event in words, later lines naming what earlier ones showed. */
export function describeEvents(ctx: WordsContext, events: GameEvent[]): string[] {
  for (const e of events) learnFromEvent(ctx, e);
  return events.map((e) => describeEvent(ctx, e));
}

/** A decision of `seat` (`{ type: "deploy", card: "p1c21" }`) in words: "Deploy Old Map". */
export function describeAction(ctx: WordsContext, action: unknown, seat?: number): string {
  if (action === null || typeof action !== "object") return String(action);
  const a = action as GameEvent;
  const name = typeof a.type === "string" ? (ctx.cat?.catalog.sections.action?.[a.type]?.name ?? words(a.type)) : "decision";
  const rest = phrases(ctx, "action", a, { ...a, seat });
  return rest ? `${name} ${rest}` : name;
}
