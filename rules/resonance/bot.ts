/**
 * The Resonance `normal` bot's game knowledge for the shared search (rules/core/search.ts): what a
 * seat cannot see (dealt again per world, keeping what a pending choice shows it) and how good a
 * position is (HP left, against the strongest other Player, then Animations, Items and hand).
 */
import type { HasRng } from "../core/rng.ts";
import { dealCanonically, slotsOf, squash, type SearchHooks, type Slot } from "../core/search.ts";
import { hpLeft } from "./engine/unitStats.ts";
import type { Action, State } from "./types.ts";

/**
 * Hidden from `seat`: the other hands and the Main Deck order (one pool), and every Personal Codex
 * Deck order. Kept: what a pending choice shows (Brawler: the defender's hand; Sensor: the top
 * card), a hand publicly holding a Critical Strike's pair, and hands a pending choice lists.
 */
export function determinize(state: State, seat: number, rng: HasRng): State {
  const s = structuredClone(state);
  const ch = s.combat?.choice;
  const shownHand = ch && ch.seat === seat && ch.purpose.startsWith("3.2") ? Number(ch.data?.victim) : -1;
  const keepTop = ch && ch.seat === seat && ch.purpose === "sensor" ? 1 : 0;
  const fueling = s.combat && !ch && s.combat.step === "fuel" ? s.combat.seat : -1;
  const listed = new Set<number>();
  for (const q of [...(ch ? [ch] : []), ...(s.combat?.queue ?? [])]) {
    const cards = q.options.filter((o) => o.startsWith("card:")).map((o) => o.slice(5));
    for (const p of s.players) if (cards.some((x) => p.hand.includes(x))) listed.add(p.seat);
  }
  const others = s.players.filter((p) => p.seat !== seat && p.seat !== shownHand && p.seat !== fueling && !listed.has(p.seat));
  const slots: Slot[] = [...slotsOf(s.mainDeck, keepTop), ...others.flatMap((p) => slotsOf(p.hand))];
  dealCanonically(rng, slots);
  for (const p of s.players) dealCanonically(rng, slotsOf(p.codexDeck));
  return s;
}

function standing(s: State, seat: number): number {
  const p = s.players[seat]!;
  if (p.eliminated !== null) return -30;
  let board = 0;
  for (const u of p.animations) board += 1.2 - u.damage * 0.2 + u.items.length * 0.5 - (u.spent ? 0.1 : 0);
  board += p.self.items.length * 0.6;
  return hpLeft(s, seat) * 1.5 + board + Math.min(p.hand.length, 8) * 0.3;
}

/** Against the strongest other Player and the field's mean (several rivals share the work of beating each). */
export function evaluate(s: State, seat: number): number {
  const mine = standing(s, seat);
  let best = -Infinity;
  let sum = 0;
  let n = 0;
  for (const p of s.players) {
    if (p.seat === seat) continue;
    const v = standing(s, p.seat);
    best = Math.max(best, v);
    sum += v;
    n++;
  }
  return squash(mine - (0.5 * best + (0.5 * sum) / Math.max(1, n)), 4);
}

export const resonanceBot: SearchHooks<State, Action> = {
  determinize,
  evaluate,
  sizes: { worlds: 3, maxActions: 10, rolloutSteps: 6, budget: 220 },
};
