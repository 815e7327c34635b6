/**
 * Colyseus' Redis presence and driver, made safe for a Redis that goes away (restart, network
 * cut) while the processes keep running their matches.
 *
 * Unguarded, a Redis outage of a few seconds ended every process: Colyseus makes many presence
 * and driver calls without awaiting them (room counts on each join and leave, listing removals,
 * IPC replies) or awaits them inside `new Promise(async ...)` executors, and ioredis rejects
 * every queued command once its retries are spent (MaxRetriesPerRequestError): an unhandled
 * rejection, which ends a Node process. And RedisDriver keeps a failed HGETALL of the listing
 * as its cached answer, so after one failed query every later query of that room name failed
 * for good.
 *
 * So, while the watch (watch.ts) says Redis is unreachable, and for any call that fails:
 *   presence   never rejects. Reads answer "nothing there" (null, false, {}, []), writes are
 *              skipped; subscriptions are still recorded, and RedisPresence subscribes them
 *              again when its connection is back. Colyseus then treats the cluster as this
 *              process alone, which is what it is for the moment.
 *   driver     writes (a room's listing: persist, update, remove) never reject either: the
 *              listing object is updated in memory as RedisDriver would, and the re-listing that
 *              follows the outage (relist.ts) writes every room of this process again. Reads
 *              (find a room, query the listing) fail at once with `ClusterUnavailableError`:
 *              matchmaking answers 503 `cluster_unavailable` instead of "room not found".
 * A write that fails while Redis seemed up asks the watch for a re-listing too.
 */
import { ErrorCode, ServerError, type IRoomCache, type MatchMakerDriver, type Presence } from "@colyseus/core";

/** Matchmaking cannot reach the cluster's shared state: `cluster_unavailable` (503) to clients. */
export class ClusterUnavailableError extends ServerError {
  constructor(detail?: string) {
    super(ErrorCode.MATCHMAKE_UNHANDLED, `cluster_unavailable: ${CLUSTER_UNAVAILABLE}${detail ? ` (${detail})` : ""}`);
    this.name = "ClusterUnavailableError";
  }
}

/** What clients are told while Redis is unreachable. */
export const CLUSTER_UNAVAILABLE = "matchmaking is paused: the servers cannot reach their shared state (Redis); matches in play go on; try again in a few seconds";

/** What the guards need from the watch. */
export interface LinkState {
  /** Why Redis is unreachable now, or null when it answers. */
  down(): string | null;
  /** A write was skipped or failed: list this process's rooms again once Redis answers. */
  requestRelist(): void;
  /** A failed call, for a rate-limited log line. */
  failed(what: string, error: unknown): void;
}

/** Presence answers that mean "nothing there" for the reads Colyseus makes. */
const NOTHING: Record<string, unknown> = {
  exists: false,
  get: null,
  hget: null,
  hgetall: {},
  smembers: [],
  sinter: [],
  channels: [],
  sismember: 0,
  scard: 0,
  hlen: 0,
  llen: 0,
  incr: 0,
  decr: 0,
  hincrby: 0,
  hincrbyex: 1, // the concurrent joinOrCreate lock: "no one else is creating", so this call creates
  hset: false,
  hdel: false,
  srem: 0,
  rpush: 0,
  lpush: 0,
  rpop: null,
  lpop: null,
  brpop: null,
};

/** Local, never about Redis: passed through untouched. */
const LOCAL = new Set(["setMaxListeners", "shutdown"]);

/** A presence whose calls never reject and never wait on an unreachable Redis (see the header). */
export function guardPresence<P extends Presence>(presence: P, link: LinkState): P {
  return new Proxy(presence, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || typeof value !== "function" || LOCAL.has(prop)) return value;
      return (...args: unknown[]) => {
        const nothing = NOTHING[prop];
        // Subscriptions are recorded even while down (RedisPresence subscribes them again on reconnect).
        const always = prop === "subscribe" || prop === "unsubscribe";
        if (!always && link.down()) return Promise.resolve(nothing); // the re-listing after the outage writes what matters again
        let result: unknown;
        try {
          result = value.apply(target, args);
        } catch (error) {
          link.failed(`presence.${prop}`, error);
          link.requestRelist();
          return Promise.resolve(nothing);
        }
        if (!(result instanceof Promise)) return result;
        const settled = result.catch((error: unknown) => {
          link.failed(`presence.${prop}`, error);
          link.requestRelist();
          return prop === "subscribe" || prop === "unsubscribe" ? receiver : nothing;
        });
        // A subscription made while down does not wait for the reconnection (requestFromIPC awaits it).
        return always && link.down() ? Promise.resolve(receiver) : settled;
      };
    },
  });
}

type Ops = { $set?: Record<string, unknown>; $inc?: Record<string, number> };

/** RedisDriver with writes that never fail and reads that fail fast while Redis is unreachable (see the header). */
export class GuardedDriver implements MatchMakerDriver {
  constructor(
    private readonly inner: MatchMakerDriver,
    private readonly link: LinkState,
  ) {}

  has(roomId: string): Promise<boolean> {
    return this.read("has", async () => this.inner.has(roomId));
  }
  query(conditions: Partial<IRoomCache>, sortOptions?: Parameters<MatchMakerDriver["query"]>[1]): Promise<IRoomCache[]> {
    return this.read("query", async () => this.inner.query(conditions, sortOptions));
  }
  findOne(conditions: Partial<IRoomCache>, sortOptions?: Parameters<MatchMakerDriver["findOne"]>[1]): Promise<IRoomCache> {
    return this.read("findOne", async () => this.inner.findOne(conditions, sortOptions));
  }
  findByIds(roomIds: string[]): Promise<Map<string, IRoomCache>> {
    return this.read("findByIds", async () => this.inner.findByIds(roomIds));
  }
  cleanup(processId: string): Promise<void> {
    return this.write("cleanup", async () => this.inner.cleanup?.(processId), undefined);
  }
  persist(room: IRoomCache, create?: boolean): Promise<boolean> {
    return this.write("persist", async () => this.inner.persist(room, create), true);
  }
  update(room: IRoomCache, operations: Ops): Promise<boolean> {
    if (this.link.down()) applyUpdate(room, operations); // what RedisDriver.update does before writing
    return this.write("update", async () => this.inner.update(room, operations), true);
  }
  remove(roomId: string): Promise<boolean> {
    return this.write("remove", async () => this.inner.remove(roomId), true);
  }
  async shutdown(): Promise<void> {
    try {
      await this.inner.shutdown?.();
    } catch {
      // already closed
    }
  }
  clear(): Promise<void> | void {
    return this.inner.clear?.();
  }

  private async read<T>(what: string, call: () => Promise<T>): Promise<T> {
    const down = this.link.down();
    if (down) throw new ClusterUnavailableError();
    try {
      return await call();
    } catch (error) {
      if (error instanceof ServerError) throw error;
      this.link.failed(`driver.${what}`, error);
      forgetCachedListing(this.inner);
      throw new ClusterUnavailableError();
    }
  }

  private async write<T>(what: string, call: () => Promise<T>, ok: T): Promise<T> {
    if (this.link.down()) return ok; // the re-listing after the outage writes every room of this process again
    try {
      return await call();
    } catch (error) {
      this.link.failed(`driver.${what}`, error);
      this.link.requestRelist();
      return ok;
    }
  }
}

function applyUpdate(room: IRoomCache, ops: Ops): void {
  const listing = room as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(ops.$set ?? {})) listing[field] = value;
  for (const [field, by] of Object.entries(ops.$inc ?? {})) listing[field] = (listing[field] as number) + by;
}

/**
 * RedisDriver shares one HGETALL of the listing between concurrent queries and clears it only
 * when it succeeds: a failed one would be every later query's answer. Dropped here after a failure.
 */
function forgetCachedListing(driver: MatchMakerDriver): void {
  const d = driver as unknown as { _concurrentRoomCacheRequest?: unknown; _roomCacheRequestByName?: Record<string, unknown> };
  if ("_concurrentRoomCacheRequest" in d) d._concurrentRoomCacheRequest = undefined;
  if (d._roomCacheRequestByName) for (const key of Object.keys(d._roomCacheRequestByName)) delete d._roomCacheRequestByName[key];
}
