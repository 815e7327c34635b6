/**
 * The room as the pieces it wires together see it (rooms/GameRoom.ts): one RoomLink object per
 * room, and guarded(), which reports a failed lifecycle method the
 * way Colyseus' onUncaughtException would. All of it without closures per room, for the
 * heap per live match. They see the room through RoomCore (rooms/roomCore.ts).
 */
import { type Client, CloseCode, ServerError } from "@colyseus/core";
import { RuleError } from "../rules/core/errors.ts";
import { eventsFor, type GameEvent, type Outcome, type Seat } from "../rules/core/engine.ts";
import type { Logger } from "../match/log.ts";
import type { FinishedNotice, MatchRoom, MatchStatus } from "../match/matchRoom.ts";
import { coalesceFrames } from "./coalesceFrames.ts";
import type { FinishedMessage, StoredMessage } from "./messages.ts";
import { projectEnd, projectStops, projectViews } from "./projection.ts";
import type { RoomCore } from "./roomCore.ts";
import type { InboxHost } from "./inbox.ts";
import type { RankedRoom } from "./rankedMatch.ts";
import type { GameRoomState, SeatSlotState } from "./roomState.ts";
import type { TimerHandle } from "./roomTimers.ts";
import type { SeatSessionsHost } from "./seatSessions.ts";

/**
 * Runs a room's lifecycle method (or message handler) as Colyseus would with an
 * `onUncaughtException`: a failure, thrown or rejected, is reported to the room (`failed`), then
 * rethrown unless `swallow`. Colyseus' own wrapping costs ~2 KB of closures per room (one per
 * lifecycle method, bound at construction), hence no onUncaughtException here.
 */
export function guarded<T>(room: RoomCore, method: string, run: () => T, swallow = false): T {
  const fail = (error: unknown): T => {
    room.failed(error, method);
    if (!swallow) throw error;
    return undefined as T;
  };
  try {
    const result = run();
    return typeof (result as { catch?: unknown } | null)?.catch === "function" ? ((result as Promise<unknown>).catch(fail) as T) : result;
  } catch (error) {
    return fail(error);
  }
}

/**
 * Logs a failed lifecycle method or message handler (guarded): a refused create, auth or join
 * (bad options, broken set-up, no valid token) at debug, since the client is told why and could
 * otherwise make the server log a line per attempt; anything else as an error.
 */
export function reportFailure(log: Logger, error: unknown, method: string): void {
  if (error instanceof RuleError || error instanceof ServerError) {
    log.debug({ method, code: (error as { code?: unknown }).code, reason: error.message }, "request refused");
    return;
  }
  log.error({ err: error, method }, "uncaught exception in room");
}

/**
 * A room as its match (match/matchRoom.ts), seat sessions, ranked side, journal and inbox see
 * it: one small object per room whose methods live on its prototype. Object literals of arrow
 * functions cost ~310 bytes per function per room instead (tsx names each one, which turns the
 * function's properties into a dictionary); heap per live match.
 */
export class RoomLink implements MatchRoom, SeatSessionsHost, RankedRoom, InboxHost {
  constructor(private readonly room: RoomCore) {}

  roomId(): string {
    return this.room.roomId;
  }

  roomName(): string {
    return this.room.roomName;
  }

  state(): GameRoomState {
    return this.room.state;
  }

  log(): Logger {
    return this.room.log;
  }

  broadcastPatch(): void {
    this.room.broadcastPatch();
  }

  broadcast(type: string, message: unknown): void {
    this.room.broadcast(type, message);
  }

  // ---- the match's room (match/matchRoom.ts) ------------------------------------------------

  status(): MatchStatus {
    return this.room.state.status;
  }

  seats(): ArrayLike<SeatSlotState> & Iterable<SeatSlotState> {
    return this.room.state.seats;
  }

  project(game: unknown, step: number): ReadonlySet<Seat> {
    const actors = projectViews(this.room.binding, game, this.room.state);
    this.room.state.step = step;
    return actors;
  }

  showStops(seat: Seat, names: readonly string[]): void {
    projectStops(this.room.state, seat, names);
  }

  showEnd(outcome: Outcome, seed: string): void {
    projectEnd(this.room.state, outcome, seed);
  }

  batch(send: () => void): void {
    coalesceFrames(this.room.clients, send);
  }

  sendEvents(step: number, events: readonly GameEvent[]): void {
    if (events.length === 0) return;
    for (const client of this.room.clients) {
      const visible = eventsFor(events, this.room.sessions.seatOf(client));
      if (visible.length > 0) client.send("events", { step, events: visible });
    }
  }

  announceFinished(notice: FinishedNotice): void {
    this.room.broadcast("finished", notice satisfies FinishedMessage);
  }

  announceStored(matchId: string): void {
    this.room.broadcast("stored", { matchId } satisfies StoredMessage);
  }

  hasClients(): boolean {
    return this.room.clients.length > 0;
  }

  close(): void {
    void this.room.disconnect(CloseCode.CONSENTED);
  }

  listFinished(): void {
    void this.room.setMetadata({ ...this.room.metadata, status: "finished" });
    this.room.services.metrics?.matchEnded(this.room.engine.game, this.room.mode, "finished");
  }

  /** A request or frame of a client was refused with this code (the server's metrics). */
  refused(code: string): void {
    this.room.services.metrics?.refused(code);
  }

  later(ms: number, fn: () => void): TimerHandle {
    return this.room.later(ms, fn);
  }

  disconnect(code: number): Promise<unknown> {
    return this.room.disconnect(code);
  }

  /** Seat sessions: journals the seat's client and its current reconnection token. */
  link(seat: Seat, client: Client): void {
    void this.room.journal?.link(seat, client.sessionId, client.reconnectionToken);
  }

  /** Ranked: a seat left for good while the match goes on. */
  left(seat: Seat): void {
    this.room.match.left(seat);
  }

  /** Ranked: one player is left, the match ends now. */
  finish(): void {
    void this.room.match.finish(null);
  }

  /** Ranked: two or more players are left, the match goes on. */
  goOn(): void {
    this.room.match.goOn();
  }

  /** Inbox: a client disconnected for flooding; its address is penalised (returned, if known). */
  penalizeFlooder(client: Client): string | null {
    return this.room.services.penalizeFlooder?.(client.sessionId) ?? null;
  }
}
