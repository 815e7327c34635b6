/**
 * What a live match (match/liveMatch.ts) needs from the room that plays it, and how that room
 * set it up: the port between the match and its transport. The Colyseus room implements it
 * (rooms/roomLink.ts), projecting into schema state and sending to its clients; the match knows
 * no Colyseus, no schema and no client.
 */
import type { AnyEngine, GameEvent, Outcome, Seat } from "../rules/core/engine.ts";
import type { FinishedMatch } from "./finishedMatch.ts";
import type { Logger } from "./log.ts";
import type { RoomJournal } from "./matchJournal.ts";
import type { ClockSlot, TimerHandle } from "./promptTimers.ts";
import type { SeatBots } from "./seatBots.ts";

/** Where a room's match stands: seats filling, on, over. */
export type MatchStatus = "waiting" | "playing" | "finished";

/** Rejection codes the match itself gives (the room adds its own: rooms/roomInput.ts RoomErrorCodes). */
export const MatchErrorCodes = {
  notStarted: "not_started",
  gameOver: "game_over",
  matchMoving: "match_moving",
  internal: "internal_error",
} as const;

/** A request's id as its client sent it (null: none). */
export type RequestId = string | number | null;

/** Refuses a request: how the room tells the client (rooms/actRequests.ts rejecter). */
export type Reject = (id: RequestId, code: string, message: string) => unknown;

/** What every client is told when the match is over. */
export interface FinishedNotice {
  matchId: string;
  outcome: Outcome;
  seed: string;
  finalHash: string;
  stored: boolean;
}

/** What the match needs from its room. */
export interface MatchRoom {
  roomId(): string;
  roomName(): string;
  log(): Logger;
  status(): MatchStatus;
  /** Every seat's slot, where the prompt timers publish its deadline and bank. */
  seats(): ArrayLike<ClockSlot> & Iterable<ClockSlot>;
  /** Shows `game` as of decision `step` to everyone (each seat its own part); returns the seats that act now. */
  project(game: unknown, step: number): ReadonlySet<Seat>;
  /** Shows the seat's stops on its slot (its own client only). */
  showStops(seat: Seat, names: readonly string[]): void;
  /** The match is over: its status, the revealed seed and the result shown, every deadline cleared. */
  showEnd(outcome: Outcome, seed: string): void;
  /** Sends the room's pending changes now. */
  broadcastPatch(): void;
  /** Runs `send`, whose frames reach each client in one write (rooms/coalesceFrames.ts). */
  batch(send: () => void): void;
  /** Sends each client the events of decision `step` it may see. */
  sendEvents(step: number, events: readonly GameEvent[]): void;
  announceFinished(notice: FinishedNotice): void;
  /** The finished match is stored (told when storing took longer than the finish notice). */
  announceStored(matchId: string): void;
  hasClients(): boolean;
  /** The match is over: the room's listing says so. */
  listFinished(): void;
  later(ms: number, fn: () => void): TimerHandle;
  /** The room closes: the match is over and its wait for a rematch is done. */
  close(): void;
}

/** A ranked match's side the match reads (rooms/rankedMatch.ts). */
export interface MatchRanked {
  readonly group: number;
  readonly players: readonly { playerId: string; username: string }[];
  /** Whether the seat's player left the match for good. */
  hasLeft(seat: Seat): boolean;
  restoreAbandoned(seats: readonly Seat[]): void;
  started(): void;
  ended(): void;
  /** The outcome to store: the engine's, or (null) the one the abandons leave. */
  outcome(seatCount: number, engineOutcome: Outcome | null): Outcome | null;
}

/** What the match uses of the server's services (rooms/roomServices.ts). */
export interface MatchServices {
  settings: { promptTimeoutMs: number; turnBankMs: number; disposeDelayMs: number; rematchWindowMs: number };
  submitMatch(match: FinishedMatch): Promise<void>;
}

/** How a room was set up, as far as its match is concerned (rooms/roomSetup.ts). */
export interface MatchSetup {
  engine: AnyEngine;
  services: MatchServices;
  mode: "casual" | "ranked";
  config: unknown;
  seatCount: number;
  seed: string;
  seedHash: string;
  matchId: string;
  journal: RoomJournal | null;
  ranked: MatchRanked | null;
  bots: SeatBots | null;
}
