/**
 * Replay step views off the rooms' event loop. Building a match's ReplayIndex re-simulates the
 * whole match (40–140 ms for a long one); done inside the HTTP request it stalled every room of
 * the process. Here it runs in worker threads (REPLAY_WORKERS, default 1; 0 = in this thread).
 *
 * Each match is routed to one worker by its id, which keeps its index; this thread keeps the
 * list of indexed matches (least recently viewed evicted first, the worker told to drop it), so
 * a viewer stepping through a match costs neither a database read nor a re-simulation per step.
 * A crashed worker is replaced at the next request; a stuck one answers 503 after `timeoutMs`.
 */
import { Worker } from "node:worker_threads";
import type { Logger } from "pino";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { ReplayViews, type BoardOf, type IndexedReplay, type ViewRequest } from "./replayViews.ts";
import type { FromWorker, ToWorker } from "./workerProtocol.ts";

/** What the route needs to check a request without reading the database again. */
export interface IndexedMatch {
  game: string;
  version: string;
  seats: number;
  steps: number;
}

export interface ReplayPoolOptions {
  engines: ReadonlyMap<string, AnyEngine>;
  /** Each game's views as its room state's JSON, for replays drawn with the live boards (rooms/boardViews.ts). */
  boards?: ReadonlyMap<string, BoardOf>;
  log: Logger;
  /** Worker threads; 0 answers in the calling thread (tests, tiny deployments). */
  workers: number;
  /** The game-aware worker module (rooms/replayWorker.ts); without it, views are answered in this thread. */
  workerEntry?: URL;
  /** Indexed matches kept per worker. */
  keptPerWorker?: number;
  /** A request not answered by then fails with 503. */
  timeoutMs?: number;
  /** Requests waiting on one worker beyond this are refused with 503 (a flood of cold views). */
  maxPendingPerWorker?: number;
}

/** The views cannot be computed now (worker busy, stuck or crashed): worth a retry. */
export class ReplayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayUnavailableError";
  }
}

interface Pending {
  resolve(json: string): void;
  reject(error: Error): void;
  /** Armed once the worker is ready: starting a worker (loading the engines) is not a view's time. */
  timer: NodeJS.Timeout | null;
}

/** A worker that has not loaded its engines by then is replaced. */
const START_LIMIT_MS = 120_000;

class WorkerSlot {
  private worker: Worker | null = null;
  private ready = false;
  private startTimer: NodeJS.Timeout | null = null;
  private readonly pending = new Map<number, Pending>();
  private ticket = 0;

  constructor(
    private readonly entry: URL,
    private readonly log: Logger,
    private readonly timeoutMs: number,
    private readonly maxPending: number,
    /** Called when the worker died: its indexes are gone. */
    private readonly onLost: () => void,
  ) {}

  send(message: ToWorker): void {
    this.spawned().postMessage(message);
  }

  view(request: ViewRequest, replay: IndexedReplay | undefined): Promise<string> {
    if (this.pending.size >= this.maxPending) {
      return Promise.reject(new ReplayUnavailableError("too many replay views are being computed; retry in a moment"));
    }
    const ticket = ++this.ticket;
    return new Promise<string>((resolve, reject) => {
      const pending: Pending = { resolve, reject, timer: null };
      this.pending.set(ticket, pending);
      this.send({ kind: "view", ticket, request, replay });
      if (this.ready) this.arm(ticket, pending);
    });
  }

  /** A view that takes this long is a stuck worker (an indexed view is bounded by ~32 decisions): it is replaced, and whatever waited on it is answered 503. */
  private arm(ticket: number, pending: Pending): void {
    pending.timer = setTimeout(() => {
      this.pending.delete(ticket);
      pending.reject(new ReplayUnavailableError(`the replay view took over ${this.timeoutMs} ms; retry in a moment`));
      this.replace(`took over ${this.timeoutMs} ms`);
    }, this.timeoutMs);
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (this.startTimer) clearTimeout(this.startTimer);
    this.fail(new ReplayUnavailableError("the server is stopping"));
    await w?.terminate();
  }

  private spawned(): Worker {
    if (this.worker) return this.worker;
    const tsBoot = new URL("./tsWorker.mjs", import.meta.url);
    const worker = new Worker(tsBoot, { workerData: { entry: this.entry.href }, name: "replay-views" });
    worker.unref(); // never keeps the process alive on its own
    this.ready = false;
    this.startTimer = setTimeout(() => this.replace(`did not start within ${START_LIMIT_MS} ms`), START_LIMIT_MS);
    this.startTimer.unref();
    worker.on("message", (reply: FromWorker) => {
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
      if (reply.ok) p.resolve(reply.json);
      else p.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
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
    this.log.error({ err }, `replay worker ${why}; a new one starts at the next request`);
    void worker.terminate();
    this.fail(new ReplayUnavailableError("the replay worker stopped; retry in a moment"));
    this.onLost();
  }

  private fail(error: Error): void {
    for (const p of this.pending.values()) {
      if (p.timer) clearTimeout(p.timer);
      p.reject(error);
    }
    this.pending.clear();
  }
}

export class ReplayPool {
  private readonly slots: WorkerSlot[];
  private readonly local: ReplayViews | null;
  /** Indexed matches, least recently viewed first, with the worker holding each. */
  private readonly indexed = new Map<string, IndexedMatch & { slot: number }>();
  private readonly kept: number;

  constructor(private readonly options: ReplayPoolOptions) {
    const workers = options.workerEntry ? options.workers : 0;
    this.kept = (options.keptPerWorker ?? 16) * Math.max(1, workers);
    this.local = workers === 0 ? new ReplayViews(options.engines, options.boards) : null;
    this.slots = Array.from({ length: workers }, (_, i) => {
      const forget = () => {
        for (const [id, m] of this.indexed) if (m.slot === i) this.indexed.delete(id);
      };
      return new WorkerSlot(options.workerEntry!, options.log, options.timeoutMs ?? 30_000, options.maxPendingPerWorker ?? 32, forget);
    });
  }

  /** The match, if it is indexed (no database read needed). */
  known(id: string): IndexedMatch | undefined {
    return this.indexed.get(id);
  }

  /** The view asked for, as JSON text (the HTTP body); `replay` is required unless `known(request.id)`. */
  async view(request: ViewRequest, replay?: IndexedReplay): Promise<string> {
    const held = this.indexed.get(request.id);
    const slot = held?.slot ?? this.slotFor(request.id);
    if (!held) {
      if (!replay) throw new Error(`match ${request.id} is not indexed and no replay was given`);
      this.remember(request.id, { game: replay.game, version: replay.version, seats: replay.seats.length, steps: replay.steps.length, slot });
    } else {
      this.remember(request.id, held); // most recently viewed
    }
    const give = held ? undefined : replay;
    if (this.local) return JSON.stringify(this.local.answer(request, give));
    try {
      return await this.slots[slot]!.view(request, give);
    } catch (error) {
      // Not indexed after all (refused, timed out or lost): the next request sends the replay again.
      if (this.indexed.get(request.id)?.slot === slot && !held) this.forget(request.id);
      throw error;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.close()));
  }

  private slotFor(id: string): number {
    if (this.slots.length <= 1) return 0;
    let h = 0;
    for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
    return Math.abs(h) % this.slots.length;
  }

  private remember(id: string, match: IndexedMatch & { slot: number }): void {
    this.indexed.delete(id);
    this.indexed.set(id, match);
    while (this.indexed.size > this.kept) this.forget(this.indexed.keys().next().value as string);
  }

  private forget(id: string): void {
    const m = this.indexed.get(id);
    if (!m) return;
    this.indexed.delete(id);
    if (this.local) this.local.drop(id);
    else this.slots[m.slot]!.send({ kind: "drop", id });
  }
}
