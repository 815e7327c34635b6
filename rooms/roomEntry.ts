/**
 * Who may come into a game room. Ranked rooms admit only the matchmaker's seat reservations,
 * each with a valid bearer token of its player; casual rooms let anyone in and hold an unused
 * seat reservation only briefly (rooms/reservationHold.ts); spectators come once the match is on.
 */
import { type Client, RoomInternalState } from "@colyseus/core";
import { verifyToken } from "./rankedSeats.ts";
import { ReservationHold } from "./reservationHold.ts";
import type { RoomCore } from "./roomCore.ts";
import { wantsToWatch } from "./roomInput.ts";

/** A new room's door: closed but to the matchmaker's reservations (ranked), or a reservation hold (casual). */
export function openEntry(room: RoomCore): ReservationHold | null {
  if (room.ranked) {
    // Only the matchmaker's seat reservations lead in: hidden from join/joinOrCreate, closed to joinById.
    const joinTimeoutMs = room.services.ranked!.joinTimeoutMs;
    room.seatReservationTimeout = Math.max(1, Math.ceil(joinTimeoutMs / 1000));
    void room.setPrivate(true);
    void room.lock();
    room.later(joinTimeoutMs, () => room.ranked?.callOffIfNotStarted(true));
    return null;
  }
  const hold = new ReservationHold(
    room,
    room.services.settings.reservationHoldMs,
    () => room.state?.status === "waiting",
    (stale) => room.log.info({ stale }, "unconsumed seat reservations released to other joiners"),
  );
  hold.install();
  return hold;
}

/**
 * Whether Colyseus should refuse further seat reservations (and lock the room). It counts every
 * reservation not yet used as a taken place (`colyseusFull`), so reservations nobody uses
 * (`joinById` answered, no client ever connecting: anyone can ask for them over HTTP) would lock
 * a room. In play the room never locks: its places are a seat's own player coming back and the
 * spectator places, and the join itself decides who gets one (rejoin, watch: spectators_full),
 * so a reservation keeps nobody out; the front door caps what one address holds unused.
 * Waiting, a casual seat reservation counts only for its hold, a spectate one not at all.
 */
export function reachedMaxClients(room: RoomCore, hold: ReservationHold | null, colyseusFull: () => boolean): boolean {
  if ((room as unknown as { _internalState: number })._internalState === RoomInternalState.DISPOSING) return true;
  if (room.state?.status === "playing") return false;
  if (!colyseusFull()) return false;
  if (!hold || room.state?.status !== "waiting") return true;
  return room.clients.length + hold.fresh(Date.now()) >= room.humanSeats;
}

/**
 * Casual rooms let anyone in (a guest gets a fresh player id per seat). Ranked rooms admit
 * only a client that holds the matchmaker's seat reservation (whose auth data names the
 * player) AND presents a valid, unexpired bearer token for that same player, not a guest.
 */
export async function authorize(room: RoomCore, client: Client, options: unknown, token: string | null | undefined): Promise<unknown> {
  if (wantsToWatch(options)) return true;
  if (room.ranked) return room.ranked.admit(client, token);
  if (!token || !room.services.identify) return true;
  // A rematch reservation's auth data (client.auth until this returns) names the seat its
  // player had: a token of that same player keeps it (rooms/rematch.ts).
  const reserved = client.auth as { playerId?: unknown; seat?: unknown } | undefined;
  const who = await verifyToken(room.services.identify, token);
  return typeof reserved?.seat === "number" && reserved.playerId === who.playerId ? { ...who, seat: reserved.seat } : who;
}
