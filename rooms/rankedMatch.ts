/**
 * A ranked room's match with the matchmaker: the reserved players by seat, who may take a seat
 * (rooms/rankedSeats.ts), the call-off when not everyone joined in time, and the seats whose
 * player left for good. Casual rooms have none of this: their room holds no RankedMatch.
 */
import { CloseCode, type Client } from "@colyseus/core";
import type { Outcome, Seat } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import type { Logger } from "../match/log.ts";
import type { AbortedMessage } from "./messages.ts";
import { abandonedOutcome } from "../match/abandoned.ts";
import { admitRankedClient, verifyToken, type RankedSeat } from "./rankedSeats.ts";
import type { RankedIdentity, RankedRoomHooks } from "./roomServices.ts";
import type { GameRoomState } from "./roomState.ts";
import type { SeatIdentity } from "./seatSessions.ts";

/** What a ranked match needs from its room. */
export interface RankedRoom {
  roomId(): string;
  state(): GameRoomState;
  log(): Logger;
  broadcast(type: "aborted", message: AbortedMessage): unknown;
  disconnect(code: number): Promise<unknown>;
  /** A seat left for good while the match goes on: journal it, drop its timer. */
  left(seat: Seat): void;
  /** One player is left: the match ends now. */
  finish(): void;
  /** Two or more players are left: the match goes on, the leaver's decisions being defaults. */
  goOn(): void;
}

export class RankedMatch {
  /** Set once the match is called off: no seat can be taken any more. */
  private closed = false;
  /** Seats whose player left the match for good, in leaving order. */
  private readonly left: Seat[] = [];

  constructor(
    /** The matchmaker's group id. */
    readonly group: number,
    /** The reserved players by seat. */
    readonly players: readonly RankedSeat[],
    private readonly hooks: RankedRoomHooks,
    private readonly room: RankedRoom,
  ) {}

  /** Seats whose player left the match for good, in leaving order. */
  get abandoned(): readonly Seat[] {
    return this.left;
  }

  hasLeft(seat: Seat): boolean {
    return this.left.includes(seat);
  }

  /** A resumed match: the seats its journal says were abandoned. */
  restoreAbandoned(seats: readonly Seat[]): void {
    this.left.splice(0, this.left.length, ...seats);
  }

  /**
   * Only a client that holds the matchmaker's seat reservation (whose auth data names the
   * player) AND presents a valid, unexpired bearer token for that same player, not a guest.
   */
  admit(client: Client, token: string | null | undefined): Promise<unknown> {
    if (this.room.state()?.status === "playing" && token) {
      // A ranked player coming back by room id (e.g. after the match moved to another process): their token names them.
      return verifyToken(this.hooks.authenticate, token);
    }
    return admitRankedClient(this.hooks, this.players, client.auth, token);
  }

  /** The seat the matchmaker reserved for this client's player id; names come from the account. */
  claim(client: Client): { seat: Seat; identity: SeatIdentity } {
    const playerId = (client.auth as RankedIdentity | undefined)?.playerId;
    const seat = this.players.findIndex((p) => p.playerId === playerId);
    if (seat < 0) throw new RuleError("not_reserved", "you hold no seat in this ranked match");
    if (this.room.state().seats[seat]!.occupied || this.room.state().status !== "waiting" || this.closed) {
      throw new RuleError("seat_taken", "your seat in this ranked match is already taken or the match was called off");
    }
    return { seat, identity: { playerId: this.players[seat]!.playerId, name: this.players[seat]!.username } };
  }

  /** Every reserved player has joined. */
  started(): void {
    this.hooks.started(this.group, this.room.roomId());
  }

  /** The match is over: its players are free to queue again. */
  ended(): void {
    this.hooks.ended(this.group, this.room.roomId());
  }

  /** The room goes away (not handed over): a match not started is called off, and its players are free. */
  disposed(): void {
    this.callOffIfNotStarted(false);
    this.ended();
  }

  /** The engine's outcome, or, when players left, the ranking with the leavers last. */
  outcome(seatCount: number, engineOutcome: Outcome | null): Outcome | null {
    return this.left.length > 0 ? abandonedOutcome(seatCount, this.left, engineOutcome) : engineOutcome;
  }

  /**
   * The join window closed (or the room is going away) before every reserved player joined:
   * no match is played; the matchmaker penalises the missing and requeues the others.
   */
  callOffIfNotStarted(tellClients: boolean): void {
    if (this.closed || this.room.state().status !== "waiting") return;
    const missing = this.room
      .state()
      .seats.filter((s) => !s.occupied)
      .map((s) => this.players[s.seat]!.playerId);
    if (missing.length === 0) return; // everyone came: the match starts once its header is durable
    this.closed = true;
    this.room.log().info({ missing }, "ranked match called off: not every reserved player joined in time");
    this.hooks.aborted(this.group, this.room.roomId(), missing);
    if (tellClients) {
      this.room.broadcast("aborted", { reason: "no_show", missing } satisfies AbortedMessage);
      void this.room.disconnect(CloseCode.CONSENTED);
    }
  }

  /**
   * A ranked player left for good (consented leave, or the reconnection grace ran out): they
   * lose. With one player left the match ends now; otherwise it goes on and the abandoned
   * seat's decisions are the engine's defaults, applied at once.
   */
  abandon(seat: Seat): void {
    if (this.left.includes(seat)) return;
    this.left.push(seat);
    this.room.left(seat);
    const remaining = this.room.state().seats.filter((s) => !this.left.includes(s.seat));
    this.room.log().info({ seat, remaining: remaining.length }, "ranked seat abandoned: that player loses the match");
    if (remaining.length <= 1) {
      this.room.finish();
      return;
    }
    this.room.goOn();
  }
}
