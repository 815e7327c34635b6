/**
 * What the viewer may know of each card instance (docs/achroma.md "Card instances and the
 * instance → definition mapping"): the definition behind every uid shown face up anywhere, and what
 * each instance is doing right now (attacking, HUNTed, an option of a decision...).
 */
import type { CatalogIndex } from "../../catalog.tsx";
import { arr } from "../json.ts";
import type { BoardSeat } from "../types.ts";

export interface Ctx {
  cat: CatalogIndex | null;
  seats: BoardSeat[];
  me: number | null;
  /** Instance uid -> card definition id, for every card shown face up anywhere the viewer may see. */
  defs: Map<string, string>;
  /** Instance uid -> what it is doing right now ("attacking", "HUNTed"...), drawn on its card. */
  focus: Map<string, string[]>;
}

/** An AchromaCard on a Canvas (docs/achroma.md "## State"), read defensively: plain JSON. */
export interface Card {
  uid: string;
  def: string;
  owner?: number;
  attachedTo?: string;
  role?: string;
  value?: number;
  damage?: number;
  strength?: number;
  attacksLeft?: number;
  secrets?: number;
  frozen?: boolean;
  resolved?: boolean;
  cursed?: boolean;
  given?: string[];
  copy?: string;
  gifts?: string[];
  restrained?: string[];
}

/** The open Reaction window (`reaction`), as far as the instances are concerned. */
interface Reaction {
  action?: string;
  declared?: { uid?: string; def?: string; owner?: number };
}

export const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** `"uid:def"` -> [uid, def]. */
export function splitRef(ref: string): [string, string] {
  const at = ref.indexOf(":");
  return at < 0 ? [ref, ""] : [ref.slice(0, at), ref.slice(at + 1)];
}

export function collectDefs(game: Record<string, unknown>, secret: Record<string, unknown> | null): Map<string, string> {
  const defs = new Map<string, string>();
  const addRef = (ref: unknown) => {
    if (typeof ref !== "string") return;
    const [uid, def] = splitRef(ref);
    if (uid && def) defs.set(uid, def);
  };
  const addCard = (c: Card) => {
    if (c?.uid && c?.def) defs.set(c.uid, c.def);
    arr(c?.restrained).forEach(addRef);
  };
  for (const p of arr<Record<string, unknown>>(game.players)) {
    arr(p.dregs).forEach(addRef);
    arr<Card>(p.characters).forEach(addCard);
    arr<Card>(p.locations).forEach(addCard);
  }
  for (const k of ["resolving", "unveiling", "deferred"]) arr(game[k]).forEach(addRef);
  const declared = (game.reaction as Reaction | undefined)?.declared;
  if (declared?.uid && declared?.def) defs.set(declared.uid, declared.def);
  if (secret) for (const k of ["hand", "looking"]) arr(secret[k]).forEach(addRef);
  return defs;
}

export function collectFocus(game: Record<string, unknown>, secret: Record<string, unknown> | null): Map<string, string[]> {
  const focus = new Map<string, string[]>();
  const add = (uid: unknown, what: string) => {
    if (typeof uid !== "string" || !uid) return;
    const list = focus.get(uid) ?? [];
    if (!list.includes(what)) list.push(what);
    focus.set(uid, list);
  };
  add(game.combatAttacker, "attacking");
  add(game.combatDefender, "attacked");
  const reaction = game.reaction as Reaction | undefined;
  if (reaction?.action) {
    try {
      const a = JSON.parse(String(reaction.action)) as Record<string, unknown>;
      add(a.attacker, "declared attacker");
      add(a.defender, "declared target of the attack");
      add(a.card, "declared");
      add(a.target, "declared target");
      add(a.hunter, "declared hunter");
      add(a.rider, "declared Rider");
      add(a.steed, "declared steed");
      add(a.keeper, "declared Keeper");
    } catch {
      // not JSON: shown as it is in the Reaction window
    }
  }
  for (const h of arr(game.hunts)) {
    const [, hunter, target] = str(h).split(":");
    add(hunter, "HUNTing");
    add(target, "HUNTed");
  }
  // The viewer's own decision is marked once, from their (fuller) private options below.
  const mine = secret && typeof game.promptSeat === "number" && game.promptSeat === secret.seat && arr(secret.options).length > 0;
  for (const o of mine ? [] : arr(game.promptOptions)) {
    const uid = str(o).includes(":") ? str(o).slice(str(o).indexOf(":") + 1) : str(o);
    if (/^p\d+c\d+$/.test(uid)) add(uid, "an option of the pending decision");
  }
  if (secret) {
    for (const o of arr(secret.options)) {
      const uid = str(o).includes(":") ? str(o).slice(str(o).indexOf(":") + 1) : str(o);
      if (/^p\d+c\d+$/.test(uid)) add(uid, "one of your options");
    }
  }
  return focus;
}
