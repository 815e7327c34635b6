/**
 * A room's listing, what the lobby shows of it (GET /api/rooms reads it from the room listing):
 * its players, open seats, bots and spectators; and how it is found once its match is on.
 */
import type { RoomCore } from "./roomCore.ts";

/** How long a seat reservation made during play (a spectator, a player back by id) waits for its client. */
const PLAYING_RESERVATION_S = 10;

export function listingOf(room: RoomCore) {
  const seats = room.state?.seats ?? [];
  return {
    players: seats.filter((s) => s.occupied).map((s) => s.name),
    open: seats.filter((s) => !s.occupied).length,
    bots: room.bots?.seats.size ?? 0,
    spectators: room.state?.spectators ?? 0,
  };
}

export function publishListing(room: RoomCore): void {
  if (room.created) void room.setMetadata({ ...room.metadata, ...listingOf(room) });
}

/** The match is on: the room's status, and spectators welcome. */
export function listPlaying(room: RoomCore): void {
  room.state.status = "playing";
  // In play a reservation never locks the room (hasReachedMaxClients); the ones nobody uses go
  // after PLAYING_RESERVATION_S.
  room.seatReservationTimeout = PLAYING_RESERVATION_S;
  // No more players, but spectators may come by id: out of join/joinOrCreate (private), open to
  // joinById. maxClients is what the listing shows: the seats and the spectator places.
  void room.setMatchmaking({
    private: true,
    locked: false,
    maxClients: room.humanSeats + room.services.settings.maxSpectators,
    metadata: { ...room.metadata, status: "playing", ...listingOf(room) },
  });
}
