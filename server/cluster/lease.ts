/**
 * A lease lock in Redis: at most one holder at a time across processes, for a bounded time.
 *
 *   acquire  SET key token NX PX ttl            (the holder's random token as the value)
 *   renew    PEXPIRE only if the value is still our token   (Lua, atomic)
 *   release  DEL only if the value is still our token       (Lua, atomic)
 *
 * A holder that dies simply stops renewing: the key expires after `ttlMs` and another process
 * takes over. A holder that stalls past its lease loses it (renew answers false), so callers
 * re-check `holds()` before each unit of work; the work itself must still be safe if two
 * holders overlap briefly (the ranked book's claims are compare-and-set for that reason).
 */
import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class Lease {
  /** Unique per holder: a process restarted with the same id never renews its old lease. */
  readonly token: string;
  private held = false;

  constructor(
    private readonly redis: Redis,
    readonly key: string,
    readonly ttlMs: number,
    holder = "lease",
  ) {
    this.token = `${holder}:${randomBytes(9).toString("base64url")}`;
  }

  /** Takes the lease if free, or renews it if ours. Resolves with whether we hold it now. */
  async acquireOrRenew(): Promise<boolean> {
    if (this.held) {
      this.held = (await this.redis.eval(RENEW, 1, this.key, this.token, String(this.ttlMs))) === 1;
      if (this.held) return true;
    }
    this.held = (await this.redis.set(this.key, this.token, "PX", this.ttlMs, "NX")) === "OK";
    return this.held;
  }

  /** Whether we held it at the last acquire/renew (it may have expired since if we stalled). */
  holds(): boolean {
    return this.held;
  }

  /** Gives the lease up at once (if still ours), so another process need not wait for expiry. */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await this.redis.eval(RELEASE, 1, this.key, this.token);
  }

  /** Who holds it now (their token), or null. */
  holder(): Promise<string | null> {
    return this.redis.get(this.key);
  }
}
