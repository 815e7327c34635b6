/**
 * Any step of a stored match without re-running it from the start: one simulation keeps the
 * state every `every` steps (checkpoints) and the whole event log, grouped by step; the state at
 * step N is then the checkpoint at or before N plus at most `every - 1` decisions. Engines never
 * modify a state they are given, so checkpoints are shared safely.
 *
 * A viewer of a 3,000-step match stepping through it costs O(every) per step instead of O(N),
 * and O(N) once (replay step views).
 */
import type { AnyEngine, Seat } from "./engine.ts";
import { simulate, stepEventsFor, type ReplayRecord, type StepEvents } from "./replay.ts";

export const DEFAULT_CHECKPOINT_EVERY = 32;

export class ReplayIndex {
  private constructor(
    private readonly engine: AnyEngine,
    private readonly record: Omit<ReplayRecord, "finalHash">,
    private readonly every: number,
    /** checkpoints[i]: the state after i * every steps. */
    private readonly checkpoints: unknown[],
    /** Every event of the match, in order, grouped by the 1-based step that caused it. */
    readonly events: readonly StepEvents[],
  ) {}

  get steps(): number {
    return this.record.steps.length;
  }

  /** Simulates `record` once (throws ReplayMismatchError / RuleError as `simulate` does). */
  static build(engine: AnyEngine, record: Omit<ReplayRecord, "finalHash">, every = DEFAULT_CHECKPOINT_EVERY): ReplayIndex {
    const checkpoints: unknown[] = [];
    const { events } = simulate(engine, record, undefined, (state, step) => {
      if (step % every === 0) checkpoints.push(state);
    });
    return new ReplayIndex(engine, record, every, checkpoints, events);
  }

  /** The state after `step` decisions (clamped to the match). */
  stateAt(step: number): unknown {
    const at = Math.max(0, Math.min(step, this.steps));
    const base = Math.floor(at / this.every);
    let state = this.checkpoints[base];
    for (let i = base * this.every; i < at; i++) {
      const s = this.record.steps[i]!;
      state = this.engine.apply(state, s.seat, this.engine.parseAction(s.action)).state;
    }
    return state;
  }

  /** What `viewer` saw after `step` decisions: its view and the events it was sent up to then. */
  viewAt(step: number, viewer: Seat | null): { view: unknown; events: StepEvents[]; steps: number } {
    const at = Math.max(0, Math.min(step, this.steps));
    return { view: this.engine.view(this.stateAt(at), viewer), events: stepEventsFor(this.eventsUpTo(at), viewer), steps: at };
  }

  /** Every event up to `step`, nothing hidden (stored matches are over). */
  eventsUpTo(step: number): StepEvents[] {
    const end = this.events.findIndex((g) => g.step > step);
    return end < 0 ? [...this.events] : this.events.slice(0, end);
  }
}
