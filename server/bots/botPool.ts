/**
 * `normal` bot decisions off the rooms' event loop: a bounded pool of worker threads (BOT_WORKERS,
 * default max(1, cores - 1)). A decision is a search of a few hundred engine steps (tens of ms):
 * run in a room's thread, fifty bot matches would stall every room of the process.
 *
 * Requests go to the worker with the fewest pending; each worker holds at most `maxPending`
 * (beyond: refused at once). A request not answered within `timeoutMs` of its worker being ready
 * fails, and its worker is replaced (a stuck search). Every failure resolves to null: the caller
 * falls back to a random legal decision, so a bot never holds up its table. Failures are logged
 * at most once per `logEveryMs`, with how many were not logged since.
 */
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { BotRequest, FromBotWorker } from "./workerProtocol.ts";

export interface BotPoolOptions {
  /** The game-aware worker module (rooms/botWorker.ts). */
  workerEntry: URL;
  workers: number;
  log: Logger;
  /** A decision not answered by then is given up (null) and its worker replaced. */
  timeoutMs?: number;
  maxPendingPerWorker?: number;
  logEveryMs?: number;
}


interface Pending {
  resolve(action: unknown): void;
  timer: NodeJS.Timeout | null;
}

/** A worker that has not loaded its games by then is replaced. */
const START_LIMIT_MS = 120_000;

class BotWorkerSlot {
  private worker: Worker | null = null;
  private ready = false;
  private startTimer: NodeJS.Timeout | null = null;
  readonly pending = new Map<number, Pending>();

  constructor(
    private readonly pool: BotPool,
    private readonly entry: URL,
    private readonly timeoutMs: number,
  ) {}

  request(message: BotRequest): Promise<unknown> {
    return new Promise<unknown>((resolve) => {
      const pending: Pending = { resolve, timer: null };
      this.pending.set(message.ticket, pending);
      try {
        this.spawned().postMessage(message);
      } catch (error) {
        this.pending.delete(message.ticket);
        this.pool.failed("could not post a decision to a bot worker", error);
        resolve(null);
        return;
      }
      if (this.ready) this.arm(message.ticket, pending);
    });
  }

  private arm(ticket: number, pending: Pending): void {
    pending.timer = setTimeout(() => {
      this.pending.delete(ticket);
      pending.resolve(null);
      this.replace(`took over ${this.timeoutMs} ms for a decision`);
    }, this.timeoutMs);
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.fail();
    await w?.terminate();
  }

  private spawned(): Worker {
    if (this.worker) return this.worker;
    const tsBoot = new URL("../replay/tsWorker.mjs", import.meta.url);
    const worker = new Worker(tsBoot, { workerData: { entry: this.entry.href }, name: "bots" });
    worker.unref(); // never keeps the process alive on its own
    this.ready = false;
    this.startTimer = setTimeout(() => this.replace(`did not start within ${START_LIMIT_MS} ms`), START_LIMIT_MS);
    this.startTimer.unref();
    worker.on("message", (reply: FromBotWorker) => {
      if ("ready" in reply) {
        this.ready = true;
        if (this.startTimer) clearTimeout(this.startTimer);
        for (const [ticket, p] of this.pending) this.arm(ticket, p);
        return;
      }
      const p = this.pending.get(reply.ticket);
      if (!p) return; // timed out meanwhile
      this.pending.delete(reply.ticket);
      if (p.timer) clearTimeout(p.timer);
      if (reply.ok) p.resolve(reply.action);
      else {
        this.pool.failed(`a bot decision failed: ${reply.error.name}: ${reply.error.message}`);
        p.resolve(null);
      }
    });
    worker.on("error", (err) => this.replace("failed", err));
    worker.on("exit", (code) => this.worker === worker && this.replace(`exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  /** Drops the current worker (terminated if still running); the next request starts another. */
  private replace(why: string, err?: unknown): void {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.pool.failed(`bot worker ${why}; a new one starts at the next request`, err);
    void worker.terminate();
    this.fail();
  }

  private fail(): void {
    for (const p of this.pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.resolve(null);
    }
    this.pending.clear();
  }
}

/** What rooms ask of it: match/seatBots.ts `BotDecisions`. */
export class BotPool {
  private readonly slots: BotWorkerSlot[];
  private ticket = 0;
  private readonly maxPending: number;
  private readonly logEveryMs: number;
  private lastLog = -Infinity;
  private unlogged = 0;

  constructor(private readonly options: BotPoolOptions) {
    this.maxPending = options.maxPendingPerWorker ?? 64;
    this.logEveryMs = options.logEveryMs ?? 10_000;
    this.slots = Array.from({ length: Math.max(1, options.workers) }, () => new BotWorkerSlot(this, options.workerEntry, options.timeoutMs ?? 5_000));
  }

  /** The `normal` decision for `seat`, or null when the pool could not give one in time. */
  decide(game: string, state: unknown, seat: number, seed: string): Promise<unknown> {
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.pending.size < slot.pending.size) slot = s;
    if (slot.pending.size >= this.maxPending) {
      this.failed(`every bot worker has ${this.maxPending} decisions waiting`);
      return Promise.resolve(null);
    }
    return slot.request({ ticket: ++this.ticket, game, state, seat, seed });
  }

  /** Logs a failure (the caller falls back to a random decision), at most once per `logEveryMs`. */
  failed(message: string, err?: unknown): void {
    const now = Date.now();
    if (now - this.lastLog < this.logEveryMs) {
      this.unlogged++;
      return;
    }
    this.options.log.warn({ err, unlogged: this.unlogged }, `${message}; the bot plays a random legal decision instead`);
    this.lastLog = now;
    this.unlogged = 0;
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.close()));
  }
}
