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
import type { Logger } from "pino";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { ReplayViews, type BoardOf, type IndexedReplay, type ViewRequest } from "./replayViews.ts";
import { TicketWorker } from "../workers/ticketWorker.ts";
import type { ToWorker } from "./workerProtocol.ts";

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

/** One replay worker: the matches it indexed stay with it until it is replaced. */
class WorkerSlot {
  private readonly worker: TicketWorker<Extract<ToWorker, { kind: "view" }>, { json: string }>;
  private ticket = 0;

  constructor(
    entry: URL,
    log: Logger,
    timeoutMs: number,
    private readonly maxPending: number,
    /** Called when the worker died: its indexes are gone. */
    onLost: () => void,
  ) {
    this.worker = new TicketWorker({
      entry,
      name: "replay-views",
      // A view that takes this long is a stuck worker (an indexed view is bounded by ~32 decisions).
      timeoutMs,
      replaced: (why, err) => {
        log.error({ err }, `replay worker ${why}; a new one starts at the next request`);
        onLost();
      },
      lostError: (why) =>
        new ReplayUnavailableError(
          why.startsWith("took over") ? `the replay view ${why}; retry in a moment` : why === "stopping" ? "the server is stopping" : "the replay worker stopped; retry in a moment",
        ),
    });
  }

  send(message: ToWorker): void {
    this.worker.send(message);
  }

  async view(request: ViewRequest, replay: IndexedReplay | undefined): Promise<string> {
    if (this.worker.waiting >= this.maxPending) throw new ReplayUnavailableError("too many replay views are being computed; retry in a moment");
    const answer = await this.worker.request({ kind: "view", ticket: ++this.ticket, request, replay });
    if (!answer.ok) throw answer.error;
    return answer.reply.json;
  }

  close(): Promise<void> {
    return this.worker.close("stopping");
  }
}

export class ReplayPool {
  private readonly slots: WorkerSlot[];
  private readonly local: ReplayViews | null;
  /** Indexed matches, least recently viewed first, with the worker holding each. */
  private readonly indexed = new Map<string, IndexedMatch & { slot: number }>();
  private readonly kept: number;

  constructor(options: ReplayPoolOptions) {
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
