/**
 * How a room goes away while its match may still be on: a graceful stop that hands the match
 * over (a deploy), and the room's disposal.
 */
import { CloseCode } from "@colyseus/core";
import type { RoomCore } from "./roomCore.ts";

/**
 * A graceful stop (a deploy): the match is not ended but handed over. Decisions in flight
 * are made durable, the journal marks the moment the clocks stop, and the clients are
 * closed with 4010 (may try to reconnect): the SDK reconnects with its token on its own,
 * to this process's next life or, in a cluster, wherever the match is resumed.
 * Once `timeLeft` resolves (the stop's deadline), the clients are closed all the same: with
 * the database unreachable the journal would wait for ever, and what it holds is what was
 * acknowledged, so the match resumes from there.
 */
export async function handOverRoom(room: RoomCore, timeLeft: Promise<void>): Promise<boolean> {
  if (!room.created) return false;
  const handedOver = await Promise.race([room.match.handOver(), timeLeft.then(() => "late" as const)]);
  if (!handedOver) return false;
  if (handedOver === "late") room.log.warn({ steps: room.match.stepCount }, "match handed over before its journal was suspended (no time left): it is resumed from its last durable decision");
  else room.log.info({ steps: room.match.stepCount }, "match handed over: it is resumed from its journal");
  await room.disconnect(CloseCode.MAY_TRY_RECONNECT);
  return true;
}

/** The room is disposed of: its match stops here, and is dropped or left to be resumed. */
export function disposeMatch(room: RoomCore): void {
  if (!room.created) return;
  room.match.stop();
  if (room.ranked && !room.match.handedOver) room.ranked.disposed();
  if (room.state.status === "playing" && !room.match.handedOver) {
    if (room.mode === "casual" && room.clients.length === 0) {
      // Every player left a casual match (or only bots and spectators were left): it is over
      // for good. Resuming it at the next start would have bots and the clock play it out for
      // no one, and each such room would come back at every deploy.
      room.log.info({ steps: room.match.stepCount }, "casual match left by every player: dropped, not resumed");
      void room.journal?.discard();
      return;
    }
    room.log.warn({ steps: room.match.stepCount, journaled: Boolean(room.journal) }, "room disposed before the game ended; it is resumed from its journal at the next start");
  }
}
