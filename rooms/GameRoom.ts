/**
 * One generic adapter from any rules engine to a Colyseus room: the Colyseus lifecycle, wired
 * to the pieces that do the work (docs/architecture.md):
 *
 *   roomSetup, roomEntry        the room's plan and first state; who may come in
 *   seatSessions, rankedMatch   who holds each seat; a ranked room's players, call-off, abandons
 *   seatDepartures              a seat's connection dropping, coming back, or leaving
 *   roomRequests, actRequests   the `act`, `stops` and `rematch` messages, checked as they arrive
 *   match/liveMatch.ts          the match itself, no Colyseus; roomLink is its room (match/matchRoom.ts)
 *   roomListing, roomShutdown   the lobby's listing; a graceful hand-over and the disposal
 *
 *   botFill.ts                  casual rooms: bots take the seats still empty after a wait (`fillBotsAfterMs`)
 *
 * The room never interprets game rules itself; it only routes decisions to the engine.
 */
import { randomUUID } from "node:crypto";
import { Room, type Client, ErrorCode, ServerError } from "@colyseus/core";
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import type { ReplayStep } from "../rules/core/replay.ts";
import type { Logger } from "../match/log.ts";
import type { JournaledMatch } from "../match/journalTypes.ts";
import type { RoomBinding } from "./binding.ts";
import { installInbox, type Inbox } from "./inbox.ts";
import { parseJoinOptions } from "./roomInput.ts";
import type { RoomServices } from "./roomServices.ts";
import type { ReservationHold } from "./reservationHold.ts";
import type { GameRoomState } from "./roomState.ts";
import { type BotHost, normalDecider, SeatBots, setUpWithBots } from "../match/seatBots.ts";
import type { BotLevel } from "../rules/core/botMatch.ts";
import { quiet, RoomTimers } from "./roomTimers.ts";
import { RoomJournal } from "../match/matchJournal.ts";
import type { RebuiltMatch } from "../match/resume.ts";
import { casualSeat, SeatSessions } from "./seatSessions.ts";
import { RankedMatch } from "./rankedMatch.ts";
import { newRoomState, planNewRoom, planResumedRoom, sitBot, type RoomPlan } from "./roomSetup.ts";
import { BotFill } from "./botFill.ts";
import { LiveMatch } from "../match/liveMatch.ts";
import type { RoomCore } from "./roomCore.ts";
import { guarded, reportFailure, RoomLink } from "./roomLink.ts";
import { listingOf, listPlaying, publishListing } from "./roomListing.ts";
import { disposeMatch, handOverRoom } from "./roomShutdown.ts";
import { authorize, openEntry, reachedMaxClients } from "./roomEntry.ts";
import { HANDLED, MESSAGES } from "./roomRequests.ts";
import { shareEncoding } from "./sharedEncoding.ts";
import { continueRefIds } from "./resumedRefIds.ts";
import { abortMatch, removePlayer, roomSummary, seatRemoved } from "./roomModeration.ts";
import { dropSeat, leaveSeat, reconnectSeat } from "./seatDepartures.ts";
import type { LiveRoomSummary } from "./roomServices.ts";

export abstract class GameRoom extends Room<{ state: GameRoomState }> implements RoomCore {
  abstract readonly binding: RoomBinding;
  abstract readonly services: RoomServices;

  engine!: AnyEngine;
  /** The fields of this room's log lines (null until onCreate set it up: the server's logger then). */
  private logContext: { room: string; match: string; game: string } | null = null;
  mode: "casual" | "ranked" = "casual";
  config: unknown;
  private seatCount = 0;
  seatConfigs: unknown[] = [];
  private seed = "";
  /** False until onCreate succeeded: a refused create still gets onDispose, with nothing to clean up. */
  created = false;
  private inbox!: Inbox;
  /** Casual rooms: unconsumed seat reservations keep their seat only briefly. */
  private reservationHold: ReservationHold | null = null;
  /** Ranked mode: the reserved players, the call-off, the seats abandoned (rooms/rankedMatch.ts). */
  ranked: RankedMatch | null = null;
  /** Casual rooms created with `bots`: the server-side bots in the last seats. */
  bots: SeatBots | null = null;
  /** Casual rooms created with `fillBotsAfterMs`: bots take the seats still empty after a while (rooms/botFill.ts). */
  private botFill: BotFill | null = null;
  /** Every timeout the room sets (the turn clock, bots, the join window, the dispose delay). */
  private readonly roomTimers = new RoomTimers();
  /** Seats people can take (all but the bots'). */
  humanSeats = 0;
  /** The live-match journal of this room (null: the server keeps none). */
  journal: RoomJournal | null = null;
  /** The match played here: its state, decisions, clocks and end (match/liveMatch.ts). Set by onCreate. */
  match!: LiveMatch;
  /** What the room's match, seat sessions, ranked side and inbox call back (one object, no closures per room). */
  readonly link: RoomLink = new RoomLink(this);
  /** Which session holds each seat (rooms/seatSessions.ts). */
  readonly sessions: SeatSessions = new SeatSessions(this.link);
  /** Players an admin took out of this match: they may not come back (rooms/roomModeration.ts). */
  removed: Set<string> | null = null;
  /** The rematch's room id once it is created ("starting" meanwhile; rooms/rematch.ts). */
  rematchRoom: string | "starting" | "closed" | null = null;

  override messages = MESSAGES;

  override onCreate(options: unknown): void {
    guarded(this, "onCreate", () => {
      try {
        this.create(options);
      } catch (error) {
        // A numeric code: Colyseus answers a string code with HTTP 200, which the SDK takes for a seat.
        if (error instanceof RuleError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
        throw error;
      }
    });
  }

  private create(options: unknown): void {
    this.engine = this.binding.engine;
    const resumed = this.services.durable?.takeResume(options);
    if (resumed) {
      this.resume(resumed.match, resumed.rebuilt);
      return;
    }
    const plan = planNewRoom(this.engine, options, this.services.ranked);
    this.setUpRoom(plan);
    this.reservationHold = openEntry(this);
    if (plan.fill && !this.ranked) this.botFill = new BotFill(plan.fill, this);
    this.created = true;
    this.log.info({ seats: this.seatCount, mode: this.mode, bots: plan.botCount, fillBotsAfterMs: plan.fill?.afterMs }, "room created");
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
    this.inbox = installInbox(this, { settings: this.services.settings.inbox, handled: HANDLED, host: this.link });
    quiet(this); // patches are flushed right after each applied action; no per-room 60 Hz ticker
    this.seed = room.seed;
    this.logContext = { room: this.roomId, match: room.matchId, game: this.engine.game };
    const durable = this.services.durable;
    if (durable) {
      this.journal = new RoomJournal(durable.journal, room.matchId, durable.checkpointEvery, this.link);
      durable.rooms.add(this);
    }
    this.services.moderation?.add(this);

    const { state, bots } = newRoomState(this.binding, room, this.seatCount);
    this.state = state;
    shareEncoding(this); // one handshake and one pair of encode buffers for every room (rooms/sharedEncoding.ts)
    if (bots.size > 0 || room.fill) this.seatBots(bots, room.botLevels);
    // `mode`, `configKey` and `fillBotsAfterMs` are what joinOrCreate filters by (server/app.ts): keep them in the metadata.
    const fill = room.fill ? { fillBotsAfterMs: room.fill.afterMs } : {};
    this.metadata = { game: this.engine.game, mode: this.mode, configKey: room.configKey, ...fill, seats: this.seatCount, status: "waiting", ...listingOf(this) };
    const { engine, services, mode, config, seatCount, seed, journal, ranked } = this;
    this.match = new LiveMatch({ engine, services, mode, config, seatCount, seed, seedHash: state.seedHash, matchId: room.matchId, journal, ranked, bots: this.bots }, this.link);
  }

  /** The ranked side of this room (rooms/rankedMatch.ts), wired to it. */
  private rankedMatch(ranked: NonNullable<RoomPlan["ranked"]>): RankedMatch {
    return new RankedMatch(ranked.group, ranked.players, this.services.ranked!, this.link);
  }

  /**
   * The room's logger: the server's, with this room's fields. A pino child is made per line
   * rather than kept per room (~1.2 KB each); a room logs a handful of lines.
   */
  get log(): Logger {
    return this.logContext ? this.services.log.child(this.logContext) : this.services.log;
  }

  /**
   * Rebuilds a journaled match whose process died or stopped (server/journal/resumer.ts): the
   * engine replays it, the seats are its players', each seat's client may reconnect with its
   * reconnection token for RECONNECT_GRACE_S, and the clocks go on from the time they had left.
   */
  private resume(journaled: JournaledMatch, rebuilt: RebuiltMatch): void {
    const { header } = journaled;
    this.setUpRoom(planResumedRoom(this.engine, journaled.matchId, header));
    continueRefIds(this, header.startedAt, Date.now()); // reconnecting clients reconcile their state by refId
    this.seatConfigs = header.seats.map((s) => this.engine.parseSeatConfig(s, this.config));
    this.sessions.resumeSeats(header, (seat) => this.bots?.has(seat) ?? false);
    this.match.resume(journaled, rebuilt);
    this.created = true;
    this.log.info({ steps: this.match.stepCount, entries: journaled.entries.length, from: journaled.owner }, "match resumed from the journal");
    this.beginPlay();
    if (rebuilt.outcome) {
      void this.match.finish(rebuilt.outcome);
      return;
    }
    const graceS = Math.max(1, this.services.settings.reconnectGraceS);
    this.sessions.restoreLinks(this, journaled.links, (seat) => (this.bots?.has(seat) ?? false) || this.match.abandoned(seat), graceS);
  }

  /** The initial state for these set-ups, the bots' chosen so the table is valid (seatBots.ts). */
  private setUp(seatConfigs: readonly unknown[]): { game: unknown; seatConfigs: unknown[] } {
    return setUpWithBots(this.engine, this.config, this.seed, seatConfigs, this.bots?.seats ?? new Set(), Math.random);
  }

  /** The server-side bots in these seats (their set-ups are chosen at the start: setUp()). */
  private seatBots(seats: ReadonlySet<Seat>, levels: readonly BotLevel[]): void {
    const bySeat = new Map([...seats].sort((a, b) => a - b).map((seat, i) => [seat, levels[i] ?? "easy"] as const));
    const host: BotHost = {
      later: (fn, ms) => this.later(ms, fn),
      act: (seat, choose) => this.match.botAct(seat, choose),
      random: Math.random,
      decide: normalDecider(this.engine, this.binding.bot, this.services.bots, () => this.match.game, Math.random),
      chose: (level, how) => this.services.metrics?.botDecided(this.engine.game, level, how),
    };
    this.bots = new SeatBots(seats, this.services.settings.botThinkMs, host, bySeat);
  }

  /** Bots of `level` take these empty seats and the match starts (rooms/botFill.ts); a RuleError leaves the room untouched. */
  fillSeats(seats: readonly Seat[], level: BotLevel): void {
    const ready = setUpWithBots(this.engine, this.config, this.seed, this.seatConfigs, new Set([...this.bots!.seats, ...seats]), Math.random);
    for (const seat of seats) {
      this.bots!.add(seat, level);
      sitBot(this.state.seats[seat]!, level);
    }
    this.maxClients = this.humanSeats -= seats.length;
    this.start(ready);
  }

  /** Seat reservations not yet used while the room waits (rooms/botFill.ts). */
  arriving(): number {
    return this.reservationHold?.fresh(Date.now()) ?? 0;
  }

  // ---- seats: join, re-join, reconnect, leave (rooms/seatSessions.ts) ------------------------

  /** Whether Colyseus should refuse further seat reservations (rooms/roomEntry.ts). */
  override hasReachedMaxClients(): boolean {
    return reachedMaxClients(this, this.reservationHold, () => super.hasReachedMaxClients());
  }

  /** Who may come in: rooms/roomEntry.ts. */
  override onAuth(client: Client, options: unknown, context: { token?: string | null }): Promise<unknown> {
    return guarded(this, "onAuth", () => authorize(this, client, options, context?.token));
  }

  override onJoin(client: Client, options: unknown): void {
    guarded(this, "onJoin", () => {
      try {
        this.join(client, options);
      } catch (error) {
        // The client sees "<code>: <message>", as for a refused create.
        if (error instanceof RuleError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
        throw error;
      }
    });
  }

  private join(client: Client, options: unknown): void {
    const opts = parseJoinOptions(this.engine, options);
    if (opts.spectate) {
      this.watch(client);
      return;
    }
    if (this.state.status === "playing" && this.rejoin(client)) return;
    // Ranked: bound to the seat the matchmaker reserved for this player id. Casual: the first free seat.
    const { seat, identity } = this.ranked ? this.ranked.claim(client) : casualSeat(client, this.state, opts.name, randomUUID);
    // Validates the player's deck / set-up; a RuleError here refuses the join with its message.
    const seatConfig = this.engine.parseSeatConfig(opts.seat ?? {}, this.config);
    // The last seat: the whole table must be able to play together; if not, the join is refused untouched.
    const last = this.state.seats.every((s, i) => s.occupied || i === seat);
    const ready = last ? this.setUp(this.seatConfigs.map((c, i) => (i === seat ? seatConfig : c))) : null;
    const slot = this.state.seats[seat]!;
    this.seatConfigs[seat] = seatConfig;
    this.sessions.sit(client, slot, identity, this.ranked ? "account" : (identity.kind ?? "guest"));
    this.log.info({ seat, player: slot.playerId, client: client.sessionId }, "seat taken");
    this.sessions.welcome(client, slot);
    if (opts.stops) void this.match.setStops(seat, opts.stops);
    if (ready) this.start(ready);
    else publishListing(this);
    this.botFill?.update();
  }

  /** The authenticated re-join by room id: a player whose bearer token names a seat that is away takes it back. */
  private rejoin(client: Client): boolean {
    const slot = this.sessions.rejoin(client, (seat) => !this.bots?.has(seat) && !this.match.abandoned(seat) && !seatRemoved(this, seat));
    if (!slot) return false;
    this.log.info({ seat: slot.seat, player: slot.playerId, client: client.sessionId }, "seat taken back by its player (re-join by room id)");
    this.sessions.welcome(client, slot);
    this.match.flush();
    return true;
  }

  /** A spectator: no seat, no private part of any seat (an empty StateView), public events only. */
  private watch(client: Client): void {
    this.sessions.watch(client, this.services.settings.maxSpectators);
    this.log.info({ client: client.sessionId, spectators: this.state.spectators }, "spectator joined");
    publishListing(this);
    this.match.flush();
  }

  override onDrop(client: Client, code?: number): Promise<void> {
    return guarded(this, "onDrop", () => this.drop(client, code));
  }

  private drop(client: Client, code?: number): Promise<void> {
    return dropSeat(this, client, code, (c) => this.inbox.expelled(c));
  }

  override onReconnect(client: Client): void {
    guarded(this, "onReconnect", () => this.reconnect(client));
  }

  private reconnect(client: Client): void {
    reconnectSeat(this, client);
  }

  override onLeave(client: Client, code?: number): void {
    guarded(this, "onLeave", () => this.leave(client, code));
  }

  private leave(client: Client, code?: number): void {
    leaveSeat(this, client, code, (seat) => {
      this.seatConfigs[seat] = undefined;
      publishListing(this);
      this.botFill?.update();
    });
  }

  override onDispose(): void {
    guarded(this, "onDispose", () => this.dispose(), true);
  }

  private dispose(): void {
    this.roomTimers.clearAll();
    this.services.durable?.rooms.delete(this);
    this.services.moderation?.delete(this);
    disposeMatch(this);
  }

  /**
   * A lifecycle method or the `act` handler failed (see guarded() below: what Colyseus'
   * onUncaughtException would be told, without its closures per room).
   */
  failed(error: unknown, method: string): void {
    reportFailure(this.log, error, method);
  }

  // ---- game flow ---------------------------------------------------------------------------

  private start(ready: { game: unknown; seatConfigs: unknown[] }): void {
    this.seatConfigs = ready.seatConfigs;
    const players = this.state.seats.map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      name: s.name,
      kind: this.bots?.has(s.seat) ? ("bot" as const) : this.sessions.kind(s.seat),
      ...(this.bots?.has(s.seat) ? { level: this.bots.level(s.seat) } : {}),
    }));
    this.match.start(ready, players);
    this.services.metrics?.matchStarted(this.engine.game, this.mode);
    this.beginPlay();
  }

  /** The match is on (started or resumed) as soon as its header is durable (LiveMatch.play). */
  private beginPlay(): void {
    void this.match.play(() => listPlaying(this));
  }

  // ---- the admin API (rooms/roomModeration.ts; reached by room id from any process) -------

  adminSummary(): LiveRoomSummary {
    return roomSummary(this);
  }

  adminRemove(playerId: string, reason: string): boolean {
    return removePlayer(this, playerId, reason);
  }

  adminAbort(reason: string): Promise<boolean> {
    return abortMatch(this, reason);
  }

  /** The authoritative game state and its decisions (the tests read them off the room: test/support/botMatch.ts). */
  private get game(): unknown {
    return this.match?.game ?? null;
  }

  private get steps(): readonly ReplayStep[] {
    return this.match?.steps ?? [];
  }

  /** A graceful stop (a deploy): the match is handed over (rooms/roomShutdown.ts). */
  handOver(timeLeft: Promise<void>): Promise<boolean> {
    return handOverRoom(this, timeLeft);
  }

  /** Runs `fn` after `ms` on the room's timers (rooms/roomTimers.ts); a throw is logged, not fatal. */
  later(ms: number, fn: () => void) {
    return this.roomTimers.after(ms, fn, (error) => this.log.error({ err: error }, "room timer failed"));
  }
}

/** Makes a concrete room class for one game, bound to one server's services. */
export function defineGameRoom(binding: RoomBinding, services: RoomServices): typeof GameRoom & (new () => GameRoom) {
  class BoundGameRoom extends GameRoom {
    override readonly binding = binding;
    override readonly services = services;
  }
  Object.defineProperty(BoundGameRoom, "name", { value: `${binding.engine.game}Room` });
  return BoundGameRoom as never;
}
