/**
 * What a seat (or a spectator) may see: IV.1 Public Knowledge. Never any deck order,
 * never a hand but your own, never a face-down Action Card but your own, never the identity
 * of a Rival's Art that was not readied this Act, and (III.2.B/D) never the Rival's Muse and
 * Advantage before they are flipped face up after the first Act's opening draw. A seat always
 * sees all of its own cards (`you`).
 */
import type { Timing } from "./cards.ts";
import { actors, powerOf, selectOptions } from "./engine.ts";
import type { ArtState, DamageState, ReiPool, Seat, SelectPurpose, State } from "./types.ts";

export interface ArtView {
  slot: number;
  /** null: face-down and never readied this Act (hidden from the Rival). */
  id: string | null;
  state: ArtState;
}

export interface PlayerView {
  seat: number;
  /** null: still face down (the first Act's set-up, before the opening draw; III.2.D). */
  muse: string | null;
  advantage: string | null;
  position: "offense" | "defense";
  arts: ArtView[];
  handCount: number;
  deckCount: number;
  discard: string[];
  damage: { card: string; state: DamageState }[];
  cultivatedCount: number;
  checkingCount: number;
  /** An Action Card is in the Action Card zone (not which). */
  placed: boolean;
  confirmed: boolean;
  /** The Action Card after the reveal, else null. */
  actionCard: string | null;
  power: number | null;
  powerBonus: number;
  incoming: number;
  canGainDamage: boolean;
  grappled: boolean;
  mulligan: "pending" | "kept" | "mulliganed";
  used: string[];
}

export interface PromptView {
  kind: "choose_first" | "mulligan" | "open" | "damage" | "select";
  seats: number[];
  purpose: SelectPurpose | null;
  left: number;
}

export interface YouView {
  seat: number;
  /** Your own Muse, Advantage and Arts (by slot), face-down ones included: you always see your cards. */
  muse: string;
  advantage: string;
  arts: string[];
  hand: string[];
  placed: string | null;
  rei: ReiPool;
  checking: string[];
  /** Your pending decision with its choices (select prompts), else null. */
  prompt: (PromptView & { options: string[] }) | null;
}

export interface View {
  game: "solrei";
  act: number;
  round: number;
  wins: [number, number];
  acts: { winner: number | null; reason: string }[];
  chooser: number;
  offense: number;
  stage: string;
  window: { timing: Timing; priority: number; passes: number } | null;
  stack: { uid: number; seat: number; source: string; card: string; name: string; automatic: boolean; target: number | null }[];
  resolving: { uid: number; seat: number; name: string; negated: boolean }[];
  revealed: boolean;
  showdown: number | null;
  prompt: PromptView | null;
  actors: number[];
  players: PlayerView[];
  outcome: { ranks: number[]; reason: string } | null;
  you: YouView | null;
}

function promptView(s: State): PromptView | null {
  const pr = s.prompt;
  if (!pr) return null;
  if (pr.kind === "mulligan" || pr.kind === "open") return { kind: pr.kind, seats: [...pr.seats], purpose: null, left: 0 };
  if (pr.kind === "select") return { kind: "select", seats: [pr.seat], purpose: pr.purpose, left: pr.left };
  return { kind: pr.kind, seats: [pr.seat], purpose: null, left: 0 };
}

/**
 * III.2.B/D: the Muses and Advantages are set up face down and flipped face up after the first
 * Act's opening draw (round 1). Later Acts reuse the same public set-ups, already seen.
 */
const setUpFaceDown = (s: State) => s.act === 1 && s.round === 0;

/** One player's public entry as `viewer` sees it (its own face-down cards only to itself). */
function playerView(s: State, seat: Seat, viewer: Seat | null): PlayerView {
  const p = s.players[seat];
  const hidden = viewer !== seat;
  const faceDown = hidden && setUpFaceDown(s);
  return {
    seat,
    muse: faceDown ? null : p.muse,
    advantage: faceDown ? null : p.advantage,
    position: s.offense === seat ? "offense" : "defense",
    arts: p.arts.map((a, slot) => ({ slot, id: a.state === "down" && hidden ? null : a.id, state: a.state })),
    handCount: p.hand.length,
    deckCount: p.deck.length,
    discard: [...p.discard],
    damage: p.damage.map((d) => ({ card: d.card, state: d.state })),
    cultivatedCount: p.cultivated.length,
    checkingCount: p.checking.length,
    placed: p.placed !== null,
    confirmed: p.confirmed,
    actionCard: s.revealed ? p.placed : null,
    power: s.revealed ? powerOf(p) : null,
    powerBonus: p.powerBonus,
    incoming: p.incoming,
    canGainDamage: p.canGainDamage,
    grappled: p.grappled,
    mulligan: p.mulligan,
    used: [...p.used],
  };
}

/** Whether `seat` sees its own entry differently from everyone else (a face-down set-up or Art). */
function seesOwnHidden(s: State, seat: Seat): boolean {
  return setUpFaceDown(s) || s.players[seat].arts.some((a) => a.state === "down");
}

function youView(s: State, viewer: Seat, pv: PromptView | null): YouView {
  const p = s.players[viewer];
  const mine = pv?.seats.includes(viewer);
  return {
    seat: viewer,
    muse: p.muse,
    advantage: p.advantage,
    arts: p.arts.map((a) => a.id),
    hand: [...p.hand],
    placed: p.placed,
    rei: { ...p.rei },
    checking: [...p.checking],
    prompt: mine && pv ? { kind: pv.kind, seats: pv.seats, purpose: pv.purpose, left: pv.left, options: pv.kind === "select" ? selectOptions(s) : [] } : null,
  };
}

/** The parts of a view every viewer sees alike. */
type Table = Pick<View, "acts" | "window" | "stack" | "resolving" | "prompt" | "actors" | "outcome">;

function tableOf(s: State): Table {
  return {
    acts: s.acts.map((a) => ({ winner: a.winner, reason: a.reason })),
    window: s.window ? { timing: s.window.timing, priority: s.window.priority, passes: s.window.passes } : null,
    stack: s.stack.map((x) => ({ uid: x.uid, seat: x.seat, source: x.source, card: x.cardId, name: x.name, automatic: x.automatic, target: x.targetUid })),
    resolving: s.frames.map((f) => ({ uid: f.uid, seat: f.seat, name: f.name, negated: f.negated })),
    prompt: promptView(s),
    actors: actors(s),
    outcome: s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null,
  };
}

/**
 * One viewer's view around the shared table. Written out field by field on purpose: in Node 20
 * an object spread followed by a key the source lacks (`{ ...table, you }`) costs ~1 µs per
 * object, as much as building the rest of the view.
 */
function assemble(s: State, t: Table, players: PlayerView[], you: YouView | null): View {
  return {
    game: "solrei",
    act: s.act,
    round: s.round,
    wins: [s.wins[0], s.wins[1]],
    acts: t.acts,
    chooser: s.chooser,
    offense: s.offense,
    stage: s.stage,
    window: t.window,
    stack: t.stack,
    resolving: t.resolving,
    revealed: s.revealed,
    showdown: s.showdown,
    prompt: t.prompt,
    actors: t.actors,
    players,
    outcome: t.outcome,
    you,
  };
}

export function viewOf(s: State, viewer: Seat | null): View {
  const t = tableOf(s);
  const players = s.players.map((_, seat) => playerView(s, seat as Seat, viewer));
  return assemble(s, t, players, viewer === null ? null : youView(s, viewer, t.prompt));
}

/**
 * `viewOf` for several viewers in one pass: the table and every player's entry as others see it
 * are built once and shared (read-only); a seat gets its own entry only where it sees its own
 * face-down cards.
 */
export function viewsOf(s: State, viewers: readonly (Seat | null)[]): View[] {
  const t = tableOf(s);
  const asOthersSee = s.players.map((_, seat) => playerView(s, seat as Seat, null));
  return viewers.map((viewer) => {
    if (viewer === null) return assemble(s, t, asOthersSee, null);
    const players = seesOwnHidden(s, viewer) ? asOthersSee.map((entry, seat) => (seat === viewer ? playerView(s, viewer, viewer) : entry)) : asOthersSee;
    return assemble(s, t, players, youView(s, viewer, t.prompt));
  });
}
