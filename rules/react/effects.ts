/**
 * Reading Your Cards ("Card Effect") and Rules for Resolving Effects: an effect's steps resolve
 * in the order written; a part that cannot resolve is ignored (a `fizzle` event) and the rest
 * still resolves (R28). Each card `Step` (cards.ts) is implemented here once, by calling the
 * rule it uses (damage, movement, summons, tokens, tiles, Exhaust, Masterpiece).
 */
import type { GameEvent } from "../core/engine.ts";
import { placeBlock } from "./blockTokens.ts";
import { CARDS, type CardDef, type Step } from "./cards.ts";
import { damageZone } from "./damage.ts";
import { exhaustTarget } from "./exhaust.ts";
import { ADJACENT, ZONES, adjacent, artistUnit, step, unitAt } from "./field.ts";
import { descend } from "./masterpiece.ts";
import { armamentZone, jumpUnit, moveInked, moveUnit, swapUnits, turnArmament } from "./movement.ts";
import { summonInto } from "./summons.ts";
import { inkUnit, placeScale } from "./tokens.ts";
import type { ChainEntry, Seat, State, Unit } from "./types.ts";
import { placeMural } from "./zoneTiles.ts";

/** The unit an effect's "me" refers to: the ability card's unit, or the Artist for action cards (null: not on the board, R12, R28). */
export function meUnit(s: State, seat: Seat, def: CardDef): Unit | null {
  const u = def.unit ? s.units[def.unit] : artistUnit(s, seat);
  return u && u.owner === seat && u.pos !== null ? u : null;
}

/** Resolves a chain entry's effect: its steps in the order written (a decision step pauses on a prompt). */
export function resolveEffect(s: State, e: ChainEntry, ev: GameEvent[]): void {
  for (const st of CARDS[e.def].effects[e.effect].steps) runStep(s, e, st, ev);
}

function runStep(s: State, e: ChainEntry, st: Step, ev: GameEvent[]): void {
  const seat = e.seat;
  const me = meUnit(s, seat, CARDS[e.def]);
  switch (st.op) {
    case "damage_target":
      damageZone(s, e.target!, ev);
      break;
    case "damage_target_if_inked":
      if (me?.inked) damageZone(s, e.target!, ev);
      else ev.push({ type: "fizzle", seat, reason: "not_inked" });
      break;
    case "damage_adjacent":
      if (me) for (const z of adjacent(me.pos!)) damageZone(s, z, ev);
      break;
    case "move_me":
      if (me) {
        const from = me.pos!;
        if (moveUnit(s, me, e.dir!, ev) && st.leaveScale) placeScale(s, seat, from, ev);
      }
      break;
    case "move_inked":
      moveInked(s, e.dir!, ev);
      break;
    case "ink":
      inkUnit(s, seat, st.who === "me" ? me : st.who === "spirit" ? s.units.spirit : e.target !== null ? unitAt(s, e.target) : null, ev);
      break;
    case "summon":
      summonInto(s, seat, st.summon, e.target!, ev);
      break;
    case "scale_target":
      placeScale(s, seat, e.target!, ev);
      break;
    case "swap_adjacent":
      // The Dancer chooses the adjacent unit when the card resolves (R9); with none adjacent it does nothing.
      if (ADJACENT[artistUnit(s, seat).pos!].some((z) => unitAt(s, z))) s.prompt = { kind: "swap", seat, then: "chain" };
      else ev.push({ type: "fizzle", seat, reason: "no_adjacent_unit" });
      break;
    case "swap_with": {
      const other = s.units[st.unit];
      if (other?.pos != null && other.owner === seat) swapUnits(s, artistUnit(s, seat), other, ev);
      else ev.push({ type: "fizzle", seat, reason: "no_unit_to_swap" });
      break;
    }
    case "jump_me":
      if (me) jumpUnit(s, me, e.dir!, ev);
      break;
    case "mural_target":
      placeMural(s, seat, e.target!, ev);
      break;
    case "damage_murals":
      for (let z = 0; z < ZONES; z++) if (s.tiles[z]?.owner === seat && s.tiles[z]?.kind === "mural") damageZone(s, z, ev);
      break;
    case "exhaust_target":
      exhaustTarget(s, seat, e.target!, ev);
      break;
    case "block_target":
      placeBlock(s, seat, e.target!, ev);
      break;
    case "arm":
      if (me) turnArmament(seat, me, e.dir!, ev);
      break;
    case "damage_armament": {
      const z = me ? armamentZone(me) : null;
      const z2 = z !== null && st.beyond ? step(z, me!.armament!) : z;
      if (z2 === null) ev.push({ type: "fizzle", seat, reason: "no_armament_zone" });
      else damageZone(s, z2, ev);
      break;
    }
    case "descend":
      descend(s, seat, ev);
      break;
    case "progress":
      // "Progress your Masterpiece" (R5): the same choice as the Masterpiece Phase, then the chain resumes.
      s.prompt = { kind: "progress", seat, then: "chain" };
      break;
  }
}
