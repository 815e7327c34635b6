/**
 * Several processes behind one address share their rooms, queues and limits through Redis
 * (REDIS_URL). Without it the server is one process on its own: Colyseus' in-memory presence
 * and room listing, in-process queues and counters, exactly as before.
 *
 * With it: Colyseus' RedisPresence (pub/sub, cross-process seat reservations and room calls)
 * and RedisDriver (one room listing for every process), plus one plain ioredis connection for
 * our own shared state (ranked queues, rate limits). PUBLIC_ADDRESS tells clients where THIS
 * process is: a seat reservation in a room hosted here sends the client to that address.
 */
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import type { MatchMakerDriver, Presence } from "@colyseus/core";
import { Redis } from "ioredis";
import type { Logger } from "../log.ts";
import { GuardedDriver, guardPresence } from "./guard.ts";
import { RedisWatch, type WatchedConnection } from "./watch.ts";

export interface ClusterLink {
  /** Our own commands (queues, limits); null when the process runs on its own. */
  redis: Redis | null;
  presence: Presence | undefined;
  driver: MatchMakerDriver | undefined;
  publicAddress: string | undefined;
  /** Whether Redis is reachable now, and what runs when it is again; null when the process runs on its own. */
  watch: RedisWatch | null;
  /** Closes every Redis connection (after the game server has stopped). */
  close(): Promise<void>;
}

export async function openClusterLink(options: { redisUrl: string | undefined; publicAddress: string | undefined; log: Logger }): Promise<ClusterLink> {
  const { redisUrl, publicAddress, log } = options;
  if (!redisUrl) return { redis: null, presence: undefined, driver: undefined, publicAddress, watch: null, close: async () => {} };
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
  // ioredis rejects a failed connect() with a bare "Connection is closed.": the cause is the error
  // event before it. Later errors (every reconnection attempt of an outage) are the watch's to report.
  let lastError: Error | undefined;
  redis.on("error", (err) => (lastError = err));
  try {
    await redis.connect(); // fail fast at start when Redis is unreachable, naming REDIS_URL
  } catch (error) {
    redis.disconnect(); // no retries in the background of a process that is about to exit
    throw new ClusterLinkError(redisUrl, lastError ?? (error as Error));
  }
  const presence = new RedisPresence(redisUrl);
  const driver = new RedisDriver(redisUrl);
  const { sub, pub } = presence as unknown as Record<"sub" | "pub", Redis>;
  const driverClient = (driver as unknown as { _client: Redis })._client;
  // Connection errors are the watch's to report, once per outage, not a line per reconnection attempt.
  for (const connection of [sub, pub, driverClient]) {
    connection.removeAllListeners("error");
    connection.on("error", () => {});
  }
  const watch = new RedisWatch({ redis, connections: [redis, pub, sub, driverClient] as unknown as WatchedConnection[], log: log.child({ component: "cluster" }) });
  await watch.start();
  log.info({ redis: redactUrl(redisUrl), publicAddress }, "cluster mode: rooms, queues and limits shared through redis");
  return {
    redis,
    presence: guardPresence(presence, watch),
    driver: new GuardedDriver(driver, watch),
    publicAddress,
    watch,
    close: async () => {
      watch.stop();
      // RedisPresence.shutdown() quits its two connections without handling the rejection a
      // connection already closed gives (Colyseus' own graceful shutdown has quit them once):
      // that crashed a stopping cluster process before its database was closed.
      await Promise.allSettled([sub.quit(), pub.quit()]);
      await driver.shutdown().catch(() => {});
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Redis named by REDIS_URL could not be reached at start: the message is one line saying what to fix. */
export class ClusterLinkError extends Error {
  constructor(
    redisUrl: string,
    override readonly cause: Error,
  ) {
    super(`cannot connect to Redis at REDIS_URL=${redactUrl(redisUrl)} (${cause.message}): start Redis there or fix REDIS_URL (unset it to run one process on its own)`);
    this.name = "ClusterLinkError";
  }
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable)";
  }
}
