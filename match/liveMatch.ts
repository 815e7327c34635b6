/**
 * The match a room plays, from its start (or resume) to its end: the authoritative game state,
 * decisions applied one at a time and journaled before anyone hears of them, the prompt timers,
 * and the end (stored, announced, seed revealed).
 *
 * It knows no Colyseus: what it shows and sends goes through its room (match/matchRoom.ts),
 * which the Colyseus room implements (rooms/roomLink.ts). It never interprets game rules
 * itself; it routes decisions to the engine.
 */
import type { AnyEngine, GameEvent, Outcome, Seat } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import { stateHash } from "../rules/core/hash.ts";
import type { ReplayStep } from "../rules/core/replay.ts";
import { DecisionQueue } from "./decisionQueue.ts";
import type { FinishedMatch } from "./finishedMatch.ts";
import type { JournaledMatch, MatchHeader } from "./journalTypes.ts";
import { LogThrottle } from "./logThrottle.ts";
import { matchHeader } from "./matchHeader.ts";
import { MatchPrompts, type PromptedMatch } from "./matchPrompts.ts";
import { MatchErrorCodes, type MatchRoom, type MatchSetup, type Reject, type RequestId } from "./matchRoom.ts";
import { PromptTimers } from "./promptTimers.ts";
import { finishedRecord, type RebuiltMatch } from "./resume.ts";
import { SeatStops, type Pending } from "./seatStops.ts";
import { sharedActions } from "./sharedActions.ts";
import { TurnClock } from "./turnClock.ts";

/** At most one "engine failed" line per match per this many ms (the rest are counted in it). */
const ENGINE_FAILURE_LOG_MS = 30_000;

/** Decisions made unasked in a row after one decision: a guard against an engine whose forced decisions never end. */
const MAX_UNASKED_IN_A_ROW = 10_000;

/** Time a finished room waits for the database before telling clients the result anyway. */
const PERSIST_WAIT_MS = 3_000;

export class LiveMatch implements PromptedMatch {
  private readonly engine: AnyEngine;
  /** The authoritative game state (plain data, never sent as is). */
  private gameState: unknown = null;
  /** The decisions applied so far, as a replay stores them. */
  private decisions: ReplayStep[] = [];
  private startedAt = 0;
  /** What the journal says about the whole match, once it started. */
  private header: MatchHeader | null = null;
  private ended = false;
  /** Set by a graceful stop: the match goes on in another process (or this one's next life). */
  private movedOn = false;
  /** Decisions one at a time, each shown only once it is durable (match/decisionQueue.ts). */
  private readonly queue: DecisionQueue;
  /** Settles once the match's header is durable: the match shows nothing of itself before. */
  private headerDurable: Promise<unknown> = Promise.resolve();
  private readonly engineFailures = new LogThrottle(ENGINE_FAILURE_LOG_MS);
  /** The turn clock and the timers that apply the engine's defaults (match/promptTimers.ts). */
  private readonly prompts: PromptTimers;
  /** Each seat's stops (match/seatStops.ts). */
  private readonly stops: SeatStops;

  constructor(
    private readonly setup: MatchSetup,
    private readonly room: MatchRoom,
  ) {
    this.engine = setup.engine;
    this.queue = new DecisionQueue(() => room.broadcastPatch());
    this.prompts = new PromptTimers(new MatchPrompts(this, room));
    this.stops = new SeatStops(setup.engine);
  }

  get finished(): boolean {
    return this.ended;
  }

  get handedOver(): boolean {
    return this.movedOn;
  }

  get stepCount(): number {
    return this.decisions.length;
  }

  /** The authoritative game state (null before the start). */
  get game(): unknown {
    return this.gameState;
  }

  get steps(): readonly ReplayStep[] {
    return this.decisions;
  }

  /** Whether a ranked seat's player left the match for good (casual rooms: never). */
  abandoned(seat: Seat): boolean {
    return this.setup.ranked?.hasLeft(seat) ?? false;
  }

  /** Sends pending changes now (only ever durable decisions). */
  flush(): void {
    this.queue.flush();
  }

  /** Every seat is taken: the match starts from this state and these set-ups, with these players. */
  start(ready: { game: unknown; seatConfigs: unknown[] }, players: MatchHeader["players"]): void {
    this.gameState = ready.game;
    this.startedAt = Date.now();
    const { promptTimeoutMs, turnBankMs } = this.setup.services.settings;
    const clock = promptTimeoutMs > 0 ? { baseMs: promptTimeoutMs, bankMs: turnBankMs } : null;
    this.prompts.useClock(clock ? new TurnClock(clock, this.setup.seatCount) : null);
    this.header = matchHeader(this.engine, {
      mode: this.setup.mode,
      config: this.setup.config,
      seatConfigs: ready.seatConfigs,
      seed: this.setup.seed,
      seedHash: this.setup.seedHash,
      startedAt: this.startedAt,
      players,
      bots: [...(this.setup.bots?.seats ?? [])],
      clock,
      ranked: this.setup.ranked,
    });
    // Nobody hears the match started before its header is durable (a crash right after the start
    // would otherwise lose a match the players saw begin): play() waits for it.
    this.headerDurable = this.setup.journal?.begin(this.room.roomId(), this.room.roomName(), this.header) ?? Promise.resolve();
    this.room.log().info({ seedHash: this.setup.seedHash }, "match started");
    this.setup.ranked?.started();
  }

  /** A journaled match, rebuilt by replaying it (match/resume.ts), goes on where it stopped. */
  resume(journaled: JournaledMatch, rebuilt: RebuiltMatch): void {
    this.header = journaled.header;
    this.gameState = rebuilt.game;
    this.decisions = rebuilt.steps.map((step) => ({ ...step, action: sharedActions.share(step.action) }));
    this.setup.ranked?.restoreAbandoned(rebuilt.abandoned);
    this.startedAt = journaled.header.startedAt;
    this.prompts.useClock(rebuilt.clock);
    this.setup.journal?.continueFrom(journaled.entries.length, journaled.links);
  }

  /**
   * The match is on (started or resumed) once its header is durable: `playing` (the room's status
   * and listing), then clocks running and the state out. Decisions queue behind it. Resolves
   * when the table is out (or at once for a match that ended meanwhile).
   */
  play(playing: () => void): Promise<void> {
    return this.queue.inTurn(async () => {
      await this.headerDurable;
      if (this.ended || this.movedOn) return;
      playing();
      this.prompts.showBanks(Date.now());
      // A decision nobody is asked for (the opening's, or one a crash left pending) is made first.
      const unasked = this.unasked(this.gameState);
      if (unasked) return this.commit(unasked);
      this.sync();
      this.prompts.schedule();
      this.queue.flush();
    });
  }

  /** The seat's stops from now on (join option or `stops` message): a decision they cover is made at once. */
  setStops(seat: Seat, stops: readonly string[]): Promise<void> {
    return this.queue.inTurn(async () => {
      const playing = !this.ended && !this.movedOn && this.room.status() === "playing";
      this.stops.set(seat, stops, playing ? this.gameState : null);
      this.room.showStops(seat, this.stops.names(seat));
      const unasked = playing ? this.unasked(this.gameState) : null;
      if (unasked) return this.commit(unasked);
      this.queue.flush();
    });
  }

  /**
   * A client's decision, in turn behind any decision still being made durable: checked
   * against the state it will meet. Resolves with the reply, or with `reject`'s.
   */
  act(seat: Seat, id: RequestId, payload: unknown, reject: Reject): Promise<unknown> {
    return this.queue.inTurn(async () => {
      const status = this.room.status();
      if (status === "waiting") return reject(id, MatchErrorCodes.notStarted, "the match has not started; seats are still filling");
      if (status === "finished" || this.ended) return reject(id, MatchErrorCodes.gameOver, "the match is over");
      if (this.movedOn) return reject(id, MatchErrorCodes.matchMoving, "the server is restarting: reconnect, and send it again to the resumed match");
      let action: unknown;
      try {
        action = this.engine.parseAction(payload);
        if (!this.engine.actors(this.gameState).includes(seat)) {
          return reject(id, "not_your_turn", `seat ${seat} has no decision to make now`);
        }
        await this.commit({ seat, action });
        return { id, ok: true, step: this.decisions.length };
      } catch (error) {
        if (error instanceof RuleError) return reject(id, error.code, error.message);
        // A client can send the same failing action again and again: one line per interval.
        const suppressed = this.engineFailures.take(Date.now());
        if (suppressed !== null) this.room.log().error({ err: error, seat, suppressed, everyMs: ENGINE_FAILURE_LOG_MS }, "engine failed on an action; state kept as it was");
        return reject(id, MatchErrorCodes.internal, "the server could not apply this action; the game state is unchanged");
      }
    });
  }

  /**
   * A server-side bot's decision, in turn like anyone's, chosen among the seat's legal decisions
   * when its turn comes (a decision queued before it may have changed them).
   */
  botAct(seat: Seat, choose: (legal: readonly unknown[]) => unknown): void {
    void this.queue.inTurn(async () => {
      if (this.ended || !this.gameState) return;
      const actors = this.engine.actors(this.gameState);
      if (!actors.includes(seat)) return; // the table moved on meanwhile
      const legal = this.engine.legal(this.gameState, seat);
      if (legal.length === 0) return;
      try {
        await this.commit({ seat, action: choose(legal) });
      } catch (error) {
        this.room.log().error({ err: error, seat }, "a bot's decision was rejected");
        // It still owes a decision: it thinks again rather than leave the table waiting.
        if (!this.ended) this.setup.bots?.update(new Set(actors));
      }
    });
  }

  /** A ranked seat left for good (rooms/rankedMatch.ts): journaled, its timer dropped. */
  left(seat: Seat): void {
    void this.setup.journal?.abandon(seat, Date.now() - this.startedAt);
    this.prompts.drop(seat);
  }

  /** After a seat left for good, the match goes on: the leaver's decisions are defaults, at once. */
  goOn(): void {
    this.prompts.schedule();
    this.queue.flush();
  }

  /**
   * A graceful stop: decisions in flight are made durable and the journal marks the moment the
   * clocks stop. False when there is nothing to hand over (no journal, not playing, over).
   */
  async handOver(): Promise<boolean> {
    if (this.ended || this.room.status() !== "playing" || !this.setup.journal) return false;
    this.movedOn = true;
    await this.queue.inTurn(async () => {
      this.prompts.clear();
      this.setup.bots?.stop();
      await this.setup.journal!.suspend();
    });
    return true;
  }

  /** An admin ended the match (rooms/roomModeration.ts): after the decision in flight, none is applied and nothing is stored. */
  async abort(): Promise<void> {
    await this.queue.inTurn(async () => {
      this.ended = true;
      this.stop();
    });
  }

  /** The room goes away: no timer fires any more. */
  stop(): void {
    this.prompts.clear();
    this.setup.bots?.stop();
  }

  // ---- what the prompt timers use (match/matchPrompts.ts) ----------------------------------

  actors(): readonly Seat[] {
    return this.engine.actors(this.gameState);
  }

  over(): boolean {
    return this.ended || this.movedOn;
  }

  timeoutAction(seat: Seat): unknown {
    return this.engine.timeoutAction(this.gameState, seat);
  }

  applyDefault(seat: Seat, action: unknown): Promise<void> {
    return this.commit({ seat, action, auto: true });
  }

  inTurn(task: () => Promise<void>): Promise<void> {
    return this.queue.inTurn(task);
  }

  /**
   * Applies one decision (validated by the engine), then every decision nobody is asked for
   * after it (unasked()), journals them, and once they are durable makes them the match's: the
   * state, the schema, then the patch, the events and the reply. Nobody hears of a decision a
   * crash could undo, and that includes whoever joins, re-joins or reconnects meanwhile: they are
   * sent the whole schema, so the schema never holds a decision that is not durable yet.
   */
  private async commit(first: Pending): Promise<void> {
    const at = Date.now() - this.startedAt;
    let state = this.gameState;
    const made: { step: ReplayStep; state: unknown; events: GameEvent[] }[] = [];
    for (let next: Pending | null = first; next; next = made.length < MAX_UNASKED_IN_A_ROW ? this.unasked(state) : null) {
      let applied: { state: unknown; events: GameEvent[] };
      try {
        applied = this.engine.apply(state, next.seat, next.action);
      } catch (error) {
        if (next === first) throw error; // the caller answers the seat
        // The engine refused its own forced decision: the seat is asked instead.
        this.room.log().error({ err: error, seat: next.seat, action: next.action }, "an unasked decision was refused; the seat is asked instead");
        break;
      }
      state = applied.state;
      // The decision as the match keeps it: its action shared with every equal one (match/sharedActions.ts).
      const step: ReplayStep = { seat: next.seat, action: sharedActions.share(next.action), at, ...(next.auto ? { auto: next.auto } : {}) };
      made.push({ step, state, events: applied.events });
    }
    await Promise.all(made.map((m) => this.setup.journal?.act(m.step, m.state)));
    const firstStep = this.decisions.length + 1;
    this.gameState = state;
    for (const m of made) this.decisions.push(m.step);
    this.sync();
    const outcome = this.engine.outcome(this.gameState);
    if (!outcome) this.prompts.schedule(); // deadlines go out in the same patch as the move
    // The patch, the events and the actor's reply: one write per client.
    this.room.batch(() => {
      this.queue.flush();
      made.forEach((m, i) => this.room.sendEvents(firstStep + i, m.events));
    });
    if (outcome) void this.finish(outcome);
  }

  /** The next decision the room makes without asking, in `state` (match/seatStops.ts). */
  private unasked(state: unknown): Pending | null {
    return this.stops.unasked(state, (seat) => this.setup.bots?.has(seat) ?? false);
  }

  /** Shows the state to everyone (match/matchRoom.ts project); bots follow who acts. */
  private sync(): void {
    const actors = this.room.project(this.gameState, this.decisions.length);
    for (const seat of this.stops.seats()) this.room.showStops(seat, this.stops.names(seat));
    if (!this.ended && !this.engine.outcome(this.gameState)) this.setup.bots?.update(actors);
  }

  /**
   * The match is over (the engine's outcome; null: ranked players left until one remained):
   * the seed is revealed, the match stored, and everyone told, once it is stored or after
   * PERSIST_WAIT_MS anyway. The room closes after DISPOSE_DELAY_MS.
   */
  async finish(engineOutcome: Outcome | null): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.setup.bots?.stop();
    const ranked = this.setup.ranked;
    const outcome = (ranked ? ranked.outcome(this.setup.seatCount, engineOutcome) : engineOutcome)!;
    this.prompts.clear();
    const finalHash = stateHash(this.gameState);
    const log = this.room.log();
    const { matchId, seed } = this.setup;
    this.room.showEnd(outcome, seed); // the seed revealed: anyone can now check sha256(seed) and re-run every shuffle
    this.queue.flush();
    this.room.listFinished();

    const record: FinishedMatch = finishedRecord(matchId, this.header!, this.decisions, this.gameState, outcome, new Date());
    log.info({ outcome, steps: this.decisions.length, finalHash }, "match finished");
    ranked?.ended();
    // Storing removes the journal: every journal write made so far lands first (a ranked
    // abandon that ended the match is still in flight here), none after.
    await Promise.race([this.setup.journal?.close(), delay(PERSIST_WAIT_MS)]);
    const stored = this.setup.services.submitMatch(record).then(
      () => true,
      (error) => {
        // The writer already logged it at error level and kept it as a dead letter.
        log.warn({ reason: error instanceof Error ? error.message : String(error) }, "finished match refused by the store");
        return false;
      },
    );
    const storedInTime = await Promise.race([stored, delay(PERSIST_WAIT_MS).then(() => false)]);
    const notice = { matchId, outcome, seed, finalHash, stored: storedInTime };
    this.room.announceFinished(notice);
    if (!storedInTime) {
      // The writer keeps retrying; tell whoever is still here once it is safe.
      void stored.then((ok) => ok && this.room.hasClients() && this.room.announceStored(matchId));
    }
    // A casual table with people at it stays a while, for a rematch (rooms/rematch.ts).
    const { disposeDelayMs, rematchWindowMs } = this.setup.services.settings;
    const people = this.setup.mode === "casual" && (this.setup.bots?.seats.size ?? 0) < this.setup.seatCount;
    this.room.later(people ? Math.max(disposeDelayMs, rematchWindowMs) : disposeDelayMs, () => this.room.close());
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
