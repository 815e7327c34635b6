/**
 * A room's decisions, one at a time, each shown only once it is durable.
 *
 * Every decision (a client's act, a bot's, a timed-out default, a hand-over) runs in turn
 * behind the ones queued before it, so each is checked against the state it will meet, and
 * each reaches the room only once its journal write is durable (match/liveMatch.ts commit):
 * nobody hears of a decision a crash could undo (match/matchJournal.ts).
 */
export class DecisionQueue {
  /** Decisions are applied one at a time: each waits until the previous one is durable. */
  private serial: Promise<unknown> = Promise.resolve();
  /** `broadcastPatch` sends the room's pending patches now (Room.broadcastPatch). */
  constructor(private readonly broadcastPatch: () => void) {}

  /** Runs `task` after every decision queued before it (decisions apply one at a time, in order). */
  inTurn<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.serial.then(task);
    this.serial = run.catch(() => {});
    return run;
  }

  /** Sends pending patches now instead of at the next patch tick. */
  flush(): void {
    this.broadcastPatch();
  }
}
