/**
 * One worker answering numbered requests (a ticket each): what the replay pool (a thread) and the
 * bot pool (a process of its own: processWorker.ts) share. The worker starts at the first request,
 * through tsWorker.mjs or tsProcess.mjs (a TypeScript loader for the game-aware entry module), and
 * says `{ ready }` once it has loaded. A request's time
 * limit is armed only from then: loading the engines is not the request's time. A worker that
 * does not start in time, fails, exits or overruns a request is replaced at the next request,
 * and every request still waiting on it is settled as failed.
 */
import { Worker } from "node:worker_threads";
import { processWorker, type WorkerLike } from "./processWorker.ts";

/** What a worker sends back: `{ ready }` once, then one reply per ticket. */
export type WorkerReply<T> = { ready: true } | ({ ticket: number } & (({ ok: true } & T) | { ok: false; error: { name: string; message: string } }));

/** How a request ended: the worker's reply, or why there is none. */
export type Settled<T> = { ok: true; reply: T } | { ok: false; error: Error };

export interface TicketWorkerOptions {
  /** The game-aware module the thread runs (rooms/replayWorker.ts, rooms/botWorker.ts). */
  entry: URL;
  /** The worker's name (a thread's in profiles and crash reports, a process's title). */
  name: string;
  /** A worker thread (default), or a child process of its own at the lowest CPU priority (processWorker.ts). */
  isolation?: "thread" | "process";
  /** A request not answered by then fails, and the worker is replaced (it is stuck). */
  timeoutMs: number;
  /** The worker is gone (failed, exited, stuck, never started): logged by the pool, which may drop what it kept there. */
  replaced(why: string, err?: unknown): void;
  /** The error each request still waiting on a replaced worker is settled with. */
  lostError(why: string): Error;
}

/** A worker that has not loaded its games by then is replaced. */
const START_LIMIT_MS = 120_000;

interface Pending<T> {
  settle(result: Settled<T>): void;
  timer: NodeJS.Timeout | null;
}

export class TicketWorker<Request extends { ticket: number }, Reply> {
  private worker: WorkerLike | null = null;
  private ready = false;
  private startTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, Pending<Reply>>();

  constructor(private readonly options: TicketWorkerOptions) {}

  /** Requests waiting on this worker. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Posts a message that expects no reply (the worker is started if need be). */
  send(message: unknown): void {
    this.spawned().postMessage(message);
  }

  request(message: Request): Promise<Settled<Reply>> {
    return new Promise<Settled<Reply>>((settle) => {
      const pending: Pending<Reply> = { settle, timer: null };
      this.pending.set(message.ticket, pending);
      try {
        this.spawned().postMessage(message);
      } catch (error) {
        this.pending.delete(message.ticket);
        settle({ ok: false, error: error instanceof Error ? error : new Error(String(error)) });
        return;
      }
      if (this.ready) this.arm(message.ticket, pending);
    });
  }

  async close(why: string): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.failAll(why);
    await w?.terminate();
  }

  private arm(ticket: number, pending: Pending<Reply>): void {
    pending.timer = setTimeout(() => {
      this.pending.delete(ticket);
      const why = `took over ${this.options.timeoutMs} ms`;
      pending.settle({ ok: false, error: this.options.lostError(why) });
      this.replace(why);
    }, this.options.timeoutMs);
  }

  private spawned(): WorkerLike {
    if (this.worker) return this.worker;
    const worker: WorkerLike =
      this.options.isolation === "process"
        ? processWorker(this.options.entry, this.options.name)
        : new Worker(new URL("./tsWorker.mjs", import.meta.url), { workerData: { entry: this.options.entry.href }, name: this.options.name });
    worker.unref(); // never keeps the process alive on its own
    this.ready = false;
    this.startTimer = setTimeout(() => this.replace(`did not start within ${START_LIMIT_MS} ms`), START_LIMIT_MS);
    this.startTimer.unref();
    worker.on("message", (message) => {
      const reply = message as WorkerReply<Reply>;
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
      if (reply.ok) p.settle({ ok: true, reply: reply as unknown as Reply });
      else p.settle({ ok: false, error: Object.assign(new Error(reply.error.message), { name: reply.error.name }) });
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
    this.options.replaced(why, err);
    void worker.terminate();
    this.failAll(why);
  }

  private failAll(why: string): void {
    for (const p of this.pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.settle({ ok: false, error: this.options.lostError(why) });
    }
    this.pending.clear();
  }
}
