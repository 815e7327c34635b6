/**
 * Decisions asked of a Player ("may" effects, choices inside an action): how they are queued.
 */
import { COLORS } from "../catalog.ts";
import type { Combat, State } from "../types.ts";
import { STATUS_TAGS } from "./definitions.ts";
import { playerUnitId } from "./units.ts";

/** A choice outside an Opposed Roll (Sensor, Charismatic, Immunized) is held in a combat-less record. */
export function pendingChoice(s: State, seat: number, purpose: string, options: string[], data?: Record<string, unknown>): void {
  if (options.length === 0) return;
  let c = s.combat;
  if (!c) {
    // The record belongs to the turn Player, whoever is asked (Aware asks an opponent, R13).
    c = blankCombat("support", s.turnSeat, playerUnitId(s.turnSeat), playerUnitId(s.turnSeat), []);
    c.standalone = true;
  }
  c.step = "choice";
  const q = data ? { purpose, seat, options, data } : { purpose, seat, options };
  if (c.choice) c.queue.push(q);
  else c.choice = q;
  s.combat = c;
}

/**
 * A "may" decision raised by an effect outside its owner's control of the flow (Stubborn, Aware):
 * queued behind the current action's choices (answered before the action goes on), or held in a
 * standalone record when no action is resolving. Any seat may be asked (`actors()` is the chooser).
 */
export function offer(s: State, seat: number, purpose: string, options: string[]): void {
  const c = s.combat;
  if (c && !c.standalone) c.queue.push({ purpose, seat, options });
  else pendingChoice(s, seat, purpose, options);
}

/** Asks `seat` a question inside the current action; `resume` says where resolution goes on. */
export function ask(s: State, purpose: string, seat: number, options: string[], resume: Combat["resume"], data?: Record<string, unknown>): void {
  const c = s.combat!;
  c.resume = resume;
  c.step = "choice";
  const q = { purpose, seat, options, data };
  if (c.choice) c.queue.push(q);
  else c.choice = q;
}
export const flag = (c: Combat, f: string): boolean => c.flags.includes(f);

/** Immunized (6.3, RULINGS R28): a Status Tag is chosen when the block is acquired, the Animation deployed or the Item equipped. */
export function immunizedChoice(s: State, seat: number): void {
  const p = s.players[seat];
  pendingChoice(
    s,
    seat,
    "immunized",
    STATUS_TAGS.filter((t) => !p.immunized.includes(t)),
  );
}

/** Bane (1.0, RULINGS R26): "Choose a Color" — its controller chooses when the Bane source enters play (like Immunized, R28). */
export function baneChoice(s: State, seat: number, source: string): void {
  pendingChoice(
    s,
    seat,
    "bane",
    COLORS.map((c) => `color:${c}`),
    { source },
  );
}

/**
 * Bane (1.0): the colour is the source's while it stays in play. A source that left play (destroyed,
 * returned to hand, shuffled back into the Main Deck) drops it, and a new one is chosen if it
 * enters play again; a stale entry would name a card now in a hidden zone.
 */
export function forgetBaneLeftPlay(s: State): void {
  if (s.players.every((p) => Object.keys(p.bane).length === 0)) return;
  const inPlay = new Set<string>();
  for (const p of s.players) {
    for (const c of p.codexActive) inPlay.add(c);
    for (const u of [p.self, ...p.animations]) {
      if (u.card) inPlay.add(u.card);
      for (const i of u.items) inPlay.add(i);
    }
  }
  for (const p of s.players) for (const source of Object.keys(p.bane)) if (!inPlay.has(source)) delete p.bane[source];
}

export function blankCombat(kind: Combat["kind"], seat: number, actor: string, source: string, targets: string[]): Combat {
  return {
    kind,
    seat,
    actor,
    source,
    targets,
    current: 0,
    step: "augment",
    innate: [],
    augmented: [],
    gained: [],
    fuel: [],
    revealed: null,
    ev: 0,
    rvBonus: 0,
    defendCard: null,
    defendExtra: null,
    sacrificed: null,
    gambled: 0,
    dealt: [],
    choice: null,
    queue: [],
    aimItem: null,
    boostTo: "target",
    karmaGiven: false,
    ended: false,
    standalone: false,
    resume: "post",
    flags: [],
  };
}
