/**
 * A room's decisions, one at a time, and its patches held back until they are durable.
 *
 * Every decision (a client's act, a bot's, a timed-out default, a hand-over) runs in turn
 * behind the ones queued before it, so each is checked against the state it will meet. While
 * a decision is applied but its journal write is not durable yet, no patch goes out: nobody
 * hears of a decision a crash could undo (rooms/roomJournal.ts).
 */
export class DecisionQueue {
  /** Decisions are applied one at a time: each waits until the previous one is durable. */
  private serial: Promise<unknown> = Promise.resolve();
  /** Decisions applied but not yet durable: no patch goes out meanwhile. */
  private holding = 0;

  /** `broadcastPatch` sends the room's pending patches now (Room.broadcastPatch). */
  constructor(private readonly broadcastPatch: () => void) {}

  /** Runs `task` after every decision queued before it (decisions apply one at a time, in order). */
  inTurn<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.serial.then(task);
    this.serial = run.catch(() => {});
    return run;
  }

  /**
   * Runs `apply` (which starts a journal write and awaits it) with patches held: whatever it
   * changes goes out only at the next flush after it settles. The caller flushes.
   */
  async held<T>(apply: () => Promise<T>): Promise<T> {
    this.holding++;
    try {
      return await apply();
    } finally {
      this.holding--;
    }
  }

  /** Holds patches until `durable` settles, then flushes. */
  holdUntil(durable: Promise<unknown>): void {
    this.holding++;
    void durable.finally(() => {
      this.holding--;
      this.flush();
    });
  }

  /** Sends pending patches now instead of at the next patch tick (unless a decision is not durable yet). */
  flush(): void {
    if (this.holding > 0) return; // a decision is not durable yet: its patch waits for it (commit flushes)
    this.broadcastPatch();
  }
}
