/**
 * III.5 ACTIVATING MULTIPLE ABILITIES: THE EXCHANGE and III.6 OFFENSIVE PRIORITY (R8, R9):
 * a step's ability window, priority, passing, activating onto the Exchange, and resolving
 * it last-in first-out (each item's keyword steps run in keywords.ts). R6: Rei vanishes
 * when the window of its step closes.
 */
import { RuleError, ensure } from "../core/errors.ts";
import { ARTS, type Timing } from "./cards.ts";
import { activationBlocker, allSources, artQualified, costTextOf, endAugment, negateTarget, payRei, poolText, reiTotal, sourceInfo } from "./abilities.ts";
import { execStep } from "./keywords.ts";
import { emptyRei, needWindow, pub, rival, type ActionOf, type Events } from "./state.ts";
import type { Seat, Stage, StackItem, State } from "./types.ts";

/** Opens the window of `timing` when some seat could use it (public facts only), else moves on. */
export function openWindow(s: State, timing: Timing, next: Stage): void {
  const anyone = ([0, 1] as Seat[]).some((seat) => allSources(s.players[seat]).some((src) => activationBlocker(s, seat, src, timing) === null));
  if (anyone || s.stack.length > 0) {
    s.window = { timing, priority: s.offense, passes: 0, next };
  } else {
    s.stage = next;
  }
}

export function closeWindow(s: State, E: Events): void {
  const w = s.window!;
  for (const seat of [0, 1] as Seat[]) {
    const p = s.players[seat];
    if (reiTotal(p.rei) > 0) pub(E, "rei_vanished", seat, { amount: reiTotal(p.rei) });
    p.rei = emptyRei();
  }
  s.window = null;
  s.stage = w.next;
}

export function pushStack(s: State, seat: Seat, source: string, automatic: boolean, E: Events): StackItem {
  const p = s.players[seat];
  const info = sourceInfo(p, source)!;
  const item: StackItem = {
    uid: s.nextUid++,
    seat,
    source,
    cardId: info.cardId,
    name: info.name,
    automatic,
    targetUid: info.ability.effect.some((e) => e.k === "negate") ? negateTarget(s, seat) : null,
    steps: info.ability.effect,
  };
  s.stack.push(item);
  pub(E, automatic ? "triggered" : "activated", seat, { source, card: info.cardId, name: info.name, uid: item.uid, target: item.targetUid });
  return item;
}

/** Runs the resolving items (the Exchange, or an engine sequence such as CHARGE) until a decision is needed. */
export function runFrames(s: State, E: Events): void {
  while (s.frames.length > 0 && s.prompt === null && s.outcome === null) {
    const f = s.frames[0];
    if (f.negated) {
      pub(E, "fizzled", f.seat, { uid: f.uid, name: f.name });
      s.frames.shift();
      continue;
    }
    if (f.idx >= f.steps.length) {
      if (f.fromExchange) pub(E, "resolved", f.seat, { uid: f.uid, name: f.name });
      s.frames.shift();
      continue;
    }
    if (execStep(s, f, f.steps[f.idx], E)) {
      f.idx++;
      f.left = null;
    }
  }
}

/** Passing priority; two passes resolve the Exchange (or, with it empty, end the step). */
export function pass(s: State, seat: Seat, _action: ActionOf<"pass">, E: Events): void {
  const w = needWindow(s, seat, "passing");
  w.passes++;
  pub(E, "pass", seat, { timing: w.timing });
  if (w.passes >= 2) {
    if (s.stack.length > 0) {
      // III.5: both declined to add more: the Exchange resolves last-in first-out.
      pub(E, "exchange_resolves", undefined, { order: [...s.stack].reverse().map((x) => x.uid) });
      s.frames = [...s.stack].reverse().map((x) => ({ ...x, idx: 0, left: null, negated: false, fromExchange: true }));
      s.stack = [];
      w.priority = s.offense;
      w.passes = 0;
    } else {
      closeWindow(s, E);
    }
  } else {
    w.priority = rival(seat);
  }
}

/** Activating an Ability or Art: pay, exhaust/augment/break the Art, add it to the Exchange. */
export function activate(s: State, seat: Seat, action: ActionOf<"activate">, E: Events): void {
  const p = s.players[seat];
  const w = needWindow(s, seat, "activating an ability");
  let source: string = action.source;
  if (action.source === "art") {
    ensure(Number.isInteger(action.slot) && action.slot! >= 0 && action.slot! < p.arts.length, "bad_action", "activate art needs a slot 0-3");
    source = `art:${action.slot}`;
  }
  const blocker = activationBlocker(s, seat, source, w.timing);
  if (blocker) throw new RuleError(blocker[0], blocker[1]);
  const info = sourceInfo(p, source)!;
  const cost = info.ability.cost;
  const paid = payRei(p.rei, cost);
  if (paid === null) {
    throw new RuleError("not_enough_rei", `${info.name} costs ${costTextOf(cost)}; your Rei pool is ${poolText(p.rei)}`);
  }
  p.rei = paid;
  if (cost.harvest) {
    const cards = p.cultivated.splice(0, cost.harvest);
    p.discard.push(...cards);
    pub(E, "harvested", seat, { cards });
  }
  if (info.slot !== null) {
    const art = ARTS[p.arts[info.slot].id];
    if (art.augment) {
      // AUGMENT: another augmented Art is EXHAUSTED.
      p.arts.forEach((a, i) => {
        if (a.state === "augmented") endAugment(p, i, seat, E);
      });
      p.arts[info.slot].state = "augmented";
      pub(E, "augmented", seat, { slot: info.slot, art: art.id });
    } else if (artQualified(p, info.slot)) {
      p.arts[info.slot].state = "exhausted";
    } else {
      p.arts[info.slot].state = "broken";
      pub(E, "art_broken", seat, { slot: info.slot, art: art.id, reason: "requirements_not_met" });
    }
  } else {
    p.used.push(source);
  }
  pushStack(s, seat, source, false, E);
  w.priority = rival(seat);
  w.passes = 0;
}
