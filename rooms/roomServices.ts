/**
 * What a game room gets from the server that runs it (one set per server instance, no
 * globals), and what ranked rooms need from the matchmaker.
 */
import type { Logger } from "../match/log.ts";
import type { RankedIdentity, RankedRoomHooks } from "../match/rankedHooks.ts";

export type { RankedIdentity, RankedRoomHooks };
import type { FinishedMatch } from "../match/finishedMatch.ts";
import type { LiveRoomSummary } from "../match/liveRoomSummary.ts";

export type { LiveRoomSummary };
import type { InboxSettings } from "./inbox.ts";
import type { BotDecisions, BotPace } from "../match/seatBots.ts";
import type { JournaledMatch, JournalWriter } from "../match/journalTypes.ts";
import type { RebuiltMatch } from "../match/resume.ts";

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
    /** How long a finished casual room stays open for a rematch (ms; 0: no rematch). */
    rematchWindowMs: number;
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
  /** The live-match journal (server/journal): rooms append to it, the resumer rebuilds rooms from it. */
  durable?: DurableMatches;
  /** A client was disconnected for flooding: the front door keeps its address out for a while. Returns the address, if known. */
  penalizeFlooder?(sessionId: string): string | null;
  /** `normal` bot decisions off the rooms' thread (server/bots/botPool.ts); absent: searched in the room's thread. */
  bots?: BotDecisions;
  /** Counters and histograms the server exposes (server/metrics); absent: nothing is counted. */
  metrics?: RoomMetrics;
  /** Live rooms the admin API lists and acts on (server/admin/moderation.ts); absent: none. */
  moderation?: ModeratedRooms;
}

/**
 * What rooms report to the server's metrics. Each call updates a counter or a histogram in
 * place; the labels are the game, mode and codes, never a room, match or player.
 */
export interface RoomMetrics {
  /** A client's decision was applied: `ms` from its request arriving to its patch and reply sent. */
  decided(game: string, ms: number): void;
  /** A client's message or request was refused with this code (rate_limited, bad_frame, not_your_turn...). */
  refused(code: string): void;
  /** A server-side bot of `level` decided, and how (match/seatBots.ts BotChoice). */
  botDecided(game: string, level: string, how: string): void;
  matchStarted(game: string, mode: string): void;
  /** finished: with an outcome (stored); aborted: ended by an admin, nothing stored. */
  matchEnded(game: string, mode: string, end: "finished" | "aborted"): void;
}

/** The live rooms of one process, for the admin API. */
export interface ModeratedRooms {
  add(room: ModeratedRoom): void;
  delete(room: ModeratedRoom): void;
}

/**
 * What the admin API may ask of a live room. The same methods are called by room id from any
 * process of a cluster (Colyseus' remoteRoomCall), so they take and return plain JSON.
 */
export interface ModeratedRoom {
  readonly roomId: string;
  /** The room as the admin page lists it. */
  adminSummary(): LiveRoomSummary;
  /**
   * Takes a player out: their clients are disconnected and may not come back (no reconnection,
   * no re-join); their seat plays on by its time-outs. False when they hold no seat here.
   */
  adminRemove(playerId: string, reason: string): boolean;
  /** Ends the match as aborted: nothing stored, no rating change; clients are told why. False when it is over already. */
  adminAbort(reason: string): Promise<boolean>;
}

/** What a room needs to journal its match, and to be rebuilt from one. */
export interface DurableMatches {
  journal: JournalWriter;
  /** A state hash is journaled every this many decisions. */
  checkpointEvery: number;
  /**
   * The journaled match (and its rebuilt state) a resume hands to the room it creates, when
   * the create options are the resumer's (they carry its secret ticket); null for any other create.
   */
  takeResume(options: unknown): { match: JournaledMatch; rebuilt: RebuiltMatch } | null;
  /** Live rooms, so a graceful stop can hand each match over (GameRoom.handOver). */
  rooms: Set<LiveRoom>;
}

/** What a graceful stop does with a live room. */
export interface LiveRoom {
  /**
   * Hands the match over and closes its clients with 4010; false if there was nothing to hand
   * over. Once `timeLeft` resolves, the clients are closed without waiting any longer.
   */
  handOver(timeLeft: Promise<void>): Promise<boolean>;
  /** The room's connected clients (a stop that runs out of time closes them itself). */
  readonly clients: Iterable<{ leave(code?: number): void }>;
}
