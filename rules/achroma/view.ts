import { defOf, maxAttacks, shardValue, strength } from "./engine.ts";
import type { Action } from "./types.ts";
import type { Phase, Seat, State } from "./types.ts";

/** Choices among hidden cards (Palette, hand): their options are shown to the chooser only. */
const PRIVATE_STEPS = ["find", "trade", "deploy_free", "replace"];

export interface CardView {
  uid: string;
  def: string;
  owner: Seat;
}
export interface UnitView extends CardView {
  value: number;
  damage: number;
  strength: number;
  frozen: boolean;
  attacksLeft: number;
  resolved: boolean;
  /** SECRET: how many face-down cards this Keeper hides. */
  secrets: number;
  cursed: boolean;
  /** SPLAT (gain) / SQUISH (drain) effects given to this card, oldest first. */
  given: { kind: "gain" | "drain"; n: number; by: Seat }[];
  /** COPY: the copied card's definition id (R31). */
  copy: string | null;
  /** Keywords given to this card (GIVE, R32). */
  gifts: string[];
  objects: UnitView[];
  /** MOUNT: the Rider on this Dragon/Drake (R38). */
  rider: UnitView | null;
  /** INFEST: the PARASITE on this HOST (R37). */
  parasite: UnitView | null;
  /** RESTRAIN: the cards held under this card, face up (R30). */
  restrained: CardView[];
}
export interface PlayerView {
  seat: Seat;
  bank: number;
  out: boolean;
  mulligan: "pending" | "kept" | "mulliganed";
  handCount: number;
  paletteCount: number;
  dregs: CardView[];
  characters: UnitView[];
  locations: UnitView[];
}
export interface View {
  you: Seat | null;
  active: Seat;
  first: Seat;
  turn: number;
  phase: Phase;
  deployed: number;
  traded: number;
  players: PlayerView[];
  /** The viewer's own hand (empty for spectators). */
  hand: CardView[];
  /** Action cards being resolved. */
  resolving: CardView[];
  /** The pending decision; `options` only for the seat that decides (FIND options are secret). */
  prompt: { kind: string; seat: Seat; step?: string; options?: string[]; max?: number; amount?: number; from?: Seat } | null;
  combat: { attacker: string; defender: string } | null;
  /** Unveiled SECRET cards about to be Deployed (face up). */
  unveiling: CardView[];
  /** The last REVEAL: whose Palette and the cards turned over (face up). */
  lastReveal: { seat: Seat; defs: string[] } | null;
  /** RESEARCH in progress (public part). */
  research: { seat: Seat; count: number; placed: number; ordering: boolean } | null;
  /** The cards the viewer is looking at with RESEARCH (top of their Palette, in order). */
  looking: CardView[];
  /** A declared Deploy/ability/attack waiting for Reactions (R35). */
  reaction: { seat: Seat; trigger: string; action: Action; declared: CardView | null } | null;
  /** Cards a DISPOSE Reaction Deploys once everything else has concluded (R36). */
  deferred: CardView[];
  /** Pending HUNTs (public). */
  hunts: { seat: Seat; hunter: string; target: string }[];
  outcome: { ranks: number[]; reason: string } | null;
}

/** Every viewer's view at once: the parts everyone sees are built once and shared (read-only). */
export function viewsOf(s: State, viewers: readonly (Seat | null)[]): View[] {
  const card = (uid: string): CardView => ({ uid, def: s.cards[uid].def, owner: s.cards[uid].owner });
  const unit = (uid: string): UnitView => {
    const u = s.units[uid];
    const d = defOf(s, uid);
    const c = s.cards[uid];
    // Fields written out: an object spread here made every view several times slower.
    return {
      uid,
      def: c.def,
      owner: c.owner,
      value: shardValue(s, uid),
      damage: u.damage,
      strength: d.type === "character" ? strength(s, uid) : d.strength,
      frozen: u.frozen,
      attacksLeft: d.type === "character" ? Math.max(0, maxAttacks(s, uid) - u.attacks) : 0,
      resolved: u.resolvedTurn === s.turn,
      secrets: s.secrets[uid]?.length ?? 0,
      cursed: u.cursed,
      given: u.given.map((g) => ({ ...g })),
      copy: u.copy,
      gifts: [...u.gifts],
      objects: (s.attached[uid] ?? []).map(unit),
      rider: s.riders[uid] ? unit(s.riders[uid]) : null,
      parasite: s.parasites[uid] ? unit(s.parasites[uid]) : null,
      restrained: (s.restrained[uid] ?? []).map(card),
    };
  };
  const declared = (a: Action): CardView | null => (a.type === "deploy" ? card(a.card) : a.type === "mount" ? card(a.rider) : null);
  const shared = {
    // The per-viewer fields are filled in below. Present here because in Node 20 a spread
    // followed by keys the source lacks costs ~1 µs per object; overwriting them is nearly free.
    you: null as Seat | null,
    active: s.active,
    first: s.first,
    turn: s.turn,
    phase: s.phase,
    deployed: s.deployed,
    traded: s.traded,
    players: s.players.map((p, seat) => ({
      seat,
      bank: p.bank,
      out: p.out,
      mulligan: p.mulligan,
      handCount: p.hand.length,
      paletteCount: p.palette.length,
      dregs: p.dregs.map(card),
      characters: p.characters.map(unit),
      locations: p.locations.map(unit),
    })),
    resolving: s.resolving.map(card),
    combat: s.combat ? { attacker: s.combat.attacker, defender: s.combat.defender } : null,
    unveiling: s.unveiling.map(card),
    // A declared Deploy shows its card face up: the others React to it (R35).
    reaction: s.window ? { seat: s.window.seat, trigger: s.window.trigger, action: { ...s.window.action }, declared: declared(s.window.action) } : null,
    deferred: s.deferred.map((d) => card(d.card)),
    hunts: s.hunts.map((h) => ({ seat: h.seat, hunter: h.hunter, target: h.target })),
    lastReveal: s.lastReveal ? { seat: s.lastReveal.seat, defs: [...s.lastReveal.defs] } : null,
    research: s.research ? { ...s.research } : null,
    outcome: s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null,
    hand: [] as CardView[],
    prompt: null as View["prompt"],
    looking: [] as CardView[],
  };
  return viewers.map((viewer) => ({
    ...shared,
    you: viewer,
    hand: viewer === null ? [] : s.players[viewer].hand.map(card),
    prompt: promptFor(s, viewer),
    looking: s.research && viewer === s.research.seat ? s.players[viewer].palette.slice(0, s.research.count).map(card) : [],
  }));
}

export function viewOf(s: State, viewer: Seat | null): View {
  return viewsOf(s, [viewer])[0]!;
}

/** The pending decision as `viewer` sees it: the options of a choice among hidden cards go to the chooser only. */
function promptFor(s: State, viewer: Seat | null): View["prompt"] {
  const pr = s.prompt;
  if (!pr) return null;
  const prompt: NonNullable<View["prompt"]> = { kind: pr.kind, seat: pr.seat };
  if (pr.kind === "choose") {
    prompt.step = pr.step.k;
    if (!PRIVATE_STEPS.includes(pr.step.k) || viewer === pr.seat) prompt.options = [...pr.options];
  } else if (pr.kind === "research") {
    prompt.step = pr.ordering ? "research_order" : "research_keep";
    if (viewer === pr.seat) prompt.options = [...pr.options];
  } else if (pr.kind === "prevent") Object.assign(prompt, { max: pr.max, amount: pr.amount, from: pr.from });
  else if (pr.kind === "react") Object.assign(prompt, { step: pr.trigger, options: [...pr.options] });
  else prompt.options = [...pr.options];
  return prompt;
}
