/**
 * How loaded this process is, over the last few seconds, for /health: how late its event loop
 * runs (every room's decisions wait on it) and how long the journal takes to make a decision
 * durable (every decision waits on that before anyone hears of it). Together they tell an
 * operator, and the capacity benchmark, which of the two a slow act -> patch comes from.
 */
import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";

export interface Percentiles {
  /** Values recorded in the window. */
  n: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Durations (ms) over the last `windowS` seconds, in one-second buckets that are reused as time
 * moves on (no timer: a bucket is emptied when it is next written or read in a later second).
 * Recorded with microsecond resolution; values under 1 µs count as 1 µs.
 */
export class RollingHistogram {
  private readonly buckets: RecordableHistogram[];
  private readonly secondOf: number[];
  /** Also handed every value (the Prometheus histogram of the same durations: server/metrics). */
  private listener: ((ms: number) => void) | null = null;

  constructor(
    private readonly windowS = 10,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    this.buckets = Array.from({ length: windowS }, () => createHistogram());
    this.secondOf = new Array<number>(windowS).fill(-1);
  }

  /** Hands every value recorded from now on to `listener` too (one listener). */
  tee(listener: (ms: number) => void): void {
    this.listener = listener;
  }

  record(ms: number): void {
    this.listener?.(ms);
    const second = Math.floor(this.nowMs() / 1000);
    const i = second % this.windowS;
    if (this.secondOf[i] !== second) {
      this.buckets[i]!.reset();
      this.secondOf[i] = second;
    }
    this.buckets[i]!.record(Math.max(1, Math.round(ms * 1000)));
  }

  /** The window's percentiles in ms (2 decimals); n = 0 and zeros when nothing was recorded. */
  summary(): Percentiles {
    const second = Math.floor(this.nowMs() / 1000);
    const merged = createHistogram();
    for (let i = 0; i < this.windowS; i++) {
      if (second - this.secondOf[i]! < this.windowS && this.buckets[i]!.count > 0) merged.add(this.buckets[i]!);
    }
    const ms = (us: number) => Math.round(us / 10) / 100;
    const n = merged.count;
    return n === 0 ? { n: 0, p50: 0, p99: 0, max: 0 } : { n, p50: ms(merged.percentile(50)), p99: ms(merged.percentile(99)), max: ms(merged.max) };
  }
}

/**
 * The event loop's delay (how late a 20 ms timer fires) and utilization (share of the time it
 * was busy) over the last `windowS` seconds. One timer, unref'd: it never keeps the process up.
 */
export class EventLoopMonitor {
  private static readonly TICK_MS = 20;
  readonly delay: RollingHistogram;
  private timer: NodeJS.Timeout | null = null;
  private expected = 0;
  /** One utilization snapshot per second, the oldest first, so the window's share is one subtraction. */
  private readonly snapshots: { at: number; elu: ReturnType<typeof performance.eventLoopUtilization> }[] = [];

  constructor(private readonly windowS = 10) {
    this.delay = new RollingHistogram(windowS);
  }

  start(): this {
    if (this.timer) return this;
    this.expected = performance.now() + EventLoopMonitor.TICK_MS;
    this.snapshots.push({ at: performance.now(), elu: performance.eventLoopUtilization() });
    this.timer = setInterval(() => this.tick(), EventLoopMonitor.TICK_MS).unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Delay percentiles (ms) and utilization (0-1) over the window. */
  report(): { delayMs: Percentiles; utilization: number | null } {
    const oldest = this.snapshots[0];
    const utilization = oldest ? Math.round(performance.eventLoopUtilization(oldest.elu).utilization * 1000) / 1000 : null;
    return { delayMs: this.delay.summary(), utilization };
  }

  private tick(): void {
    const now = performance.now();
    this.delay.record(Math.max(0, now - this.expected));
    this.expected = now + EventLoopMonitor.TICK_MS;
    const last = this.snapshots[this.snapshots.length - 1]!;
    if (now - last.at >= 1000) {
      this.snapshots.push({ at: now, elu: performance.eventLoopUtilization() });
      if (this.snapshots.length > this.windowS + 1) this.snapshots.shift();
    }
  }
}
