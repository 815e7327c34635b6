/**
 * What each event (and action) field of each game holds (web/src/boards/<game>.fields.ts), so `words.ts` can say it in words: a
 * seat, a card instance, a zone, a count of something, a flag, or an id of a named catalog section.
 * Written from docs/<game>.md ("Which fields hold ids", the Events table); `test/web/words.test.ts`
 * checks every field of every event type in each engine's protocol has an entry here.
 *
 * Keys are `field` (any event with that field) or `type.field` (that event only). `say` places the
 * value in a phrase (`{}`); a template per event type (`{field}`) orders a whole line.
 */

export type Kind =
  | "hide" // bookkeeping the line does not need (the name already says it)
  | "id" // an id of catalog `section` (`a|b`: the first section that has it)
  | "seat" // a seat number: the seat's name
  | "bySeat" // an array indexed by seat: "Ann 3, Bob 1" (values of kind `of`)
  | "ranks" // ranks indexed by seat: "1st Ann, 2nd Bob"
  | "count" // a number of `unit`s
  | "number"
  | "slot" // a 0-based position shown 1-based, as the board numbers it
  | "flag" // `yes` when true, `no` when false
  | "zone" // Re;ACT zone index: "C3"
  | "instance" // Achroma card instance `p1c4`: "Bob's Fern Sprite"
  | "unit" // Resonance unit id: a seat's Player, an Echo, an Animation card
  | "reactUnit" // Re;ACT unit: an Artist or a Summon
  | "reactCard" // Re;ACT card: a copy `<def>#<n>` or a card
  | "masterpiece" // Re;ACT Masterpiece part of the event seat's Artist ({seat, part} for another's)
  | "achromaOption" // Achroma choose/react option: an instance, `<reaction>:<instance>`, a seat, a word
  | "solreiRef" // SolRei `h:<card>`, `d:<index>`, `art:<slot>`, `top:<card>`: by the `ref` section
  | "ability" // SolRei ability uid on the Exchange: its name
  | "solreiSource"; // SolRei `muse`, `advantage`, `art:<slot>`

export interface Spec {
  kind: Kind;
  section?: string;
  say?: string;
  unit?: string;
  yes?: string;
  no?: string;
  /** `count`: said instead when the number is 0 ("" says nothing). */
  zero?: string;
  /** Said when the value is null (e.g. no winner). */
  none?: string;
  /** `bySeat`: the kind of each value. */
  of?: Kind;
  /** Left out when it equals this other field (an attack's source that is its actor). */
  unlessSame?: string;
  /** `instance`: the event's own `def` names the card. */
  fromDef?: boolean;
}

export interface GameFields {
  event: Record<string, Spec>;
  action: Record<string, Spec>;
  eventTemplates?: Record<string, string>;
  actionTemplates?: Record<string, string>;
}

export const hide: Spec = { kind: "hide" };
export const id = (section: string, say = "{}"): Spec => ({ kind: "id", section, say });
export const seat = (say = "{}", none?: string): Spec => ({ kind: "seat", say, none });
export const count = (unit: string, say = "{}"): Spec => ({ kind: "count", unit, say });
export const flag = (yes: string, no = ""): Spec => ({ kind: "flag", yes, no });
export const inst = (say = "{}"): Spec => ({ kind: "instance", say, fromDef: true });
export const other = (say = "{}"): Spec => ({ kind: "instance", say });

/**
 * Fields of a game's view (the replay's generic table) that hold a seat or an id of one section:
 * looked up there, never by guessing (`mulligan: "kept"` is a mulligan state, not the `kept` event).
 */
export interface ViewFields {
  seats: string[];
  sections: Record<string, string>;
  hide: string[];
}
