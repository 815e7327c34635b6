/**
 * The top-level state machine: one decision applied to a copy of the state. Where the game stands
 * says which decision is expected: the draft (3.2), a step inside an action (4.3 Opposed Roll,
 * 4.2.3 Support, a pending choice), the Ready Phase's Slow Tag (4.1), the System Refresh (2.7), or
 * a new action of the Action Phase (4.2). engine/README.md maps every rulebook section to its file.
 */
import { ensure, RuleError } from "../../core/errors.ts";
import type { Action, Combat, State } from "../types.ts";
import { applyCharge, applyDeploy, applyEquip, applyPurge } from "./actions.ts";
import { applyChoose } from "./answers.ts";
import { forgetBaneLeftPlay } from "./choices.ts";
import { declareAttack } from "./attack.ts";
import { applyAugment, canFinishAugment } from "./augmentation.ts";
import { applyDefend, applyDefendExtra } from "./defenderReaction.ts";
import { clone, type Events } from "./definitions.ts";
import { applyGamble } from "./effectValue.ts";
import { applyFuel } from "./fuel.ts";
import { applyKarma } from "./karma.ts";
import { actors } from "./legal.ts";
import { discardFromHand } from "./library.ts";
import { run } from "./roll.ts";
import { declareSupport } from "./support.ts";
import { applyTagUse } from "./tags.ts";
import { applySlow, continueRefresh, endTurn } from "./turn.ts";
import { applyPick } from "./worldWeaving.ts";

type Step = (s: State, seat: number, a: Action, ev: Events) => void;
type Of<T extends Action["type"]> = Extract<Action, { type: T }>;

export function applyAction(state: State, seat: number, a: Action): { state: State; events: Events } {
  if (state.outcome) throw new RuleError("game_over", "the game is over");
  ensure(actors(state).includes(seat), "not_your_turn", `seat ${seat} cannot act now (actors: ${actors(state).join(", ")})`);
  const s = clone(state);
  const ev: Events = [];
  s.shown = [];
  s.looked = null;
  if (s.phase === "draft") {
    need(a, a.type === "pick", "the draft is on"); // 3.2 World Weaving
    applyPick(s, seat, (a as Of<"pick">).module, ev);
  } else if (s.combat) {
    inAction(s, s.combat, seat, a, ev); // inside an action: its next step or a pending choice
  } else if (s.phase === "ready") {
    need(a, a.type === "slow", "a Slow decision is pending"); // 4.1 Ready Phase, the Slow Tag
    applySlow(s, seat, a as Of<"slow">, ev);
  } else if (s.phase === "refresh") {
    need(a, a.type === "discard", "System Refresh: discard down to 5"); // 2.7
    discardFromHand(s, seat, (a as Of<"discard">).card, ev);
    continueRefresh(s, ev);
  } else {
    const start = ACTION_PHASE[a.type];
    if (!start) throw new RuleError("illegal_move", `${a.type} is not possible in the Action Phase`);
    start(s, seat, a, ev); // 4.2 Action Menu, Karma (5.2), Tags, end of turn
    // R4: a turn Player eliminated by their own action (Blight, Martial…) ends their turn at once.
    if (!s.outcome && !s.combat && s.phase === "action" && s.players[s.turnSeat].eliminated !== null) endTurn(s, ev);
  }
  forgetBaneLeftPlay(s);
  return { state: s, events: ev };
}

function need(a: Action, cond: boolean, what: string): void {
  ensure(cond, "illegal_move", `${a.type} is not possible now: ${what}`);
}

/** A decision inside an action: a pending choice first, else the step the action stands at. */
function inAction(s: State, c: Combat, seat: number, a: Action, ev: Events): void {
  if (c.choice) {
    need(a, a.type === "choose", `a choice (${c.choice.purpose}) is pending`);
    applyChoose(s, seat, (a as Of<"choose">).option, ev);
    return;
  }
  const step = STEPS[c.step];
  if (!step) throw new RuleError("illegal_move", "nothing to decide");
  step(s, seat, a, ev);
}

/** The Opposed Roll's steps that wait for a decision (4.3.3/4.3.4, 4.3.1, Gamble, 4.3.5). */
const STEPS: Partial<Record<Combat["step"], Step>> = {
  augment: (s, seat, a, ev) => {
    need(a, a.type === "augment" || a.type === "augment_done", "declare Augmented keywords or augment_done");
    if (a.type === "augment") run(s, ev, applyAugment(s, seat, a, ev));
    else {
      need(a, canFinishAugment(s, s.combat!), "the fuel cannot be paid without a no-discard keyword (Snap, Stoic, Ambience)");
      run(s, ev, "after_augment");
    }
  },
  fuel: (s, seat, a, ev) => {
    need(a, a.type === "fuel", "discard fuel");
    run(s, ev, applyFuel(s, seat, (a as Of<"fuel">).cards, ev));
  },
  gamble: (s, seat, a, ev) => {
    need(a, a.type === "gamble", "Gamble: reveal or stop");
    run(s, ev, applyGamble(s, seat, (a as Of<"gamble">).reveal, ev));
  },
  defend: (s, seat, a, ev) => {
    need(a, a.type === "defend", "the defender reacts");
    run(s, ev, applyDefend(s, seat, a as Of<"defend">, ev));
  },
  defend_extra: (s, seat, a, ev) => {
    need(a, a.type === "defend_extra", "the defender may discard one more card");
    run(s, ev, applyDefendExtra(s, seat, a as Of<"defend_extra">, ev));
  },
};

/** The decisions that start something in the Action Phase. */
const ACTION_PHASE: Partial<Record<Action["type"], Step>> = {
  end: (s, seat, _a, ev) => {
    ev.push({ type: "end_turn", seat });
    endTurn(s, ev);
  },
  attack: (s, seat, a, ev) => run(s, ev, declareAttack(s, seat, a as Of<"attack">, ev)), // 4.2.1, 4.2.2 (the action's steps: roll.ts)
  support: (s, seat, a, ev) => run(s, ev, declareSupport(s, seat, a as Of<"support">, ev)), // 4.2.3
  purge: (s, seat, a, ev) => applyPurge(s, seat, a as Of<"purge">, ev), // 4.2.4
  charge: (s, seat, a, ev) => applyCharge(s, seat, (a as Of<"charge">).actor, ev), // 4.2.5
  deploy: (s, seat, a, ev) => applyDeploy(s, seat, (a as Of<"deploy">).card, ev), // 4.2.6
  equip: (s, seat, a, ev) => applyEquip(s, seat, a as Of<"equip">, ev), // 4.2.7
  karma: (s, seat, a, ev) => applyKarma(s, seat, a as Of<"karma">, ev), // 5.2
  tag: (s, seat, a, ev) => applyTagUse(s, seat, a as Of<"tag">, ev), // Appendix D Haste / Liberate
};
