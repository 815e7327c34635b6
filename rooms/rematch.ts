/**
 * Rematch, for casual matches. Once the match is over each person at the table may accept a
 * rematch (the `rematch` message); everyone sees who did (`seats[i].rematch`). When every human
 * seat has accepted (bots always do), the room creates a new room of the same game, config and
 * bot seats, reserves each person's seat in it (the same seat, set-up, player id and name) and
 * sends each of them the reservation (`rematchReady` { roomId, reservation }), as the ranked
 * queue does; spectators get the new room's id to watch it. The new match has a new seed.
 * Ranked matches have no rematch: their players queue again.
 *
 * A finished casual room stays open REMATCH_WINDOW_MS for this (0: no rematch); it reaches the
 * room's private members by name, as rooms/roomLink.ts does.
 */
import { matchMaker, type Client } from "@colyseus/core";
import type { Seat } from "../rules/core/engine.ts";
import type { RoomCore } from "./roomCore.ts";
import { configKey } from "./roomInput.ts";
import type { RankedIdentity } from "./roomServices.ts";

/** The identity a rematch reservation carries: the player, and the seat it had. */
export interface RematchIdentity extends RankedIdentity {
  seat: Seat;
}

export type RematchAnswer = { ok: true; started: boolean } | { ok: false; code: string; message: string };

/** A seated person accepts (or takes back) the rematch; the new room starts once everyone has. */
export async function answerRematch(room: RoomCore, client: Client, accept: boolean): Promise<RematchAnswer> {
  const slot = room.sessions.slotOf(client);
  if (!slot) return { ok: false, code: "wrong_seat", message: "only a seated player can accept a rematch" };
  if (room.mode !== "casual") return { ok: false, code: "no_rematch", message: "ranked matches have no rematch: queue again" };
  if (room.state.status !== "finished" || !room.state.result) return { ok: false, code: "not_finished", message: "a rematch can be accepted once the match is over" };
  if (room.services.settings.rematchWindowMs <= 0 || room.rematchRoom === "closed") {
    return { ok: false, code: "no_rematch", message: "this server offers no rematch (REMATCH_WINDOW_MS is 0)" };
  }
  if (typeof room.rematchRoom === "string") return { ok: true, started: true };
  slot.rematch = accept;
  room.match.flush(); // everyone sees who accepted
  const humans = room.state.seats.filter((s) => !room.bots?.has(s.seat));
  if (!humans.every((s) => s.rematch)) return { ok: true, started: false };
  room.rematchRoom = "starting";
  try {
    await startRematch(room);
    return { ok: true, started: true };
  } catch (error) {
    room.rematchRoom = null;
    for (const s of humans) s.rematch = false;
    room.log.error({ err: error }, "the rematch room could not be created");
    return { ok: false, code: "internal_error", message: "the rematch could not be set up; try again" };
  }
}

async function startRematch(room: RoomCore): Promise<void> {
  const engine = room.engine;
  const config = room.config;
  const seatBots = room.bots;
  const bots = seatBots?.seats.size ?? 0;
  // The same bots: each at its level, in seat order.
  const botLevel = seatBots ? [...seatBots.seats].sort((a, b) => a - b).map((seat) => seatBots.level(seat)) : undefined;
  const created = await matchMaker.createRoom(room.roomName, { mode: "casual", config, bots, ...(bots > 0 ? { botLevel } : {}), configKey: configKey(engine, config) });
  room.rematchRoom = created.roomId;
  const sessions = room.sessions;
  for (const slot of room.state.seats) {
    if (room.bots?.has(slot.seat)) continue;
    const identity: RematchIdentity = { playerId: slot.playerId, username: slot.name, guest: sessions.kind(slot.seat) !== "account", seat: slot.seat };
    const reservation = await matchMaker.reserveSeatFor(created, { name: slot.name, seat: room.seatConfigs[slot.seat] }, identity);
    for (const client of room.clients) if (sessions.slotOf(client) === slot) client.send("rematchReady", { roomId: created.roomId, reservation });
  }
  for (const client of room.clients) if (!sessions.slotOf(client)) client.send("rematchReady", { roomId: created.roomId });
  room.log.info({ rematch: created.roomId }, "rematch: every player accepted; the new room is reserved for them");
}
