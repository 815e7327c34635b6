/**
 * Brings journaled matches back to life (the journal itself: journal.ts; the rebuild:
 * match/resume.ts). Knows no game: it hands each match to a room of its type.
 *
 *   at start    every match this instance owned in its previous life (crash, kill -9, deploy)
 *   every beat  (cluster only) matches of instances whose heartbeat went stale, or that were
 *               handed over by a graceful stop, claimed with a compare-and-set on their owner
 *
 * A database outage silences every instance at once: nobody can write a heartbeat. So after a
 * beat failed, an instance judges no other by its silence until it has itself reached the
 * database for TAKEOVER_AFTER_MS again (the others beat meanwhile, if they live); otherwise the
 * first instance back would take over the live matches of the others, which still run them.
 *
 * A match that had already finished (its process died before storing it) is stored from the
 * journal without a room. One that cannot be rebuilt (unknown game, engine refuses, a state
 * hash differs) is marked failed, logged, and never tried again; it never blocks the others.
 */
import { randomBytes } from "node:crypto";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { finishedRecord, rebuild, type RebuiltMatch } from "../../match/resume.ts";
import type { Logger } from "../log.ts";
import type { FinishedMatch } from "../store/matches.ts";
import type { JournalStore } from "./journalStore.ts";
import type { JournaledMatch } from "../../match/journalTypes.ts";

/** Journals read ahead of the one being rebuilt (a few: each holds a whole match's decisions). */
const READ_AHEAD = 4;

type Loaded = JournaledMatch | null;

export interface ResumerDeps {
  /** Where the journal lives (journalStore.ts). */
  store: JournalStore;
  log: Logger;
  instance: string;
  /** '' for a process on its own: it resumes only its own matches. */
  cluster: string;
  engines: ReadonlyMap<string, AnyEngine>;
  heartbeatMs: number;
  takeoverAfterMs: number;
  /** Stores a match that was over already. */
  submit(match: FinishedMatch): Promise<void>;
  /** Creates the room (type `roomName`, id `roomId`) with these options in this process. */
  createRoom(roomName: string, options: Record<string, unknown>, roomId: string): Promise<void>;
}

export interface ResumeReport {
  resumed: number;
  stored: number;
  failed: number;
}

export class Resumer {
  /** Proves to a room that its create options come from here, not from a client. */
  private readonly ticket = randomBytes(24).toString("base64url");
  private readonly prepared = new Map<string, { match: JournaledMatch; rebuilt: RebuiltMatch }>();
  private timer: NodeJS.Timeout | null = null;
  /** Beats in flight, each with when it started (performance.now()). */
  private readonly beats = new Map<Promise<void>, number>();
  private takingOver = false;
  /** When the latest beat that reached the database started. */
  private lastBeatOk = Number.NEGATIVE_INFINITY;
  private stopped = false;
  /** No heartbeat before this instance's own matches are back (their clocks stopped at the last one). */
  private ownResumed = false;
  /** Since when (performance.now()) the beats reach the database; null after a failed one. */
  private reachableSince: number | null = Number.NEGATIVE_INFINITY;
  /** Matches this life already brought back (resumed or stored). */
  private readonly handled = new Set<string>();
  readonly totals: ResumeReport = { resumed: 0, stored: 0, failed: 0 };

  constructor(private readonly deps: ResumerDeps) {}

  /** For the room being created: its journaled match when the options are ours, else null. */
  takeResume(options: unknown): { match: JournaledMatch; rebuilt: RebuiltMatch } | null {
    const resume = (options as { resume?: { matchId?: unknown; ticket?: unknown } } | null)?.resume;
    if (!resume || resume.ticket !== this.ticket || typeof resume.matchId !== "string") return null;
    const prepared = this.prepared.get(resume.matchId) ?? null;
    this.prepared.delete(resume.matchId);
    return prepared;
  }

  /**
   * Resumes this instance's own matches, then keeps its heartbeat (and, in a cluster, takes
   * over the dead's). Waits at most `waitMs` for the own matches (the server listens after it,
   * so reconnecting clients find their rooms at once); a database that is down never delays
   * serving: the resume goes on in the background, retried until the database answers.
   */
  async start(waitMs: number): Promise<ResumeReport | null> {
    const own = this.resumeOwn();
    this.timer = setInterval(() => void this.beat(), this.deps.heartbeatMs);
    this.timer.unref();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
    const report = await Promise.race([own, late]);
    clearTimeout(timer);
    if (!report) this.deps.log.warn({ waitMs }, "resuming this instance's journaled matches takes long (database down?): listening meanwhile");
    return report;
  }

  private async resumeOwn(): Promise<ResumeReport> {
    const { store, instance, log } = this.deps;
    for (let backoff = 250; ; backoff = Math.min(backoff * 2, 10_000)) {
      try {
        const started = performance.now();
        // Before the first heartbeat of this life: the last one of the previous life is when its clocks stopped.
        const own = await store.ownMatches(instance);
        const report = await this.resumeAll(own);
        await store.heartbeat(instance, this.deps.cluster);
        this.ownResumed = true;
        if (own.length > 0) log.info({ ...report, ms: Math.round(performance.now() - started) }, "journaled matches of this instance resumed");
        return report;
      } catch (err) {
        if (this.stopped) return { resumed: 0, stored: 0, failed: 0 };
        log.warn({ err: (err as Error).message, retryInMs: backoff }, "could not read the journal; retrying");
        await new Promise((r) => setTimeout(r, backoff).unref());
      }
    }
  }

  /**
   * One heartbeat; in a cluster, then a takeover pass (never two at once). A beat still waiting
   * after two periods (its query stuck on a connection attempt that hangs until connect_timeout,
   * as one begun just as the database came back can) does not hold back the next heartbeat, which
   * goes out beside it on another connection: else the others would find this instance silent and
   * take over the matches it still runs.
   */
  beat(): Promise<void> {
    if (!this.ownResumed) return Promise.resolve();
    const now = performance.now();
    for (const [running, since] of this.beats) if (now - since < 2 * this.deps.heartbeatMs) return running;
    const run: Promise<void> = this.beatOnce(now).finally(() => this.beats.delete(run));
    this.beats.set(run, now);
    return run;
  }

  private async beatOnce(startedAt: number): Promise<void> {
    try {
      await this.deps.store.heartbeat(this.deps.instance, this.deps.cluster);
      this.lastBeatOk = Math.max(this.lastBeatOk, startedAt);
      if (this.reachableSince === null) {
        this.reachableSince = performance.now();
        this.deps.log.info("heartbeat written again after a database outage");
      }
      if (!this.deps.cluster || this.takingOver || this.stopped) return;
      this.takingOver = true;
      try {
        await this.takeOver(performance.now() - this.reachableSince >= this.deps.takeoverAfterMs);
      } finally {
        this.takingOver = false;
      }
    } catch (err) {
      if (this.lastBeatOk > startedAt) return; // a later beat got through: this one was stuck on its connection, not on the database
      if (this.reachableSince !== null) this.deps.log.warn({ err: (err as Error).message }, "heartbeat or takeover pass failed; retrying at the next beat");
      this.reachableSince = null;
    }
  }

  /** No more beats or takeovers; a graceful stop also signs off, so its handed-over matches move at once. */
  async stop(signOffNow: boolean): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.beats.keys());
    if (signOffNow) await this.deps.store.signOff(this.deps.instance).catch(() => {});
  }

  /** `judgeSilence`: also claim the matches of instances silent too long (see the header). */
  private async takeOver(judgeSilence: boolean): Promise<void> {
    const { store, instance, cluster, takeoverAfterMs, log } = this.deps;
    const orphans = await store.orphanedMatches(instance, cluster, takeoverAfterMs, judgeSilence);
    const mine: string[] = [];
    for (const o of orphans) {
      if (this.stopped) return;
      if (await store.claim(o.id, o.owner, instance)) mine.push(o.id);
    }
    if (mine.length === 0) return;
    const report = await this.resumeAll(mine);
    log.info({ ...report, from: [...new Set(orphans.map((o) => o.owner))] }, "matches of a stopped or silent instance taken over");
  }

  private async resumeAll(ids: readonly string[]): Promise<ResumeReport> {
    const report: ResumeReport = { resumed: 0, stored: 0, failed: 0 };
    // Reads run ahead of the rebuilds: the next journals load while this one replays, so the
    // database's round trips overlap the engine's work (the rebuild itself stays one at a time).
    const loads = new Map<number, Promise<Loaded>>();
    const loadAhead = (i: number) => {
      if (i < ids.length && !loads.has(i)) loads.set(i, this.load(ids[i]!));
    };
    for (let i = 0; i < READ_AHEAD; i++) loadAhead(i);
    for (let i = 0; i < ids.length; i++) {
      if (this.stopped) break;
      const loaded = await loads.get(i)!;
      loads.delete(i);
      loadAhead(i + READ_AHEAD);
      const result = loaded && (await this.resumeOne(ids[i]!, loaded));
      if (result) report[result]++;
    }
    this.totals.resumed += report.resumed;
    this.totals.stored += report.stored;
    this.totals.failed += report.failed;
    return report;
  }

  /** The journal of one match, or null when there is nothing to do (already handled, stored meanwhile, unreadable: retried at the next start). */
  private async load(id: string): Promise<Loaded> {
    if (this.handled.has(id)) return null; // already brought back in this life (a retried pass)
    try {
      return await this.deps.store.loadMatch(id);
    } catch (err) {
      this.deps.log.error({ err, match: id }, "journaled match could not be read; retried at the next start");
      return null;
    }
  }

  private async resumeOne(id: string, match: JournaledMatch): Promise<keyof ResumeReport | null> {
    const { store, log } = this.deps;
    if (this.handled.has(id)) return null;
    const fail = async (reason: string, err?: unknown) => {
      log.error({ err, match: id, room: match.roomId, reason }, "journaled match cannot be resumed; kept, marked failed");
      await store.markFailed(id, reason).catch(() => {});
      return "failed" as const;
    };
    const engine = this.deps.engines.get(match.header.game);
    if (!engine) return fail(`this server has no game ${match.header.game}`);
    let rebuilt: RebuiltMatch;
    try {
      rebuilt = rebuild(engine, match, Date.now());
    } catch (err) {
      return fail((err as Error).message, err);
    }
    if (rebuilt.outcome) {
      // It finished just before its process died: store it as its room would have.
      const record = finishedRecord(match.matchId, match.header, rebuilt.steps, rebuilt.game, rebuilt.outcome, new Date(rebuilt.lastAt));
      await this.deps.submit(record).catch(() => {}); // the writer retries, or dead-letters (which ends the live row)
      this.handled.add(id);
      log.info({ match: id, outcome: rebuilt.outcome }, "journaled match was over: stored from the journal");
      return "stored";
    }
    this.prepared.set(id, { match, rebuilt });
    try {
      await this.deps.createRoom(match.roomName, { resume: { matchId: id, ticket: this.ticket } }, match.roomId);
      this.handled.add(id);
      await store.unsuspend(id).catch(() => {}); // only the clocks' pause mark; the room runs either way
      return "resumed";
    } catch (err) {
      this.prepared.delete(id);
      return fail(`the room could not be created: ${(err as Error).message}`, err);
    }
  }
}
