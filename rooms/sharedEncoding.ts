/**
 * What every room's schema serializer can share with the others in the process instead of
 * owning a copy (issue 16: memory and CPU per live match).
 *
 * Colyseus gives each room's SchemaSerializer (@colyseus/core serializer/SchemaSerializer):
 *   - a handshake: the schema's type reflection, sent to every joining client. It is computed
 *     on the room's first join (Reflection.encode, ~0.7-1.3 ms) and kept per room (~2.3 KB),
 *     yet it depends only on the state's class: one per class serves every room.
 *   - two 16 KB buffers, the encoder's patch buffer and the full-state buffer, which hold bytes
 *     only during a synchronous encode. Every client of a game room has a StateView
 *     (seatSessions.ts), so what is sent from either buffer is a copy (`encodeView` and
 *     `encodeAllView` concatenate into a new array): one buffer pair serves every room.
 *     The serializer keeps its last full state as a slice of its full-state buffer to serve the
 *     next join while nothing changed; with a shared buffer that slice may hold another room's
 *     bytes, so the full state is encoded at every join instead (a join is rare, the encode is
 *     tens of microseconds).
 *
 * This reaches into Colyseus internals (`_serializer`, `handshakeCache`, `fullEncodeBuffer`,
 * `needFullEncode`, the encoder's `sharedBuffer`): `shareEncoding` checks that they are there
 * and leaves a room as it is when they are not (a Colyseus upgrade that changes them then costs
 * memory, never correctness); rooms/sharedEncoding.test.ts fails if they move.
 */
import { Reflection, type Encoder } from "@colyseus/schema";

/** Larger than any patch or full state of the four games (Achroma, 6 players: ~14 KB at most). */
const SHARED_BYTES = 64 * 1024;
const patchBuffer = new Uint8Array(SHARED_BYTES);
const fullStateBuffer = new Uint8Array(SHARED_BYTES);
const handshakes = new WeakMap<object, Uint8Array>();

interface SerializerInternals {
  encoder?: Encoder & { sharedBuffer?: Uint8Array };
  handshakeCache?: Uint8Array;
  fullEncodeBuffer?: Uint8Array;
  needFullEncode?: boolean;
}

/** `needFullEncode` pinned to true: the full state is never served from a slice of the shared buffer. */
const ALWAYS_ENCODE_FULL_STATE: PropertyDescriptor = {
  get: () => true,
  set: () => undefined,
  configurable: true,
};

/** Call right after the room's state is set (Colyseus makes its serializer then). True when shared. */
export function shareEncoding(room: object): boolean {
  const serializer = (room as { _serializer?: SerializerInternals })._serializer;
  const encoder = serializer?.encoder;
  const state = encoder?.state as object | undefined;
  if (!serializer || !encoder || !state || !(encoder.sharedBuffer instanceof Uint8Array) || !(serializer.fullEncodeBuffer instanceof Uint8Array) || typeof serializer.needFullEncode !== "boolean") {
    return false;
  }
  let handshake = handshakes.get(state.constructor);
  if (!handshake) {
    handshake = Reflection.encode(encoder);
    handshakes.set(state.constructor, handshake);
  }
  serializer.handshakeCache = handshake;
  patchBuffer[0] = encoder.sharedBuffer[0]!;
  encoder.sharedBuffer = patchBuffer;
  fullStateBuffer[0] = serializer.fullEncodeBuffer[0]!; // the ROOM_STATE protocol byte, written once by reset()
  serializer.fullEncodeBuffer = fullStateBuffer;
  Object.defineProperty(serializer, "needFullEncode", ALWAYS_ENCODE_FULL_STATE);
  return true;
}
