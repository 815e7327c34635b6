/** Seeded random games with invariants checked after every step (shared by the fuzz tests). */
import { verifyReplay } from "../core/replay.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { achromaEngine, samplePalette } from "./index.ts";
import { allCardsOf } from "./testkit.ts";
import type { State } from "./types.ts";

export function checkInvariants(s: State): void {
  s.players.forEach((p, seat) => {
    const cards = allCardsOf(s, seat);
    const expected = Object.keys(s.cards).filter((u) => s.cards[u].owner === seat);
    if (cards.length !== expected.length || new Set(cards).size !== expected.length) {
      throw new Error(`seat ${seat}: cards not accounted for exactly once (${cards.length}/${expected.length})`);
    }
    if (p.bank < 0) throw new Error(`seat ${seat}: negative bank ${p.bank}`);
    if (p.out && (p.characters.length || p.locations.length)) throw new Error(`seat ${seat}: out but has a Canvas`);
  });
  for (const u of Object.keys(s.units)) if (s.units[u].damage < 0) throw new Error(`${u}: negative damage`);
}

export function seatsFor(players: number, i: number): unknown[] {
  return Array.from({ length: players }, (_, k) => samplePalette(k + i));
}

export function runFuzz(players: number, from: number, to: number): { steps: number; reasons: Record<string, number> } {
  let steps = 0;
  const reasons: Record<string, number> = {};
  for (let i = from; i < to; i++) {
    const seed = `achroma-${players}-${i}`;
    const r = playRandomGame(achromaEngine, { players }, seatsFor(players, i), seed, { onStep: (st) => checkInvariants(st as State) });
    steps += r.replay.steps.length;
    reasons[r.outcome.reason] = (reasons[r.outcome.reason] ?? 0) + 1;
    if (r.outcome.ranks.length !== players) throw new Error(`${seed}: bad outcome`);
    if (!verifyReplay(achromaEngine, r.replay).ok) throw new Error(`${seed}: replay does not verify`);
  }
  return { steps, reasons };
}
