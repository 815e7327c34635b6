/** What ranked rooms and the matchmaker (server/matchmaking) agree on: who a player is, and the room's calls back. */

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

export type MatchmakingErrorCode = "unknown_queue" | "already_queued" | "in_match" | "cooldown" | "not_queued" | "cluster_unavailable";

export class MatchmakingError extends Error {
  constructor(
    readonly code: MatchmakingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "MatchmakingError";
  }
}

export interface QueueStatus {
  queue: string;
  /** 1-based place in this queue's order. */
  position: number;
  size: number;
  waitedMs: number;
  window: number;
  /** Estimated time left, from this queue's recent waits; null until it has some. */
  estimatedWaitMs: number | null;
}

/** A queued player's connection, as the matchmaker talks to it (rooms/queue/QueueRoom.ts). */
export interface QueueSubscriber {
  send(type: string, message: unknown): void;
  /** Ends the queue connection (after `started` or `forfeit`). */
  close(): void;
}

export interface EnqueueRequest {
  game: string;
  seats: number;
  seatConfig: unknown;
}

/** What the queue room needs from the ranked matchmaker (server/matchmaking/service.ts). */
export interface QueueService {
  authenticate(token: string): Promise<RankedIdentity>;
  /** Throws MatchmakingError when the player may not queue (unknown queue, already queued...). */
  enqueue(identity: RankedIdentity, req: EnqueueRequest, subscriber: QueueSubscriber): Promise<QueueStatus>;
  leave(playerId: string, subscriber?: QueueSubscriber): boolean;
  readonly book: {
    /** The queue for this game and seat count, with the engine config its rooms get; undefined: none. */
    spec(game: string, seats: number): { game: string; seats: number; config: unknown } | undefined;
    queues(): readonly { game: string; seats: number }[];
  };
}
