/**
 * Raw Colyseus client frames, for tests that send what a hostile client could: a frame is
 * [protocol code, (request id,) message type, msgpack payload].
 */
import { Protocol } from "@colyseus/core";
import { encode } from "@colyseus/schema";
import { pack } from "msgpackr";

/** Bytes that are never valid msgpack (0xc1 is unused in the format). */
export const NOT_MSGPACK = Buffer.from([0xc1, 0xc1, 0xc1]);

function frame(code: number, type: string, payload: Buffer | null, requestId?: number): Buffer {
  const head = Buffer.alloc(16 + type.length * 4);
  head[0] = code;
  const it = { offset: 1 };
  if (requestId !== undefined) encode.number(head, requestId, it);
  encode.string(head, type, it);
  return Buffer.concat([head.subarray(0, it.offset), payload ?? Buffer.alloc(0)]);
}

/** A `room.send(type, payload)` frame; `raw` replaces the msgpack payload with bytes as they are. */
export function dataFrame(type: string, payload?: unknown, raw?: Buffer): Buffer {
  return frame(Protocol.ROOM_DATA, type, raw ?? (payload === undefined ? null : Buffer.from(pack(payload))));
}

/** A `room.request(type, payload)` frame with request id `requestId`. */
export function requestFrame(requestId: number, type: string, payload?: unknown, raw?: Buffer): Buffer {
  return frame(Protocol.ROOM_REQUEST, type, raw ?? (payload === undefined ? null : Buffer.from(pack(payload))), requestId);
}
