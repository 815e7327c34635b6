/**
 * 3. Main Phase and the React Chain: 3.1 Playing Intentions, 3.2 Playing Reactions (with their
 * Effect Costs, paid at once: Exhaust me, Target a Zone, Choose a Direction; R12, R13, R23),
 * 3.3 Building the React Chain (until both pass back to back or it holds 5 cards), 3.4 Resolving
 * the React Chain (5 to 1, uninterrupted; a loss ends it, R7).
 */
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS, CARDS, defOf, type Effect } from "./cards.ts";
import { meUnit, resolveEffect } from "./effects.ts";
import { checkLoss } from "./ending.ts";
import { ADJACENT, ZONES, other } from "./field.ts";
import type { Action, ChainEntry, Dir, Seat, State, Unit } from "./types.ts";
import { DIRS } from "./types.ts";

export const CHAIN_SLOTS = 5;

/** The zones a "Target a Zone" cost may name, seen from me at play time (R13). */
function targetZones(s: State, me: Unit, rule: NonNullable<Effect["cost"]["target"]>): number[] {
  if (rule === "adjacent") return ADJACENT[me.pos!];
  const out: number[] = [];
  if (rule === "inked") {
    for (const id in s.units) if (s.units[id].inked && s.units[id].pos !== null) out.push(s.units[id].pos!);
    return out.sort((a, b) => a - b);
  }
  for (let z = 0; z < ZONES; z++) if (rule === "any" || s.scales[z] > 0) out.push(z);
  return out;
}

/**
 * Every Intention (or Reaction) `seat` may play now: from the hand and from Ability Cards not on
 * the chain (R12), each effect of that kind whose cost can be paid, with every target and direction.
 */
export function playOptions(s: State, seat: Seat, kind: "intention" | "reaction"): Action[] {
  const p = s.players[seat];
  const cards = [...p.hand, ...ARTISTS[p.artist].abilities.filter((id) => !s.chain.some((e) => e.source === "ability" && e.card === id))];
  const out: Action[] = [];
  for (const card of cards) {
    const def = defOf(card);
    def.effects.forEach((eff, effect) => {
      if (eff.kind !== kind) return;
      if (eff.ascended && !p.ascended) return;
      const me = meUnit(s, seat, def);
      if (!me) return;
      if (eff.cost.exhaust && me.exhausted) return;
      const targets: (number | undefined)[] = eff.cost.target ? targetZones(s, me, eff.cost.target) : [undefined];
      const dirs: (Dir | undefined)[] = eff.cost.dir ? [...DIRS] : [undefined];
      for (const target of targets)
        for (const dir of dirs) {
          const a: Action = { type: "play", card, effect };
          if (target !== undefined) a.target = target;
          if (dir !== undefined) a.dir = dir;
          out.push(a);
        }
    });
  }
  return out;
}

/** Plays a card into the next slot, paying its cost; the opponent may react, or a 5th card resolves the chain. */
export function playCard(s: State, seat: Seat, a: Extract<Action, { type: "play" }>, ev: GameEvent[]): void {
  const p = s.players[seat];
  const def = defOf(a.card);
  const eff = def.effects[a.effect];
  const source = def.type === "action" ? "hand" : "ability";
  if (source === "hand") p.hand.splice(p.hand.indexOf(a.card), 1);
  const me = meUnit(s, seat, def)!;
  if (eff.cost.exhaust) me.exhausted = true;
  const entry: ChainEntry = { seat, source, card: a.card, def: def.id, effect: a.effect, target: a.target ?? null, dir: a.dir ?? null };
  s.chain.push(entry);
  ev.push({ type: eff.kind === "intention" ? "intention" : "reaction", seat, card: a.card, name: eff.name, slot: s.chain.length, target: entry.target ?? undefined, dir: entry.dir ?? undefined });
  s.passes = 0;
  if (s.chain.length >= CHAIN_SLOTS) resolveChain(s, ev);
  else s.reactor = other(seat);
}

/** Passing the opportunity to react: the second pass in a row resolves the chain. */
export function passReaction(s: State, seat: Seat, ev: GameEvent[]): void {
  s.passes++;
  ev.push({ type: "pass", seat });
  if (s.passes >= 2) resolveChain(s, ev);
  else s.reactor = other(seat);
}

/** Resolves the chain from its last slot down; pauses at a prompt (progression, Pivoting Step); ends on a loss. */
export function resolveChain(s: State, ev: GameEvent[]): void {
  s.reactor = null;
  s.passes = 0;
  while (s.chain.length > 0 && !s.prompt && !s.outcome) {
    const e = s.chain.pop()!;
    ev.push({ type: "resolve", seat: e.seat, card: e.card, name: CARDS[e.def].effects[e.effect].name, slot: s.chain.length + 1 });
    // Action Cards are discarded once resolved; Ability Cards return to their owner.
    if (e.source === "hand") s.players[e.seat].discard.push(e.card);
    const before = [s.players[0].damage, s.players[1].damage];
    resolveEffect(s, e, ev);
    checkLoss(s, before, ev);
  }
  if (s.outcome) {
    // The game ended mid-chain: the remaining cards never resolve (R7); action cards go to discard.
    for (const e of s.chain) if (e.source === "hand") s.players[e.seat].discard.push(e.card);
    s.chain = [];
  }
}
