/** A live room as it describes itself to the admin API (rooms/roomModeration.ts roomSummary; server/admin/moderation.ts lists them). */
export interface LiveRoomSummary {
  roomId: string;
  matchId: string;
  game: string;
  mode: "casual" | "ranked";
  status: "waiting" | "playing" | "finished";
  /** Decisions applied so far. */
  step: number;
  spectators: number;
  seats: { seat: number; playerId: string; name: string; kind: "guest" | "account" | "bot" | "open"; connected: boolean; removed: boolean }[];
}
