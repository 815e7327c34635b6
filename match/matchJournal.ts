/**
 * One room's side of the live-match journal (server/journal): the header at the start, then
 * each decision and abandon with its number, a state hash every N decisions, and each seat's
 * reconnection link. Every call returns a promise that resolves once the fact is durable; the
 * room tells nobody about a decision before that.
 *
 * A fact the database refuses for good does not stop the match: the room's journal is then
 * switched off (logged once) and the match goes on as before journals existed, stored at its end.
 */
import type { Seat } from "../rules/core/engine.ts";
import { stateHash } from "../rules/core/hash.ts";
import type { ReplayStep } from "../rules/core/replay.ts";
import type { JournalEntry, JournalWriter, MatchHeader, SeatLinks } from "./journalTypes.ts";
import type { Logger } from "./log.ts";

export class RoomJournal {
  private entries = 0;
  private begun = false;
  private off = false;
  private readonly links: SeatLinks = {};

  constructor(
    private readonly journal: JournalWriter,
    private readonly matchId: string,
    private readonly checkpointEvery: number,
    /** Where a refused write is logged: the room (an object, so a room needs no closure for it). */
    private readonly logTo: { log(): Logger },
  ) {}

  /** A resumed match continues its journal after its last entry, with its links. */
  continueFrom(entries: number, links: SeatLinks): void {
    this.entries = entries;
    this.begun = true;
    Object.assign(this.links, links);
  }

  begin(roomId: string, roomName: string, header: MatchHeader): Promise<void> {
    this.begun = true;
    return this.guard(this.journal.begin(this.matchId, roomId, roomName, header, { ...this.links }));
  }

  /** A decision just applied; `state` is the state after it (hashed every N decisions). */
  act(step: ReplayStep, state: unknown): Promise<void> {
    if (this.off) return Promise.resolve();
    const n = ++this.entries;
    const entry: JournalEntry = { n, kind: "act", seat: step.seat, action: step.action, at: step.at ?? 0, ...(step.auto ? { auto: step.auto } : {}) };
    if (n % this.checkpointEvery === 0) entry.hash = stateHash(state);
    return this.guard(this.journal.append(this.matchId, entry));
  }

  abandon(seat: Seat, at: number): Promise<void> {
    if (this.off) return Promise.resolve();
    return this.guard(this.journal.append(this.matchId, { n: ++this.entries, kind: "abandon", seat, at }));
  }

  /** The seat's client and its current reconnection token (it changes at every (re)connection). */
  link(seat: Seat, sessionId: string, token: string): Promise<void> {
    this.links[String(seat)] = { sessionId, token };
    if (this.off || !this.begun) return Promise.resolve(); // before the start: written with the header
    return this.guard(this.journal.link(this.matchId, { ...this.links }));
  }

  /** A graceful stop: everything written, then the clocks pause until another process resumes it. */
  suspend(): Promise<void> {
    if (this.off || !this.begun) return Promise.resolve();
    return this.guard(this.journal.suspend(this.matchId));
  }

  /**
   * The match is over: waits for every write already made (a seat's abandon is not awaited by
   * the room), then writes nothing more. Storing the finished match removes its journal, so a
   * write still in flight, or a later one (a link at a reconnection), would be refused.
   */
  async close(): Promise<void> {
    while (this.inFlight > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
    this.off = true;
  }

  /** The match will never be resumed: after the writes already made, its journal is deleted. */
  async discard(): Promise<void> {
    if (!this.begun) return;
    await this.close();
    // Even a journal switched off after a refused write: what it did write goes too.
    await this.journal.discard(this.matchId).catch((error: unknown) => {
      this.logTo.log().warn({ err: error }, "could not delete the journal of a match every player left; it is resumed at the next start");
    });
  }

  private inFlight = 0;
  private drained: (() => void)[] = [];

  private guard(write: Promise<void>): Promise<void> {
    this.inFlight++;
    return write
      .catch((error: unknown) => {
        if (!this.off) this.logTo.log().error({ err: error }, "journal switched off for this match: it goes on, but would not survive its process");
        this.off = true;
      })
      .finally(() => {
        if (--this.inFlight === 0) for (const resolve of this.drained.splice(0)) resolve();
      });
  }
}
