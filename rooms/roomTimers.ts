/**
 * A game room's timers on Node's own timer list, instead of Colyseus' room clock. The room
 * clock only runs while something ticks it, and Colyseus ticks it with a 60 Hz interval per
 * room even when `patchRate` is null: 1,000 idle matches cost a sixth of a core doing nothing
 *. Node keeps every pending timeout in one shared list and wakes only when one is due.
 *
 * `quiet(room)` stops that per-room interval; after it the room clock never advances, so a room
 * must schedule with these timers only. Every timer is dropped when the room is disposed.
 */
import type { Room } from "@colyseus/core";
import type { TimerHandle } from "../match/promptTimers.ts";

export type { TimerHandle };

export class RoomTimers {
  private readonly pending = new Set<NodeJS.Timeout>();

  /** Runs `fn` once after `ms` (errors go to `onError`, never to the event loop). */
  after(ms: number, fn: () => void, onError: (error: unknown) => void): TimerHandle {
    const handle = setTimeout(
      () => {
        this.pending.delete(handle);
        try {
          fn();
        } catch (error) {
          onError(error);
        }
      },
      Math.max(0, ms),
    );
    this.pending.add(handle);
    return new PendingTimer(this.pending, handle);
  }

  get size(): number {
    return this.pending.size;
  }

  clearAll(): void {
    for (const handle of this.pending) clearTimeout(handle);
    this.pending.clear();
  }
}

/**
 * A pending timer's handle. A class, not an object literal with a `cancel` arrow: tsx names such
 * an arrow, which costs ~310 bytes per timer (heap per live match).
 */
class PendingTimer implements TimerHandle {
  constructor(
    private readonly pending: Set<NodeJS.Timeout>,
    private readonly handle: NodeJS.Timeout,
  ) {}

  cancel(): void {
    clearTimeout(this.handle);
    this.pending.delete(this.handle);
  }
}

/** Not a timer: clearInterval() ignores it, and Colyseus installs no clock ticker while it is set. */
const NO_SIMULATION = Object.freeze({ noSimulation: true });

/**
 * Patches are flushed by the room itself (patchRate null) and no per-room clock ticker runs.
 * Colyseus' patchRate setter installs a 60 Hz `clock.tick` interval unless a simulation interval
 * is set, so one that never fires is set first (see @colyseus/core Room, `patchRate`).
 */
export function quiet(room: Room): void {
  const r = room as unknown as { _simulationInterval?: unknown; patchRate: number | null };
  r._simulationInterval = NO_SIMULATION;
  r.patchRate = null;
}
