/**
 * The schema refIds of a resumed match's room, so that its clients' reconnections decode it right.
 *
 * A client that reconnects with the SDK keeps its decoded state and reconciles the room's full
 * state into it by refId (`Decoder.decodeResync`): a refId it already holds is taken to be the
 * same object. Within one room that holds (Colyseus never reuses a refId), but a match resumed
 * in a new process gets a new room whose counter starts again at 0. Its skeleton (the root, the
 * public part, the seats: built the same way, in the same order) gets the same refIds as before,
 * which is right; but the objects made while projecting the match (cards, stack items, results)
 * got theirs in the order the old room made them over the match, and get them now in the order
 * of one projection: an old refId would then name another object, and the client's state went
 * wrong (test/durable-restart.test.ts compares the whole decoded state across the restart).
 *
 * So, after the skeleton, a resumed room's refIds continue from a point past every refId an
 * earlier process of the match can have used: the match's age in ms times REFIDS_PER_MS, plus
 * FIRST_PROCESS_REFIDS. An earlier process started no later, and made fewer than REFIDS_PER_MS
 * schema objects per ms (a decision makes a handful). The refIds stay under 2^32 for matches up
 * to ~3 days (a refId above 2^16 costs 2 more bytes where a patch names it).
 *
 * Reaches into the serializer's encoder (`_serializer.encoder.root.nextUniqueId`): when it is
 * not there, the room is left as it is (rooms/resumedRefIds.test.ts fails if it moves).
 */
const FIRST_PROCESS_REFIDS = 1 << 20;
const REFIDS_PER_MS = 16;

/** Call right after the resumed room's state is set, before the match is projected into it. True when applied. */
export function continueRefIds(room: object, matchStartedAt: number, now: number): boolean {
  const root = (room as { _serializer?: { encoder?: { root?: { nextUniqueId?: unknown } } } })._serializer?.encoder?.root;
  if (!root || typeof root.nextUniqueId !== "number") return false;
  root.nextUniqueId = Math.max(root.nextUniqueId, FIRST_PROCESS_REFIDS + REFIDS_PER_MS * Math.max(0, Math.floor(now - matchStartedAt)));
  return true;
}
