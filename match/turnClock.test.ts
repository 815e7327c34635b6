import { describe, expect, it } from "vitest";
import { TurnClock } from "./turnClock.ts";

const acting = (...seats: number[]) => new Set(seats);

describe("turn clock: base per prompt, a bank that only drains", () => {
  it("a prompt lasts while the seat keeps acting: decisions inside it do not restart the time (re-placing in OPEN)", () => {
    const clock = new TurnClock({ baseMs: 1000, bankMs: 5000 }, 2);
    expect(clock.update(acting(0, 1), 0)).toEqual([0, 1]);
    expect(clock.deadline(0)).toBe(6000);
    // Seat 0 re-places a card every 500 ms: still acting, the deadline never moves.
    for (let t = 500; t < 6000; t += 500) expect(clock.update(acting(0, 1), t)).toEqual([]);
    expect(clock.deadline(0)).toBe(6000);
    expect(clock.expired(0, 5999)).toBe(false);
    expect(clock.expired(0, 6000)).toBe(true);
  });

  it("time beyond the base drains the bank; base left over is not banked", () => {
    const clock = new TurnClock({ baseMs: 1000, bankMs: 5000 }, 2);
    clock.update(acting(0), 0);
    clock.update(acting(1), 3000); // seat 0 took 3 s: 2 s over its base
    expect(clock.bankLeft(0, 3000)).toBe(3000);
    expect(clock.deadline(0)).toBe(0);
    clock.update(acting(0), 4000);
    expect(clock.deadline(0)).toBe(4000 + 1000 + 3000);
    clock.update(acting(1), 4200); // quick: the bank is untouched, the 800 ms of base are lost
    expect(clock.bankLeft(0, 4200)).toBe(3000);
  });

  it("after a time-out the bank is empty and the rest of the prompt is due at once; the next prompt gets a fresh base only", () => {
    const clock = new TurnClock({ baseMs: 1000, bankMs: 2000 }, 2);
    clock.update(acting(0), 0);
    expect(clock.expired(0, 3000)).toBe(true);
    clock.flag(0, 3000);
    clock.update(acting(0), 3000); // still owes a decision (e.g. confirm after the default place)
    expect(clock.deadline(0)).toBe(3000);
    clock.update(acting(1), 3001);
    clock.update(acting(0), 5000);
    expect(clock.deadline(0)).toBe(6000);
  });

  it("every prompt is bounded by base + bank, so a stalling seat cannot hold the match", () => {
    const clock = new TurnClock({ baseMs: 100, bankMs: 1000 }, 1);
    let now = 0;
    let stalled = 0;
    for (let prompt = 0; prompt < 50; prompt++) {
      clock.update(acting(0), now);
      const deadline = clock.deadline(0);
      expect(deadline - now).toBeLessThanOrEqual(1100);
      stalled += deadline - now;
      now = deadline;
      clock.flag(0, now);
      clock.update(acting(), now);
    }
    expect(stalled).toBe(50 * 100 + 1000);
  });
});
