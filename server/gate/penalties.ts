/**
 * The penalty box: client addresses that a room disconnected for flooding may not matchmake
 * (create, join...) again for a while, so a persistent flooder cannot simply come back at once
 * and flood again. Rooms know their clients by session id only; the front door remembers which
 * address each seat reservation it handed out went to, and penalises that address.
 */
import { addressKey } from "./clientIp.ts";

/** What the front door needs from a penalty box (this one in memory, or server/cluster/limits.ts in Redis). */
export interface Penalties {
  recordSession(sessionId: string, address: string): void;
  penalizeSession(sessionId: string): string | null;
  retryAfterS(address: string): number | Promise<number>;
}

export class PenaltyBox implements Penalties {
  /** sessionId -> client address, for the reservations handed out (oldest first, bounded). */
  private readonly sessions = new Map<string, string>();
  /** addressKey -> epoch ms until which it is refused. */
  private readonly banned = new Map<string, number>();

  constructor(
    private readonly cooldownMs: number,
    private readonly maxSessions = 200_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A seat reservation for `sessionId` went to `address`. */
  recordSession(sessionId: string, address: string): void {
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, address);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.maxSessions) break;
      this.sessions.delete(oldest);
    }
  }

  /** The client of `sessionId` was disconnected for flooding: its address waits out the cooldown. Returns the address, if known. */
  penalizeSession(sessionId: string): string | null {
    const address = this.sessions.get(sessionId);
    if (address === undefined || this.cooldownMs <= 0) return address ?? null;
    this.banned.set(addressKey(address), this.now() + this.cooldownMs);
    return address;
  }

  /** Seconds `address` must still wait, or 0. */
  retryAfterS(address: string): number {
    const key = addressKey(address);
    const until = this.banned.get(key);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left <= 0) {
      this.banned.delete(key);
      return 0;
    }
    return Math.max(1, Math.ceil(left / 1000));
  }
}
