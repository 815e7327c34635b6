/**
 * Engine plumbing (no rulebook section): the state copy `apply` works on, and the cheap failure
 * `legalActions` uses while it probes candidate actions through `validate`.
 */
import { RuleError } from "../core/errors.ts";
import type { State, Unit } from "./types.ts";

/**
 * While `legalActions` probes candidates, a failed check throws this shared sentinel instead of
 * building a RuleError (whose stack capture dominated the step cost).
 */
export const probe = { on: false };
export const PROBE_FAIL = { probe: true };
export function need(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) {
    if (probe.on) throw PROBE_FAIL;
    throw new RuleError(code, message);
  }
}

/** Whether `check` passes, in probe mode (a failure is the cheap sentinel, not a RuleError). */
export function passes(check: () => void): boolean {
  probe.on = true;
  try {
    check();
    return true;
  } catch (e) {
    if (e === PROBE_FAIL) return false;
    throw e;
  } finally {
    probe.on = false;
  }
}

/**
 * The state copy `apply` works on. Parts the engine only ever replaces (never mutates in place) are
 * shared with the previous state: the card table, card data steps, prompts, RNG words, REVEAL,
 * outcome, HUNT/deferred/erased entries. Everything mutated in place is copied.
 */
export function cloneState(s: State): State {
  const units: Record<string, Unit> = {};
  for (const k in s.units) {
    const u = s.units[k];
    units[k] = { ...u, given: u.given.length ? u.given.map((g) => ({ ...g })) : [], gifts: u.gifts.length ? u.gifts.slice() : [] };
  }
  const lists = (r: Record<string, string[]>): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const k in r) out[k] = r[k].slice();
    return out;
  };
  return {
    rng: s.rng,
    players: s.players.map((p) => ({
      ...p,
      palette: p.palette.slice(),
      hand: p.hand.slice(),
      dregs: p.dregs.slice(),
      characters: p.characters.slice(),
      locations: p.locations.slice(),
    })),
    cards: s.cards,
    units,
    attached: lists(s.attached),
    resolving: s.resolving.slice(),
    active: s.active,
    first: s.first,
    turn: s.turn,
    phase: s.phase,
    deployed: s.deployed,
    traded: s.traded,
    stack: s.stack.map((f) => ({ ...f })),
    prompt: s.prompt,
    combat: s.combat ? { ...s.combat, attOrder: s.combat.attOrder?.slice() ?? null, defOrder: s.combat.defOrder?.slice() ?? null } : null,
    secrets: lists(s.secrets),
    unveiling: s.unveiling.slice(),
    lastReveal: s.lastReveal,
    research: s.research ? { ...s.research } : null,
    hunts: s.hunts.slice(),
    restrained: lists(s.restrained),
    parasites: { ...s.parasites },
    riders: { ...s.riders },
    window: s.window ? { ...s.window, action: { ...s.window.action }, queue: s.window.queue.slice() } : null,
    divert: s.divert,
    reacted: s.reacted,
    deferred: s.deferred.slice(),
    erasedLog: s.erasedLog.slice(),
    leftOrder: s.leftOrder.slice(),
    outcome: s.outcome,
  };
}
