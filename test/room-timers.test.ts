/**
 * Game rooms set no per-room periodic timer (Colyseus ticks each room's clock at 60 Hz
 * even with patchRate null; 1,000 idle matches cost a sixth of a core). Their timeouts run on
 * Node's shared timer list (rooms/roomTimers.ts) and all go with the room.
 */
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { RoomTimers } from "../rooms/roomTimers.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings });
});
afterAll(async () => {
  await t?.close();
});

describe("game rooms", () => {
  it("start no interval of their own, waiting or playing (the turn clock, bots and dispose delay are timeouts)", async () => {
    // Intervals set meanwhile and still running (Colyseus sets a 50 ms patch interval in every
    // room's constructor, which the room clears at once: that one does not count).
    const running = new Map<unknown, number>();
    const realSet = globalThis.setInterval;
    const realClear = globalThis.clearInterval;
    const setSpy = vi.spyOn(globalThis, "setInterval").mockImplementation(((fn: () => void, ms?: number) => {
      const handle = realSet(fn, ms);
      running.set(handle, ms ?? 0);
      return handle;
    }) as typeof setInterval);
    const clearSpy = vi.spyOn(globalThis, "clearInterval").mockImplementation(((handle?: unknown) => {
      running.delete(handle);
      return realClear(handle as NodeJS.Timeout);
    }) as typeof clearInterval);
    const spy = {
      mockRestore: () => {
        setSpy.mockRestore();
        clearSpy.mockRestore();
      },
    };
    try {
      const rooms: Room[] = [];
      for (let i = 0; i < 5; i++) {
        const a = await new Client(t.wsUrl).create("solrei", { name: `A${i}`, seat: sampleSeatConfig(0) });
        const b = await new Client(t.wsUrl).joinById(a.roomId, { name: `B${i}`, seat: sampleSeatConfig(1) });
        rooms.push(a, b);
      }
      rooms.push(await new Client(t.wsUrl).create("achroma", { config: { players: 3 }, bots: 3, spectate: true }));
      await waitFor(() => rooms.every((r) => (r.state as any)?.status !== "waiting") || null, "the matches to start");
      expect([...running.values()]).toEqual([]);
      for (const r of rooms) await r.leave();
    } finally {
      spy.mockRestore();
    }
  });
});

describe("RoomTimers", () => {
  it("runs each timeout once, cancels one, clears all, and reports a throw instead of raising it", async () => {
    const timers = new RoomTimers();
    const ran: string[] = [];
    const errors: unknown[] = [];
    timers.after(
      1,
      () => ran.push("a"),
      (e) => errors.push(e),
    );
    timers
      .after(
        1,
        () => ran.push("b"),
        (e) => errors.push(e),
      )
      .cancel();
    timers.after(
      1,
      () => {
        throw new Error("boom");
      },
      (e) => errors.push(e),
    );
    await waitFor(() => (ran.length === 1 && errors.length === 1) || null, "the timeouts");
    expect(ran).toEqual(["a"]);
    expect((errors[0] as Error).message).toBe("boom");
    expect(timers.size).toBe(0);
    timers.after(
      10_000,
      () => ran.push("late"),
      (e) => errors.push(e),
    );
    expect(timers.size).toBe(1);
    timers.clearAll();
    expect(timers.size).toBe(0);
  });
});
