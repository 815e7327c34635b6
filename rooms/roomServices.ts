/**
 * What a game room gets from the server that runs it (one set per server instance, no
 * globals), and what ranked rooms need from the matchmaker.
 */
import type { Logger } from "../server/log.ts";
import type { FinishedMatch } from "../server/store/matches.ts";
import type { InboxSettings } from "./inbox.ts";
import type { BotPace } from "./seatBots.ts";

/** What the server hands every room: no globals, one set per server instance. */
export interface RoomServices {
  log: Logger;
  /** Stores a finished match; resolves once stored (retries on its own while the database is down). */
  submitMatch(match: FinishedMatch): Promise<void>;
  settings: {
    /** Base time of each prompt (ms; 0: no turn clock). */
    promptTimeoutMs: number;
    /** Each seat's time bank for the match (ms), drained once a prompt's base is spent. */
    turnBankMs: number;
    reconnectGraceS: number;
    disposeDelayMs: number;
    maxActionBytes: number;
    /** Per-client message limits (rooms/inbox.ts). */
    inbox: InboxSettings;
    /** Casual rooms: how long an unconsumed seat reservation keeps its seat from other joiners (ms). */
    reservationHoldMs: number;
    /** Spectators one match may have at once (0: none). */
    maxSpectators: number;
    /** How long a server-side bot takes to decide (a uniform draw in this range). */
    botThinkMs: BotPace;
  };
  /**
   * Verifies the bearer token a client may bring to a casual room (guest or account), so its
   * seat carries that player's id and name; throws an error with a `code` when it is not valid.
   */
  identify?(token: string): Promise<RankedIdentity>;
  /** Ranked play (set when the server runs the matchmaker); absent: ranked rooms are refused. */
  ranked?: RankedRoomHooks;
  /** A client was disconnected for flooding: the front door keeps its address out for a while. Returns the address, if known. */
  penalizeFlooder?(sessionId: string): string | null;
}

/** Who a bearer token says the client is. */
export interface RankedIdentity {
  playerId: string;
  username: string;
  guest: boolean;
}

/** What a ranked room needs from the matchmaker (server/matchmaking/service.ts). */
export interface RankedRoomHooks {
  /** Secret the matchmaker puts in a ranked room's create options: clients cannot create ranked rooms. */
  ticket: string;
  /** How long the reserved players have to join before the match is called off. */
  joinTimeoutMs: number;
  /** Verifies a bearer token; throws (an error with a `code`: invalid_token, expired_token) when it is not valid. */
  authenticate(token: string): Promise<RankedIdentity>;
  /** Every reserved player has joined: the match starts. */
  started(group: number, roomId: string): void;
  /** Not every reserved player joined in time: `missing` are the player ids who did not; no match is played. */
  aborted(group: number, roomId: string, missing: string[]): void;
  /** The match is over (or its room is gone): its players are free to queue again. */
  ended(group: number, roomId: string): void;
}
