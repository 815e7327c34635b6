/**
 * The per-address limits that a client could multiply by spreading its requests over several
 * processes, kept in Redis when REDIS_URL is set (one count for the whole cluster):
 *
 *   - the accounts API limits (server/auth/limits.ts: logins, registrations, guests) and the
 *     rooms created per minute per address (server/gate/matchmake.ts): rate-limiter-flexible's
 *     RateLimiterRedis, the same atomic consume as the in-memory store;
 *   - the flood penalty (server/gate/penalties.ts): the address a seat reservation went to and
 *     the addresses serving a cooldown, as expiring keys.
 *
 * Connection counts stay per process: they are about that process's own sockets.
 */
import type { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { LimiterFactory } from "../auth/limits.ts";
import { addressKey } from "../gate/clientIp.ts";
import type { Penalties } from "../gate/penalties.ts";
import type { Logger } from "../log.ts";

/** Counters in Redis, shared by every process using this client's database. */
export function redisLimiters(redis: Redis): LimiterFactory {
  return (spec) => new RateLimiterRedis({ storeClient: redis, ...spec, keyPrefix: `tt:limit:${spec.keyPrefix}` });
}

/** How long a seat reservation's address is remembered (a flood may come hours into a match). */
const SESSION_TTL_S = 6 * 3600;

/**
 * The penalty box in Redis: a room on process B may flood-disconnect a client whose seat
 * reservation process A handed out, and the address must then be refused on every process.
 */
export class RedisPenaltyBox implements Penalties {
  constructor(
    private readonly redis: Redis,
    private readonly cooldownMs: number,
    private readonly log: Logger,
  ) {}

  recordSession(sessionId: string, address: string): void {
    this.redis.set(`tt:pen:session:${sessionId}`, address, "EX", SESSION_TTL_S).catch((err) => this.log.warn({ err: String(err) }, "recording a reservation's address failed"));
  }

  /**
   * Rooms call this synchronously; the address is looked up and banned in the background.
   * Returns null: the address is not known here yet (the room logs the session instead).
   */
  penalizeSession(sessionId: string): string | null {
    void (async () => {
      const address = await this.redis.get(`tt:pen:session:${sessionId}`);
      if (address === null || this.cooldownMs <= 0) return;
      await this.redis.set(`tt:pen:ban:${addressKey(address)}`, "1", "PX", this.cooldownMs);
      this.log.info({ session: sessionId, ip: address, cooldownMs: this.cooldownMs }, "flooding address banned from matchmaking on every process");
    })().catch((err) => this.log.warn({ err: String(err), session: sessionId }, "penalising a flooder failed"));
    return null;
  }

  async retryAfterS(address: string): Promise<number> {
    const left = await this.redis.pttl(`tt:pen:ban:${addressKey(address)}`);
    return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0;
  }
}
