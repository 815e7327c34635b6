/** Seeded random Shows with invariants checked after every step (shared by the fuzz test files). */
import { playRandomGame } from "../core/selfPlay.ts";
import { verifyReplay } from "../core/replay.ts";
import { fullDeck, MAX_DAMAGE } from "./engine.ts";
import { sampleSeatConfig, solreiEngine } from "./index.ts";
import { allCardsOf } from "./testkit.ts";
import type { State } from "./types.ts";

const DECKS = [new Set(fullDeck(0)), new Set(fullDeck(1))];

export function checkInvariants(s: State): void {
  for (const seat of [0, 1]) {
    const cards = allCardsOf(s, seat);
    if (cards.length !== 52 || new Set(cards).size !== 52 || cards.some((x) => !DECKS[seat].has(x))) {
      throw new Error(`seat ${seat}: cards not accounted for exactly once (${cards.length})`);
    }
    const p = s.players[seat];
    if (p.damage.length > MAX_DAMAGE) throw new Error(`seat ${seat}: ${p.damage.length} damage`);
    const rei = p.rei.S + p.rei.H + p.rei.D + p.rei.C;
    if (s.window === null && rei > 0) throw new Error(`seat ${seat}: Rei survived its step (${s.stage})`);
    if (p.incoming < 0) throw new Error(`seat ${seat}: negative incoming damage`);
  }
}

/** Muses for game i: all 16 pairings over the seeds. */
export function seatsFor(i: number): unknown[] {
  return [sampleSeatConfig(i % 4), sampleSeatConfig(Math.floor(i / 4) % 4)];
}

export function runFuzz(from: number, to: number): { steps: number; reasons: Record<string, number> } {
  let steps = 0;
  const reasons: Record<string, number> = {};
  for (let i = from; i < to; i++) {
    const seed = `seed-${i}`;
    const r = playRandomGame(solreiEngine, {}, seatsFor(i), seed, {
      onStep: (state) => checkInvariants(state as State),
    });
    steps += r.replay.steps.length;
    for (const a of (r.state as State).acts) reasons[a.reason] = (reasons[a.reason] ?? 0) + 1;
    if (r.outcome.ranks.length !== 2) throw new Error(`${seed}: bad outcome`);
    if (!verifyReplay(solreiEngine, r.replay).ok) throw new Error(`${seed}: replay does not verify`);
  }
  return { steps, reasons };
}
