/**
 * The fill's wait (rooms/botFill.ts) on a fake room with a hand-driven clock: it starts when the
 * first person sits, a later join does not push it back, every person gone stops it, a person on
 * the way to a seat holds it back, a started match or a full table is never filled, and a table
 * that cannot play with bots keeps waiting.
 */
import { describe, expect, it } from "vitest";
import { RuleError } from "../rules/core/errors.ts";
import { BotFill, type BotFillRoom } from "./botFill.ts";

function fakeRoom(seatCount: number) {
  let now = 0;
  const timers: { at: number; fn: () => void; live: boolean }[] = [];
  const filled: { seats: readonly number[]; level: string }[] = [];
  const seats = Array.from({ length: seatCount }, (_, seat) => ({ seat, occupied: false, bot: false }));
  const room = {
    state: { status: "waiting", seats },
    match: { game: null as unknown },
    log: { info: () => {}, warn: () => {} },
    arrivingNow: 0,
    refuse: false,
    later(ms: number, fn: () => void) {
      const timer = { at: now + ms, fn, live: true };
      timers.push(timer);
      return {
        cancel: () => {
          timer.live = false;
        },
      };
    },
    arriving() {
      return this.arrivingNow;
    },
    fillSeats(taken: readonly number[], level: string) {
      if (this.refuse) throw new RuleError("bad_seat_config", "these set-ups cannot play together");
      filled.push({ seats: taken, level });
      for (const seat of taken) Object.assign(seats[seat]!, { occupied: true, bot: true });
      this.match.game = {};
    },
  };
  /** Moves the clock to `to`, running the timers due on the way. */
  const advance = (to: number) => {
    for (;;) {
      const next = timers.filter((t) => t.live && t.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      next.live = false;
      now = next.at;
      next.fn();
    }
    now = to;
  };
  const sit = (seat: number, occupied = true) => (seats[seat]!.occupied = occupied);
  return { room, filled, advance, sit, fill: new BotFill({ afterMs: 10_000, level: "normal" }, room as unknown as BotFillRoom) };
}

describe("BotFill", () => {
  it("fills the empty seats afterMs after the first person sat; a later join takes a seat without pushing the deadline back", () => {
    const f = fakeRoom(3);
    f.fill.update(); // created: nobody seated yet
    f.advance(20_000);
    expect(f.filled).toEqual([]);
    f.sit(0);
    f.fill.update();
    f.advance(26_000);
    f.sit(1);
    f.fill.update();
    f.advance(29_999);
    expect(f.filled).toEqual([]);
    f.advance(30_000);
    expect(f.filled).toEqual([{ seats: [2], level: "normal" }]);
  });

  it("every person gone stops the wait; the next person to sit starts it over", () => {
    const f = fakeRoom(2);
    f.sit(0);
    f.fill.update();
    f.advance(5_000);
    f.sit(0, false);
    f.fill.update();
    f.advance(50_000);
    expect(f.filled).toEqual([]);
    f.sit(1);
    f.fill.update();
    f.advance(59_999);
    expect(f.filled).toEqual([]);
    f.advance(60_000);
    expect(f.filled).toEqual([{ seats: [0], level: "normal" }]);
  });

  it("a full table or a started match is never filled", () => {
    const f = fakeRoom(2);
    f.sit(0);
    f.fill.update();
    f.sit(1);
    f.fill.update();
    f.advance(100_000);
    expect(f.filled).toEqual([]);
    const g = fakeRoom(2);
    g.sit(0);
    g.fill.update();
    g.room.match.game = {}; // started (a seat freed meanwhile, as the header became durable)
    g.advance(100_000);
    expect(g.filled).toEqual([]);
  });

  it("a person on the way to a seat holds the fill back until they arrive", () => {
    const f = fakeRoom(2);
    f.sit(0);
    f.fill.update();
    f.room.arrivingNow = 1;
    f.advance(12_000);
    expect(f.filled).toEqual([]);
    f.sit(1);
    f.room.arrivingNow = 0;
    f.fill.update();
    f.advance(100_000);
    expect(f.filled).toEqual([]);
    const g = fakeRoom(2);
    g.sit(0);
    g.fill.update();
    g.room.arrivingNow = 1;
    g.advance(12_000);
    g.room.arrivingNow = 0; // their reservation lapsed: the bot comes
    g.advance(13_000);
    expect(g.filled).toEqual([{ seats: [1], level: "normal" }]);
  });

  it("a table the bots cannot complete keeps waiting for people", () => {
    const f = fakeRoom(2);
    f.room.refuse = true;
    f.sit(0);
    f.fill.update();
    f.advance(100_000);
    expect(f.filled).toEqual([]);
    expect(f.room.state.seats[1]!.occupied).toBe(false);
  });
});
