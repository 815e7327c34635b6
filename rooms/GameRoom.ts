/**
 * One generic adapter from any rules engine to a Colyseus room.
 *
 * create -> seats fill (each join validated by the engine) -> setup with a server seed whose
 * sha256 is published -> `act` requests: parse, seat check, apply, sync, patch, events ->
 * prompt timers apply the engine's default -> outcome: persist, notify, reveal seed, dispose.
 *
 * The room never interprets game rules itself; it only routes decisions to the engine and
 * projects the engine's views into schema state (public part for all, private part per seat).
 */
import type { ActReply, StoredMessage } from "./messages.ts";
import { randomUUID } from "node:crypto";
import { Room, RoomInternalState, type Client, CloseCode, ErrorCode, ServerError } from "@colyseus/core";
import type { AnyEngine, GameEvent, Outcome, Seat } from "../rules/core/engine.ts";
import { eventsFor } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import { sha256Hex, stateHash } from "../rules/core/hash.ts";
import type { ReplayStep } from "../rules/core/replay.ts";
import type { Logger } from "../server/log.ts";
import type { FinishedMatch } from "../server/store/matches.ts";
import { guestDisplayName } from "../server/auth/names.ts";
import { unsafeTextIn } from "../server/text.ts";
import type { RoomBinding } from "./binding.ts";
import { installInbox, type Inbox } from "./inbox.ts";
import { wantsToWatch, joinOptionsSchema, RoomErrorCodes } from "./roomInput.ts";
import { verifyToken } from "./rankedSeats.ts";
import type { RoomServices } from "./roomServices.ts";
import { ReservationHold } from "./reservationHold.ts";
import { Result, roomStateClasses, writeResult, type GameRoomState } from "./roomState.ts";
import { syncOptionalChild } from "./sync.ts";
import { TurnClock } from "./turnClock.ts";
import { SeatBots, setUpWithBots } from "./seatBots.ts";
import { quiet, RoomTimers } from "./roomTimers.ts";
import { RoomJournal } from "./roomJournal.ts";
import { finishedRecord, type RebuiltMatch } from "./resume.ts";
import type { JournaledMatch, MatchHeader } from "../server/journal/types.ts";
import { DecisionQueue } from "./decisionQueue.ts";
import { PromptTimers } from "./promptTimers.ts";
import { casualSeat, SeatSessions } from "./seatSessions.ts";
import { RankedMatch } from "./rankedMatch.ts";
import { checkAct, rejecter, type ActContext } from "./actRequests.ts";
import { matchHeader, planNewRoom, planResumedRoom, type RoomPlan } from "./roomPlan.ts";
import { projectViews } from "./projection.ts";

/** Time a finished room waits for the database before telling clients the result anyway. */
const PERSIST_WAIT_MS = 3_000;

export abstract class GameRoom extends Room<{ state: GameRoomState }> {
  protected abstract readonly binding: RoomBinding;
  protected abstract readonly services: RoomServices;

  private engine!: AnyEngine;
  private log!: Logger;
  private mode: "casual" | "ranked" = "casual";
  private config: unknown;
  private seatCount = 0;
  private seatConfigs: unknown[] = [];
  private seed = "";
  private matchId = "";
  private startedAt = 0;
  /** The authoritative game state (plain data, never sent as is). */
  private game: unknown = null;
  private steps: ReplayStep[] = [];
  private finished = false;
  /** False until onCreate succeeded: a refused create still gets onDispose, with nothing to clean up. */
  private created = false;
  private inbox!: Inbox;
  /** Casual rooms: unconsumed seat reservations keep their seat only briefly. */
  private reservationHold: ReservationHold | null = null;
  /** Ranked mode: the reserved players, the call-off, the seats abandoned (rooms/rankedMatch.ts). */
  private ranked: RankedMatch | null = null;
  /** Casual rooms created with `bots`: the server-side bots in the last seats. */
  private bots: SeatBots | null = null;
  /** Every timeout the room sets (the turn clock, bots, the join window, the dispose delay). */
  private readonly roomTimers = new RoomTimers();
  /** Seats people can take (all but the bots'). */
  private humanSeats = 0;
  /** The live-match journal of this room (null: the server keeps none). */
  private journal: RoomJournal | null = null;
  /** What the journal says about the whole match, once it started. */
  private header: MatchHeader | null = null;
  /** Set by a graceful stop: the match goes on in another process (or this one's next life). */
  private handedOver = false;
  /** Decisions one at a time; patches held until the decision is durable (rooms/decisionQueue.ts). */
  private readonly queue = new DecisionQueue(() => this.broadcastPatch());
  /** Which session holds each seat (rooms/seatSessions.ts). */
  private readonly sessions = new SeatSessions({
    state: () => this.state,
    link: (seat, client) => void this.journal?.link(seat, client.sessionId, client.reconnectionToken),
  });
  /** The turn clock and the timers that apply the engine's defaults (rooms/promptTimers.ts). */
  private readonly prompts = new PromptTimers({
    actors: () => this.engine.actors(this.game),
    seats: () => this.state.seats,
    abandoned: (seat) => this.abandoned(seat),
    over: () => this.finished || this.handedOver,
    timeoutAction: (seat) => this.engine.timeoutAction(this.game, seat),
    applyDefault: (seat, action) => this.commit(seat, action, true),
    later: (ms, fn) => this.later(ms, fn),
    inTurn: (task) => this.queue.inTurn(task),
    log: () => this.log,
  });

  override messages = {
    act: (client: Client, payload: unknown, ctx: ActContext) => this.handleAct(client, payload, ctx),
  };

  override onCreate(options: unknown): void {
    try {
      this.create(options);
    } catch (error) {
      // A numeric code: Colyseus answers a string code with HTTP 200, which the SDK takes for a seat.
      if (error instanceof RuleError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
      throw error;
    }
  }

  private create(options: unknown): void {
    this.engine = this.binding.engine;
    const resumed = this.services.durable?.takeResume(options);
    if (resumed) return this.resume(resumed.match, resumed.rebuilt);
    const plan = planNewRoom(this.engine, options, this.services.ranked);
    this.setUpRoom(plan);
    if (this.ranked) {
      // Only the matchmaker's seat reservations lead in: hidden from join/joinOrCreate, closed to joinById.
      const joinTimeoutMs = this.services.ranked!.joinTimeoutMs;
      this.seatReservationTimeout = Math.max(1, Math.ceil(joinTimeoutMs / 1000));
      void this.setPrivate(true);
      void this.lock();
      this.later(joinTimeoutMs, () => this.ranked?.callOffIfNotStarted(true));
    } else {
      this.reservationHold = new ReservationHold(
        this,
        this.services.settings.reservationHoldMs,
        () => this.state?.status === "waiting",
        (stale) => this.log.info({ stale }, "unconsumed seat reservations released to other joiners"),
      );
      this.reservationHold.install();
    }
    this.created = true;
    this.log.info({ seats: this.seatCount, mode: this.mode, bots: plan.botCount }, "room created");
    if (this.humanSeats === 0) this.start(this.setUp(this.seatConfigs)); // bots only: a match to watch
  }

  /** What a new room and a resumed one share: settings, the inbox, the schema state, bots, the listing. */
  private setUpRoom(room: RoomPlan): void {
    this.mode = room.mode;
    this.ranked = room.ranked ? this.rankedMatch(room.ranked) : null;
    this.config = room.config;
    this.seatCount = this.engine.seatCount(this.config);
    this.humanSeats = this.seatCount - room.botCount;
    this.seatConfigs = new Array(this.seatCount).fill(undefined);
    this.maxClients = this.humanSeats > 0 ? this.humanSeats : this.services.settings.maxSpectators;
    this.inbox = installInbox(this, {
      settings: this.services.settings.inbox,
      handled: new Set(Object.keys(this.messages)),
      log: () => this.log ?? this.services.log,
      onFlooder: (client) => this.services.penalizeFlooder?.(client.sessionId) ?? null,
    });
    quiet(this); // patches are flushed right after each applied action; no per-room 60 Hz ticker
    this.seed = room.seed;
    this.matchId = room.matchId;
    this.log = this.services.log.child({ room: this.roomId, match: this.matchId, game: this.engine.game });
    const durable = this.services.durable;
    if (durable) {
      this.journal = new RoomJournal(durable.journal, this.matchId, durable.checkpointEvery, () => this.log);
      durable.rooms.add(this);
    }

    const { Root, SeatSlot } = roomStateClasses(this.binding);
    const root = new Root();
    root.gameId = this.engine.game;
    root.matchId = this.matchId;
    root.seedHash = sha256Hex(this.seed);
    root.game = new this.binding.PublicState();
    for (let i = 0; i < this.seatCount; i++) {
      const slot = new SeatSlot();
      slot.seat = i;
      slot.secret = new this.binding.PrivateState();
      root.seats.push(slot);
    }
    this.state = root;
    if (room.botCount > 0) this.seatBots(room.botCount);
    // `mode` and `configKey` are what joinOrCreate filters by (server/app.ts): keep them in the metadata.
    this.metadata = { game: this.engine.game, mode: this.mode, configKey: room.configKey, seats: this.seatCount, status: "waiting", ...this.listing() };
    this.ranked?.players.forEach((p, seat) => {
      root.seats[seat]!.playerId = p.playerId;
      root.seats[seat]!.name = p.username;
    });
  }

  /** The ranked side of this room (rooms/rankedMatch.ts), wired to it. */
  private rankedMatch(ranked: NonNullable<RoomPlan["ranked"]>): RankedMatch {
    return new RankedMatch(ranked.group, ranked.players, this.services.ranked!, {
      roomId: () => this.roomId,
      state: () => this.state,
      log: () => this.log,
      broadcast: (type, message) => this.broadcast(type, message),
      disconnect: (code) => this.disconnect(code),
      left: (seat) => {
        void this.journal?.abandon(seat, Date.now() - this.startedAt);
        this.prompts.drop(seat);
      },
      finish: () => void this.finish(null),
      goOn: () => {
        this.prompts.schedule();
        this.queue.flush();
      },
    });
  }

  /**
   * Rebuilds a journaled match whose process died or stopped (server/journal/resumer.ts): the
   * engine replays it, the seats are its players', each seat's client may reconnect with its
   * reconnection token for RECONNECT_GRACE_S, and the clocks go on from the time they had left.
   */
  private resume(journaled: JournaledMatch, rebuilt: RebuiltMatch): void {
    const { header } = journaled;
    this.setUpRoom(planResumedRoom(this.engine, journaled.matchId, header));
    this.header = header;
    this.seatConfigs = header.seats.map((s) => this.engine.parseSeatConfig(s, this.config));
    this.sessions.resumeSeats(header, (seat) => this.bots?.has(seat) ?? false);
    this.game = rebuilt.game;
    this.steps = rebuilt.steps;
    this.ranked?.restoreAbandoned(rebuilt.abandoned);
    this.startedAt = header.startedAt;
    this.prompts.useClock(rebuilt.clock);
    this.journal?.continueFrom(journaled.entries.length, journaled.links);
    this.created = true;
    this.log.info({ steps: this.steps.length, entries: journaled.entries.length, from: journaled.owner }, "match resumed from the journal");
    this.beginPlay();
    if (rebuilt.outcome) {
      void this.finish(rebuilt.outcome);
      return;
    }
    const graceS = Math.max(1, this.services.settings.reconnectGraceS);
    this.sessions.restoreLinks(this, journaled.links, (seat) => (this.bots?.has(seat) ?? false) || this.abandoned(seat), graceS);
  }

  /** The initial state for these set-ups, the bots' chosen so the table is valid (seatBots.ts). */
  private setUp(seatConfigs: readonly unknown[]): { game: unknown; seatConfigs: unknown[] } {
    return setUpWithBots(this.engine, this.config, this.seed, seatConfigs, this.bots?.seats ?? new Set(), Math.random);
  }

  /** Seats server-side bots in the last `count` seats (their set-ups are chosen at the start: setUp()). */
  private seatBots(count: number): void {
    const seats = new Set<Seat>();
    for (let seat = this.seatCount - count; seat < this.seatCount; seat++) {
      const slot = this.state.seats[seat]!;
      slot.occupied = true;
      slot.connected = true;
      slot.bot = true;
      slot.playerId = randomUUID();
      slot.name = guestDisplayName(`Bot ${seat + 1}`);
      seats.add(seat);
    }
    this.bots = new SeatBots(seats, this.services.settings.botThinkMs, {
      later: (fn, ms) => this.later(ms, fn),
      legal: (seat) => (this.finished || !this.game ? [] : this.engine.legal(this.game, seat)),
      act: (seat, action) =>
        void this.queue.inTurn(async () => {
          if (this.finished || !this.engine.actors(this.game).includes(seat)) return; // the table moved on meanwhile
          try {
            await this.commit(seat, action, false);
          } catch (error) {
            this.log.error({ err: error, seat }, "a bot's decision was rejected");
          }
        }),
      random: Math.random,
    });
  }

  /** What the lobby lists about this room (GET /api/rooms reads it from the room listing). */
  private listing() {
    const seats = this.state?.seats ?? [];
    return {
      players: seats.filter((s) => s.occupied).map((s) => s.name),
      open: seats.filter((s) => !s.occupied).length,
      bots: this.bots?.seats.size ?? 0,
      spectators: this.state?.spectators ?? 0,
    };
  }

  private publishListing(): void {
    if (this.created) void this.setMetadata({ ...this.metadata, ...this.listing() });
  }

  /** Whether a ranked seat's player left the match for good (casual rooms: never). */
  private abandoned(seat: Seat): boolean {
    return this.ranked?.hasLeft(seat) ?? false;
  }

  // ---- seats: join, re-join, reconnect, leave (rooms/seatSessions.ts) ------------------------

  override hasReachedMaxClients(): boolean {
    if (!super.hasReachedMaxClients()) return false;
    if (!this.reservationHold || this.state?.status !== "waiting") return true;
    if ((this as unknown as { _internalState: number })._internalState === RoomInternalState.DISPOSING) return true;
    return this.clients.length + this.reservationHold.fresh(Date.now()) >= this.humanSeats;
  }

  /**
   * Casual rooms let anyone in (a guest gets a fresh player id per seat). Ranked rooms admit
   * only a client that holds the matchmaker's seat reservation (whose auth data names the
   * player) AND presents a valid, unexpired bearer token for that same player, not a guest.
   */
  override async onAuth(client: Client, options: unknown, context: { token?: string | null }): Promise<unknown> {
    if (wantsToWatch(options)) return true;
    if (this.ranked) return this.ranked.admit(client, context?.token);
    return context?.token && this.services.identify ? verifyToken(this.services.identify, context.token) : true;
  }

  override onJoin(client: Client, options: unknown): void {
    try {
      this.join(client, options);
    } catch (error) {
      // The client sees "<code>: <message>", as for a refused create.
      if (error instanceof RuleError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
      throw error;
    }
  }

  private join(client: Client, options: unknown): void {
    const unsafe = unsafeTextIn(options);
    if (unsafe) throw new RuleError("bad_seat_config", `bad join options: ${unsafe}`);
    const opts = joinOptionsSchema.safeParse(options ?? {});
    if (!opts.success) throw new RuleError("bad_seat_config", `bad join options: ${opts.error.issues[0]?.message}`);
    if (opts.data.spectate) return this.watch(client);
    if (this.state.status === "playing" && this.rejoin(client)) return;
    // Ranked: bound to the seat the matchmaker reserved for this player id. Casual: the first free seat.
    const { seat, identity } = this.ranked ? this.ranked.claim(client) : casualSeat(client, this.state, opts.data.name, randomUUID);
    // Validates the player's deck / set-up; a RuleError here refuses the join with its message.
    const seatConfig = this.engine.parseSeatConfig(opts.data.seat ?? {}, this.config);
    // The last seat: the whole table must be able to play together; if not, the join is refused untouched.
    const last = this.state.seats.every((s, i) => s.occupied || i === seat);
    const ready = last ? this.setUp(this.seatConfigs.map((c, i) => (i === seat ? seatConfig : c))) : null;
    const slot = this.state.seats[seat]!;
    this.seatConfigs[seat] = seatConfig;
    this.sessions.sit(client, slot, identity, this.ranked ? "account" : (identity.kind ?? "guest"));
    this.log.info({ seat, player: slot.playerId, client: client.sessionId }, "seat taken");
    this.sessions.welcome(client, slot);
    if (ready) this.start(ready);
    else this.publishListing();
  }

  /** The authenticated re-join by room id: a player whose bearer token names a seat that is away takes it back. */
  private rejoin(client: Client): boolean {
    const slot = this.sessions.rejoin(client, (seat) => !this.bots?.has(seat) && !this.abandoned(seat));
    if (!slot) return false;
    this.log.info({ seat: slot.seat, player: slot.playerId, client: client.sessionId }, "seat taken back by its player (re-join by room id)");
    this.sessions.welcome(client, slot);
    this.queue.flush();
    return true;
  }

  /** A spectator: no seat, no private part of any seat (an empty StateView), public events only. */
  private watch(client: Client): void {
    const max = this.services.settings.maxSpectators;
    // Before the start every client place is a seat's: spectators come once the match is on.
    if (this.state.status === "waiting") throw new RuleError("not_started", "this match has not started yet: watch it once every seat is taken");
    if (this.state.spectators >= max) {
      throw new RuleError("spectators_full", max === 0 ? "this server takes no spectators" : `this match already has ${max} spectators, the most it takes`);
    }
    this.state.spectators++;
    this.sessions.watch(client);
    this.log.info({ client: client.sessionId, spectators: this.state.spectators }, "spectator joined");
    this.publishListing();
    this.queue.flush();
  }

  override async onDrop(client: Client, code?: number): Promise<void> {
    const slot = this.sessions.slotOf(client);
    if (!slot || this.handedOver || code === CloseCode.SERVER_SHUTDOWN || code === CloseCode.WITH_ERROR) return;
    slot.connected = false;
    this.queue.flush();
    this.log.info({ seat: slot.seat, code }, "seat dropped; waiting for reconnection");
    await this.allowReconnection(client, this.services.settings.reconnectGraceS);
  }

  override onReconnect(client: Client): void {
    const slot = this.sessions.reconnected(client);
    if (!slot) return;
    slot.connected = true;
    this.queue.flush();
    this.log.info({ seat: slot.seat }, "seat reconnected");
  }

  override onLeave(client: Client, code?: number): void {
    if (this.sessions.isSpectator(client)) {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      this.publishListing();
      this.queue.flush();
      return;
    }
    const slot = this.sessions.leaving(client, this.state.status);
    if (!slot || this.handedOver) return;
    slot.connected = false;
    if (this.state.status === "waiting") {
      // Before the start a seat is simply freed for someone else (ranked: only its own player may retake it).
      slot.occupied = false;
      if (!this.ranked) {
        slot.playerId = "";
        slot.name = "";
      }
      this.seatConfigs[slot.seat] = undefined;
      this.publishListing();
    }
    this.queue.flush();
    this.log.info({ seat: slot.seat, code, status: this.state.status }, "seat left");
    if (this.ranked && this.state.status === "playing" && !this.finished) this.ranked.abandon(slot.seat);
  }

  override onDispose(): void {
    this.roomTimers.clearAll();
    this.services.durable?.rooms.delete(this);
    if (!this.created) return;
    this.prompts.clear();
    this.bots?.stop();
    if (this.ranked && !this.handedOver) this.ranked.disposed();
    if (this.state.status === "playing" && !this.handedOver) {
      this.log.warn({ steps: this.steps.length, journaled: Boolean(this.journal) }, "room disposed before the game ended; it is resumed from its journal at the next start");
    }
  }

  override onUncaughtException(error: Error, method: string): void {
    // onCreate can fail before the room's own logger exists.
    const log = this.log ?? this.services.log;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof RuleError || cause instanceof ServerError) {
      // A refused create/auth/join (bad options, broken set-up, no valid token): the client is
      // told why. Debug only: a client could otherwise make the server log a line per attempt.
      log.debug({ method, code: (cause as { code?: unknown }).code, reason: cause.message }, "request refused");
      return;
    }
    log.error({ err: error, method }, "uncaught exception in room");
  }

  // ---- game flow ---------------------------------------------------------------------------

  private start(ready: { game: unknown; seatConfigs: unknown[] }): void {
    this.game = ready.game;
    this.seatConfigs = ready.seatConfigs;
    this.startedAt = Date.now();
    const { promptTimeoutMs, turnBankMs } = this.services.settings;
    const clock = promptTimeoutMs > 0 ? { baseMs: promptTimeoutMs, bankMs: turnBankMs } : null;
    this.prompts.useClock(clock ? new TurnClock(clock, this.seatCount) : null);
    this.header = matchHeader(this.engine, {
      mode: this.mode,
      config: this.config,
      seatConfigs: this.seatConfigs,
      seed: this.seed,
      seedHash: this.state.seedHash,
      startedAt: this.startedAt,
      players: this.state.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, kind: this.bots?.has(s.seat) ? ("bot" as const) : this.sessions.kind(s.seat) })),
      bots: [...(this.bots?.seats ?? [])],
      clock,
      ranked: this.ranked,
    });
    // Nobody hears the match started before its header is durable (a crash right after the start
    // would otherwise lose a match the players saw begin); decisions queue behind it anyway.
    const begun = this.journal?.begin(this.roomId, this.roomName, this.header);
    if (begun) this.queue.holdUntil(begun);
    this.log.info({ seedHash: this.state.seedHash }, "match started");
    this.ranked?.started();
    this.beginPlay();
  }

  /** The match is on (started or resumed): spectators welcome, clocks running, state out. */
  private beginPlay(): void {
    this.prompts.showBanks(Date.now());
    this.state.status = "playing";
    // No more players, but spectators may come by id: out of join/joinOrCreate (private), open to joinById.
    void this.setMatchmaking({
      private: true,
      locked: false,
      // +1: one more than the limit gets into join and is told "spectators_full", not just "locked".
      maxClients: this.humanSeats + this.services.settings.maxSpectators + 1,
      metadata: { ...this.metadata, status: "playing", ...this.listing() },
    });
    this.sync();
    this.prompts.schedule();
    this.queue.flush();
  }

  private handleAct(client: Client, payload: unknown, ctx: ActContext) {
    const seat = this.sessions.slotOf(client)?.seat;
    const reject = rejecter(client, ctx, seat, this.log);
    const act = checkAct(payload, seat, this.services.settings.maxActionBytes);
    if (!act.ok) return reject(act.rejection.id, act.rejection.code, act.rejection.message);
    const { id } = act;
    // In turn behind any decision still being made durable: checked against the state it will meet.
    return this.queue.inTurn(async () => {
      if (this.state.status === "waiting") return reject(id, RoomErrorCodes.notStarted, "the match has not started; seats are still filling");
      if (this.state.status === "finished" || this.finished) return reject(id, RoomErrorCodes.gameOver, "the match is over");
      if (this.handedOver) return reject(id, RoomErrorCodes.matchMoving, "the server is restarting: reconnect, and send it again to the resumed match");
      let action: unknown;
      try {
        action = this.engine.parseAction(act.action);
        if (!this.engine.actors(this.game).includes(act.seat)) {
          return reject(id, "not_your_turn", `seat ${act.seat} has no decision to make now`);
        }
        await this.commit(act.seat, action, false);
        return { id, ok: true, step: this.steps.length } satisfies ActReply;
      } catch (error) {
        if (error instanceof RuleError) return reject(id, error.code, error.message);
        this.log.error({ err: error, seat: act.seat }, "engine failed on an action; state kept as it was");
        return reject(id, RoomErrorCodes.internal, "the server could not apply this action; the game state is unchanged");
      }
    });
  }

  /**
   * Applies one decision (validated by the engine), journals it, and once it is durable tells
   * everyone: the patch, the events, the reply. Nobody hears of a decision a crash could undo.
   */
  private async commit(seat: Seat, action: unknown, auto: boolean): Promise<void> {
    const { state, events } = this.engine.apply(this.game, seat, action);
    this.game = state;
    const step = { seat, action, at: Date.now() - this.startedAt, ...(auto ? { auto: true } : {}) };
    this.steps.push(step);
    const outcome = await this.queue.held(async () => {
      const durable = this.journal?.act(step, state);
      this.sync();
      const outcome = this.engine.outcome(this.game);
      if (!outcome) this.prompts.schedule(); // deadlines go out in the same patch as the move
      await durable;
      return outcome;
    });
    this.queue.flush();
    this.sendEvents(events);
    if (outcome) void this.finish(outcome);
  }

  /** Projects the engine's views into the schema (rooms/projection.ts); bots follow who acts. */
  private sync(): void {
    const actors = projectViews(this.binding, this.game, this.state);
    this.state.step = this.steps.length;
    if (!this.finished && !this.engine.outcome(this.game)) this.bots?.update(actors);
  }

  private sendEvents(events: GameEvent[]): void {
    if (events.length === 0) return;
    const step = this.steps.length;
    for (const client of this.clients) {
      const visible = eventsFor(events, this.sessions.seatOf(client));
      if (visible.length > 0) client.send("events", { step, events: visible });
    }
  }

  // ---- finish ------------------------------------------------------------------------------

  private async finish(engineOutcome: Outcome | null): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.bots?.stop();
    const outcome = (this.ranked ? this.ranked.outcome(this.seatCount, engineOutcome) : engineOutcome)!;
    this.prompts.clear();
    const finalHash = stateHash(this.game);
    this.state.status = "finished";
    this.state.seed = this.seed; // revealed: anyone can now check sha256(seed) and re-run every shuffle
    syncOptionalChild(this.state, "result", outcome, () => new Result(), writeResult);
    for (const slot of this.state.seats) slot.deadline = 0;
    this.queue.flush();
    void this.setMetadata({ ...this.metadata, status: "finished" });

    const record: FinishedMatch = finishedRecord(this.matchId, this.header!, this.steps, this.game, outcome, new Date());
    this.log.info({ outcome, steps: this.steps.length, finalHash }, "match finished");
    this.ranked?.ended();
    const stored = this.services.submitMatch(record).then(
      () => true,
      (error) => {
        // The writer already logged it at error level and kept it as a dead letter.
        this.log.warn({ reason: error instanceof Error ? error.message : String(error) }, "finished match refused by the store");
        return false;
      },
    );
    const storedInTime = await Promise.race([stored, delay(PERSIST_WAIT_MS).then(() => false)]);
    const notice = { matchId: this.matchId, outcome, seed: this.seed, finalHash, stored: storedInTime };
    this.broadcast("finished", notice);
    if (!storedInTime) {
      // The writer keeps retrying; tell whoever is still here once it is safe.
      void stored.then((ok) => ok && this.clients.length > 0 && this.broadcast("stored", { matchId: this.matchId } satisfies StoredMessage));
    }
    this.later(this.services.settings.disposeDelayMs, () => void this.disconnect(CloseCode.CONSENTED));
  }

  /**
   * A graceful stop (a deploy): the match is not ended but handed over. Decisions in flight
   * are made durable, the journal marks the moment the clocks stop, and the clients are
   * closed with 4010 (may try to reconnect): the SDK reconnects with its token on its own,
   * to this process's next life or, in a cluster, wherever the match is resumed.
   */
  async handOver(): Promise<boolean> {
    if (!this.created || this.finished || this.state.status !== "playing" || !this.journal) return false;
    this.handedOver = true;
    await this.queue.inTurn(async () => {
      this.prompts.clear();
      this.bots?.stop();
      await this.journal!.suspend();
    });
    this.log.info({ steps: this.steps.length }, "match handed over: it is resumed from its journal");
    await this.disconnect(CloseCode.MAY_TRY_RECONNECT);
    return true;
  }

  /** Runs `fn` after `ms` on the room's timers (rooms/roomTimers.ts); a throw is logged, not fatal. */
  private later(ms: number, fn: () => void) {
    return this.roomTimers.after(ms, fn, (error) => (this.log ?? this.services.log).error({ err: error }, "room timer failed"));
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Makes a concrete room class for one game, bound to one server's services. */
export function defineGameRoom(binding: RoomBinding, services: RoomServices): typeof GameRoom & (new () => GameRoom) {
  class BoundGameRoom extends GameRoom {
    protected override readonly binding = binding;
    protected override readonly services = services;
  }
  Object.defineProperty(BoundGameRoom, "name", { value: `${binding.engine.game}Room` });
  return BoundGameRoom as never;
}
