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
import type { AbortedMessage, ActReply, RejectedMessage, StoredMessage, WelcomeMessage } from "./messages.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { Room, RoomInternalState, type Client, CloseCode, ErrorCode, ServerError } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
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
import { actEnvelope, byteLength, configKey, createOptionsSchema, wantsToWatch, joinOptionsSchema, RoomErrorCodes, type Rejection } from "./roomInput.ts";
import { abandonedOutcome, admitRankedClient, verifyToken, type RankedSeat } from "./rankedSeats.ts";
import type { RankedIdentity, RoomServices } from "./roomServices.ts";
import { ReservationHold } from "./reservationHold.ts";
import { Result, roomStateClasses, writeResult, type GameRoomState, type SeatSlotState } from "./roomState.ts";
import { syncOptionalChild } from "./sync.ts";
import { TurnClock } from "./turnClock.ts";
import { SeatBots, setUpWithBots } from "./seatBots.ts";
import { quiet, RoomTimers } from "./roomTimers.ts";
import { RoomJournal } from "./roomJournal.ts";
import { finishedRecord, type RebuiltMatch } from "./resume.ts";
import { restoreReconnection } from "./reconnections.ts";
import type { JournaledMatch, MatchHeader } from "../server/journal/types.ts";


/** Delay before an abandoned seat's default decision is applied (it never comes back). */
const ABANDONED_MOVE_MS = 1;
/** Timed-out defaults applied in a row in one prompt before the seat's clock is restarted. */
const MAX_DEFAULTS_IN_A_ROW = 100;

/** A seated client's seat; absent for a spectator. */
interface ClientData {
  seat?: Seat;
  spectator?: true;
}

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
  /** The turn clock (null when PROMPT_TIMEOUT_MS is 0) and the one pending timer per seat. */
  private turnClock: TurnClock | null = null;
  private timers = new Map<Seat, { cancel(): void }>();
  /** Defaults applied in a row to one seat whose time is up (a guard against an engine whose default makes no progress). */
  private flaggedDefaults = new Map<Seat, number>();
  private finished = false;
  /** False until onCreate succeeded: a refused create still gets onDispose, with nothing to clean up. */
  private created = false;
  private inbox!: Inbox;
  /** Casual rooms: unconsumed seat reservations keep their seat only briefly. */
  private reservationHold: ReservationHold | null = null;
  /** Ranked mode: the reserved players by seat, and the matchmaker's group id. */
  private ranked: { group: number; players: RankedSeat[]; closed: boolean } | null = null;
  /** Ranked mode: seats whose player left the match for good, in leaving order. */
  private abandoned: Seat[] = [];
  /** Casual rooms created with `bots`: the server-side bots in the last seats. */
  private bots: SeatBots | null = null;
  /** Every timeout the room sets (the turn clock, bots, the join window, the dispose delay). */
  private readonly roomTimers = new RoomTimers();
  /** Who sits in each seat, for the stored match (a casual seat with an account token is the account's). */
  private seatKinds: ("guest" | "account")[] = [];
  /** Seats people can take (all but the bots'). */
  private humanSeats = 0;
  /** The live-match journal of this room (null: the server keeps none). */
  private journal: RoomJournal | null = null;
  /** What the journal says about the whole match, once it started. */
  private header: MatchHeader | null = null;
  /** Decisions are applied one at a time: each waits until the previous one is durable. */
  private serial: Promise<unknown> = Promise.resolve();
  /** Decisions applied but not yet durable: no patch goes out meanwhile. */
  private holding = 0;
  /** Resumed rooms: the seat of each session that may reconnect. */
  private resumedSessions = new Map<string, Seat>();
  /** The session that holds each seat now: a stale session's leave (an old reconnection window) is ignored. */
  private seatSessions = new Map<Seat, string>();
  /** Set by a graceful stop: the match goes on in another process (or this one's next life). */
  private handedOver = false;

  override messages = {
    act: (client: Client, payload: unknown, ctx: { id: number | undefined; reject(r: unknown): unknown }) =>
      this.handleAct(client, payload, ctx),
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
    if ((options as { resume?: unknown } | null)?.resume !== undefined) {
      throw new RuleError("bad_config", "matches are resumed by the server itself from its journal, not by clients");
    }
    const unsafe = unsafeTextIn(options);
    if (unsafe) throw new RuleError("bad_config", `bad room options: ${unsafe}`);
    const parsed = createOptionsSchema.safeParse(options ?? {});
    if (!parsed.success) throw new RuleError("bad_config", `bad room options: ${parsed.error.issues[0]?.message}`);
    let ranked: { group: number; players: RankedSeat[] } | null = null;
    if (parsed.data.mode === "ranked") {
      const hooks = this.services.ranked;
      if (!hooks || !parsed.data.ranked || parsed.data.ranked.ticket !== hooks.ticket) {
        throw new RuleError("bad_config", "ranked rooms are created by the matchmaker, not by clients");
      }
      ranked = { group: parsed.data.ranked.group, players: parsed.data.ranked.players };
    }
    const config = this.engine.parseConfig(parsed.data.config ?? {});
    const seatCount = this.engine.seatCount(config);
    if (ranked && ranked.players.length !== seatCount) {
      throw new RuleError("bad_config", `a ranked room for ${seatCount} seats got ${ranked.players.length} players`);
    }
    const botCount = parsed.data.bots ?? 0;
    if (botCount > 0 && ranked) throw new RuleError("bad_config", "ranked rooms have no bots");
    if (botCount > seatCount) throw new RuleError("bad_config", `bots: this configuration has ${seatCount} seats, not ${botCount}`);
    this.setUpRoom({ mode: parsed.data.mode, ranked, config, botCount, matchId: randomUUID(), seed: randomBytes(32).toString("hex"), configKey: configKey(this.engine, parsed.data.config) });
    if (this.ranked) {
      // Only the matchmaker's seat reservations lead in: hidden from join/joinOrCreate, closed to joinById.
      const joinTimeoutMs = this.services.ranked!.joinTimeoutMs;
      this.seatReservationTimeout = Math.max(1, Math.ceil(joinTimeoutMs / 1000));
      void this.setPrivate(true);
      void this.lock();
      this.later(joinTimeoutMs, () => this.callOffIfNotStarted(true));
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
    this.log.info({ seats: this.seatCount, mode: this.mode, bots: botCount }, "room created");
    if (this.humanSeats === 0) this.start(this.setUp(this.seatConfigs)); // bots only: a match to watch
  }

  /** What a new room and a resumed one share: settings, the inbox, the schema state, bots, the listing. */
  private setUpRoom(room: {
    mode: "casual" | "ranked";
    ranked: { group: number; players: RankedSeat[] } | null;
    config: unknown;
    botCount: number;
    matchId: string;
    seed: string;
    configKey: string;
  }): void {
    this.mode = room.mode;
    this.ranked = room.ranked ? { ...room.ranked, closed: false } : null;
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
      root.seats[seat].playerId = p.playerId;
      root.seats[seat].name = p.username;
    });
  }

  /**
   * Rebuilds a journaled match whose process died or stopped (server/journal/resumer.ts): the
   * engine replays it, the seats are its players', each seat's client may reconnect with its
   * reconnection token for RECONNECT_GRACE_S, and the clocks go on from the time they had left.
   */
  private resume(journaled: JournaledMatch, rebuilt: RebuiltMatch): void {
    const { header } = journaled;
    this.setUpRoom({
      mode: header.mode,
      ranked: header.ranked ?? null,
      config: this.engine.parseConfig(header.config),
      botCount: header.bots.length,
      matchId: journaled.matchId,
      seed: header.seed,
      configKey: configKey(this.engine, header.config),
    });
    this.header = header;
    this.seatConfigs = header.seats.map((s) => this.engine.parseSeatConfig(s, this.config));
    for (const p of header.players) {
      const slot = this.state.seats[p.seat]!;
      slot.occupied = true;
      slot.connected = this.bots?.has(p.seat) ?? false;
      slot.playerId = p.playerId;
      slot.name = p.name;
      if (p.kind !== "bot") {
        this.seatKinds[p.seat] = p.kind ?? "guest";
        slot.you = true; // view-only, as at a join: each returning client sees it on its own slot alone
      }
    }
    this.game = rebuilt.game;
    this.steps = rebuilt.steps;
    this.abandoned = rebuilt.abandoned;
    this.startedAt = header.startedAt;
    this.turnClock = rebuilt.clock;
    this.journal?.continueFrom(journaled.entries.length, journaled.links);
    this.created = true;
    this.log.info({ steps: this.steps.length, entries: journaled.entries.length, from: journaled.owner }, "match resumed from the journal");
    this.beginPlay();
    if (rebuilt.outcome) {
      void this.finish(rebuilt.outcome);
      return;
    }
    const graceS = Math.max(1, this.services.settings.reconnectGraceS);
    for (const [seatKey, link] of Object.entries(journaled.links)) {
      const seat = Number(seatKey);
      if (this.bots?.has(seat) || this.abandoned.includes(seat)) continue;
      this.resumedSessions.set(link.sessionId, seat);
      this.seatSessions.set(seat, link.sessionId);
      restoreReconnection(this, link.sessionId, link.token, graceS);
    }
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
        void this.inTurn(async () => {
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

  // ---- casual seat reservations (rooms/reservationHold.ts) -----------------------------------

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
    if (this.ranked && this.state?.status === "playing" && context?.token) {
      // A ranked player coming back by room id (e.g. after the match moved to another process): their token names them.
      return verifyToken(this.services.ranked!.authenticate, context.token);
    }
    if (!this.ranked) return context?.token && this.services.identify ? verifyToken(this.services.identify, context.token) : true;
    return admitRankedClient(this.services.ranked!, this.ranked.players, client.auth, context?.token);
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
    let seat: number;
    let identity: { playerId: string; name: string; kind?: "guest" | "account" };
    if (this.ranked) {
      // Bound to the seat the matchmaker reserved for this player id; names come from the account.
      const playerId = (client.auth as RankedIdentity | undefined)?.playerId;
      seat = this.ranked.players.findIndex((p) => p.playerId === playerId);
      if (seat < 0) throw new RuleError("not_reserved", "you hold no seat in this ranked match");
      if (this.state.seats[seat].occupied || this.state.status !== "waiting" || this.ranked.closed) {
        throw new RuleError("seat_taken", "your seat in this ranked match is already taken or the match was called off");
      }
      identity = { playerId: this.ranked.players[seat].playerId, name: this.ranked.players[seat].username };
    } else {
      if (this.state.status !== "waiting") throw new RuleError("match_in_progress", "this match has started: join with { spectate: true } to watch it");
      seat = this.state.seats.findIndex((s) => !s.occupied);
      if (seat < 0) throw new RuleError("room_full", "every seat is taken");
      // With a bearer token the seat is that player's (their history lists the match); else a fresh guest id.
      const who = client.auth as RankedIdentity | undefined;
      identity = who?.playerId
        ? { playerId: who.playerId, name: who.guest ? guestDisplayName(who.username) : who.username, kind: who.guest ? "guest" : "account" }
        : { playerId: randomUUID(), name: opts.data.name ?? guestDisplayName(`Player ${seat + 1}`) };
    }
    // Validates the player's deck / set-up; a RuleError here refuses the join with its message.
    const seatConfig = this.engine.parseSeatConfig(opts.data.seat ?? {}, this.config);
    // The last seat: the whole table must be able to play together; if not, the join is refused untouched.
    const last = this.state.seats.every((s, i) => s.occupied || i === seat);
    const ready = last ? this.setUp(this.seatConfigs.map((c, i) => (i === seat ? seatConfig : c))) : null;
    const slot = this.state.seats[seat];
    slot.occupied = true;
    slot.connected = true;
    slot.you = true; // view-only: each client sees it on its own slot alone, in its very first state
    slot.playerId = identity.playerId;
    slot.name = identity.name;
    this.seatKinds[seat] = this.ranked ? "account" : (identity.kind ?? "guest");
    this.seatConfigs[seat] = seatConfig;
    (client as Client & { userData: ClientData }).userData = { seat };
    client.view = new StateView();
    client.view.add(slot);
    this.seatSessions.set(seat, client.sessionId);
    void this.journal?.link(seat, client.sessionId, client.reconnectionToken);
    this.log.info({ seat, player: slot.playerId, client: client.sessionId }, "seat taken");
    client.send("welcome", { seat, playerId: slot.playerId, matchId: this.matchId, seedHash: this.state.seedHash } satisfies WelcomeMessage);
    if (ready) this.start(ready);
    else this.publishListing();
  }

  /**
   * A player whose bearer token names a seat that is away takes it back by room id (the
   * authenticated re-join, beside the reconnection token): after a crash, a move to another
   * process, or a lost token. Whichever comes first wins; the other finds the seat taken.
   */
  private rejoin(client: Client): boolean {
    const playerId = (client.auth as RankedIdentity | undefined)?.playerId;
    if (!playerId) return false;
    const slot = this.state.seats.find((s) => s.playerId === playerId && !s.connected && !this.bots?.has(s.seat) && !this.abandoned.includes(s.seat));
    if (!slot) return false;
    slot.connected = true;
    (client as Client & { userData: ClientData }).userData = { seat: slot.seat };
    client.view = new StateView();
    client.view.add(slot);
    this.seatSessions.set(slot.seat, client.sessionId);
    void this.journal?.link(slot.seat, client.sessionId, client.reconnectionToken);
    this.log.info({ seat: slot.seat, player: playerId, client: client.sessionId }, "seat taken back by its player (re-join by room id)");
    client.send("welcome", { seat: slot.seat, playerId, matchId: this.matchId, seedHash: this.state.seedHash } satisfies WelcomeMessage);
    this.flush();
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
    (client as Client & { userData: ClientData }).userData = { spectator: true };
    client.view = new StateView();
    this.log.info({ client: client.sessionId, spectators: this.state.spectators }, "spectator joined");
    this.publishListing();
    this.flush();
  }

  override async onDrop(client: Client, code?: number): Promise<void> {
    const slot = this.slotOf(client);
    if (!slot || this.handedOver || code === CloseCode.SERVER_SHUTDOWN || code === CloseCode.WITH_ERROR) return;
    slot.connected = false;
    this.flush();
    this.log.info({ seat: slot.seat, code }, "seat dropped; waiting for reconnection");
    await this.allowReconnection(client, this.services.settings.reconnectGraceS);
  }

  override onReconnect(client: Client): void {
    const resumedSeat = this.resumedSessions.get(client.sessionId);
    if (resumedSeat !== undefined && (client.userData as ClientData | undefined)?.seat === undefined) {
      // Reconnected to a resumed room with the token of its previous process: the seat is known by session.
      (client as Client & { userData: ClientData }).userData = { seat: resumedSeat };
      client.view = new StateView();
      client.view.add(this.state.seats[resumedSeat]!);
    }
    const slot = this.slotOf(client);
    if (!slot) return;
    if (this.seatSessions.get(slot.seat) !== client.sessionId) {
      // The seat was taken back meanwhile by a re-join by room id: this late reconnection is refused.
      throw new ServerError(ErrorCode.MATCHMAKE_EXPIRED, "seat_taken: your seat was taken back by a re-join with your token");
    }
    void this.journal?.link(slot.seat, client.sessionId, client.reconnectionToken);
    slot.connected = true;
    this.flush();
    this.log.info({ seat: slot.seat }, "seat reconnected");
  }

  override onLeave(client: Client, code?: number): void {
    if ((client.userData as ClientData | undefined)?.spectator) {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
      this.publishListing();
      this.flush();
      return;
    }
    const slot = this.slotOf(client) ?? this.resumedSlot(client);
    if (!slot || this.handedOver) return;
    if (this.state.status !== "waiting" && this.seatSessions.get(slot.seat) !== client.sessionId) return; // a stale session: the seat came back another way
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
    this.flush();
    this.log.info({ seat: slot.seat, code, status: this.state.status }, "seat left");
    if (this.ranked && this.state.status === "playing" && !this.finished) this.abandon(slot.seat);
  }

  /** The seat of a resumed room's session whose reconnection window ran out (Colyseus passes only its sessionId). */
  private resumedSlot(client: Pick<Client, "sessionId">): SeatSlotState | undefined {
    const seat = this.resumedSessions.get(client.sessionId);
    return seat === undefined ? undefined : this.state.seats[seat];
  }

  override onDispose(): void {
    this.roomTimers.clearAll();
    this.services.durable?.rooms.delete(this);
    if (!this.created) return;
    this.clearTimers();
    this.bots?.stop();
    if (this.ranked && !this.handedOver) {
      this.callOffIfNotStarted(false);
      this.services.ranked!.ended(this.ranked.group, this.roomId);
    }
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
    this.turnClock = clock ? new TurnClock(clock, this.seatCount) : null;
    this.header = {
      game: this.engine.game,
      version: this.engine.version,
      mode: this.mode,
      config: this.config,
      seats: this.seatConfigs,
      seed: this.seed,
      seedHash: this.state.seedHash,
      startedAt: this.startedAt,
      players: this.state.seats.map((s) => ({ seat: s.seat, playerId: s.playerId, name: s.name, kind: this.bots?.has(s.seat) ? ("bot" as const) : (this.seatKinds[s.seat] ?? "guest") })),
      bots: [...(this.bots?.seats ?? [])],
      clock,
      ...(this.ranked ? { ranked: { group: this.ranked.group, players: this.ranked.players } } : {}),
    };
    // Nobody hears the match started before its header is durable (a crash right after the start
    // would otherwise lose a match the players saw begin); decisions queue behind it anyway.
    const begun = this.journal?.begin(this.roomId, this.roomName, this.header);
    if (begun) {
      this.holding++;
      void begun.finally(() => {
        this.holding--;
        this.flush();
      });
    }
    this.log.info({ seedHash: this.state.seedHash }, "match started");
    if (this.ranked) this.services.ranked!.started(this.ranked.group, this.roomId);
    this.beginPlay();
  }

  /** The match is on (started or resumed): spectators welcome, clocks running, state out. */
  private beginPlay(): void {
    if (this.turnClock) for (const slot of this.state.seats) slot.bank = this.turnClock.bankLeft(slot.seat, Date.now());
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
    this.scheduleTimers();
    this.flush();
  }

  private handleAct(client: Client, payload: unknown, ctx: { id: number | undefined; reject(r: unknown): unknown }) {
    const seat = this.slotOf(client)?.seat;
    const reject = (id: Rejection["id"], code: string, message: string) => {
      const rejection: Rejection = { id, code, message } satisfies RejectedMessage;
      this.log.debug({ seat, code, message }, "action rejected");
      if (ctx.id !== undefined) return ctx.reject(rejection);
      client.send("rejected", rejection);
      return undefined;
    };

    const size = byteLength(payload);
    if (size > this.services.settings.maxActionBytes) {
      return reject(null, RoomErrorCodes.payloadTooLarge, `act payload is ${size} bytes; the limit is ${this.services.settings.maxActionBytes}`);
    }
    const envelope = actEnvelope.safeParse(payload);
    if (!envelope.success) {
      return reject(null, RoomErrorCodes.badMessage, `act must be {id?, action}: ${envelope.error.issues[0]?.message}`);
    }
    const unsafe = unsafeTextIn(envelope.data);
    if (unsafe) return reject(null, RoomErrorCodes.badMessage, `act ${unsafe}`);
    const id = envelope.data.id ?? null;
    if (seat === undefined) return reject(id, RoomErrorCodes.wrongSeat, "you hold no seat in this room");
    if (envelope.data.seat !== undefined && envelope.data.seat !== seat) {
      return reject(id, RoomErrorCodes.wrongSeat, `you sit in seat ${seat}; you cannot act for seat ${envelope.data.seat}`);
    }
    // In turn behind any decision still being made durable: checked against the state it will meet.
    return this.inTurn(async () => {
      if (this.state.status === "waiting") return reject(id, RoomErrorCodes.notStarted, "the match has not started; seats are still filling");
      if (this.state.status === "finished" || this.finished) return reject(id, RoomErrorCodes.gameOver, "the match is over");
      if (this.handedOver) return reject(id, RoomErrorCodes.matchMoving, "the server is restarting: reconnect, and send it again to the resumed match");
      let action: unknown;
      try {
        action = this.engine.parseAction(envelope.data.action);
        if (!this.engine.actors(this.game).includes(seat)) {
          return reject(id, "not_your_turn", `seat ${seat} has no decision to make now`);
        }
        await this.commit(seat, action, false);
        return { id, ok: true, step: this.steps.length } satisfies ActReply;
      } catch (error) {
        if (error instanceof RuleError) return reject(id, error.code, error.message);
        this.log.error({ err: error, seat }, "engine failed on an action; state kept as it was");
        return reject(id, RoomErrorCodes.internal, "the server could not apply this action; the game state is unchanged");
      }
    });
  }

  /** Runs `task` after every decision queued before it (decisions apply one at a time, in order). */
  private inTurn<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.serial.then(task);
    this.serial = run.catch(() => {});
    return run;
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
    this.holding++;
    let outcome: Outcome | null;
    try {
      const durable = this.journal?.act(step, state);
      this.sync();
      outcome = this.engine.outcome(this.game);
      if (!outcome) this.scheduleTimers(); // deadlines go out in the same patch as the move
      await durable;
    } finally {
      this.holding--;
    }
    this.flush();
    this.sendEvents(events);
    if (outcome) void this.finish(outcome);
  }

  /** Projects the engine's views into the schema: public part for all, private part per seat. */
  private sync(): void {
    const actors = new Set(this.engine.actors(this.game));
    const viewers = [null, ...this.state.seats.map((s) => s.seat)];
    const views = this.engine.views ? this.engine.views(this.game, viewers) : viewers.map((v) => this.engine.view(this.game, v));
    this.binding.projectPublic(views[0], this.state.game);
    for (const slot of this.state.seats) {
      this.binding.projectPrivate(views[slot.seat + 1], slot.secret);
      const actions = actors.has(slot.seat) ? this.engine.legal(this.game, slot.seat) : [];
      const legal = JSON.stringify(actions);
      if (slot.legal !== legal) {
        slot.legal = legal;
        const describe = this.engine.describe;
        slot.labels = JSON.stringify(describe ? actions.map((a: unknown) => describe.call(this.engine, this.game, slot.seat, a)) : []);
      }
      if (slot.acting !== actors.has(slot.seat)) slot.acting = actors.has(slot.seat);
    }
    this.state.step = this.steps.length;
    if (!this.finished && !this.engine.outcome(this.game)) this.bots?.update(actors);
  }

  /** Sends pending patches now instead of at the next patch tick. */
  private flush(): void {
    if (this.holding > 0) return; // a decision is not durable yet: its patch waits for it (commit flushes)
    this.broadcastPatch();
  }

  private sendEvents(events: GameEvent[]): void {
    if (events.length === 0) return;
    const step = this.steps.length;
    for (const client of this.clients) {
      const seat = (client.userData as ClientData | undefined)?.seat ?? null;
      const visible = eventsFor(events, seat);
      if (visible.length > 0) client.send("events", { step, events: visible });
    }
  }

  // ---- turn clock ---------------------------------------------------------------------------

  /**
   * Brings the turn clock up to date with who acts now and (re)arms the timer of each seat
   * whose deadline moved. Deadlines follow public facts only (who acts, since when), never a
   * seat's private choices. The caller flushes.
   */
  private scheduleTimers(): void {
    const actors = new Set(this.engine.actors(this.game));
    const now = Date.now();
    const changed = new Set(this.turnClock?.update(actors, now) ?? []);
    // An actor without a timer: abandoned, or flagged and still owing a decision in this prompt.
    for (const seat of actors) if (!this.timers.has(seat) && (this.turnClock || this.abandoned.includes(seat))) changed.add(seat);
    for (const seat of changed) {
      this.timers.get(seat)?.cancel();
      this.timers.delete(seat);
      if (!actors.has(seat)) this.flaggedDefaults.delete(seat);
      const deadline = this.abandoned.includes(seat) ? (actors.has(seat) ? now + ABANDONED_MOVE_MS : 0) : (this.turnClock?.deadline(seat) ?? 0);
      const slot = this.state.seats[seat]!;
      slot.deadline = deadline;
      if (this.turnClock) slot.bank = this.turnClock.bankLeft(seat, now);
      if (deadline > 0) this.armTimer(seat, deadline - now);
    }
  }

  private armTimer(seat: Seat, inMs: number): void {
    const timer = this.later(Math.max(1, inMs), () => {
      if (this.timers.get(seat) === timer) this.timers.delete(seat);
      void this.inTurn(() => this.onTimeUp(seat));
    });
    this.timers.set(seat, timer);
  }

  /** The seat's time is up (or it abandoned the match): the engine's default decides for it. */
  private async onTimeUp(seat: Seat): Promise<void> {
    if (this.finished || this.handedOver || this.timers.has(seat)) return; // a newer timer took over meanwhile
    if (this.finished || !this.engine.actors(this.game).includes(seat)) return;
    const now = Date.now();
    const abandoned = this.abandoned.includes(seat);
    if (!abandoned && this.turnClock && !this.turnClock.expired(seat, now)) {
      this.armTimer(seat, this.turnClock.deadline(seat) - now); // the clock's timer fired early
      return;
    }
    const action = this.engine.timeoutAction(this.game, seat);
    if (action === null) return;
    const inARow = (this.flaggedDefaults.get(seat) ?? 0) + 1;
    this.flaggedDefaults.set(seat, inARow);
    if (!abandoned && this.turnClock) {
      this.turnClock.flag(seat, now);
      if (inARow > MAX_DEFAULTS_IN_A_ROW) {
        // An engine default that never ends the prompt: give the seat a fresh prompt rather than spin.
        this.log.error({ seat, inARow }, "the engine's timeout defaults do not end this seat's prompt; restarting its clock");
        this.turnClock.update(new Set(), now);
        this.flaggedDefaults.delete(seat);
      }
    }
    if (!abandoned) this.log.info({ seat, action }, "time is up; applying the engine's default");
    try {
      await this.commit(seat, action, true);
    } catch (error) {
      this.log.error({ err: error, seat }, "the engine's timeout default was rejected");
    }
  }

  private clearTimers(): void {
    for (const timer of this.timers.values()) timer.cancel();
    this.timers.clear();
  }

  // ---- finish ------------------------------------------------------------------------------

  private async finish(engineOutcome: Outcome | null): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    this.bots?.stop();
    const outcome = this.abandoned.length > 0 ? abandonedOutcome(this.seatCount, this.abandoned, engineOutcome) : engineOutcome!;
    this.clearTimers();
    const finalHash = stateHash(this.game);
    this.state.status = "finished";
    this.state.seed = this.seed; // revealed: anyone can now check sha256(seed) and re-run every shuffle
    syncOptionalChild(this.state, "result", outcome, () => new Result(), writeResult);
    for (const slot of this.state.seats) slot.deadline = 0;
    this.flush();
    void this.setMetadata({ ...this.metadata, status: "finished" });

    const record: FinishedMatch = finishedRecord(this.matchId, this.header!, this.steps, this.game, outcome, new Date());
    this.log.info({ outcome, steps: this.steps.length, finalHash }, "match finished");
    if (this.ranked) this.services.ranked!.ended(this.ranked.group, this.roomId);
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

  // ---- ranked: no-shows and abandonment ----------------------------------------------------

  /**
   * The join window closed (or the room is going away) before every reserved player joined:
   * no match is played; the matchmaker penalises the missing and requeues the others.
   */
  private callOffIfNotStarted(tellClients: boolean): void {
    if (!this.ranked || this.ranked.closed || this.state.status !== "waiting") return;
    this.ranked.closed = true;
    const missing = this.state.seats.filter((s) => !s.occupied).map((s) => this.ranked!.players[s.seat].playerId);
    this.log.info({ missing }, "ranked match called off: not every reserved player joined in time");
    this.services.ranked!.aborted(this.ranked.group, this.roomId, missing);
    if (tellClients) {
      this.broadcast("aborted", { reason: "no_show", missing } satisfies AbortedMessage);
      void this.disconnect(CloseCode.CONSENTED);
    }
  }

  /**
   * A ranked player left for good (consented leave, or the reconnection grace ran out): they
   * lose. With one player left the match ends now; otherwise it goes on and the abandoned
   * seat's decisions are the engine's defaults, applied at once.
   */
  private abandon(seat: Seat): void {
    if (this.abandoned.includes(seat)) return;
    this.abandoned.push(seat);
    void this.journal?.abandon(seat, Date.now() - this.startedAt);
    this.timers.get(seat)?.cancel();
    this.timers.delete(seat);
    this.state.seats[seat]!.deadline = 0;
    const remaining = this.state.seats.filter((s) => !this.abandoned.includes(s.seat));
    this.log.info({ seat, remaining: remaining.length }, "ranked seat abandoned: that player loses the match");
    if (remaining.length <= 1) {
      void this.finish(null);
      return;
    }
    this.scheduleTimers();
    this.flush();
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
    await this.inTurn(async () => {
      this.clearTimers();
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

  private slotOf(client: Client): SeatSlotState | undefined {
    const seat = (client.userData as ClientData | undefined)?.seat;
    return seat === undefined ? undefined : this.state.seats[seat];
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
