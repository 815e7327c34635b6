/**
 * The `act` request as the room receives it, before it waits in turn: its size, its envelope,
 * its text, and the sender's seat. What it then meets (the match's status, the engine's
 * verdict) is checked in turn, against the state the decision will apply to (rooms/GameRoom.ts).
 */
import type { Client } from "@colyseus/core";
import type { Seat } from "../rules/core/engine.ts";
import type { Logger } from "../match/log.ts";
import type { Reject } from "../match/matchRoom.ts";
import { unsafeTextIn } from "../match/text.ts";
import type { RejectedMessage } from "./messages.ts";
import { actEnvelope, byteLength, RoomErrorCodes, type Rejection } from "./roomInput.ts";

/** What Colyseus passes a message handler: the request id (absent: a plain message) and how to refuse it. */
export interface ActContext {
  id: number | undefined;
  reject(r: unknown): unknown;
}

/** Refuses the request: as the request's rejection when it has an id, else as a `rejected` message. */
export type { Reject };

/** An act fit to wait in turn, or why not. */
export type CheckedAct = { ok: true; id: Rejection["id"]; seat: Seat; action: unknown } | { ok: false; rejection: Rejection };

/** Where a refusal is logged and counted. */
export interface RejectHost {
  log(): Logger;
  refused?(code: string): void;
}

export function rejecter(client: Client, ctx: ActContext, seat: Seat | undefined, room: RejectHost): Reject {
  return (id, code, message) => {
    const rejection: Rejection = { id, code, message } satisfies RejectedMessage;
    room.log().debug({ seat, code, message }, "action rejected");
    room.refused?.(code);
    if (ctx.id !== undefined) return ctx.reject(rejection);
    client.send("rejected", rejection);
    return undefined;
  };
}

/** Checks an `act` payload from a client in `seat` (undefined: it holds none). */
export function checkAct(payload: unknown, seat: Seat | undefined, maxActionBytes: number): CheckedAct {
  const refuse = (id: Rejection["id"], code: string, message: string): CheckedAct => ({ ok: false, rejection: { id, code, message } });
  const size = byteLength(payload);
  if (size > maxActionBytes) {
    return refuse(null, RoomErrorCodes.payloadTooLarge, `act payload is ${size} bytes; the limit is ${maxActionBytes}`);
  }
  const envelope = actEnvelope.safeParse(payload);
  if (!envelope.success) {
    return refuse(null, RoomErrorCodes.badMessage, `act must be {id?, action}: ${envelope.error.issues[0]?.message}`);
  }
  const unsafe = unsafeTextIn(envelope.data);
  if (unsafe) return refuse(null, RoomErrorCodes.badMessage, `act ${unsafe}`);
  const id = envelope.data.id ?? null;
  if (seat === undefined) return refuse(id, RoomErrorCodes.wrongSeat, "you hold no seat in this room");
  if (envelope.data.seat !== undefined && envelope.data.seat !== seat) {
    return refuse(id, RoomErrorCodes.wrongSeat, `you sit in seat ${seat}; you cannot act for seat ${envelope.data.seat}`);
  }
  return { ok: true, id, seat, action: envelope.data.action };
}
