/** Seeded random games with invariants checked after every step (shared by the fuzz test files). */
import { playRandomGame } from "../core/selfPlay.ts";
import { verifyReplay } from "../core/replay.ts";
import { MAIN_DECK_SIZE, MAX_EN, commanded, focusOf } from "./engine.ts";
import { resonanceEngine, sampleSeatConfig } from "./index.ts";
import type { OutcomeReason, State } from "./types.ts";

/** Every Main Deck card once: deck, hands, units, Items, Discard Pile (plus a revealed Reckless card). */
export function allMainDeckCards(s: State): string[] {
  const out = [...s.mainDeck, ...s.discard];
  for (const p of s.players) {
    out.push(...p.hand, ...p.self.items);
    for (const u of p.animations) {
      if (u.card) out.push(u.card);
      out.push(...u.items);
    }
  }
  if (s.combat?.revealed) out.push(s.combat.revealed);
  return out;
}

let lastTurn = -1;
let lastSeat = -1;

export function checkInvariants(s: State): void {
  if (s.phase === "draft") return;
  const cards = allMainDeckCards(s);
  if (cards.length !== MAIN_DECK_SIZE || new Set(cards).size !== MAIN_DECK_SIZE) throw new Error(`Main Deck cards not accounted for exactly once: ${cards.length} (${new Set(cards).size} distinct)`);
  for (const p of s.players) {
    if (p.en < 0 || p.en > MAX_EN) throw new Error(`seat ${p.seat}: EN ${p.en}`);
    if (p.spentTokens > 2) throw new Error(`seat ${p.seat}: ${p.spentTokens} Player Spent Tokens`);
    if (p.eliminated === null && commanded(p) > Math.max(focusOf(s, p.self), p.focus)) throw new Error(`seat ${p.seat}: Command Limit broken (${commanded(p)} Animations, Focus ${p.focus})`);
    if (p.karma < 0) throw new Error(`seat ${p.seat}: negative Karma`);
  }
  if (s.playerActions > 2) throw new Error(`${s.playerActions} Player actions this turn`);
  if (s.turn !== lastTurn || s.turnSeat !== lastSeat) {
    lastTurn = s.turn;
    lastSeat = s.turnSeat;
  }
}

export function seatsFor(players: number, i: number): unknown[] {
  return Array.from({ length: players }, (_, k) => sampleSeatConfig(i * players + k));
}

export interface FuzzStats {
  games: number;
  steps: number;
  turnCap: number;
  reasons: Partial<Record<OutcomeReason, number>>;
  maxTurns: number;
}

export function runFuzz(players: number, from: number, to: number): FuzzStats {
  const stats: FuzzStats = { games: 0, steps: 0, turnCap: 0, reasons: {}, maxTurns: 0 };
  for (let i = from; i < to; i++) {
    const seed = `resonance-${players}-${i}`;
    let r: ReturnType<typeof playRandomGame>;
    try {
      r = playRandomGame(resonanceEngine, { players }, seatsFor(players, i), seed, {
        maxSteps: 200_000,
        onStep: (state) => checkInvariants(state as State),
      });
    } catch (e) {
      throw new Error(`${seed} (players ${players}, game ${i}): ${(e as Error).message}`, { cause: e });
    }
    const s = r.state as State;
    stats.games++;
    stats.steps += r.replay.steps.length;
    const reason = r.outcome.reason as OutcomeReason;
    stats.reasons[reason] = (stats.reasons[reason] ?? 0) + 1;
    if (r.outcome.reason === "turn_limit") stats.turnCap++;
    stats.maxTurns = Math.max(stats.maxTurns, s.turn);
    if (r.outcome.ranks.length !== players) throw new Error(`${seed}: bad outcome`);
    if (!verifyReplay(resonanceEngine, r.replay).ok) throw new Error(`${seed}: replay does not verify`);
  }
  return stats;
}
