/**
 * A room's prompt timers: the turn clock (match/turnClock.ts) and the one pending timer per
 * seat that owes a decision. When a seat's time is up (or it abandoned a ranked match) the
 * engine's default decides for it, in turn with every other decision (match/decisionQueue.ts).
 *
 * Deadlines follow public facts only (who acts, since when), never a seat's private choices;
 * they are published on the seat's slot (`deadline`, `bank`) in the same patch as the move.
 */
import type { Seat } from "../rules/core/engine.ts";
import type { Logger } from "./log.ts";
import type { TurnClock } from "./turnClock.ts";

/** Delay before an abandoned seat's default decision is applied (it never comes back). */
const ABANDONED_MOVE_MS = 1;
/** Timed-out defaults applied in a row in one prompt before the seat's clock is restarted. */
const MAX_DEFAULTS_IN_A_ROW = 100;

/** A pending timer (the room's: rooms/roomTimers.ts). */
export interface TimerHandle {
  cancel(): void;
}

/** Where a seat's deadline and bank are published (the room's seat slot). */
export interface ClockSlot {
  readonly seat: number;
  deadline: number;
  bank: number;
}

/** What the timers need from their room. */
export interface PromptTimersHost {
  /** The seats that owe a decision now. */
  actors(): readonly Seat[];
  /** Every seat's slot, where its deadline and bank are published. */
  seats(): ArrayLike<ClockSlot> & Iterable<ClockSlot>;
  /** Whether a ranked seat left the match for good: its decisions are defaults, applied at once. */
  abandoned(seat: Seat): boolean;
  /** The match finished or was handed over: no default is applied any more. */
  over(): boolean;
  /** The engine's default decision for the seat (null: none). */
  timeoutAction(seat: Seat): unknown;
  /** Applies a default decision as the seat's own (journaled with `auto`). */
  applyDefault(seat: Seat, action: unknown): Promise<void>;
  /** Runs `fn` after `ms` on the room's timers. */
  later(ms: number, fn: () => void): TimerHandle;
  /** Runs `task` in turn with the room's other decisions. */
  inTurn(task: () => Promise<void>): Promise<void>;
  log(): Logger;
}

export class PromptTimers {
  /** The turn clock (null when PROMPT_TIMEOUT_MS is 0 or the match has not started). */
  private clock: TurnClock | null = null;
  /** The one pending timer per seat. */
  private readonly timers = new Map<Seat, TimerHandle>();
  /** Defaults applied in a row to one seat whose time is up (a guard against an engine whose default makes no progress). */
  private readonly flaggedDefaults = new Map<Seat, number>();

  constructor(private readonly host: PromptTimersHost) {}

  /** The match started (a fresh clock) or was resumed (the clock as it stood, paused meanwhile). */
  useClock(clock: TurnClock | null): void {
    this.clock = clock;
  }

  /** Publishes each seat's bank as of now (the match is on). */
  showBanks(now: number): void {
    if (this.clock) for (const slot of this.host.seats()) slot.bank = this.clock.bankLeft(slot.seat, now);
  }

  /**
   * Brings the turn clock up to date with who acts now and (re)arms the timer of each seat
   * whose deadline moved. The caller flushes.
   */
  schedule(): void {
    const actors = new Set(this.host.actors());
    const now = Date.now();
    const changed = new Set(this.clock?.update(actors, now) ?? []);
    // An actor without a timer: abandoned, or flagged and still owing a decision in this prompt.
    for (const seat of actors) if (!this.timers.has(seat) && (this.clock || this.host.abandoned(seat))) changed.add(seat);
    for (const seat of changed) {
      this.timers.get(seat)?.cancel();
      this.timers.delete(seat);
      if (!actors.has(seat)) this.flaggedDefaults.delete(seat);
      const deadline = this.host.abandoned(seat) ? (actors.has(seat) ? now + ABANDONED_MOVE_MS : 0) : (this.clock?.deadline(seat) ?? 0);
      const slot = this.host.seats()[seat]!;
      slot.deadline = deadline;
      if (this.clock) slot.bank = this.clock.bankLeft(seat, now);
      if (deadline > 0) this.arm(seat, deadline - now);
    }
  }

  /** The seat left for good: its timer goes and its deadline is cleared (schedule() arms its defaults). */
  drop(seat: Seat): void {
    this.timers.get(seat)?.cancel();
    this.timers.delete(seat);
    this.host.seats()[seat]!.deadline = 0;
  }

  /** Cancels every pending timer (the match is over or handed over). */
  clear(): void {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  private arm(seat: Seat, inMs: number): void {
    const timer = this.host.later(Math.max(1, inMs), () => {
      if (this.timers.get(seat) === timer) this.timers.delete(seat);
      void this.host.inTurn(() => this.onTimeUp(seat));
    });
    this.timers.set(seat, timer);
  }

  /** The seat's time is up (or it abandoned the match): the engine's default decides for it. */
  private async onTimeUp(seat: Seat): Promise<void> {
    if (this.host.over() || this.timers.has(seat)) return; // a newer timer took over meanwhile
    if (!this.host.actors().includes(seat)) return;
    const now = Date.now();
    const abandoned = this.host.abandoned(seat);
    if (!abandoned && this.clock && !this.clock.expired(seat, now)) {
      this.arm(seat, this.clock.deadline(seat) - now); // the clock's timer fired early
      return;
    }
    const action = this.host.timeoutAction(seat);
    if (action === null) return;
    const inARow = (this.flaggedDefaults.get(seat) ?? 0) + 1;
    this.flaggedDefaults.set(seat, inARow);
    if (!abandoned && this.clock) {
      this.clock.flag(seat, now);
      if (inARow > MAX_DEFAULTS_IN_A_ROW) {
        // An engine default that never ends the prompt: give the seat a fresh prompt rather than spin.
        this.host.log().error({ seat, inARow }, "the engine's timeout defaults do not end this seat's prompt; restarting its clock");
        this.clock.update(new Set(), now);
        this.flaggedDefaults.delete(seat);
      }
    }
    if (!abandoned) this.host.log().info({ seat, action }, "time is up; applying the engine's default");
    try {
      await this.host.applyDefault(seat, action);
    } catch (error) {
      this.host.log().error({ err: error, seat }, "the engine's timeout default was rejected");
    }
  }
}
