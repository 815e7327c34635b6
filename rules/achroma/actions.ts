/**
 * The turn player's declared actions carried out (after any Reactions, R35): the Start/End step
 * decision, Deploy, attack, resolve, HUNT, Pay X, MENAGERIE, DISPOSE, MOUNT, unveil, step changes.
 */
import type { GameEvent } from "../core/engine.ts";
import type { Action, Seat, State } from "./types.ts";
import { controllerOf, defOf, newUnit } from "./canvas.ts";
import { deployCost, place } from "./deploying.ts";
import { erase } from "./erase.ts";
import { draw, endTurn, tradeCard } from "./turn.ts";
import { paidOut } from "./leaving.ts";

/** Carries out a validated action of the turn player (after any Reactions). */
export function execute(s: State, seat: Seat, a: Action, ev: GameEvent[]): void {
  const p = s.players[seat];
  switch (a.type) {
    case "draw":
    case "trade":
    case "skip":
      if (a.type === "draw") draw(s, seat, 1, ev);
      else if (a.type === "trade") tradeCard(s, seat, a.card, true, ev);
      else ev.push({ type: "skip", seat, step: s.phase });
      s.phase = s.phase === "start" ? "main" : "post";
      break;
    case "deploy": {
      const cost = deployCost(s, seat, a.card, a.target);
      p.bank -= cost;
      s.deployed++;
      const infest = defOf(s, a.card).type === "character" && a.target !== undefined;
      ev.push({ type: "deploy", seat, card: a.card, def: s.cards[a.card].def, cost, ...(a.target ? { target: a.target } : {}), ...(infest ? { infest: true } : {}) });
      if (paidOut(s, seat, a.card, ev)) break;
      place(s, seat, a.card, a.target, ev);
      break;
    }
    case "attack":
      s.units[a.attacker].attacks++;
      ev.push({ type: "attack", seat, attacker: a.attacker, defender: a.defender });
      s.combat = { attacker: a.attacker, defender: a.defender, attOrder: null, defOrder: null };
      break;
    case "resolve": {
      s.units[a.card].resolvedTurn = s.turn;
      ev.push({ type: "resolve", seat, card: a.card });
      const par = s.parasites[a.card];
      if (par) s.stack.push({ seat, source: par, steps: defOf(s, par).infest!, idx: 0 });
      else {
        const ach = defOf(s, a.card).achroma!;
        s.stack.push({ seat, source: a.card, steps: [{ k: ach.kind as "gain", n: ach.n }], idx: 0 });
      }
      break;
    }
    case "activate": {
      const paid = defOf(s, a.card).paid!;
      p.bank -= paid.cost;
      s.units[a.card].paidTurn = s.turn;
      ev.push({ type: "activate", seat, card: a.card, shards: paid.cost });
      if (paidOut(s, seat, null, ev)) break;
      s.stack.push({ seat, source: a.card, steps: paid.steps, idx: 0 });
      break;
    }
    case "menagerie":
      s.units[a.card].menagerieTurn = s.turn;
      ev.push({ type: "menagerie", seat, card: a.card });
      s.stack.push({ seat, source: a.card, steps: defOf(s, a.card).menagerie!.steps, idx: 0 });
      break;
    case "dispose":
      dispose(s, seat, a.card, false, ev);
      break;
    case "mount":
      if (p.hand.includes(a.rider)) {
        const cost = deployCost(s, seat, a.rider);
        p.bank -= cost;
        s.deployed++;
        if (p.bank <= 0) {
          ev.push({ type: "deploy", seat, card: a.rider, def: s.cards[a.rider].def, cost, mount: a.steed });
          paidOut(s, seat, a.rider, ev);
          break;
        }
        p.hand = p.hand.filter((c) => c !== a.rider);
        s.units[a.rider] = newUnit(s);
        s.riders[a.steed] = a.rider;
        ev.push({ type: "deploy", seat, card: a.rider, def: s.cards[a.rider].def, cost, mount: a.steed });
        const d = defOf(s, a.rider);
        if (d.action.length > 0) s.stack.push({ seat, source: a.rider, steps: d.action, idx: 0 });
      } else {
        p.characters = p.characters.filter((c) => c !== a.rider);
        s.riders[a.steed] = a.rider;
        ev.push({ type: "mount", seat, rider: a.rider, steed: a.steed });
      }
      break;
    case "hunt": {
      const at = (c: string): [Seat, number] => [controllerOf(s, c)!, s.units[c].deployedTurn];
      s.hunts.push({ seat, hunter: a.hunter, target: a.target, hunterAt: at(a.hunter), targetAt: at(a.target), turn: s.turn });
      ev.push({ type: "hunt", seat, hunter: a.hunter, target: a.target });
      break;
    }
    case "resolve_given": {
      const g = s.units[a.card].given.shift()!;
      ev.push({ type: "resolve", seat, card: a.card, given: g.kind });
      s.stack.push({ seat, source: a.card, steps: [{ k: g.kind, n: g.n }], idx: 0 });
      break;
    }
    case "proceed":
      s.phase = s.phase === "main" ? "resolve" : "end";
      ev.push({ type: "step", seat, phase: s.phase });
      break;
    case "pass_turn":
      endTurn(s, ev);
      break;
    case "unveil": {
      const hidden = s.secrets[a.keeper];
      delete s.secrets[a.keeper];
      s.unveiling.push(...hidden);
      ev.push({ type: "unveil", seat, keeper: a.keeper, cards: hidden.map((c) => ({ uid: c, def: s.cards[c].def })) });
      erase(s, a.keeper, ev);
      s.stack.push({ seat, source: a.keeper, steps: hidden.map((c) => ({ k: "unveiled" as const, card: c })), idx: 0 });
      break;
    }
  }
}

/** R36: DISPOSE Erases the card, then its ability happens (as a Reaction, its Deploys wait). */
export function dispose(s: State, seat: Seat, uid: string, asReaction: boolean, ev: GameEvent[]): void {
  const steps = defOf(s, uid).dispose!;
  ev.push({ type: "dispose", seat, card: uid, def: s.cards[uid].def, reaction: asReaction });
  erase(s, uid, ev);
  s.stack.push({ seat, source: uid, steps, idx: 0, ...(asReaction ? { defer: true } : {}) });
}
