/**
 * Replays: a finished match is its config, seats, seed and the list of applied decisions.
 * Re-simulating them with the same engine version must give the same final state hash.
 */
import { type AnyEngine, type GameEvent, type Seat, eventsFor } from "./engine.ts";
import { stateHash } from "./hash.ts";

export interface ReplayStep {
  seat: Seat;
  action: unknown;
  /** Milliseconds since the match started (informational, never used by the rules). */
  at?: number;
  /** Set when the seat did not choose it (absent: the seat's own decision); see AutoDecision. */
  auto?: AutoDecision;
}

/**
 * Why the room made a decision for a seat: `true` the engine's default when the seat's time ran
 * out (or it had left), `"forced"` the seat's only decision, forced from public facts alone
 * (engine.forced), `"stop"` the seat's only decision, made because the seat asked to pass when
 * it has no choice (its "no_choice" stop).
 */
export type AutoDecision = true | "forced" | "stop";

export interface ReplayRecord {
  game: string;
  version: string;
  config: unknown;
  seats: unknown[];
  seed: string;
  steps: ReplayStep[];
  finalHash: string;
}

/**
 * The events one decision caused, as a live client receives them in an `events` message
 * `{ step, events }`. Kept apart from the events themselves: an engine's event may have a
 * `step` field of its own (Achroma's `skip`, `pass`, `divert`, `fizzle`).
 */
export interface StepEvents {
  /** The 1-based step (decision) that caused them. */
  step: number;
  events: GameEvent[];
}

/** The groups a viewer was sent: only the events it may see, groups left empty dropped. */
export function stepEventsFor(groups: readonly StepEvents[], viewer: Seat | null): StepEvents[] {
  const out: StepEvents[] = [];
  for (const g of groups) {
    const events = eventsFor(g.events, viewer);
    if (events.length > 0) out.push(events.length === g.events.length ? g : { step: g.step, events });
  }
  return out;
}

export interface SimulationResult {
  state: unknown;
  /** Per decision that caused any, in order. */
  events: StepEvents[];
  steps: number;
}

export class ReplayMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayMismatchError";
  }
}

/**
 * Re-runs `record` up to `toStep` steps (default: all). Throws if a step is no longer legal.
 * `onStep(state, step)` sees the initial state (step 0) and the state after each step (ReplayIndex keeps checkpoints with it).
 */
export function simulate(engine: AnyEngine, record: Omit<ReplayRecord, "finalHash">, toStep?: number, onStep?: (state: unknown, step: number) => void): SimulationResult {
  if (record.game !== engine.game) throw new ReplayMismatchError(`replay is for ${record.game}, engine is ${engine.game}`);
  if (record.version !== engine.version) {
    throw new ReplayMismatchError(`replay was recorded by ${record.game} ${record.version}, this engine is ${engine.version}`);
  }
  const config = engine.parseConfig(record.config);
  const seats = record.seats.map((s) => engine.parseSeatConfig(s, config));
  let state = engine.setup(config, seats, record.seed);
  const limit = Math.min(toStep ?? record.steps.length, record.steps.length);
  const events: SimulationResult["events"] = [];
  onStep?.(state, 0);
  for (let i = 0; i < limit; i++) {
    const step = record.steps[i];
    const result = engine.apply(state, step.seat, engine.parseAction(step.action));
    state = result.state;
    if (result.events.length > 0) events.push({ step: i + 1, events: result.events });
    onStep?.(state, i + 1);
  }
  return { state, events, steps: limit };
}

/** Re-simulates the whole replay and compares the final hash. */
export function verifyReplay(engine: AnyEngine, record: ReplayRecord): { ok: boolean; hash: string } {
  const { state } = simulate(engine, record);
  const hash = stateHash(state);
  return { ok: hash === record.finalHash, hash };
}

/** The view and the event log a given viewer had after `step` steps. */
export function viewAtStep(engine: AnyEngine, record: Omit<ReplayRecord, "finalHash">, step: number, viewer: Seat | null): { view: unknown; events: StepEvents[]; steps: number } {
  const sim = simulate(engine, record, step);
  return { view: engine.view(sim.state, viewer), events: stepEventsFor(sim.events, viewer), steps: sim.steps };
}
