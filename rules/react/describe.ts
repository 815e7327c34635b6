/**
 * describe(): a short label in words for one of a seat's legal actions, for clients
 * ("Play Ink Slash: deal 1 damage to C4 (the Dancer)", "Place Opening Pose (left part) in
 * Masterpiece slot 2"). Built from the catalog's names (catalogEntries.ts) and from what the
 * seat may see only: its own hand, the public board, chain and Masterpiece Zone.
 *
 * Zones are named like a chess board (docs/react.md): columns A-E left to right, rows 1-5 from
 * seat 0's side (row 1, the bottom of the view) to seat 1's side (row 5). Zone index z = row*5+col
 * of the state is `${"ABCDE"[z % 5]}${5 - floor(z / 5)}`: 22 (seat 0's start) = C1, 2 = C5.
 * Masterpiece slots are numbered 1-5 left to right in labels (0-4 in actions).
 */
import { ARTISTS, defOf, type Step } from "./cards.ts";
import { unitName } from "./catalogEntries.ts";
import { meUnit } from "./effects.ts";
import { FIELD_W, ZONES, step, unitAt } from "./field.ts";
import { armamentZone } from "./movement.ts";
import type { Action, Dir, Seat, State, Unit } from "./types.ts";

const COLS = "ABCDE";
const DIR_WORD: Record<Dir, string> = { N: "north", E: "east", S: "south", W: "west" };
const PART_WORD = ["left", "middle", "right"];

/** The readable name of zone index `z` ("C1"), or `zone <z>` out of range. */
export function zoneName(z: number): string {
  if (!Number.isInteger(z) || z < 0 || z >= ZONES) return `zone ${z}`;
  return `${COLS[z % FIELD_W]}${FIELD_W - Math.floor(z / FIELD_W)}`;
}

/** "C3 (the Dancer)" or "C3 (empty)": a zone and the (public) unit standing in it. */
function zoneWithUnit(s: State, z: number): string {
  const u = unitAt(s, z);
  return `${zoneName(z)} (${u ? unitName(u.id) : "empty"})`;
}

function mpCardName(s: State, seat: Seat, part: number): string {
  return ARTISTS[s.players[seat].artist].masterpiece[part] ?? `part ${part}`;
}

function stepPhrase(s: State, seat: Seat, me: Unit | null, st: Step, target: number | undefined, dir: Dir | undefined, first: boolean): string {
  const meName = me ? unitName(me.id) : "it";
  // The target's occupant is named at its first mention only.
  const t = target === undefined ? "the target zone" : first ? zoneWithUnit(s, target) : zoneName(target);
  const d = dir ? DIR_WORD[dir] : "the chosen way";
  switch (st.op) {
    case "damage_target":
      return `deal 1 damage to ${t}`;
    case "damage_target_if_inked":
      return `deal 1 damage to ${t} if ${meName} is inked`;
    case "damage_adjacent":
      return `deal 1 damage to every zone next to ${meName}`;
    case "move_me": {
      const to = me && dir ? step(me.pos!, dir) : null;
      return `move ${meName} ${d}${to === null ? " (off the board: fails)" : ` to ${zoneName(to)}`}${st.leaveScale ? " leaving a Scale" : ""}`;
    }
    case "move_inked":
      return `move every inked unit ${d}`;
    case "ink":
      return st.who === "me" ? `ink ${meName}` : st.who === "spirit" ? "ink the Sealbrush Spirit" : `ink the unit in ${t}`;
    case "summon":
      return `summon ${unitName(ARTISTS[s.players[seat].artist].summons.find((id) => id.startsWith(st.summon)) ?? st.summon)} in ${t}`;
    case "scale_target":
      return `place a Scale in ${t}`;
    case "swap_adjacent":
      return `swap ${unitName(s.players[seat].artist)} with an adjacent unit (chosen as it resolves)`;
    case "swap_with":
      return `swap ${unitName(s.players[seat].artist)} and ${unitName(st.unit)}`;
    case "jump_me":
      return `${meName} jumps ${d}`;
    case "mural_target":
      return `paint a Mural in ${t}`;
    case "damage_murals":
      return "deal 1 damage to every zone with your Mural";
    case "exhaust_target":
      return `exhaust the unit in ${t}`;
    case "block_target":
      return `place a Block token in ${t}`;
    case "arm":
      return `turn the Armament to face ${d}`;
    case "damage_armament": {
      const z = me ? armamentZone(me) : null;
      const z2 = z !== null && st.beyond ? step(z, me!.armament!) : z;
      return `deal 1 damage ${st.beyond ? "beyond, " : ""}to ${z2 === null ? "no zone (fails)" : zoneWithUnit(s, z2)}`;
    }
    case "descend":
      return "descend";
    case "progress":
      return "progress your Masterpiece";
  }
}

/** The label of one of `seat`'s legal actions (never reads the opponent's hand or any deck). */
export function describeAction(s: State, seat: Seat, a: Action): string {
  switch (a.type) {
    case "play": {
      const def = defOf(a.card);
      const eff = def?.effects[a.effect];
      if (!def || !eff) return `Play ${a.card} (effect ${a.effect})`;
      const me = meUnit(s, seat, def);
      const what = eff.steps.map((st, i) => stepPhrase(s, seat, me, st, a.target, a.dir, i === 0)).join(", then ");
      const head = def.type === "action" ? `Play ${def.name}` : eff.name === def.name ? `Use ${def.name}` : `Use ${def.name} · ${eff.name}`;
      // Two copies of one Action Card in hand would read the same: name the copy.
      const hash = a.card.indexOf("#");
      const twin = hash >= 0 && s.players[seat].hand.some((c) => c !== a.card && c.startsWith(a.card.slice(0, hash + 1)));
      return `${head}${twin ? ` (copy ${a.card.slice(hash + 1)})` : ""}: ${what}`;
    }
    case "pass":
      return s.passes >= 1 ? "Pass: the React Chain resolves" : "Pass: no Reaction";
    case "end_turn":
      return "End your turn";
    case "mp_place": {
      const old = s.mpZone[a.slot];
      const over = old ? ` over ${old.seat === seat ? "your" : "the opponent's"} ${mpCardName(s, old.seat, old.part)}` : "";
      return `Place ${mpCardName(s, seat, a.part)} (${PART_WORD[a.part] ?? a.part} part) in Masterpiece slot ${a.slot + 1}${over}`;
    }
    case "mp_swap": {
      const what = (i: number) => {
        const c = s.mpZone[i];
        return c ? `${c.seat === seat ? "your" : "the opponent's"} ${mpCardName(s, c.seat, c.part)}` : "empty";
      };
      return `Swap Masterpiece slots ${a.a + 1} (${what(a.a)}) and ${a.b + 1} (${what(a.b)})`;
    }
    case "mp_pass":
      return "Leave the Masterpiece as it is";
    case "swap_pick": {
      const u = unitAt(s, a.zone);
      const me = unitName(s.players[seat].artist);
      return u ? `Swap ${me} with ${unitName(u.id)} in ${zoneName(a.zone)}` : `Pick empty ${zoneName(a.zone)}: the swap fails`;
    }
  }
}
