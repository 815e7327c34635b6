/**
 * The ranked matchmaker of one server: the pure queue book (core.ts) plus what it needs from
 * the world: a clock, the queue connections to notify, and Colyseus' matchMaker to create the
 * game room and reserve each player's seat. One instance per server, handed to the `queue`
 * room and (as RankedRoomHooks) to every game room; nothing lives in process globals.
 *
 * Flow: a player joins the queue room (token checked there, rating read from the database)
 * -> enqueue -> a tick forms groups -> createRoom(game, { mode: "ranked", config, ranked:
 * { ticket, group, players } }) -> reserveSeatFor each player (auth data = the player) -> each
 * gets `matched` with their reservation -> every player joins -> the room reports `started`
 * (queue connections get `started` and are closed) -> at the end `ended` frees the players.
 * If someone does not join within the join window the room reports `aborted`: the missing
 * players get `forfeit` and a re-queue cooldown, the others go back to the front of the queue.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { EnqueueRequest, QueueService, QueueSubscriber, RankedIdentity, RankedRoomHooks } from "../../match/rankedHooks.ts";

export type { EnqueueRequest, QueueSubscriber };
import type { Logger } from "../log.ts";
import { MatchQueues, MatchmakingError, type Group, type QueueSpec, type QueueStatus, type WindowOptions } from "./core.ts";

/** A seat reservation as Colyseus makes it; the client passes it to `consumeSeatReservation`. */
export interface SeatReservation {
  name: string;
  sessionId: string;
  roomId: string;
  processId: string;
  [key: string]: unknown;
}

/** How the matchmaker talks to one queued player (their queue-room connection). */

export interface MatchmakerDeps {
  log: Logger;
  specs: readonly QueueSpec[];
  /** Verifies a bearer token (PART A's verifyToken with the server's secret). */
  authenticate(token: string): Promise<RankedIdentity>;
  /** Skill estimates from the database; a player with no rating yet is absent. */
  ratingsOf(game: string, playerIds: string[]): Promise<Map<string, { mu: number }>>;
  /** Rating of a player with no games yet (openskill's default mu). */
  defaultRating?: number;
  createRoom(game: string, options: Record<string, unknown>): Promise<{ roomId: string }>;
  reserveSeat(room: { roomId: string }, options: Record<string, unknown>, auth: Record<string, unknown>): Promise<SeatReservation>;
  settings: {
    /** How long matched players have to join the game room. */
    joinTimeoutMs: number;
    /** How long a no-show may not queue again. */
    noShowCooldownMs: number;
    /** Period of the grouping pass and the position updates. */
    tickMs: number;
    window?: WindowOptions;
  };
  now?: () => number;
}

export class Matchmaker implements QueueService {
  readonly book: MatchQueues;
  /** Game rooms check it: only the matchmaker creates ranked rooms. */
  readonly ticket = randomBytes(24).toString("base64url");
  private readonly subscribers = new Map<string, QueueSubscriber>();
  protected readonly now: () => number;
  private interval: NodeJS.Timeout | null = null;
  private soon: NodeJS.Immediate | null = null;
  private stopped = false;
  /** Rooms being created / seats being reserved: their players are `matched` meanwhile. */
  private inFlight = new Set<Promise<void>>();

  constructor(protected readonly deps: MatchmakerDeps) {
    this.book = new MatchQueues(deps.specs, deps.settings.window);
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.interval ??= setInterval(() => this.tick(true), this.deps.settings.tickMs);
    this.interval.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    if (this.soon) clearImmediate(this.soon);
    await Promise.allSettled([...this.inFlight]);
  }

  /** What game rooms need to run ranked matches. */
  roomHooks(): RankedRoomHooks {
    return {
      ticket: this.ticket,
      joinTimeoutMs: this.deps.settings.joinTimeoutMs,
      authenticate: (token) => this.deps.authenticate(token),
      started: (group) => this.onStarted(group),
      aborted: (group, _roomId, missing) => this.onAborted(group, missing),
      ended: (group) => this.book.releaseGroup(group),
    };
  }

  authenticate(token: string): Promise<RankedIdentity> {
    return this.deps.authenticate(token);
  }

  /**
   * Puts a player in a queue; their rating is read from the database here. Throws
   * MatchmakingError (unknown_queue, already_queued, in_match, cooldown).
   */
  async enqueue(identity: RankedIdentity, req: EnqueueRequest, subscriber: QueueSubscriber): Promise<QueueStatus> {
    if (!this.book.spec(req.game, req.seats)) {
      // Checked before the database read, so the error names the real problem.
      this.book.enqueue(req.game, req.seats, { playerId: identity.playerId, username: identity.username, rating: 0 }, this.now());
    }
    const ratings = await this.deps.ratingsOf(req.game, [identity.playerId]);
    const rating = ratings.get(identity.playerId)?.mu ?? this.deps.defaultRating ?? 25;
    this.book.enqueue(req.game, req.seats, { playerId: identity.playerId, username: identity.username, rating, seatConfig: req.seatConfig }, this.now());
    this.subscribers.set(identity.playerId, subscriber);
    this.deps.log.debug({ player: identity.playerId, game: req.game, seats: req.seats, rating }, "queued for ranked");
    this.tickSoon();
    return this.book.status(identity.playerId, this.now())!;
  }

  /** The player asked to leave, or their queue connection closed. */
  leave(playerId: string, subscriber?: QueueSubscriber): boolean {
    if (subscriber && this.subscribers.get(playerId) !== subscriber) return false;
    this.subscribers.delete(playerId);
    return this.book.leave(playerId);
  }

  status(playerId: string): QueueStatus | null {
    return this.book.status(playerId, this.now());
  }

  /** One grouping pass; `updates`: also send every waiting player their position. */
  tick(updates = false): void {
    if (this.stopped) return;
    const now = this.now();
    for (const group of this.book.formGroups(now)) {
      const job = this.seat(group).catch((error) => this.deps.log.error({ err: error, group: group.id }, "seating a ranked group failed"));
      this.inFlight.add(job);
      void job.finally(() => this.inFlight.delete(job));
    }
    if (updates) {
      for (const st of this.book.allStatuses(now)) this.subscribers.get(st.playerId)?.send("queue", toStatusMessage(st));
    }
  }

  private tickSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = setImmediate(() => {
      this.soon = null;
      this.tick(false);
    });
  }

  /** Creates the ranked room, reserves every seat and hands each player their reservation. */
  private async seat(group: Group): Promise<void> {
    const players = shuffle(group.entrants);
    const { game, seats, config } = group.queue;
    let reservations: SeatReservation[];
    let roomId: string;
    try {
      const room = await this.deps.createRoom(game, {
        mode: "ranked",
        config,
        ranked: { ticket: this.ticket, group: group.id, players: players.map((p) => ({ playerId: p.playerId, username: p.username })) },
      });
      roomId = room.roomId;
      reservations = await Promise.all(players.map((p) => this.deps.reserveSeat(room, { seat: p.seatConfig }, { playerId: p.playerId, username: p.username })));
    } catch (error) {
      this.deps.log.error({ err: error, group: group.id, game, seats }, "could not create the ranked room; the group goes back to the front of the queue");
      for (const e of this.book.abortGroup(group.id, [], 0, (id) => this.subscribers.has(id))) this.notifyRequeued(e.playerId, "room_failed");
      this.tickSoon();
      return;
    }
    const joinBy = this.now() + this.deps.settings.joinTimeoutMs;
    const roster = players.map((p, seat) => ({ seat, playerId: p.playerId, username: p.username }));
    this.deps.log.info({ group: group.id, room: roomId, game, seats, spread: group.spread, window: group.window }, "ranked group matched");
    players.forEach((p, seat) => {
      this.subscribers.get(p.playerId)?.send("matched", {
        game,
        seats,
        roomId,
        seat,
        joinBy,
        reservation: reservations[seat],
        players: roster,
        ratingSpread: group.spread,
      });
    });
  }

  private onStarted(groupId: number): void {
    const group = this.book.group(groupId);
    this.book.markPlaying(groupId);
    for (const e of group?.entrants ?? []) {
      const sub = this.subscribers.get(e.playerId);
      if (!sub) continue;
      this.subscribers.delete(e.playerId);
      sub.send("started", { groupId });
      sub.close();
    }
  }

  private onAborted(groupId: number, missing: string[]): void {
    const now = this.now();
    const cooldownUntil = now + this.deps.settings.noShowCooldownMs;
    const members = this.book.group(groupId)?.entrants.map((e) => e.playerId) ?? [];
    const requeued = this.book.abortGroup(groupId, missing, cooldownUntil, (id) => this.subscribers.has(id));
    this.deps.log.info({ group: groupId, missing, requeued: requeued.length }, "ranked match called off: no-shows penalised, the others requeued at the front");
    for (const id of missing) {
      const sub = this.subscribers.get(id);
      if (!sub) continue;
      this.subscribers.delete(id);
      sub.send("forfeit", { reason: "no_show", cooldownMs: this.deps.settings.noShowCooldownMs });
      sub.close();
    }
    for (const e of requeued) this.notifyRequeued(e.playerId, "no_show");
    // Players whose queue connection was already gone are simply freed.
    for (const id of members) if (this.book.stateOf(id) === null) this.subscribers.delete(id);
    this.tickSoon();
  }

  private notifyRequeued(playerId: string, reason: string): void {
    const st = this.book.status(playerId, this.now());
    if (st) this.subscribers.get(playerId)?.send("requeued", { reason, ...toStatusMessage(st) });
  }
}

export function toStatusMessage(st: QueueStatus) {
  return {
    queue: st.queue,
    position: st.position,
    size: st.size,
    waitedMs: st.waitedMs,
    window: Math.round(st.window * 100) / 100,
    estimatedWaitMs: st.estimatedWaitMs,
  };
}

export function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export { MatchmakingError };
