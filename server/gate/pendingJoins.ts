/**
 * Seat reservations a client address holds unused (`joinById`: ./matchmake.ts). A matchmaking
 * call answers with a seat reservation before the client connects, and the room counts it as a taken place until it is
 * used or expires; one address asking again and again without ever connecting would hold as
 * many places as it has time to ask for. Here an address holds at most `max` reservations it has
 * not used (a real client uses its own within milliseconds): beyond that its calls are refused
 * until one is used or expires. Calls in flight count too, so a burst cannot overshoot.
 *
 * A reservation in a room of this process is followed exactly (through Colyseus' table of
 * reserved seats: used or expired, it is gone from it); one in a room of another process
 * (REDIS_URL) counts until it would expire at the latest (Colyseus' 15 s), since this process
 * cannot see it being used. The count is per process.
 */
import { matchMaker } from "@colyseus/core";
import { addressKey } from "./clientIp.ts";

/** The longest a reservation lasts (Colyseus' default seat reservation time; rooms here use it or less). */
const RESERVATION_MS = 15_000;

interface Pending {
  roomId: string;
  sessionId: string;
  /** This process hosts the room: its table of reserved seats says whether the seat is still unused. */
  local: boolean;
  expiresAt: number;
}

/** Colyseus' table of a room's reserved seats: sessionId -> [options, auth, consumed, reconnection]. */
type ReservedSeats = Record<string, [unknown, unknown, boolean, boolean] | undefined>;

export class PendingJoins {
  private readonly pending = new Map<string, Pending[]>();
  private readonly inFlight = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly max: number) {
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
  }

  /**
   * A call of `ip` that may reserve a seat is starting: null if admitted (then `end` must
   * follow), else how many seconds until one of its reservations expires at the latest.
   */
  begin(ip: string): number | null {
    if (this.max <= 0) return null;
    const key = addressKey(ip);
    const held = this.unused(key);
    const inFlight = this.inFlight.get(key) ?? 0;
    if (held.length + inFlight >= this.max) {
      // All in flight (a burst): one of them is answered in a moment.
      const soonest = Math.min(...held.map((p) => p.expiresAt));
      return Math.max(1, Math.ceil((Number.isFinite(soonest) ? soonest - Date.now() : 0) / 1000));
    }
    this.inFlight.set(key, inFlight + 1);
    return null;
  }

  /** The call that `begin` admitted is over; `reservation` is what it answered, if a seat. */
  end(ip: string, reservation?: { roomId?: unknown; sessionId?: unknown; processId?: unknown }): void {
    if (this.max <= 0) return;
    const key = addressKey(ip);
    const inFlight = (this.inFlight.get(key) ?? 1) - 1;
    if (inFlight > 0) this.inFlight.set(key, inFlight);
    else this.inFlight.delete(key);
    const { roomId, sessionId, processId } = reservation ?? {};
    if (typeof roomId !== "string" || typeof sessionId !== "string") return;
    const held = this.pending.get(key) ?? [];
    held.push({ roomId, sessionId, local: processId === undefined || processId === matchMaker.processId, expiresAt: Date.now() + RESERVATION_MS });
    this.pending.set(key, held);
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  /** The reservations of `key` still unused (the others are dropped). */
  private unused(key: string): Pending[] {
    const now = Date.now();
    const held = (this.pending.get(key) ?? []).filter((p) => p.expiresAt > now && (!p.local || stillReserved(p)));
    if (held.length > 0) this.pending.set(key, held);
    else this.pending.delete(key);
    return held;
  }

  private sweep(): void {
    for (const key of [...this.pending.keys()]) this.unused(key);
  }
}

/** Whether the seat is still reserved and not taken in its room of this process. */
function stillReserved(p: Pending): boolean {
  const seats = (matchMaker.getLocalRoomById(p.roomId) as unknown as { _reservedSeats?: ReservedSeats } | undefined)?._reservedSeats;
  const seat = seats?.[p.sessionId];
  return seat !== undefined && seat[2] === false;
}
