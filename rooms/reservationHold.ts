/**
 * Casual seat reservations that do not keep real players apart. A `joinOrCreate` reserves a
 * seat before the client connects; Colyseus counts that seat as taken (and locks a full room)
 * until the reservation is consumed or expires (15 s). One reservation never consumed would then
 * keep two real players in two rooms. Here a reservation counts as a taken seat only for
 * `holdMs`; after that the room reopens and the seat goes to whoever joins first (a late holder
 * is refused `room_full` by the room's join).
 */
import type { Room } from "@colyseus/core";
import { wantsToWatch } from "./roomInput.ts";

/** The Colyseus internals this relies on (checked at install: an upgrade that changes them fails loudly). */
interface RoomInternals {
  _reserveSeat: (sessionId: string, ...rest: unknown[]) => Promise<boolean>;
  /** sessionId -> [join options, auth, consumed, reconnection]. */
  _reservedSeats?: Record<string, [unknown, ...unknown[]]>;
  _lockedExplicitly: boolean;
}

export class ReservationHold {
  /** When each unconsumed seat reservation was made (sessionId -> epoch ms). */
  private readonly reservedAt = new Map<string, number>();

  constructor(
    private readonly room: Room,
    private readonly holdMs: number,
    /** Whether the room is still waiting for players (after the start nothing is reopened). */
    private readonly waiting: () => boolean,
    private readonly onRelease: (stale: number) => void,
  ) {}

  /** Wraps the room's seat reservation to time each one. Call before the first reservation. */
  install(): void {
    const internals = this.room as unknown as RoomInternals;
    const reserve = internals._reserveSeat;
    if (typeof reserve !== "function") throw new Error("@colyseus/core changed: Room._reserveSeat is gone; rooms/reservationHold.ts must be updated");
    internals._reserveSeat = async (sessionId, ...rest) => {
      const reserved = await reserve.call(this.room, sessionId, ...rest);
      if (reserved && rest[3] !== true) {
        // rest[3]: a reconnection's reservation, which always keeps its seat
        this.reservedAt.set(sessionId, Date.now());
        setTimeout(() => this.releaseIfStale(), this.holdMs + 5).unref();
      }
      return reserved;
    };
  }

  /**
   * Unconsumed seat reservations younger than the hold at `now` (a reservation being made
   * counts); one that asks to watch takes no seat and never counts.
   */
  fresh(now: number): number {
    const reserved = Object.entries((this.room as unknown as RoomInternals)._reservedSeats ?? {});
    return reserved.filter(([id, seat]) => !wantsToWatch(seat[0]) && now - (this.reservedAt.get(id) ?? now) < this.holdMs).length;
  }

  /** Reopens a waiting room whose only "taken" seats are stale reservations. */
  private releaseIfStale(): void {
    const reserved = (this.room as unknown as RoomInternals)._reservedSeats ?? {};
    for (const id of this.reservedAt.keys()) if (!(id in reserved)) this.reservedAt.delete(id);
    if (!this.waiting() || !this.room.locked || (this.room as unknown as RoomInternals)._lockedExplicitly) return;
    if (!this.room.hasReachedMaxClients()) {
      this.onRelease(this.reservedAt.size);
      void this.room.unlock();
    }
  }
}
