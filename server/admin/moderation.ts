/**
 * What the admin API does to live play, on every process of a cluster:
 *
 *   - live matches: Colyseus' room listing (one for the whole cluster with REDIS_URL) gives
 *     every game room; each is asked for its summary by room id (remoteRoomCall reaches the
 *     process hosting it, over Redis presence);
 *   - remove a player from a match, abort a match: the same remote room call;
 *   - drop a banned player everywhere at once: one message on the presence bus (Redis pub/sub
 *     with REDIS_URL, in-process otherwise); every process closes the player's queue connection
 *     and takes them out of its rooms (rooms/roomModeration.ts);
 *   - drain: a process marked draining (in a presence hash, seen by every process) gets no new
 *     rooms: Colyseus picks the process to create a room on through selectProcess() below,
 *     which skips draining ones; with none left, creating a room is refused (503 unavailable).
 *     Its live matches go on to their end; SIGTERM then hands over whatever is left, as ever.
 */
import { ErrorCode, matchMaker, ServerError, type Client } from "@colyseus/core";
import type { Logger } from "../log.ts";
import type { LiveRoomSummary } from "../../match/liveRoomSummary.ts";

export type { LiveRoomSummary };

const TOPIC = "tt:moderation";
const DRAINING = "tt:draining";
/** How long a remote room call may take before that room is reported as unreachable. */
const ROOM_CALL_MS = 3_000;

/** The presence calls used here (Colyseus' LocalPresence and RedisPresence have them). */
export interface ModerationBus {
  publish(topic: string, data: unknown): unknown;
  subscribe<T>(topic: string, callback: (data: T) => void): Promise<unknown>;
  unsubscribe<T>(topic: string, callback?: (data: T) => void): Promise<unknown>;
  hset(key: string, field: string, value: string): Promise<unknown>;
  hdel(key: string, field: string): Promise<unknown>;
  hgetall(key: string): Promise<Record<string, string>>;
}

interface DropMessage {
  type: "drop";
  playerId: string;
  reason: string;
}

/** What the admin API asks of a room of this process (GameRoom has these methods). */
export interface ModeratedRoom {
  adminSummary(): LiveRoomSummary;
  adminRemove(playerId: string, reason: string): boolean;
}

/** A live room as the admin API lists it: its summary and the process hosting it. */
export type LiveRoom = LiveRoomSummary & { processId: string; unreachable?: boolean };

export interface ProcessInfo {
  processId: string;
  roomCount: number;
  ccu: number;
  draining: boolean;
  self: boolean;
}

/** This process's live game rooms (the set rooms add themselves to). */
export class LiveRooms {
  private readonly rooms = new Set<ModeratedRoom>();

  add(room: ModeratedRoom): void {
    this.rooms.add(room);
  }

  delete(room: ModeratedRoom): void {
    this.rooms.delete(room);
  }

  [Symbol.iterator](): Iterator<ModeratedRoom> {
    return this.rooms[Symbol.iterator]();
  }

  get size(): number {
    return this.rooms.size;
  }
}

export class Moderation {
  private readonly onMessage = (message: unknown) => this.handle(message);

  constructor(
    private readonly deps: {
      rooms: LiveRooms;
      /** Colyseus' presence (read when used: it exists once the game server is set up). */
      bus: () => ModerationBus;
      /** Game room names (the queue and any other room type are not matches). */
      games: () => Iterable<string>;
      /** The close code a banned player's queue connection is closed with (the rooms' own for a removal). */
      removedCloseCode: number;
      log: Logger;
    },
  ) {}

  async start(): Promise<void> {
    await this.deps.bus().subscribe(TOPIC, this.onMessage);
  }

  async stop(): Promise<void> {
    await Promise.resolve()
      .then(() => this.deps.bus().unsubscribe(TOPIC, this.onMessage))
      .catch(() => {});
    await this.setDraining(matchMaker.processId, false).catch(() => {});
  }

  /** Every live game room of the cluster, newest first, with its seats' players. */
  async liveRooms(limit = 200): Promise<LiveRoom[]> {
    const games = new Set(this.deps.games());
    const listed = (await matchMaker.query({})).filter((r) => games.has(r.name)).sort((a, b) => (String(a.createdAt) < String(b.createdAt) ? 1 : -1));
    return Promise.all(
      listed.slice(0, limit).map(async (r): Promise<LiveRoom> => {
        try {
          const summary = (await matchMaker.remoteRoomCall(r.roomId, "adminSummary", [], ROOM_CALL_MS)) as LiveRoomSummary;
          return { ...summary, processId: r.processId };
        } catch {
          const meta = (r.metadata ?? {}) as { game?: string; mode?: LiveRoomSummary["mode"]; status?: LiveRoomSummary["status"] };
          return {
            roomId: r.roomId,
            matchId: "",
            game: meta.game ?? r.name,
            mode: meta.mode ?? "casual",
            status: meta.status ?? "waiting",
            step: 0,
            spectators: 0,
            seats: [],
            processId: r.processId,
            unreachable: true,
          };
        }
      }),
    );
  }

  /** Takes a player out of a live room (any process); false when they hold no seat there. Throws RoomGoneError. */
  async removePlayer(roomId: string, playerId: string, reason: string): Promise<boolean> {
    return (await this.roomCall(roomId, "adminRemove", [playerId, reason])) === true;
  }

  /** Ends a live room's match as aborted (any process); false when it was over already. Throws RoomGoneError. */
  async abort(roomId: string, reason: string): Promise<boolean> {
    return (await this.roomCall(roomId, "adminAbort", [reason])) === true;
  }

  /** A banned player: their queue connection and live seats go, on every process, now. */
  async dropEverywhere(playerId: string, reason: string): Promise<void> {
    const message: DropMessage = { type: "drop", playerId, reason };
    // The presence bus delivers to this process's subscription too (local and Redis alike).
    await this.deps.bus().publish(TOPIC, message);
  }

  /** Marks a process (default: this one) draining or not. */
  async setDraining(processId: string, draining: boolean): Promise<void> {
    if (draining) await this.deps.bus().hset(DRAINING, processId, new Date().toISOString());
    else await this.deps.bus().hdel(DRAINING, processId);
  }

  async drainingProcesses(): Promise<Set<string>> {
    return new Set(Object.keys((await this.deps.bus().hgetall(DRAINING)) ?? {}));
  }

  /** The processes serving this cluster (just this one without REDIS_URL). */
  async processes(): Promise<ProcessInfo[]> {
    const [all, draining] = await Promise.all([matchMaker.stats.fetchAll(), this.drainingProcesses()]);
    return all.map((p) => ({ processId: p.processId, roomCount: p.roomCount, ccu: p.ccu, draining: draining.has(p.processId), self: p.processId === matchMaker.processId }));
  }

  /**
   * Colyseus' choice of the process to create a room on (the one with the fewest rooms), skipping
   * draining processes. None left: the creation is refused (answered 503 unavailable).
   */
  readonly selectProcess = async (roomName: string): Promise<string> => {
    const [all, draining] = await Promise.all([matchMaker.stats.fetchAll(), this.drainingProcesses()]);
    const open = all.filter((p) => !draining.has(p.processId)).sort((a, b) => a.roomCount - b.roomCount);
    if (open[0]) return open[0].processId;
    if (all.length === 0 && !draining.has(matchMaker.processId)) return matchMaker.processId;
    throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, `draining: no processId available to create room ${roomName} (every server is draining for a deploy; try again shortly)`);
  };

  private async roomCall(roomId: string, method: string, args: unknown[]): Promise<unknown> {
    const [listed] = await matchMaker.query({ roomId });
    if (!listed || !new Set(this.deps.games()).has(listed.name)) throw new RoomGoneError(roomId);
    return matchMaker.remoteRoomCall(roomId, method, args, ROOM_CALL_MS);
  }

  private handle(message: unknown): void {
    const m = message as Partial<DropMessage> | null;
    if (m?.type !== "drop" || typeof m.playerId !== "string" || typeof m.reason !== "string") return;
    const { playerId, reason } = m as DropMessage;
    let seats = 0;
    for (const room of this.deps.rooms) if (room.adminRemove(playerId, reason)) seats++;
    void this.closeQueueConnections(playerId, reason).then(
      (queued) => (seats > 0 || queued > 0) && this.deps.log.info({ player: playerId, seats, queued }, "banned player dropped from this process's rooms and queue"),
      (err: unknown) => this.deps.log.warn({ err, player: playerId }, "closing a banned player's queue connection failed"),
    );
  }

  /** Closes the player's connections to this process's ranked queue room (its leave frees the queue). */
  private async closeQueueConnections(playerId: string, reason: string): Promise<number> {
    let closed = 0;
    for (const listed of await matchMaker.query({ name: "queue", processId: matchMaker.processId })) {
      const room = matchMaker.getLocalRoomById(listed.roomId);
      for (const client of (room?.clients ?? []) as Iterable<Client>) {
        const identity = (client.userData as { identity?: { playerId?: string } } | undefined)?.identity;
        if (identity?.playerId !== playerId) continue;
        client.leave(this.deps.removedCloseCode, `banned: ${reason}`);
        closed++;
      }
    }
    return closed;
  }
}

/** The room is not listed (it ended, or never existed). */
export class RoomGoneError extends Error {
  readonly code = "room_not_found";
  constructor(roomId: string) {
    super(`no live room ${roomId}`);
    this.name = "RoomGoneError";
  }
}
