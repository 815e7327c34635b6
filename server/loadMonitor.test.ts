import { describe, expect, it } from "vitest";
import { EventLoopMonitor, RollingHistogram } from "./loadMonitor.ts";

describe("RollingHistogram: durations over the last seconds", () => {
  it("percentiles of what was recorded in the window, in ms", () => {
    let now = 50_000;
    const h = new RollingHistogram(10, () => now);
    for (let i = 1; i <= 100; i++) h.record(i); // 1..100 ms
    const s = h.summary();
    expect(s.n).toBe(100);
    expect(s.p50).toBeGreaterThanOrEqual(49);
    expect(s.p50).toBeLessThanOrEqual(51);
    expect(s.p99).toBeGreaterThanOrEqual(98);
    expect(s.max).toBeGreaterThanOrEqual(99.9);
    expect(s.max).toBeLessThanOrEqual(100.1);
    now += 3_000;
    expect(h.summary().n).toBe(100); // still inside the 10 s window
  });

  it("forgets what is older than the window, also in buckets that are reused", () => {
    let now = 7_000;
    const h = new RollingHistogram(10, () => now);
    h.record(500);
    now += 4_000;
    h.record(2);
    expect(h.summary().n).toBe(2);
    expect(h.summary().max).toBeCloseTo(500, -1); // recorded at 3 significant digits
    now += 6_500; // the 500 ms value is 10.5 s old
    expect(h.summary().n).toBe(1);
    expect(h.summary().max).toBeCloseTo(2, 1);
    now += 10_000; // its bucket's second comes round again: emptied before reuse
    h.record(3);
    expect(h.summary().n).toBe(1);
    expect(h.summary().max).toBeCloseTo(3, 1);
    now += 60_000;
    expect(h.summary()).toEqual({ n: 0, p50: 0, p99: 0, max: 0 });
  });
});

describe("EventLoopMonitor: how late the event loop runs", () => {
  it("a 150 ms synchronous stall shows in the window's max delay and in its utilization", async () => {
    const monitor = new EventLoopMonitor(10).start();
    try {
      await new Promise((r) => setTimeout(r, 60));
      const until = performance.now() + 150;
      while (performance.now() < until) {
        // the stall: nothing else runs on this thread meanwhile
      }
      // the monitor's next tick is the first thing after the stall
      for (let i = 0; i < 100 && monitor.report().delayMs.max < 100; i++) await new Promise((r) => setTimeout(r, 25));
      const report = monitor.report();
      expect(report.delayMs.max).toBeGreaterThanOrEqual(100);
      expect(report.delayMs.n).toBeGreaterThan(1);
      expect(report.utilization).toBeGreaterThan(0);
    } finally {
      monitor.stop();
    }
  });
});
