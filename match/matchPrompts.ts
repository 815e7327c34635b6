/**
 * What the prompt timers (match/promptTimers.ts) call back: the match's side (who acts, its
 * defaults, its turn) and the room's (seat slots, timers, log). A class, its methods on its
 * prototype: an object literal of nine arrows cost ~2.9 KB per live match (tsx names each
 * arrow, which gives it a property dictionary).
 */
import type { Seat } from "../rules/core/engine.ts";
import type { Logger } from "./log.ts";
import type { MatchRoom } from "./matchRoom.ts";
import type { PromptTimersHost, TimerHandle } from "./promptTimers.ts";

/** What the prompt timers use of the match (match/liveMatch.ts). */
export interface PromptedMatch {
  /** The seats that owe a decision now. */
  actors(): readonly Seat[];
  abandoned(seat: Seat): boolean;
  /** The match finished or was handed over. */
  over(): boolean;
  /** The engine's default decision for the seat (null: none). */
  timeoutAction(seat: Seat): unknown;
  /** Applies a default decision as the seat's own, journaled with `auto`. */
  applyDefault(seat: Seat, action: unknown): Promise<void>;
  /** Runs `task` in turn with the match's other decisions. */
  inTurn(task: () => Promise<void>): Promise<void>;
}

export class MatchPrompts implements PromptTimersHost {
  constructor(
    private readonly match: PromptedMatch,
    private readonly room: MatchRoom,
  ) {}

  actors(): readonly Seat[] {
    return this.match.actors();
  }

  seats() {
    return this.room.seats();
  }

  abandoned(seat: Seat): boolean {
    return this.match.abandoned(seat);
  }

  over(): boolean {
    return this.match.over();
  }

  timeoutAction(seat: Seat): unknown {
    return this.match.timeoutAction(seat);
  }

  applyDefault(seat: Seat, action: unknown): Promise<void> {
    return this.match.applyDefault(seat, action);
  }

  later(ms: number, fn: () => void): TimerHandle {
    return this.room.later(ms, fn);
  }

  inTurn(task: () => Promise<void>): Promise<void> {
    return this.match.inTurn(task);
  }

  log(): Logger {
    return this.room.log();
  }
}
