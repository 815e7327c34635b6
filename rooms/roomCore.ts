/**
 * What GameRoom's helper modules (roomLink.ts, rematch.ts, roomModeration.ts) use of a room: the
 * Colyseus room plus these parts of GameRoom, named here so that none of them imports GameRoom,
 * which imports them. They are the room's internals: no client reaches them.
 */
import type { Room } from "@colyseus/core";
import type { AnyEngine } from "../rules/core/engine.ts";
import type { Logger } from "../match/log.ts";
import type { RoomJournal } from "../match/matchJournal.ts";
import type { SeatBots } from "../match/seatBots.ts";
import type { TimerHandle } from "../match/promptTimers.ts";
import type { LiveMatch } from "../match/liveMatch.ts";
import type { RejectHost } from "./actRequests.ts";
import type { RoomBinding } from "./binding.ts";
import type { RankedMatch } from "./rankedMatch.ts";
import type { RoomServices } from "./roomServices.ts";
import type { GameRoomState } from "./roomState.ts";
import type { SeatSessions } from "./seatSessions.ts";

export interface RoomCore extends Room<{ state: GameRoomState }> {
  readonly binding: RoomBinding;
  readonly engine: AnyEngine;
  readonly mode: "casual" | "ranked";
  readonly config: unknown;
  /** Each seat's set-up, as its player joined with it (bots: drawn among the presets). */
  readonly seatConfigs: readonly unknown[];
  readonly services: RoomServices;
  readonly sessions: SeatSessions;
  readonly bots: SeatBots | null;
  /** Ranked rooms: the matchmaker's side of the match (rooms/rankedMatch.ts). */
  readonly ranked: RankedMatch | null;
  /** Seats people can take (all but the bots'). */
  readonly humanSeats: number;
  readonly match: LiveMatch;
  readonly journal: RoomJournal | null;
  /** What the room's pieces call back on it (rooms/roomLink.ts). */
  readonly link: RejectHost;
  readonly log: Logger;
  /** False until onCreate succeeded: a refused create still gets onDispose, with nothing to clean up. */
  readonly created: boolean;
  /** Player ids an admin took out of this match (rooms/roomModeration.ts). */
  removed: Set<string> | null;
  /** The rematch's room id once it is created ("starting" meanwhile; rooms/rematch.ts). */
  rematchRoom: string | "starting" | "closed" | null;
  later(ms: number, fn: () => void): TimerHandle;
  /** Reports a failed lifecycle method or message handler (rooms/roomLink.ts guarded). */
  failed(error: unknown, method: string): void;
}
