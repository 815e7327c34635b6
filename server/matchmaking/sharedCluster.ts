/**
 * What the processes of a cluster share for ranked play (server/matchmaking/shared.ts): the
 * pub/sub between them, the room ticket they derive alike, the options of the shared
 * matchmaker, and the messages they send each other.
 */
import { createHmac } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import type { Redis } from "ioredis";

/** Pub/sub between the processes (Colyseus' RedisPresence has this shape). */
export interface MessageBus {
  publish(topic: string, data: unknown): unknown;
  subscribe<T>(topic: string, callback: (data: T) => void): Promise<unknown>;
  unsubscribe<T>(topic: string, callback?: (data: T) => void): Promise<unknown>;
}

export interface SharedMatchmakerOptions {
  redis: Redis;
  bus: MessageBus;
  /** The JWT secret: the room ticket is derived from it, equal on every process. */
  jwtSecret: string;
  /** Key prefix (tests give each their own). */
  prefix?: string;
  /** Lease of the grouping pass (default: 3 ticks, at least 3 s). */
  leaseMs?: number;
  /** A process whose heartbeat is older than this is dead: its waiting players are dropped (default: 10 ticks, at least 15 s). */
  heartbeatTtlMs?: number;
  /** Which of these rooms exist on a live process (default: Colyseus' room listing plus its process health check). */
  roomsAlive?: (roomIds: string[]) => Promise<Set<string>>;
  /** A playing group whose room has been gone this long is freed (default 10 min: a crashed process's matches are taken over first). */
  orphanPlayingMs?: number;
  /** Period of that sweep (default: 5 s). */
  sweepEveryMs?: number;
  /** Past the join window, a not-started group's room gets this much more time to call the match off itself (default 10 s). */
  orphanMarginMs?: number;
  /** A grouping pass still running after this long is abandoned and the next tick runs a new one (default: 4 leases, at least 20 s). */
  passDeadlineMs?: number;
  /** This process's id (default: Colyseus' processId, else a random one). */
  processId?: string;
  /** Whether a process answers (default: Colyseus' health check when the ids are Colyseus', else "yes"). */
  processAlive?: (processId: string) => Promise<boolean>;
  /** Why Redis is unreachable now (server/cluster/watch.ts), or null; default: never. */
  unavailable?: () => string | null;
}

/** Rooms listed by Colyseus (any process) whose process answers its health check. */
export async function colyseusRoomsAlive(roomIds: string[]): Promise<Set<string>> {
  const listed = await matchMaker.findRoomsByIds(roomIds);
  const processes = new Map<string, Promise<boolean>>();
  const healthy = (pid: string) => {
    if (pid === matchMaker.processId) return Promise.resolve(true);
    let p = processes.get(pid);
    if (!p) {
      p = matchMaker.healthCheckProcessId(pid).then(Boolean, () => false);
      processes.set(pid, p);
    }
    return p;
  };
  const alive = new Set<string>();
  for (const [roomId, room] of listed) if (await healthy(room.processId)) alive.add(roomId);
  return alive;
}

/** One message to one queued player, on whatever process holds their queue connection. */
export interface Delivery {
  playerId: string;
  type: string;
  message: unknown;
  /** End the queue connection after this message. */
  close?: boolean;
  /** `matched`: the group, remembered by the process holding the connection (see `onLostGroup`). */
  group?: number;
}

/** A room reported on a group whose record Redis lost (it restarted empty): sent to every process. */
export interface LostGroup {
  group: number;
  type: "started" | "aborted";
  missing?: string[];
}

/** The ranked-room ticket every process of a cluster derives alike from the JWT secret. */
export function clusterTicket(jwtSecret: string): string {
  return createHmac("sha256", jwtSecret).update("ranked-room-ticket/v1").digest("base64url");
}

/** REDIS_URL needs JWT_SECRET: every process must verify the others' tokens and room tickets. */
export function requireClusterSecret(jwtSecret: string | undefined): string {
  if (!jwtSecret) {
    throw new Error(
      "REDIS_URL is set but JWT_SECRET is not: processes sharing Redis must verify each other's bearer tokens and ranked room tickets; set JWT_SECRET to the same value on every process",
    );
  }
  return jwtSecret;
}
