/**
 * The front door's limits from the configuration: per-address and global caps, and, with
 * REDIS_URL, counters and flood penalties shared by every process of the cluster.
 */
import { CLUSTER_UNAVAILABLE } from "./cluster/guard.ts";
import { RedisPenaltyBox, redisLimiters } from "./cluster/limits.ts";
import type { ClusterLink } from "./cluster/redis.ts";
import type { Config } from "./config.ts";
import type { FrontDoorSettings } from "./gate/index.ts";
import type { Logger } from "./log.ts";
import type { ServerMetrics } from "./metrics/metrics.ts";

export function frontDoorSettings(config: Config, cluster: ClusterLink, metrics: ServerMetrics, log: Logger): FrontDoorSettings {
  return {
    maxBodyBytes: config.maxBodyBytes,
    trustProxyHops: config.trustProxyHops,
    roomsPerMinutePerIp: config.roomsPerMinutePerIp,
    joinsByIdPerMinutePerIp: config.joinsByIdPerMinutePerIp,
    pendingJoinsPerIp: config.pendingJoinsPerIp,
    maxRooms: config.maxRooms,
    maxConnectionsPerIp: config.maxConnectionsPerIp,
    maxConnections: config.maxConnections,
    floodCooldownMs: config.floodCooldownS * 1000,
    // REDIS_URL: rooms created and joins by id per minute, and flood penalties, count across every process.
    limiters: cluster.redis ? redisLimiters(cluster.redis) : undefined,
    penalties: cluster.redis ? new RedisPenaltyBox(cluster.redis, config.floodCooldownS * 1000, log) : undefined,
    // Each process holds the ranked queue connections of its own clients (server/matchmaking/shared.ts).
    localRooms: cluster.redis ? ["queue"] : undefined,
    onRefusal: (code) => metrics.refused(code),
    // Redis unreachable: 503 cluster_unavailable at once, not after its retries.
    clusterUnavailable: cluster.watch ? () => (cluster.watch!.down() ? CLUSTER_UNAVAILABLE : null) : undefined,
  };
}
