/**
 * What the live-match journal holds (migrations/004_live_match_journal.sql): enough to rebuild
 * a match exactly (the engines are deterministic) and to seat its players again.
 */
import type { AutoDecision } from "../rules/core/replay.ts";
import type { Seat } from "../rules/core/engine.ts";
import type { FinishedMatch } from "./finishedMatch.ts";

/** Written once, when the match starts. */
export interface MatchHeader {
  /** The engine's id (rules/games.ts); a journal may outlive the game's place in the list. */
  game: string;
  version: string;
  mode: "casual" | "ranked";
  config: unknown;
  /** Every seat's set-up as the engine parsed it (bots' included). */
  seats: unknown[];
  seed: string;
  seedHash: string;
  /** Epoch ms; every entry's `at` counts from here. */
  startedAt: number;
  players: FinishedMatch["players"];
  /** Seats played by server bots. */
  bots: Seat[];
  /** The turn clock the match was started with (null: none). */
  clock: { baseMs: number; bankMs: number } | null;
  /** Ranked matches: the matchmaker's group and reserved players. */
  ranked?: { group: number; players: { playerId: string; username: string }[] };
}

/** One journaled fact, in order (n is 1-based). */
export type JournalEntry =
  | { n: number; kind: "act"; seat: Seat; action: unknown; at: number; auto?: AutoDecision; hash?: string }
  | { n: number; kind: "abandon"; seat: Seat; at: number; auto?: undefined; hash?: undefined };

/** Per seat, how its client reconnects: Colyseus' session id and current reconnection token. */
export type SeatLinks = Record<string, { sessionId: string; token: string }>;

/** A match as read back from the journal. */
export interface JournaledMatch {
  matchId: string;
  roomId: string;
  roomName: string;
  owner: string;
  header: MatchHeader;
  entries: JournalEntry[];
  links: SeatLinks;
  /** When its clocks stopped running: the graceful hand-over, or the owner's last heartbeat (epoch ms). */
  pausedAt: number;
}

/**
 * The journal a live match writes to (server/journal/journal.ts writes it to the database): each
 * promise resolves once the record is durable.
 */
export interface JournalWriter {
  begin(matchId: string, roomId: string, roomName: string, header: MatchHeader, links: SeatLinks): Promise<void>;
  append(matchId: string, entry: JournalEntry): Promise<void>;
  link(matchId: string, links: SeatLinks): Promise<void>;
  /** A graceful stop hands the match over: its clocks pause until it is resumed. */
  suspend(matchId: string): Promise<void>;
  /** The match will never be resumed: its journal is deleted. */
  discard(matchId: string): Promise<void>;
}
