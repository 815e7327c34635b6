/**
 * The match a room plays, from its start (or resume) to its end: the authoritative game state,
 * decisions applied one at a time and journaled before anyone hears of them, the projection
 * into the schema state, the prompt timers, and the end (stored, announced, seed revealed).
 *
 * The room (rooms/GameRoom.ts) adapts Colyseus to it: seats, clients, listing, lifecycle. The
 * match never interprets game rules itself; it routes decisions to the engine.
 */
import { type Client, CloseCode } from "@colyseus/core";
import type { AnyEngine, GameEvent, Outcome, Seat } from "../rules/core/engine.ts";
import { eventsFor } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import { stateHash } from "../rules/core/hash.ts";
import type { AutoDecision, ReplayStep } from "../rules/core/replay.ts";
import type { JournaledMatch, MatchHeader } from "../match/journalTypes.ts";
import type { Logger } from "../match/log.ts";
import { LogThrottle } from "../match/logThrottle.ts";
import type { FinishedMatch } from "../match/finishedMatch.ts";
import type { RoomBinding } from "./binding.ts";
import { DecisionQueue } from "../match/decisionQueue.ts";
import type { ActReply, StoredMessage } from "./messages.ts";
import { projectViews } from "./projection.ts";
import { PromptTimers, type PromptTimersHost } from "../match/promptTimers.ts";
import type { RankedMatch } from "./rankedMatch.ts";
import { finishedRecord, type RebuiltMatch } from "../match/resume.ts";
import { NO_CHOICE, RoomErrorCodes, type Rejection } from "./roomInput.ts";
import type { RoomJournal } from "../match/matchJournal.ts";
import { matchHeader } from "./roomSetup.ts";
import type { RoomServices } from "./roomServices.ts";
import { Result, writeResult, type GameRoomState } from "./roomState.ts";
import type { TimerHandle } from "./roomTimers.ts";
import type { Reject } from "./actRequests.ts";
import type { SeatBots } from "../match/seatBots.ts";
import { coalesceFrames } from "./coalesceFrames.ts";
import { sharedActions } from "../match/sharedActions.ts";
import { syncOptionalChild } from "./sync.ts";
import { TurnClock } from "../match/turnClock.ts";

/** At most one "engine failed" line per match per this many ms (the rest are counted in it). */
const ENGINE_FAILURE_LOG_MS = 30_000;

/** Decisions made unasked in a row after one decision: a guard against an engine whose forced decisions never end. */
const MAX_UNASKED_IN_A_ROW = 10_000;

/** Time a finished room waits for the database before telling clients the result anyway. */
const PERSIST_WAIT_MS = 3_000;

/** What the match needs from its room. */
export interface MatchRoom {
  roomId(): string;
  roomName(): string;
  state(): GameRoomState;
  log(): Logger;
  /** Sends the room's pending patches now (Room.broadcastPatch). */
  broadcastPatch(): void;
  /** The room's clients, each with its seat (null: a spectator), for the events each may see. */
  clients(): readonly Client[];
  seatOf(client: Client): Seat | null;
  broadcast(type: "finished" | "stored", message: unknown): void;
  /** The match is over: the room's listing says so. */
  listFinished(): void;
  later(ms: number, fn: () => void): TimerHandle;
  disconnect(code: number): Promise<unknown>;
}

/** How a room was set up, as far as its match is concerned (rooms/roomSetup.ts). */
export interface MatchSetup {
  binding: RoomBinding;
  services: Pick<RoomServices, "settings" | "submitMatch">;
  mode: "casual" | "ranked";
  config: unknown;
  seatCount: number;
  seed: string;
  matchId: string;
  journal: RoomJournal | null;
  ranked: RankedMatch | null;
  bots: SeatBots | null;
}

/** A seat's stops: "no_choice", and one "pass until" stop with the moment it lasts for (null: fixed at its first use). */
interface SeatStops {
  noChoice: boolean;
  until: { name: string; key: string | null } | null;
}

/** A decision to apply: whose, which, and why the room made it if the seat did not. */
interface Pending {
  seat: Seat;
  action: unknown;
  auto?: AutoDecision;
}

export class LiveMatch {
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
  /** Each seat's stops (absent: none, the default), checked by the room (rooms/roomInput.ts checkStops). */
  private readonly stops = new Map<Seat, SeatStops>();

  constructor(
    private readonly setup: MatchSetup,
    private readonly room: MatchRoom,
  ) {
    this.engine = setup.binding.engine;
    this.queue = new DecisionQueue(() => room.broadcastPatch());
    this.prompts = new PromptTimers(new MatchPrompts(this, room));
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

  /** Sends pending patches now (what changed in the schema: only ever durable decisions). */
  flush(): void {
    this.queue.flush();
  }

  /** Every seat is taken: the match starts from this state and these set-ups, with these players. */
  start(ready: { game: unknown; seatConfigs: unknown[] }, players: MatchHeader["players"]): void {
    const state = this.room.state();
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
      seedHash: state.seedHash,
      startedAt: this.startedAt,
      players,
      bots: [...(this.setup.bots?.seats ?? [])],
      clock,
      ranked: this.setup.ranked,
    });
    // Nobody hears the match started before its header is durable (a crash right after the start
    // would otherwise lose a match the players saw begin): play() waits for it.
    this.headerDurable = this.setup.journal?.begin(this.room.roomId(), this.room.roomName(), this.header) ?? Promise.resolve();
    this.room.log().info({ seedHash: state.seedHash }, "match started");
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
      const until = stops.find((s) => s !== NO_CHOICE);
      const playing = !this.ended && !this.movedOn && this.room.state().status === "playing";
      const key = until && playing ? this.engine.passStops![until]!.until(this.gameState) : null;
      this.stops.set(seat, { noChoice: stops.includes(NO_CHOICE), until: until ? { name: until, key } : null });
      this.showStops(seat);
      const unasked = playing ? this.unasked(this.gameState) : null;
      if (unasked) return this.commit(unasked);
      this.queue.flush();
    });
  }

  /** The seat's stops as its slot shows them (a JSON array of names). */
  private showStops(seat: Seat): void {
    const st = this.stops.get(seat);
    const slot = this.room.state().seats[seat];
    const names = st ? [...(st.noChoice ? [NO_CHOICE] : []), ...(st.until ? [st.until.name] : [])] : [];
    const json = JSON.stringify(names);
    if (slot && slot.stops !== json) slot.stops = json;
  }

  /**
   * A client's decision, in turn behind any decision still being made durable: checked
   * against the state it will meet. Resolves with the reply, or with `reject`'s.
   */
  act(seat: Seat, id: Rejection["id"], payload: unknown, reject: Reject): Promise<unknown> {
    return this.queue.inTurn(async () => {
      const status = this.room.state().status;
      if (status === "waiting") return reject(id, RoomErrorCodes.notStarted, "the match has not started; seats are still filling");
      if (status === "finished" || this.ended) return reject(id, RoomErrorCodes.gameOver, "the match is over");
      if (this.movedOn) return reject(id, RoomErrorCodes.matchMoving, "the server is restarting: reconnect, and send it again to the resumed match");
      let action: unknown;
      try {
        action = this.engine.parseAction(payload);
        if (!this.engine.actors(this.gameState).includes(seat)) {
          return reject(id, "not_your_turn", `seat ${seat} has no decision to make now`);
        }
        await this.commit({ seat, action });
        return { id, ok: true, step: this.decisions.length } satisfies ActReply;
      } catch (error) {
        if (error instanceof RuleError) return reject(id, error.code, error.message);
        // A client can send the same failing action again and again: one line per interval.
        const suppressed = this.engineFailures.take(Date.now());
        if (suppressed !== null) this.room.log().error({ err: error, seat, suppressed, everyMs: ENGINE_FAILURE_LOG_MS }, "engine failed on an action; state kept as it was");
        return reject(id, RoomErrorCodes.internal, "the server could not apply this action; the game state is unchanged");
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
    if (this.ended || this.room.state().status !== "playing" || !this.setup.journal) return false;
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
    // The patch, the events and the actor's reply: one socket write per client (rooms/coalesceFrames.ts).
    coalesceFrames(this.room.clients(), () => {
      this.queue.flush();
      made.forEach((m, i) => this.sendEvents(m.events, firstStep + i));
    });
    if (outcome) void this.finish(outcome);
  }

  /**
   * The next decision the room makes without asking, in `state`: an actor's forced decision (its
   * only one, forced from public facts alone: engine.forced), or the only decision of a seat
   * whose "no_choice" stop is on (bots have none: their lack of choice is theirs to hide).
   */
  private unasked(state: unknown): Pending | null {
    if (this.engine.outcome(state)) return null;
    for (const seat of this.engine.actors(state)) {
      const forced = this.engine.forced?.(state, seat) ?? null;
      if (forced !== null) return { seat, action: forced, auto: "forced" };
      const st = this.stops.get(seat);
      if (!st || this.setup.bots?.has(seat)) continue;
      const pass = st.until ? this.passUntil(state, seat, st) : null;
      if (pass !== null) return { seat, action: pass, auto: "stop" };
      if (st.noChoice) {
        const legal = this.engine.legal(state, seat);
        if (legal.length === 1) return { seat, action: legal[0], auto: "stop" };
      }
    }
    return null;
  }

  /** The pass the seat's "pass until" stop makes now (null: none), ending the stop once its moment is over. */
  private passUntil(state: unknown, seat: Seat, st: SeatStops): unknown {
    const stop = this.engine.passStops?.[st.until!.name];
    const key = stop?.until(state) ?? null;
    st.until!.key ??= key;
    if (!stop || key !== st.until!.key) {
      st.until = null; // over: the slot shows it at the next sync
      return null;
    }
    const pass = stop.pass(state, seat);
    if (pass === null) return null;
    // Only ever one of the seat's legal decisions, whatever the game's stop says.
    const wanted = JSON.stringify(pass);
    return this.engine.legal(state, seat).find((a: unknown) => JSON.stringify(a) === wanted) ?? null;
  }

  /** Projects the engine's views into the schema (rooms/projection.ts); bots follow who acts. */
  private sync(): void {
    const actors = projectViews(this.setup.binding, this.gameState, this.room.state());
    this.room.state().step = this.decisions.length;
    for (const seat of this.stops.keys()) this.showStops(seat);
    if (!this.ended && !this.engine.outcome(this.gameState)) this.setup.bots?.update(actors);
  }

  private sendEvents(events: GameEvent[], step: number): void {
    if (events.length === 0) return;
    for (const client of this.room.clients()) {
      const visible = eventsFor(events, this.room.seatOf(client));
      if (visible.length > 0) client.send("events", { step, events: visible });
    }
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
    const state = this.room.state();
    const log = this.room.log();
    const { matchId, seed } = this.setup;
    state.status = "finished";
    state.seed = seed; // revealed: anyone can now check sha256(seed) and re-run every shuffle
    syncOptionalChild(state, "result", outcome, () => new Result(), writeResult);
    for (const slot of state.seats) slot.deadline = 0;
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
    this.room.broadcast("finished", notice);
    if (!storedInTime) {
      // The writer keeps retrying; tell whoever is still here once it is safe.
      void stored.then((ok) => ok && this.room.clients().length > 0 && this.room.broadcast("stored", { matchId } satisfies StoredMessage));
    }
    // A casual table with people at it stays a while, for a rematch (rooms/rematch.ts).
    const { disposeDelayMs, rematchWindowMs } = this.setup.services.settings;
    const people = this.setup.mode === "casual" && (this.setup.bots?.seats.size ?? 0) < this.setup.seatCount;
    this.room.later(people ? Math.max(disposeDelayMs, rematchWindowMs) : disposeDelayMs, () => void this.room.disconnect(CloseCode.CONSENTED));
  }
}

/**
 * What the prompt timers call back. A class, its methods on its prototype: an object literal of
 * nine arrows cost ~2.9 KB per live match (issue 16's heap snapshots; tsx names each arrow,
 * which gives it a property dictionary). It reaches the match's private state by name.
 */
class MatchPrompts implements PromptTimersHost {
  constructor(
    private readonly match: LiveMatch,
    private readonly room: MatchRoom,
  ) {}

  actors(): readonly Seat[] {
    return this.match["engine"].actors(this.match["gameState"]);
  }

  seats() {
    return this.room.state().seats;
  }

  abandoned(seat: Seat): boolean {
    return this.match.abandoned(seat);
  }

  over(): boolean {
    return this.match["ended"] || this.match["movedOn"];
  }

  timeoutAction(seat: Seat): unknown {
    return this.match["engine"].timeoutAction(this.match["gameState"], seat);
  }

  applyDefault(seat: Seat, action: unknown): Promise<void> {
    return this.match["commit"]({ seat, action, auto: true });
  }

  later(ms: number, fn: () => void): TimerHandle {
    return this.room.later(ms, fn);
  }

  inTurn(task: () => Promise<void>): Promise<void> {
    return this.match["queue"].inTurn(task);
  }

  log(): Logger {
    return this.room.log();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
