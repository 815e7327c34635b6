/**
 * MAIN STEP / DEPLOYING: the 3-card limit (R19), what a Deploy costs (Location discounts, INFEST
 * R37), putting a card on the Canvas and queueing its ACTION (and ACTION: MENAGERIE, R39);
 * HEROIC CARDS (R17) on a Deploy (any other arrival: erase.ts heroicArrival).
 */
import type { GameEvent } from "../core/engine.ts";
import type { Seat, State } from "./types.ts";
import { canvasCards, characterKinds, controllerOf, defOf, newUnit } from "./canvas.ts";
import { erase, erasedTriggers } from "./erase.ts";

export const DEPLOY_LIMIT = 3;

export function deployCost(s: State, seat: Seat, uid: string, target?: string): number {
  const d = defOf(s, uid);
  if (d.type === "character" && d.infest && target !== undefined) return 1; // R37
  if (d.type !== "character") return d.shards;
  const discount = canvasCards(s, seat).reduce((n, c) => n + (defOf(s, c).characterDiscount ?? 0), 0);
  return Math.max(0, d.shards - discount);
}

/** Puts a card from hand onto the Canvas (paid or free) and queues its ACTION. */
export function place(s: State, seat: Seat, uid: string, target: string | undefined, ev: GameEvent[]): void {
  const p = s.players[seat];
  const d = defOf(s, uid);
  p.hand = p.hand.filter((c) => c !== uid);
  if (d.type === "action") s.resolving.push(uid);
  else {
    if (d.heroic) {
      // R17: on the Canvas the card arrives on (an Object or PARASITE lands on its Character's Canvas).
      const where = target !== undefined ? (controllerOf(s, target) ?? seat) : seat;
      const old = canvasCards(s, where).find((c) => defOf(s, c).id === d.id);
      if (old) {
        const mark = s.erasedLog.length;
        erase(s, old, ev);
        // ACTION "ACTION effects ... have priority over other active abilities on the Canvas and therefore trigger
        // first": the Erase triggers (R40) are queued now, under the ACTION pushed below, so they resolve after it.
        erasedTriggers(s, ev, s.erasedLog.splice(mark));
      }
    }
    s.units[uid] = newUnit(s);
    if (d.type === "character" && target !== undefined)
      s.parasites[target] = uid; // R37: INFEST
    else if (d.type === "character") p.characters.push(uid);
    else if (d.type === "location") p.locations.push(uid);
    else {
      s.attached[target!] ??= [];
      s.attached[target!].push(uid);
    }
  }
  // R39: "ACTION: MENAGERIE:" happens only with 3+ Character types on the Canvas once the card is there.
  if (d.menagerie?.onDeploy && characterKinds(s, controllerOf(s, uid) ?? seat) >= 3) s.stack.push({ seat, source: uid, steps: d.menagerie.steps, idx: 0 });
  if (d.action.length > 0) s.stack.push({ seat, source: uid, steps: d.action, idx: 0 });
}
