/**
 * REACTION (glossary) with DEFEND, DISPOSE and DIVERT (R16, R35, R36): the window a declared
 * Deploy, ability or attack opens, the answers, DISPOSE's deferred Deploys (the DIVERT offer for a
 * targeted step: abilities.ts chosen; DISPOSE itself: actions.ts).
 */
import type { GameEvent } from "../core/engine.ts";
import type { Action, Prompt, ReactionWindow, Seat, State } from "./types.ts";
import { doStep } from "./abilities.ts";
import { dispose, execute } from "./actions.ts";
import { canvasCards, controllerOf, defOf, has, infested, ownerOf } from "./canvas.ts";
import { place } from "./deploying.ts";
import { settle } from "./leaving.ts";
import { validate } from "./legality.ts";
import { passes } from "./state.ts";

export const TRIGGERS: Partial<Record<Action["type"], ReactionWindow["trigger"]>> = {
  deploy: "deploy",
  attack: "attack",
  mount: "ability",
  activate: "ability",
  menagerie: "ability",
  dispose: "ability",
  hunt: "ability",
  resolve: "ability",
  resolve_given: "ability",
  unveil: "ability",
};

/** R35: opens the Reaction window for a declared Deploy, ability or attack when someone can React. */
export function openWindow(s: State, seat: Seat, a: Action, ev: GameEvent[]): boolean {
  const p = s.players[seat];
  // R35: a declared Deploy, ability or attack first gives the other players, in turn order, one chance each to React.
  const trigger = a.type === "mount" && p.hand.includes(a.rider) ? "deploy" : TRIGGERS[a.type];
  if (trigger) {
    const n = s.players.length;
    const queue: Seat[] = [];
    for (let k = 1; k < n; k++) {
      const i = (seat + k) % n;
      if (!s.players[i].out) queue.push(i);
    }
    const w: ReactionWindow = { seat, trigger, action: a, queue };
    if (queue.some((i) => reactionOptions(s, w, i).length > 0)) {
      s.window = w;
      ev.push({ type: "declare", seat, action: a.type });
      return true;
    }
  }
  return false;
}

export function reactionOptions(s: State, w: ReactionWindow, seat: Seat): string[] {
  const out: string[] = [];
  const a = w.action;
  if (a.type === "attack" && controllerOf(s, a.defender) === seat) for (const c of s.players[seat].characters) if (c !== a.defender && has(s, c, "defend") && !infested(s, c)) out.push(`defend:${c}`);
  // R35: DIVERT covers "any Action or ability" that targets a card on your Canvas: a HUNT too, to a DIVERT card it could HUNT.
  if (a.type === "hunt" && controllerOf(s, a.target) === seat)
    for (const c of s.players[seat].characters) if (c !== a.target && has(s, c, "divert") && !infested(s, c) && s.units[c].divertTurn !== s.turn && !has(s, c, "protection")) out.push(`divert:${c}`);
  for (const c of canvasCards(s, seat)) if (defOf(s, c).dispose && !infested(s, c)) out.push(`dispose:${c}`);
  return out;
}

/** R35: asks the next player in turn order who can React; when none is left the declared action happens if it still can. */
export function nextReaction(s: State, ev: GameEvent[]): void {
  const w = s.window!;
  while (w.queue.length > 0) {
    const seat = w.queue.shift()!;
    if (s.players[seat].out) continue;
    const options = reactionOptions(s, w, seat);
    if (options.length > 0) {
      s.prompt = { kind: "react", seat, trigger: w.trigger, options: ["pass", ...options] };
      return;
    }
  }
  s.window = null;
  let ok = !s.players[w.seat].out;
  if (ok) ok = passes(() => validate(s, w.seat, w.action));
  if (ok) execute(s, w.seat, w.action, ev);
  else ev.push({ type: "fizzle", seat: w.seat, declared: w.action.type });
}

/** A Reaction prompt answered: DIVERT a targeted step, DEFEND, DISPOSE, or pass (R35). */
export function answerReaction(s: State, seat: Seat, pr: Extract<Prompt, { kind: "react" }>, option: string, ev: GameEvent[]): void {
  const [what, card] = option.split(":");
  if (what !== "pass") s.reacted = [...s.reacted, seat]; // R35: "Each other player may only React once per opportunity"
  if (pr.trigger === "target") {
    // R35: DIVERT moves the targeted step to the DIVERT card.
    const d = s.divert!;
    s.divert = null;
    let target = d.option;
    if (what === "divert") {
      s.units[card].divertTurn = s.turn;
      ev.push({ type: "divert", seat, card, from: target, step: d.step.k });
      target = card;
    } else ev.push({ type: "pass", seat, step: "divert" });
    doStep(s, s.stack[s.stack.length - 1], d.step, target, ev);
  } else if (what === "defend") {
    const w = s.window!.action as Extract<Action, { type: "attack" }>;
    ev.push({ type: "defend", seat, card, instead: w.defender });
    w.defender = card;
  } else if (what === "divert") {
    // R35: a declared HUNT targeting a card on this Canvas is Diverted to the DIVERT card.
    const h = s.window!.action as Extract<Action, { type: "hunt" }>;
    s.units[card].divertTurn = s.turn;
    ev.push({ type: "divert", seat, card, from: h.target, step: "hunt" });
    h.target = card;
  } else if (what === "dispose") dispose(s, seat, card, true, ev);
  else ev.push({ type: "pass", seat, step: "react" });
}

/** R36: once nothing else is pending, the next card a DISPOSE Reaction Deploys (false: none left). */
export function deployDeferred(s: State, ev: GameEvent[]): boolean {
  const d = s.deferred.shift();
  if (!d) return false;
  if (s.players[d.seat].out) s.players[ownerOf(s, d.card)].dregs.push(d.card);
  else {
    ev.push({ type: "deploy", seat: d.seat, card: d.card, def: s.cards[d.card].def, free: true });
    place(s, d.seat, d.card, undefined, ev);
  }
  settle(s, ev);
  return true;
}
