/** Scenario helpers for the Achroma tests: start games, rig hands/palettes/Canvases, apply actions. */
import type { GameEvent } from "../core/engine.ts";
import { shuffleInPlace, type HasRng } from "../core/rng.ts";
import { CARDS } from "./cards.ts";
import { bundle, canvasCards, newUnitFor } from "./engine.ts";
import { consistentPrompt } from "./bot.ts";
import { achromaEngine, parseConfig, samplePalette } from "./index.ts";
import type { Action, State } from "./types.ts";

export const log: GameEvent[] = [];

export function A(s: State, seat: number, action: Action): State {
  const r = achromaEngine.apply(s, seat, action);
  log.length = 0;
  log.push(...r.events);
  return r.state;
}

/** A new game with every seat keeping its hand; `first` forced as the first player. */
export function newGame(players = 2, opts: { seed?: string; first?: number; palettes?: number[] } = {}): State {
  const cfg = parseConfig({ players });
  const seats = Array.from({ length: players }, (_, i) => samplePalette(opts.palettes?.[i] ?? i));
  let s = achromaEngine.setup(cfg, seats, opts.seed ?? "test");
  if (opts.first !== undefined) {
    s.first = opts.first;
    s.active = opts.first;
  }
  for (let i = 0; i < players; i++) s = A(s, i, { type: "keep" });
  return s;
}

/** The first instance of card `def` owned by `seat` (anywhere). */
export function uidOf(s: State, seat: number, def: string, nth = 0): string {
  const all = Object.keys(s.cards).filter((u) => s.cards[u].owner === seat && s.cards[u].def === def);
  if (!all[nth]) throw new Error(`seat ${seat} has no ${def} #${nth}`);
  return all[nth];
}

function detach(s: State, uid: string): void {
  for (const p of s.players) {
    p.palette = p.palette.filter((c) => c !== uid);
    p.hand = p.hand.filter((c) => c !== uid);
    p.dregs = p.dregs.filter((c) => c !== uid);
  }
}

/** Moves an owned card (by definition id) into `seat`'s hand. Returns its uid. */
export function toHand(s: State, seat: number, def: string, nth = 0): string {
  const uid = uidOf(s, seat, def, nth);
  detach(s, uid);
  s.players[seat].hand.push(uid);
  return uid;
}

/** Puts an owned card straight onto `onto`'s Canvas (deployed on an earlier turn). Objects attach to `target`. */
export function onCanvas(s: State, owner: number, def: string, opts: { onto?: number; target?: string; nth?: number; turn?: number } = {}): string {
  const uid = uidOf(s, owner, def, opts.nth ?? 0);
  detach(s, uid);
  const seat = opts.onto ?? owner;
  s.units[uid] = { ...newUnitFor(opts.turn ?? s.turn - 1) };
  const d = s.cards[uid].def;
  const type = CARDS[d].type;
  if (type === "character") s.players[seat].characters.push(uid);
  else if (type === "location") s.players[seat].locations.push(uid);
  else {
    s.attached[opts.target!] ??= [];
    s.attached[opts.target!].push(uid);
  }
  return uid;
}

/** Every card instance of a seat, wherever it is (for accounting). */
export function allCardsOf(s: State, seat: number): string[] {
  const p = s.players[seat];
  const onCanvases = s.players.flatMap((_, i) => canvasCards(s, i)).filter((u) => s.cards[u].owner === seat);
  const restrained = Object.values(s.restrained)
    .flat()
    .flatMap((c) => bundle(s, c));
  const limbo = [...Object.values(s.secrets).flat(), ...restrained, ...s.deferred.map((d) => d.card), ...s.unveiling, ...s.resolving].filter((u) => s.cards[u].owner === seat);
  return [...p.palette, ...p.hand, ...p.dregs, ...onCanvases, ...limbo];
}

/**
 * Everything `viewer` cannot see, re-dealt per owner: each other player's hand, Palette and
 * face-down SECRET cards shuffled together (sizes and Keepers kept); for the viewer, their own
 * Palette and SECRET cards (hidden from everyone), except the top cards they look at with RESEARCH.
 */
export function permuteHidden(state: unknown, viewer: number, rng: HasRng): State {
  // A pending choice among hidden cards names them (FIND by definition, TRADE and RESEARCH by
  // card): a deal that could not have asked it as it stands is not a world the viewer may be in.
  for (let attempt = 0; attempt < REDEAL_ATTEMPTS; attempt++) {
    const s = redealOnce(state as State, viewer, rng);
    if (consistentPrompt(s, (state as State).prompt, viewer)) return s;
  }
  return structuredClone(state as State); // the deal as it is: always consistent
}

/** Re-deals tried before the deal as it is is kept (the prompt's options rarely refuse one). */
const REDEAL_ATTEMPTS = 50;

function redealOnce(state: State, viewer: number, rng: HasRng): State {
  const s = structuredClone(state);
  s.players.forEach((p, i) => {
    const keep = i === viewer && s.research?.seat === viewer ? s.research.count : 0;
    const slots: { get: () => string; set: (c: string) => void }[] = [];
    for (let k = keep; k < p.palette.length; k++) slots.push({ get: () => p.palette[k], set: (c) => (p.palette[k] = c) });
    if (i !== viewer) for (let k = 0; k < p.hand.length; k++) slots.push({ get: () => p.hand[k], set: (c) => (p.hand[k] = c) });
    for (const list of Object.values(s.secrets)) for (let k = 0; k < list.length; k++) if (s.cards[list[k]].owner === i) slots.push({ get: () => list[k], set: (c) => (list[k] = c) });
    const pool = slots.map((x) => x.get());
    shuffleInPlace(rng, pool);
    slots.forEach((x, k) => x.set(pool[k]));
  });
  return s;
}

export { ruleErrorCode as code } from "../core/testing.ts";

/** Puts the state in the active player's Main step. */
export function main(s: State): State {
  s.phase = "main";
  return s;
}

/**
 * A game in its Main step, one seat per Palette index (see PALETTES in cards.ts: 0 emberwild-blaze,
 * 2 tidehollow-depths, 3 tidehollow-shoals, 4 emberwild-veil, 6 stormreach-skyriders, 7 gloamfen-mire,
 * 8 verdance-menagerie).
 */
export function gameWith(palettes: number[], first = 0): State {
  return main(newGame(palettes.length, { first, palettes }));
}

/** Hands the turn to `seat` (Main step of a later turn). */
export function turnOf(s: State, seat: number): State {
  s.active = seat;
  s.turn += 1;
  s.deployed = 0;
  s.phase = "main";
  return s;
}
