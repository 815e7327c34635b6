/**
 * A seat's connection drops, comes back, or leaves for good (GameRoom's onDrop, onReconnect and
 * onLeave): the seat is held for its reconnection, taken back, freed while the room waits, or,
 * in a ranked match under way, abandoned.
 */
import { type Client, CloseCode } from "@colyseus/core";
import type { RoomCore } from "./roomCore.ts";
import { publishListing } from "./roomListing.ts";
import { seatRemoved } from "./roomModeration.ts";

/** A seated client's connection dropped: its seat is held for RECONNECT_GRACE_S. */
export async function dropSeat(room: RoomCore, client: Client, code: number | undefined, expelled: (client: Client) => boolean): Promise<void> {
  const slot = room.sessions.slotOf(client);
  // A flooder is not waited for. Not by its close code: Colyseus closes with the same code
  // (WITH_ERROR) a connection superseded by a new one bringing its reconnection token (a reload
  // whose new page arrived before the old page's close), and that seat must be held for it.
  if (!slot || room.match.handedOver || code === CloseCode.SERVER_SHUTDOWN || expelled(client) || seatRemoved(room, slot.seat)) return;
  slot.connected = false;
  room.match.flush();
  room.log.info({ seat: slot.seat, code }, "seat dropped; waiting for reconnection");
  // Colyseus rejects with `false` when the grace runs out: not a failure, onLeave follows.
  await room.allowReconnection(client, room.services.settings.reconnectGraceS).catch((reason: unknown) => {
    if (reason !== false) throw reason;
  });
}

/** A dropped client came back with its reconnection token. */
export function reconnectSeat(room: RoomCore, client: Client): void {
  const slot = room.sessions.reconnected(client);
  if (!slot) return;
  slot.connected = true;
  room.match.flush();
  room.log.info({ seat: slot.seat }, "seat reconnected");
}

/**
 * A client left for good. A spectator just goes; a seat the room still waits on is freed
 * (`freed` then forgets its set-up); a seat of a ranked match under way is abandoned.
 */
export function leaveSeat(room: RoomCore, client: Client, code: number | undefined, freed: (seat: number) => void): void {
  if (room.sessions.isSpectator(client)) {
    room.state.spectators = Math.max(0, room.state.spectators - 1);
    publishListing(room);
    room.match.flush();
    return;
  }
  const slot = room.sessions.leaving(client, room.state.status);
  if (!slot || room.match.handedOver) return;
  slot.connected = false;
  if (room.state.status === "waiting") {
    room.sessions.free(slot, room.ranked !== null); // ranked: only its own player may retake it
    freed(slot.seat);
  }
  room.match.flush();
  room.log.info({ seat: slot.seat, code, status: room.state.status }, "seat left");
  // A seat an admin took its player out of plays by its time-outs: it is not abandoned.
  if (room.ranked && room.state.status === "playing" && !room.match.finished && !seatRemoved(room, slot.seat)) room.ranked.abandon(slot.seat);
}
