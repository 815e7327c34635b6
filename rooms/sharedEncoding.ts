/**
 * What every room's schema serializer can share with the others in the process instead of
 * owning a copy (memory and CPU per live match).
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
 *     tens of microseconds): `getFullState` is wrapped once on the serializer's class.
 *
 * This reaches into Colyseus internals (`_serializer`, `handshakeCache`, `fullEncodeBuffer`,
 * `needFullEncode`, `getFullState`, the encoder's `sharedBuffer`): `shareEncoding` checks that they are there
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
  getFullState?: (...args: unknown[]) => unknown;
}

const patchedClasses = new WeakSet<object>();

/**
 * Makes the serializers that write into the shared full-state buffer encode the full state at
 * every call of `getFullState` (a join) instead of serving it from the slice kept since the last
 * one, which may hold another room's bytes by then. Patched once on the serializer's class and
 * keyed on the buffer's identity, so a room's serializer keeps its shape: an accessor defined on
 * each instance turned it into a dictionary-mode object (~0.8 KB per room in a heap snapshot).
 */
function encodeFullStateAtEveryJoin(serializerClass: SerializerInternals): boolean {
  if (patchedClasses.has(serializerClass)) return true;
  const getFullState = serializerClass.getFullState;
  if (typeof getFullState !== "function" || !Object.hasOwn(serializerClass, "getFullState")) return false;
  serializerClass.getFullState = function (this: SerializerInternals, ...args: unknown[]) {
    if (this.fullEncodeBuffer === fullStateBuffer) this.needFullEncode = true;
    return getFullState.apply(this, args);
  };
  patchedClasses.add(serializerClass);
  return true;
}

/** Call right after the room's state is set (Colyseus makes its serializer then). True when shared. */
export function shareEncoding(room: object): boolean {
  const serializer = (room as { _serializer?: SerializerInternals })._serializer;
  const encoder = serializer?.encoder;
  const state = encoder?.state as object | undefined;
  if (!serializer || !encoder || !state || !(encoder.sharedBuffer instanceof Uint8Array) || !(serializer.fullEncodeBuffer instanceof Uint8Array) || typeof serializer.needFullEncode !== "boolean") {
    return false;
  }
  if (!encodeFullStateAtEveryJoin(Object.getPrototypeOf(serializer) as SerializerInternals)) return false;
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
  return true;
}
