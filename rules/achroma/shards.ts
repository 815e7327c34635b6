/**
 * RESOLVE STEP and the Achroma effects (Gain, Drain, Steal, Prevent); YOUR SHARD BANK: the first
 * round (R5), Prevent (R6), SPLAT / SQUISH (R26), counting Gains (R44).
 */
import type { GameEvent } from "../core/engine.ts";
import type { Step } from "./cards.ts";
import type { Frame, Seat, State } from "./types.ts";
import { allCanvas, canvasCards, defOf, infested, live, ownerOf } from "./canvas.ts";

/** R5: no Drain/Steal until everyone else (every other player still in the game) has completed a first turn. */
export function bankTargets(s: State, seat: Seat): Seat[] {
  if (!s.players.every((p, i) => i === seat || p.out || p.hadTurn)) return [];
  return live(s).filter((i) => i !== seat && s.players[i].bank > 0);
}

export function preventRemaining(s: State, seat: Seat): number {
  const pool = canvasCards(s, seat).reduce((n, c) => {
    const a = defOf(s, c).achroma;
    return n + (a?.kind === "prevent" && !s.units[c].frozen && !infested(s, c) ? a.n : 0);
  }, 0);
  return Math.max(0, pool - s.players[seat].preventUsed);
}

/** Sets the prompt for a Drain/Steal target's Prevent, or applies the transfer at once. */
export function bankHit(s: State, from: Seat, target: Seat, steal: boolean, amount: number, ev: GameEvent[]): void {
  const max = Math.min(preventRemaining(s, target), amount);
  if (max > 0) {
    s.prompt = { kind: "prevent", seat: target, from, steal, amount, max };
    return;
  }
  transfer(s, from, target, steal, amount, 0, ev);
}

export function transfer(s: State, from: Seat, target: Seat, steal: boolean, amount: number, prevented: number, ev: GameEvent[]): void {
  const t = s.players[target];
  const lost = Math.min(amount - prevented, t.bank);
  t.bank -= lost;
  if (steal) s.players[from].bank += lost;
  ev.push({ type: steal ? "steal" : "drain", seat: from, target, shards: lost, prevented });
}

/** The Shard steps of abilities: Gain, Drain, Steal, counted Gains, SPLAT/SQUISH. */
export function bankStepOptions(s: State, seat: Seat, step: Step, source: string): string[] {
  switch (step.k) {
    case "splat":
      return [
        "pass",
        ...live(s)
          .flatMap((i) => canvasCards(s, i))
          .filter((c) => c !== source),
      ];
    case "drain":
    case "steal":
      return bankTargets(s, seat).map(String);
    default:
      return [];
  }
}

export function bankStep(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  const seat = f.seat;
  const p = s.players[seat];
  switch (step.k) {
    case "gain":
      p.bank += step.n;
      ev.push({ type: "gain", seat, shards: step.n, source: f.source });
      return;
    case "drain":
    case "steal":
      bankHit(s, seat, Number(option), step.k === "steal", step.n, ev);
      return;
    case "gain_count": {
      const { filter } = step;
      // R44: an Action card being resolved is on its deployer's Canvas, so it counts (never CURSED: it has no unit).
      const pool = step.scope === "all" ? [...allCanvas(s), ...s.resolving] : [...canvasCards(s, seat), ...s.resolving.filter((c) => ownerOf(s, c) === seat)];
      const n = pool.filter((c) => {
        const d = defOf(s, c);
        const achrom = d.achrom ?? 0;
        return (!filter.cursed || !!s.units[c]?.cursed) && (!filter.achrom || achrom > 0) && (!filter.chroma || d.shards - achrom > 0) && (!filter.type || d.type === filter.type);
      }).length;
      p.bank += n;
      ev.push({ type: "gain", seat, shards: n, source: f.source });
      return;
    }
    case "splat":
      s.units[option!].given.push({ kind: step.kind, n: step.n, by: seat });
      ev.push({ type: step.kind === "gain" ? "splat" : "squish", seat, card: option, shards: step.n });
      return;
  }
}
