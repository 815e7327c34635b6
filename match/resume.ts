/**
 * Resuming a journaled match (server/journal): the engine replays seed + decisions, so the
 * rebuilt state is the one the dead process had, checked against the journaled hashes. The
 * turn clocks are replayed too, from the decisions' times, then paused for the time no process
 * ran the match: each seat gets back the time it had left, not a fresh prompt.
 *
 * Also the one place a finished match's record is built, for a live room and for a match that
 * finished just before its process died (it is stored from the journal without a room).
 */
import type { AnyEngine, Outcome, Seat } from "../rules/core/engine.ts";
import { stateHash } from "../rules/core/hash.ts";
import { simulate, type ReplayStep } from "../rules/core/replay.ts";
import type { FinishedMatch } from "./finishedMatch.ts";
import type { JournalEntry, JournaledMatch, MatchHeader } from "./journalTypes.ts";
import { abandonedOutcome } from "./abandoned.ts";
import { TurnClock } from "./turnClock.ts";

export class ResumeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResumeError";
  }
}

export interface RebuiltMatch {
  game: unknown;
  /** The replay's steps (decisions only). */
  steps: ReplayStep[];
  /** Ranked seats that left for good, in leaving order. */
  abandoned: Seat[];
  /** The turn clock as it stood when the match was paused, moved on to `now` (null: no clock). */
  clock: TurnClock | null;
  /** Set when the match was already over (it finished just before its process died). */
  outcome: Outcome | null;
  /** Epoch ms of the last journaled fact. */
  lastAt: number;
}

/** Replays the journal; throws ResumeError when the engine refuses it or a state hash differs. */
export function rebuild(engine: AnyEngine, match: JournaledMatch, now: number): RebuiltMatch {
  const { header, entries } = match;
  expectConsecutive(entries);
  const steps: ReplayStep[] = [];
  const abandoned: Seat[] = [];
  for (const e of entries) {
    if (e.kind === "abandon") abandoned.push(e.seat);
    else steps.push({ seat: e.seat, action: e.action, at: e.at, ...(e.auto ? { auto: e.auto } : {}) });
  }
  const clock = header.clock ? new TurnClock(header.clock, header.seats.length) : null;
  const acts = entries.filter((e): e is Extract<JournalEntry, { kind: "act" }> => e.kind === "act");
  let game: unknown;
  try {
    game = simulate(engine, { game: header.game, version: header.version, config: header.config, seats: header.seats, seed: header.seed, steps }, undefined, (state, step) => {
      const entry = step > 0 ? acts[step - 1]! : null;
      if (entry?.hash && stateHash(state) !== entry.hash) {
        throw new ResumeError(`the rebuilt state differs from the journal at entry ${entry.n}`);
      }
      // The same clock calls the room made: a default flags its seat (unless it had left), then
      // the clock follows who acts now.
      const at = header.startedAt + (entry?.at ?? 0);
      if (clock && entry?.auto === true && !leftBefore(entries, entry.seat, entry.n)) clock.flag(entry.seat, at);
      clock?.update(new Set(engine.actors(state)), at);
    }).state;
  } catch (error) {
    if (error instanceof ResumeError) throw error;
    throw new ResumeError(`the engine refused the journal: ${(error as Error).message}`);
  }
  const lastAt = header.startedAt + (entries.length > 0 ? entries[entries.length - 1]!.at : 0);
  // Time stood still from when the match was paused until now.
  clock?.pause(match.pausedAt, now);
  const engineOutcome = engine.outcome(game);
  const remaining = header.seats.length - abandoned.length;
  const outcome = abandoned.length > 0 && (engineOutcome || remaining <= 1) ? abandonedOutcome(header.seats.length, abandoned, engineOutcome) : engineOutcome;
  return { game, steps, abandoned, clock, outcome, lastAt };
}

/** The record stored for a finished match, the same whether its room or the journal ends it. */
export function finishedRecord(matchId: string, header: MatchHeader, steps: readonly ReplayStep[], finalState: unknown, outcome: Outcome, endedAt: Date): FinishedMatch {
  return {
    id: matchId,
    game: header.game,
    mode: header.mode,
    config: header.config,
    seats: header.seats,
    seed: header.seed,
    seedHash: header.seedHash,
    version: header.version,
    startedAt: new Date(header.startedAt),
    endedAt,
    outcome,
    players: header.players,
    replay: { steps: [...steps], finalHash: stateHash(finalState) },
  };
}

/** Entries must be 1, 2, 3...: a gap means a lost write, and the match cannot be trusted. */
function expectConsecutive(entries: readonly JournalEntry[]): void {
  entries.forEach((e, i) => {
    if (e.n !== i + 1) throw new ResumeError(`the journal jumps from entry ${i} to ${e.n}`);
  });
}

/** Whether `seat` had abandoned the match before entry `n`. */
function leftBefore(entries: readonly JournalEntry[], seat: Seat, n: number): boolean {
  return entries.some((e) => e.kind === "abandon" && e.seat === seat && e.n < n);
}
