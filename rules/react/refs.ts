/**
 * refs() and confirm() for Re;ACT (rules/core/refs.ts). Cards: the hand's card ids, and units by
 * their id (as the view's `units` lists them). Cells: field zones by index (row * 5 + col, as in
 * actions). Zones: `masterpiece` (shared; index: slot 0-4) and `masterpiece_part` (a seat's own
 * Masterpiece cards; index: part 0-2).
 */
import { card, uniqueRefs, type Ref } from "../core/refs.ts";
import { defOf } from "./cards.ts";
import { meUnit } from "./effects.ts";
import { step, unitAt } from "./field.ts";
import { armamentZone } from "./movement.ts";
import type { Action, Seat, State } from "./types.ts";

const cell = (z: number | null | undefined): Ref | null => (z === null || z === undefined ? null : { kind: "cell", cell: z });

export function actionRefs(s: State, seat: Seat, a: Action): Ref[] {
  switch (a.type) {
    case "play": {
      const def = defOf(a.card);
      const me = def ? meUnit(s, seat, def) : null;
      const moves = def?.effects[a.effect]?.steps.some((st) => st.op === "move_me" || st.op === "jump_me");
      return uniqueRefs([s.players[seat].hand.includes(a.card) ? card(a.card) : null, me ? card(me.id) : null, cell(a.target), moves && me?.pos != null && a.dir ? cell(step(me.pos, a.dir)) : null]);
    }
    case "mp_place":
      return [
        { kind: "zone", zone: "masterpiece_part", seat, index: a.part },
        { kind: "zone", zone: "masterpiece", index: a.slot },
      ];
    case "mp_swap":
      return [
        { kind: "zone", zone: "masterpiece", index: a.a },
        { kind: "zone", zone: "masterpiece", index: a.b },
      ];
    case "swap_pick": {
      const u = unitAt(s, a.zone);
      return uniqueRefs([cell(a.zone), u ? card(u.id) : null]);
    }
    default:
      return [];
  }
}

/** Decisions bound to fail (a move off the board, a swap with an empty zone) or that hit your own units. */
export function actionConfirm(s: State, seat: Seat, a: Action): string | null {
  if (a.type === "swap_pick") return unitAt(s, a.zone) ? null : "That zone is empty: the swap fails.";
  if (a.type !== "play") return null;
  const def = defOf(a.card);
  const eff = def?.effects[a.effect];
  if (!def || !eff) return null;
  const me = meUnit(s, seat, def);
  for (const st of eff.steps) {
    if (st.op === "move_me" && me?.pos != null && a.dir && step(me.pos, a.dir) === null) return "The move would leave the board: it fails.";
    if (st.op === "damage_armament" && me) {
      const z = armamentZone(me);
      const z2 = z !== null && st.beyond ? step(z, me.armament!) : z;
      if (z2 === null) return "The Armament points off the board: the damage fails.";
    }
    if ((st.op === "damage_target" || st.op === "damage_target_if_inked") && a.target !== undefined && unitAt(s, a.target)?.owner === seat) {
      return "This deals damage to one of your own units.";
    }
  }
  return null;
}
