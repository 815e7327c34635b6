/**
 * What the admin API does to a live room (rooms/roomServices.ts ModeratedRoom): describe it,
 * take a player out, end the match as aborted. GameRoom's adminSummary / adminRemove /
 * adminAbort call these; Colyseus' remoteRoomCall reaches them from any process of a cluster.
 * They see the room through RoomCore (rooms/roomCore.ts).
 *
 * Removal: the player's client is closed with REMOVED_CLOSE_CODE (the SDK does not try to
 * reconnect on it), a reconnection it was waiting for is dropped, and it may not come back
 * (reconnection, re-join by room id); the seat stays and plays by its time-outs. A ranked seat
 * removed this way is not abandoned: the match is scored as the time-outs play it.
 *
 * Abort: the decision in flight lands, then no decision is applied any more; the match's
 * journal is dropped and nothing is stored (no rating changes); every client gets `aborted`
 * { reason: "admin", message } and the room closes after DISPOSE_DELAY_MS.
 */
import { CloseCode, type Client } from "@colyseus/core";
import type { RoomCore } from "./roomCore.ts";
import type { AbortedMessage } from "./messages.ts";
import type { LiveRoomSummary } from "./roomServices.ts";

/** The WebSocket close code of a client an admin took out of its match (or banned). */
export const REMOVED_CLOSE_CODE = 4403;

export function roomSummary(room: RoomCore): LiveRoomSummary {
  const state = room.state;
  const bots = room.bots;
  const removed = room.removed;
  return {
    roomId: room.roomId,
    matchId: state?.matchId ?? "",
    game: room.engine?.game ?? room.roomName,
    mode: room.mode,
    status: (state?.status ?? "waiting") as LiveRoomSummary["status"],
    step: room.match?.stepCount ?? 0,
    spectators: state?.spectators ?? 0,
    seats: (state?.seats ?? []).map((s) => ({
      seat: s.seat,
      playerId: s.playerId,
      name: s.name,
      kind: bots?.has(s.seat) ? "bot" : s.occupied ? room.sessions.kind(s.seat) : "open",
      connected: s.connected,
      removed: removed?.has(s.playerId) ?? false,
    })),
  };
}

/** Whether the player holding `seat` was taken out by an admin. */
export function seatRemoved(room: RoomCore, seat: number): boolean {
  const removed = room.removed;
  return removed?.has(room.state.seats[seat]?.playerId ?? "") ?? false;
}

export function removePlayer(room: RoomCore, playerId: string, reason: string): boolean {
  const seats = room.state?.seats.filter((s) => s.occupied && s.playerId === playerId && !room.bots?.has(s.seat)) ?? [];
  if (seats.length === 0) return false;
  room.removed ??= new Set();
  room.removed.add(playerId);
  const sessions = room.sessions;
  for (const slot of seats) {
    const holder = sessions.holder(slot.seat);
    // A reconnection the seat was waiting for is dropped, as if its grace had run out.
    const reconnections = (room as unknown as { _reconnections: Record<string, [string, { reject(reason: unknown): void }]> })._reconnections;
    for (const [sessionId, pending] of Object.values(reconnections)) if (sessionId === holder) pending.reject(false);
    slot.connected = false;
  }
  for (const client of room.clients as Iterable<Client>) {
    const seat = sessions.seatOf(client);
    if (seat !== null && seats.some((s) => s.seat === seat)) client.leave(REMOVED_CLOSE_CODE, `removed: ${reason}`);
  }
  room.match?.flush();
  room.log.info({ player: playerId, seats: seats.map((s) => s.seat), reason }, "player removed by an admin; the seat plays by its time-outs");
  return true;
}

export async function abortMatch(room: RoomCore, reason: string): Promise<boolean> {
  const match = room.match;
  if (!room.created || !match || match.finished || match.handedOver || room.state.status === "finished") return false;
  const playing = room.state.status === "playing";
  await match.abort();
  room.state.status = "finished";
  for (const slot of room.state.seats) slot.deadline = 0;
  match.flush();
  void room.setMetadata({ ...room.metadata, status: "finished" });
  room.broadcast("aborted", { reason: "admin", message: reason } satisfies AbortedMessage);
  await room.journal?.discard();
  if (playing) room.services.metrics?.matchEnded(room.engine.game, room.mode, "aborted");
  room.log.info({ steps: match.stepCount, reason }, "match aborted by an admin: nothing stored, no rating change");
  room.later(room.services.settings.disposeDelayMs, () => void room.disconnect(CloseCode.CONSENTED));
  return true;
}
