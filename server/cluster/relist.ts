/**
 * What Colyseus keeps in Redis for this process, written again after Redis was unreachable or
 * lost its data (a restart without persistence):
 *
 *   roomcaches (hash, RedisDriver)   one listing per room: found by `joinById`, `joinOrCreate`,
 *                                    `client.reconnect` (which looks the room up through the
 *                                    driver) and GET /api/rooms. Every live room of this process
 *                                    is listed again with its current state (clients, locked,
 *                                    metadata), and listings of this process whose room is gone
 *                                    (disposed while Redis was unreachable) are removed.
 *   roomcount (hash, presence)       this process's room and client counts: where new rooms go.
 *
 * What needs nothing here: the pub/sub channels (`p:<processId>` for room creation and health
 * checks, `$<roomId>` for remote room calls and seat reservations): they live in the connection,
 * and RedisPresence subscribes every one again when its connection is back. Seat reservations
 * live in the rooms' memory. The ranked queues are rebuilt by the matchmaker
 * (server/matchmaking/shared.ts); the rate limits and flood penalties start afresh.
 */
import { RoomInternalState, matchMaker } from "@colyseus/core";

export async function relistRooms(): Promise<{ roomsListed: number; listingsRemoved: number }> {
  await matchMaker.restoreMissingRoomCaches();
  let roomsListed = 0;
  let listingsRemoved = 0;
  for (const cached of await matchMaker.query({ processId: matchMaker.processId })) {
    const room = matchMaker.getLocalRoomById(cached.roomId);
    if (room && (room as unknown as { _internalState: number })._internalState === RoomInternalState.CREATED) {
      // Missing ones were just written; the others may be stale (joins and leaves while unreachable).
      await matchMaker.driver.persist((room as unknown as { _listing: typeof cached })._listing);
      roomsListed++;
    } else {
      await matchMaker.driver.remove(cached.roomId);
      listingsRemoved++;
    }
  }
  await matchMaker.stats.persist(true);
  return { roomsListed, listingsRemoved };
}
