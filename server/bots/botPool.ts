/**
 * `normal` bot decisions off the rooms' event loop: a bounded pool of worker processes (BOT_WORKERS,
 * default max(1, cores - 1)). A decision is a search of a few hundred engine steps (tens of ms):
 * run in a room's thread, fifty bot matches would stall every room of the process. A process
 * rather than a thread: the whole of it, V8's garbage-collector threads included, runs in the
 * lowest CPU class (SCHED_IDLE), so the searches only take CPU the rooms leave (docs/bots.md has
 * the measurements). Each starts at its first decision (about 170 MB resident).
 *
 * Requests go to the worker with the fewest pending; each worker holds at most `maxPending`
 * (beyond: refused at once). A request not answered within `timeoutMs` of its worker being ready
 * fails, and its worker is replaced (a stuck search). Every failure resolves to null: the caller
 * falls back to a random legal decision, so a bot never holds up its table. Failures are logged
 * at most once per `logEveryMs`, with how many were not logged since.
 */
import type { Logger } from "pino";
import { LogThrottle } from "../../match/logThrottle.ts";
import { TicketWorker } from "../workers/ticketWorker.ts";
import type { BotRequest } from "./workerProtocol.ts";

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

/** A decision lost with its worker (stuck, crashed): logged once, when the worker is replaced. */
class WorkerLost extends Error {}

/** What rooms ask of it: match/seatBots.ts `BotDecisions`. */
export class BotPool {
  private readonly slots: TicketWorker<BotRequest, { action: unknown }>[];
  private ticket = 0;
  private readonly maxPending: number;
  private readonly failures: LogThrottle;

  constructor(private readonly options: BotPoolOptions) {
    this.maxPending = options.maxPendingPerWorker ?? 64;
    this.failures = new LogThrottle(options.logEveryMs ?? 10_000);
    this.slots = Array.from(
      { length: Math.max(1, options.workers) },
      () =>
        new TicketWorker<BotRequest, { action: unknown }>({
          entry: options.workerEntry,
          name: "bots",
          // A process of its own at SCHED_IDLE, GC threads included: the searches take no CPU the rooms want.
          isolation: "process",
          timeoutMs: options.timeoutMs ?? 5_000,
          replaced: (why, err) => this.failed(`bot worker ${why}; a new one starts at the next request`, err),
          lostError: (why) => new WorkerLost(`bot worker ${why}`),
        }),
    );
  }

  /** The `normal` decision for `seat`, or null when the pool could not give one in time. */
  async decide(game: string, state: unknown, seat: number, seed: string): Promise<unknown> {
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.waiting < slot.waiting) slot = s;
    if (slot.waiting >= this.maxPending) {
      this.failed(`every bot worker has ${this.maxPending} decisions waiting`);
      return null;
    }
    const answer = await slot.request({ ticket: ++this.ticket, game, state, seat, seed });
    if (answer.ok) return answer.reply.action;
    if (!(answer.error instanceof WorkerLost)) this.failed(`a bot decision failed: ${answer.error.name}: ${answer.error.message}`, answer.error);
    return null;
  }

  /** Logs a failure (the caller falls back to a random decision), at most once per `logEveryMs`. */
  failed(message: string, err?: unknown): void {
    const unlogged = this.failures.take(Date.now());
    if (unlogged !== null) this.options.log.warn({ err, unlogged }, `${message}; the bot plays a random legal decision instead`);
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.close("the server is stopping")));
  }
}
