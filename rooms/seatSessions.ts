/**
 * Which client session holds each seat: a join, the authenticated re-join by room id, a
 * reconnection (with a token of this process or, in a resumed room, of the previous one), a
 * leave, and spectators. Each seated client gets its own StateView holding its own slot, so it
 * alone sees that seat's private part.
 *
 * The seat's current session is the only one whose leave counts: a stale session's leave (an
 * old reconnection window running out after the seat came back another way) is ignored.
 */
import { type Client, ErrorCode, type Room, ServerError } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import type { Seat } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import { guestDisplayName } from "../match/names.ts";
import type { MatchHeader, SeatLinks } from "../match/journalTypes.ts";
import type { WelcomeMessage } from "./messages.ts";
import { restoreReconnection } from "./reconnections.ts";
import type { RankedIdentity } from "./roomServices.ts";
import type { GameRoomState, MatchStatus, SeatSlotState } from "./roomState.ts";

/** A seated client's seat, or a spectator: never both. */
type ClientData = { seat: Seat; spectator?: never } | { spectator: true; seat?: never };

/** Who sits in a seat people take, for the stored match (a casual seat with an account token is the account's). */
export type SeatKind = "guest" | "account";

/** A seated player's identity: a ranked seat's account, a casual seat's token holder, or a fresh guest. */
export interface SeatIdentity {
  playerId: string;
  name: string;
  kind?: SeatKind;
}

/** What the sessions need from their room. */
export interface SeatSessionsHost {
  state(): GameRoomState;
  /** Journals the seat's client and its current reconnection token (it changes at every (re)connection). */
  link(seat: Seat, client: Client): void;
}

type Seated = Client & { userData: ClientData };

export class SeatSessions {
  /** Resumed rooms: the seat of each session that may reconnect (null in a room that was not resumed). */
  private resumed: Map<string, Seat> | null = null;
  /** The session that holds each seat now: a stale session's leave (an old reconnection window) is ignored. */
  private readonly holders = new Map<Seat, string>();
  /** Who sits in each seat, for the stored match (bots' seats have none). */
  private readonly kinds: SeatKind[] = [];

  constructor(private readonly host: SeatSessionsHost) {}

  /** Who sits in the seat (a seat nobody took, or a bot's, counts as a guest's). */
  kind(seat: Seat): SeatKind {
    return this.kinds[seat] ?? "guest";
  }

  /** The session that holds the seat now (undefined: none). */
  holder(seat: Seat): string | undefined {
    return this.holders.get(seat);
  }

  /** The client's seat, if it holds one. */
  slotOf(client: Client): SeatSlotState | undefined {
    const seat = (client.userData as ClientData | undefined)?.seat;
    return seat === undefined ? undefined : this.host.state().seats[seat];
  }

  seatOf(client: Client): Seat | null {
    return (client.userData as ClientData | undefined)?.seat ?? null;
  }

  isSpectator(client: Client): boolean {
    return (client.userData as ClientData | undefined)?.spectator === true;
  }

  /** A spectator: no seat, no private part of any seat (an empty StateView); at most `max` at once. */
  watch(client: Client, max: number): void {
    const state = this.host.state();
    // Before the start every client place is a seat's: spectators come once every seat is taken
    // (the match then starts as soon as its header is durable).
    if (state.status === "waiting" && state.seats.some((s) => !s.occupied)) throw new RuleError("not_started", "this match has not started yet: watch it once every seat is taken");
    if (state.spectators >= max) {
      throw new RuleError("spectators_full", max === 0 ? "this server takes no spectators" : `this match already has ${max} spectators, the most it takes`);
    }
    state.spectators++;
    (client as Seated).userData = { spectator: true };
    client.view = new StateView();
  }

  /** Before the start a seat is simply freed for someone else (`keepPlayer`, ranked: only its own player may retake it). */
  free(slot: SeatSlotState, keepPlayer: boolean): void {
    slot.occupied = false;
    if (!keepPlayer) {
      slot.playerId = "";
      slot.name = "";
    }
  }

  /** The client sits in `slot` (a join): its view, its session, its journal link, its welcome. */
  sit(client: Client, slot: SeatSlotState, identity: SeatIdentity, kind: SeatKind): void {
    slot.occupied = true;
    slot.connected = true;
    slot.you = true; // view-only: each client sees it on its own slot alone, in its very first state
    slot.playerId = identity.playerId;
    slot.name = identity.name;
    this.kinds[slot.seat] = kind;
    this.take(client, slot);
  }

  /**
   * A player whose bearer token names a seat that is away takes it back by room id (the
   * authenticated re-join, beside the reconnection token): after a crash, a move to another
   * process, or a lost token. Whichever comes first wins; the other finds the seat taken.
   * `away` tells which seats may be taken back (not a bot's, not an abandoned one).
   */
  rejoin(client: Client, away: (seat: Seat) => boolean): SeatSlotState | null {
    const playerId = (client.auth as RankedIdentity | undefined)?.playerId;
    if (!playerId) return null;
    const slot = this.host.state().seats.find((s) => s.playerId === playerId && !s.connected && away(s.seat));
    if (!slot) return null;
    slot.connected = true;
    this.take(client, slot);
    return slot;
  }

  /**
   * A resumed room: each seat is its journaled player's again (`bot` seats connected already);
   * each returning client sees `you` on its own slot alone, as at a join.
   */
  resumeSeats(header: MatchHeader, bot: (seat: Seat) => boolean): void {
    for (const p of header.players) {
      const slot = this.host.state().seats[p.seat]!;
      slot.occupied = true;
      slot.connected = bot(p.seat);
      slot.playerId = p.playerId;
      slot.name = p.name;
      if (p.kind !== "bot") {
        this.kinds[p.seat] = p.kind ?? "guest";
        slot.you = true; // view-only, as at a join: each returning client sees it on its own slot alone
      }
    }
  }

  /**
   * A resumed room: each seat's client may reconnect with its previous process's token for
   * `graceS` seconds (rooms/reconnections.ts); `skip` seats take no reconnection (bots, abandoned ones).
   */
  restoreLinks(room: Room, links: SeatLinks, skip: (seat: Seat) => boolean, graceS: number): void {
    for (const [seatKey, link] of Object.entries(links)) {
      const seat = Number(seatKey);
      if (skip(seat)) continue;
      this.resumed ??= new Map();
      this.resumed.set(link.sessionId, seat);
      this.holders.set(seat, link.sessionId);
      restoreReconnection(room, link.sessionId, link.token, graceS);
    }
  }

  /**
   * A client reconnected. To a resumed room with the token of its previous process, its seat is
   * known by session. A late reconnection to a seat taken back meanwhile by a re-join by room id
   * is refused. Returns the seat, or undefined for a spectator.
   */
  reconnected(client: Client): SeatSlotState | undefined {
    const resumedSeat = this.resumed?.get(client.sessionId);
    if (resumedSeat !== undefined && (client.userData as ClientData | undefined)?.seat === undefined) {
      // Reconnected to a resumed room with the token of its previous process: the seat is known by session.
      (client as Seated).userData = { seat: resumedSeat };
      client.view = new StateView();
      client.view.add(this.host.state().seats[resumedSeat]!);
    }
    const slot = this.slotOf(client);
    if (!slot) return undefined;
    if (this.holders.get(slot.seat) !== client.sessionId) {
      // The seat was taken back meanwhile by a re-join by room id: this late reconnection is refused.
      throw new ServerError(ErrorCode.MATCHMAKE_EXPIRED, "seat_taken: your seat was taken back by a re-join with your token");
    }
    this.host.link(slot.seat, client);
    return slot;
  }

  /**
   * The seat a leaving client held, unless its leave no longer counts: a stale session's once the
   * match is on (the seat came back another way). A resumed room's session whose reconnection
   * window ran out comes with its sessionId only.
   */
  leaving(client: Client, status: MatchStatus): SeatSlotState | undefined {
    const slot = this.slotOf(client) ?? this.resumedSlot(client);
    if (!slot) return undefined;
    if (status !== "waiting" && this.holders.get(slot.seat) !== client.sessionId) return undefined; // a stale session: the seat came back another way
    return slot;
  }

  /** The seat of a resumed room's session whose reconnection window ran out (Colyseus passes only its sessionId). */
  private resumedSlot(client: Pick<Client, "sessionId">): SeatSlotState | undefined {
    const seat = this.resumed?.get(client.sessionId);
    return seat === undefined ? undefined : this.host.state().seats[seat];
  }

  private take(client: Client, slot: SeatSlotState): void {
    (client as Seated).userData = { seat: slot.seat };
    client.view = new StateView();
    client.view.add(slot);
    this.holders.set(slot.seat, client.sessionId);
    this.host.link(slot.seat, client);
  }

  /** Tells the client its seat (after the room logged it). */
  welcome(client: Client, slot: SeatSlotState): void {
    const { matchId, seedHash } = this.host.state();
    client.send("welcome", { seat: slot.seat, playerId: slot.playerId, matchId, seedHash } satisfies WelcomeMessage);
  }
}

/**
 * The first free seat of a casual room, for this client: with a bearer token the seat is that
 * player's (their history lists the match); else a fresh guest id.
 */
export function casualSeat(client: Client, state: GameRoomState, name: string | undefined, freshId: () => string): { seat: Seat; identity: SeatIdentity } {
  if (state.status !== "waiting") throw new RuleError("match_in_progress", "this match has started: join with { spectate: true } to watch it");
  const who = client.auth as (RankedIdentity & { seat?: Seat }) | undefined;
  // A rematch reservation names the seat its player had (rooms/rematch.ts).
  const kept = typeof who?.seat === "number" && state.seats[who.seat] && !state.seats[who.seat]!.occupied ? who.seat : -1;
  const seat = kept >= 0 ? kept : state.seats.findIndex((s) => !s.occupied);
  if (seat < 0) throw new RuleError("room_full", "every seat is taken");
  const identity: SeatIdentity = who?.playerId
    ? { playerId: who.playerId, name: who.guest ? guestDisplayName(who.username) : who.username, kind: who.guest ? "guest" : "account" }
    : { playerId: freshId(), name: name ?? guestDisplayName(`Player ${seat + 1}`) };
  return { seat, identity };
}
