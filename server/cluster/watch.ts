/**
 * Whether this process can reach the cluster's Redis now, and what to do when it can again.
 *
 *   down      any of the process's Redis connections closed or not ready, or Redis not
 *             answering a probe within PROBE_TIMEOUT_MS (a network cut sends no close):
 *             matchmaking is refused at once (503 `cluster_unavailable`, server/gate), the
 *             presence and driver stop calling Redis (guard.ts), /health says `degraded`;
 *             matches in play go on (they need only the database).
 *   back      every connection ready and the probe answered: each `onRejoin` task runs (list
 *             this process's rooms again, rebuild its part of the ranked queues), then matchmaking
 *             resumes. Redis may have come back empty (a restart without persistence): the
 *             probe reads an epoch key that every process sets if missing, so a Redis that
 *             lost its data is noticed even if no connection was seen closing.
 *
 * The probe runs every `checkMs` (one GET-or-SET round trip) and at once when a connection
 * becomes ready again.
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { LogThrottle } from "../../match/logThrottle.ts";
import type { Logger } from "../log.ts";
import type { LinkState } from "./guard.ts";

/** A connection to Redis (ioredis, any version): its status and its events. */
export interface WatchedConnection {
  readonly status: string;
  on(event: "close" | "end" | "ready", listener: () => void): unknown;
  removeListener(event: "close" | "end" | "ready", listener: () => void): unknown;
}

/** Redis as /health shows it. */
export interface RedisHealth {
  ok: boolean;
  /** The last probe's round trip, ms. */
  latencyMs: number | null;
  /** Why it is unreachable, and for how long (only while it is). */
  error?: string;
  downForS?: number;
}

/** How long the start waits for the presence's and the driver's connections (then they count as down). */
const READY_WAIT_MS = 10_000;

/** A probe not answered within this long means Redis is unreachable. */
const PROBE_TIMEOUT_MS = 2_000;

/** Returns the epoch, setting it first if Redis has none (it restarted empty, or this is the first process). */
const EPOCH = `local v = redis.call('get', KEYS[1]) if not v then redis.call('set', KEYS[1], ARGV[1]) v = ARGV[1] end return v`;

export class RedisWatch implements LinkState {
  private reason: string | null = null;
  private downSince = 0;
  private epoch: string | null = null;
  private relistWanted = false;
  private latencyMs: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private stopped = false;
  private readonly tasks: { name: string; run: () => Promise<unknown> }[] = [];
  private readonly failures = new LogThrottle(10_000);
  private readonly onClose = () => this.markDown("the connection to Redis closed");
  private readonly onReady = () => setImmediate(() => void this.check());

  constructor(
    private readonly deps: {
      /** Our own connection: the probe runs on it. */
      redis: Redis;
      /** Every connection the process needs (ours, the presence's two, the driver's). */
      connections: readonly WatchedConnection[];
      log: Logger;
      checkMs?: number;
      key?: string;
    },
  ) {}

  /**
   * Reads the epoch (Redis is reachable: the process has just connected) and starts probing,
   * once every connection is ready (the presence's and the driver's connect on their own).
   */
  async start(): Promise<void> {
    const deadline = Date.now() + READY_WAIT_MS;
    while (this.deps.connections.some((c) => c.status !== "ready") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    for (const c of this.deps.connections) {
      c.on("close", this.onClose);
      c.on("end", this.onClose);
      c.on("ready", this.onReady);
    }
    this.epoch = await this.readEpoch();
    this.timer = setInterval(() => void this.check(), this.deps.checkMs ?? 1_000);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const c of this.deps.connections) {
      c.removeListener("close", this.onClose);
      c.removeListener("end", this.onClose);
      c.removeListener("ready", this.onReady);
    }
  }

  /** Runs once Redis answers again after an outage or a loss of its data (in registration order). */
  onRejoin(name: string, run: () => Promise<unknown>): void {
    this.tasks.push({ name, run });
  }

  down(): string | null {
    return this.reason;
  }

  requestRelist(): void {
    this.relistWanted = true;
  }

  failed(what: string, error: unknown): void {
    const suppressed = this.failures.take(Date.now());
    if (suppressed !== null) this.deps.log.warn({ call: what, err: (error as Error)?.message ?? String(error), suppressed }, "a Redis call failed");
  }

  health(): RedisHealth {
    if (this.reason === null) return { ok: true, latencyMs: this.latencyMs };
    return { ok: false, latencyMs: null, error: this.reason, downForS: Math.round((Date.now() - this.downSince) / 1000) };
  }

  /** One probe (never two at once); resolves when it and any rejoin it started are done. */
  check(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.checking ??= this.probe().finally(() => (this.checking = null));
    return this.checking;
  }

  private markDown(reason: string): void {
    if (this.stopped || this.reason !== null) return;
    this.reason = reason;
    this.downSince = Date.now();
    this.deps.log.warn({ reason }, "Redis unreachable: matchmaking refused (503 cluster_unavailable) until it answers; matches in play go on");
  }

  private async probe(): Promise<void> {
    const waiting = this.deps.connections.find((c) => c.status !== "ready");
    if (waiting) return this.markDown(`a connection to Redis is ${waiting.status}`);
    const started = performance.now();
    let epoch: string;
    try {
      epoch = await within(this.readEpoch(), PROBE_TIMEOUT_MS);
    } catch (error) {
      return this.markDown(`Redis does not answer (${(error as Error).message})`);
    }
    this.latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const lost = epoch !== this.epoch;
    this.epoch = epoch;
    const wasDown = this.reason !== null;
    if (!lost && !wasDown && !this.relistWanted) return;
    // Up before the tasks run: their own calls go through the guards, which refuse while down.
    this.reason = null;
    this.relistWanted = false;
    const done: Record<string, unknown> = {};
    for (const task of this.tasks) {
      try {
        done[task.name] = await task.run();
      } catch (error) {
        this.relistWanted = true; // again at the next probe
        this.deps.log.warn({ task: task.name, err: (error as Error)?.message ?? String(error) }, "registering again with Redis failed; retrying");
        return;
      }
    }
    if (wasDown || lost) {
      const downForMs = wasDown ? Date.now() - this.downSince : 0;
      this.deps.log.info({ downForMs, dataLost: lost, ...done }, "Redis answers again: this process's rooms and queued players are registered again");
    }
  }

  private async readEpoch(): Promise<string> {
    return (await this.deps.redis.eval(EPOCH, 1, this.deps.key ?? "tt:cluster:epoch", randomBytes(9).toString("base64url"))) as string;
  }
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  work.catch(() => {}); // settles after the deadline: nobody waits for it any more
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
