/**
 * The turn clock: how long a seat may take before the engine's default decides for it.
 *
 * A **prompt** begins when a seat starts owing a decision (it becomes an actor) and lasts as
 * long as it stays one, however many decisions it makes meanwhile: re-placing a card, or a
 * run of moves in one turn, does not restart it. Each prompt brings a fresh **base** time;
 * once the base is used up the seat's **bank** drains, and the bank never refills. When the
 * base and the bank are both spent the seat's time is up: its pending decisions are the
 * engine's defaults until the prompt ends. So every prompt lasts at most base + bank, a seat
 * can stall a match by at most its bank once, and every match ends in bounded time.
 *
 * Everything here follows from public facts only (who is acting, and since when), so the
 * deadline it publishes tells the other seats nothing about a hand. Pure: time comes in as
 * an argument.
 */
import type { Seat } from "../rules/core/engine.ts";

export interface TurnClockSettings {
  /** Fresh time for each prompt (ms). */
  baseMs: number;
  /** Reserve per seat for the whole match (ms); drains only while a prompt's base is spent. */
  bankMs: number;
}

interface SeatClock {
  bankMs: number;
  /** The running prompt, or null when the seat owes nothing. */
  prompt: { startedAt: number; baseMs: number } | null;
}

export class TurnClock {
  private readonly seats: SeatClock[];

  constructor(
    private readonly settings: TurnClockSettings,
    seatCount: number,
  ) {
    this.seats = Array.from({ length: seatCount }, () => ({ bankMs: settings.bankMs, prompt: null }));
  }

  /**
   * Starts a prompt for each seat that now acts and did not, ends it for each seat that no
   * longer acts (charging the time beyond its base to the bank). Returns the seats whose
   * deadline changed.
   */
  update(actors: ReadonlySet<Seat>, now: number): Seat[] {
    const changed: Seat[] = [];
    this.seats.forEach((clock, seat) => {
      const acting = actors.has(seat);
      if (acting && !clock.prompt) {
        clock.prompt = { startedAt: now, baseMs: this.settings.baseMs };
        changed.push(seat);
      } else if (!acting && clock.prompt) {
        clock.bankMs = this.bankLeft(seat, now);
        clock.prompt = null;
        changed.push(seat);
      }
    });
    return changed;
  }

  /** When the seat's time runs out in its running prompt (epoch ms), or 0 when it owes nothing. */
  deadline(seat: Seat): number {
    const clock = this.seats[seat]!;
    return clock.prompt ? clock.prompt.startedAt + clock.prompt.baseMs + clock.bankMs : 0;
  }

  /** What is left of the seat's bank at `now` (the running prompt's overrun deducted). */
  bankLeft(seat: Seat, now: number): number {
    const clock = this.seats[seat]!;
    if (!clock.prompt) return clock.bankMs;
    const overrun = Math.max(0, now - clock.prompt.startedAt - clock.prompt.baseMs);
    return Math.max(0, clock.bankMs - overrun);
  }

  /** Whether the seat's time in its running prompt is up at `now`. */
  expired(seat: Seat, now: number): boolean {
    const deadline = this.deadline(seat);
    return deadline > 0 && now >= deadline;
  }

  /**
   * The match stood still from `pausedAt` to `now` (its process died or handed it over): each
   * running prompt moves on by that long, so every seat keeps the time it had left then.
   */
  pause(pausedAt: number, now: number): void {
    for (const clock of this.seats) {
      if (!clock.prompt) continue;
      const from = Math.max(pausedAt, clock.prompt.startedAt);
      clock.prompt = { ...clock.prompt, startedAt: clock.prompt.startedAt + Math.max(0, now - from) };
    }
  }

  /**
   * Time is up and a default was applied: the bank is empty, and if the seat still owes a
   * decision in this prompt, that one is due at once too.
   */
  flag(seat: Seat, now: number): void {
    const clock = this.seats[seat]!;
    clock.bankMs = 0;
    if (clock.prompt) clock.prompt = { startedAt: now, baseMs: 0 };
  }
}
