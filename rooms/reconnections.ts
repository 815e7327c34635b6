/**
 * The standard Colyseus reconnection, for a room rebuilt in a new process (match/resume.ts).
 *
 * A client reconnects with its reconnection token (`room.reconnectionToken`, "roomId:token";
 * the SDK does it on its own after an abnormal close). Colyseus keeps tokens in the room's
 * memory only, so a restarted process knows none of them. Its own dev mode restores rooms
 * after a restart by re-reserving each journaled session with its old token
 * (`_reserveSeat(sessionId, options, auth, seconds, allowReconnection, token)`, @colyseus/core
 * 0.18 utils/DevMode); this does the same from our journal. When the window passes without
 * the client, Colyseus calls onLeave({ sessionId }) with code 4010 (MAY_TRY_RECONNECT).
 *
 * It relies on that one internal method, checked at each call: an upgrade that changes it
 * fails loudly here instead of silently refusing every reconnection.
 */
import type { Room } from "@colyseus/core";

type ReserveSeat = (sessionId: string, joinOptions: unknown, authData: unknown, seconds: number, allowReconnection: boolean, reconnectionToken: string) => Promise<unknown>;

export function restoreReconnection(room: Room, sessionId: string, token: string, seconds: number): void {
  const reserve = (room as unknown as { _reserveSeat?: ReserveSeat })._reserveSeat;
  if (typeof reserve !== "function") throw new Error("@colyseus/core no longer has Room._reserveSeat: rooms/reconnections.ts needs updating");
  void reserve.call(room, sessionId, {}, undefined, seconds, true, token);
}
