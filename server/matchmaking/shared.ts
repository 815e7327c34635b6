/**
 * The ranked matchmaker of a cluster (REDIS_URL): the same protocol and rules as Matchmaker
 * (service.ts), with the book in Redis (sharedBook.ts) so that players queued on different
 * processes are matched together.
 *
 *   enqueue / leave   on the process holding the player's queue connection, straight into the
 *                     shared book (one Lua script each: "queued twice" and no-show cooldowns
 *                     hold across processes);
 *   grouping pass     on ONE process at a time, the holder of a Redis lease (cluster/lease.ts),
 *                     taken by whichever process asks first and renewed every tick; if it dies,
 *                     another takes over when the lease expires. The pass loads the waiting
 *                     players into the pure MatchQueues (core.ts), forms groups there, and claims
 *                     each in Redis with a compare-and-set (so even two overlapping passes can
 *                     never seat a player twice), then creates the room (on whichever process
 *                     Colyseus' Redis driver picks) and reserves the seats. A pass has a bounded
 *                     life (`passDeadlineMs`): one stuck on a call that never settles is abandoned
 *                     (logged) and the next tick runs a new one; the abandoned one, should it go
 *                     on, does nothing more (each step checks it is still the current pass);
 *   delivery          `matched`, `queue` updates, `started`, `requeued`, `forfeit` go to the
 *                     process holding each player's queue connection, over Colyseus presence
 *                     pub/sub (topic per process);
 *   room hooks        started / aborted / ended run in the process HOSTING the game room and act
 *                     on the shared book only;
 *   dead processes    each process refreshes a heartbeat key; the pass drops waiting players of a
 *                     process whose heartbeat expired, and a called-off match frees (rather than
 *                     requeues) players whose process is gone. A group whose room is gone (its
 *                     process died before the room could call the match off or report its end)
 *                     is swept: not started -> requeued / freed once the join window is long
 *                     past; playing -> freed after `orphanPlayingMs` (room takeover gets time first).
 *                     "Requeued" needs the member's process to be alive by its heartbeat AND by
 *                     its health check: a process killed a moment ago still beats for the
 *                     heartbeat TTL, and its players must not go back to the queue as ghosts
 *                     (a live player matched with one would wait out another join window).
 *   Redis outage      while Redis is unreachable (`unavailable`) no pass runs and a queue join is
 *                     refused `cluster_unavailable`; the players already queued keep their
 *                     connection. When Redis answers again, maybe empty (a restart without
 *                     persistence), each process writes its part of the book again (`rejoin`):
 *                     its waiting players, with their first entry time, so they keep their
 *                     place. A group whose record was lost is settled from its room's hooks:
 *                     `started` and `aborted` find no group and tell every process, and the
 *                     process holding each member's queue connection sends `started`, or
 *                     `forfeit` (no-show), or requeues the member at the front (`requeued`).
 *
 * The room ticket is an HMAC of a fixed label with the JWT secret: the same on every process
 * (which is why REDIS_URL requires JWT_SECRET, set alike everywhere).
 */
import { createHmac, randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import type { Redis } from "ioredis";
import type { RankedIdentity, RankedRoomHooks } from "../../match/rankedHooks.ts";
import { CLUSTER_UNAVAILABLE } from "../cluster/guard.ts";
import { Lease } from "../cluster/lease.ts";
import { MatchQueues, MatchmakingError, queueKey, ratingWindow, type QueueStatus } from "./core.ts";
import { Matchmaker, shuffle, toStatusMessage, type EnqueueRequest, type MatchmakerDeps, type QueueSubscriber, type SeatReservation } from "./service.ts";
import { SharedBook, abortActions, type BookSnapshot, type StoredEntrant, type StoredGroup } from "./sharedBook.ts";

/** Pub/sub between the processes (Colyseus' RedisPresence has this shape). */
export interface MessageBus {
  publish(topic: string, data: unknown): unknown;
  subscribe(topic: string, callback: (data: any) => void): Promise<unknown>;
  unsubscribe(topic: string, callback?: (data: any) => void): Promise<unknown>;
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
    if (!p) processes.set(pid, (p = matchMaker.healthCheckProcessId(pid).then(Boolean, () => false)));
    return p;
  };
  const alive = new Set<string>();
  for (const [roomId, room] of listed) if (await healthy(room.processId)) alive.add(roomId);
  return alive;
}

/** One grouping pass in flight: when it started, where it is, whether it was abandoned. */
interface PassRun {
  startedAt: number;
  step: string;
  abandoned: boolean;
  done: Promise<void>;
}

/** One message to one queued player, on whatever process holds their queue connection. */
interface Delivery {
  playerId: string;
  type: string;
  message: unknown;
  /** End the queue connection after this message. */
  close?: boolean;
  /** `matched`: the group, remembered by the process holding the connection (see `onLostGroup`). */
  group?: number;
}

/** A room reported on a group whose record Redis lost (it restarted empty): sent to every process. */
interface LostGroup {
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

export class SharedMatchmaker extends Matchmaker {
  override readonly ticket: string;
  /**
   * Names this process in the shared book (where its players' queue connections are): Colyseus'
   * own process id when it has one, so that its health check can tell whether a process is gone.
   */
  readonly processId: string;
  readonly shared: SharedBook;
  private readonly lease: Lease;
  private readonly bus: MessageBus;
  private readonly prefix: string;
  private readonly heartbeatTtlMs: number;
  /** Queue connections on this process. */
  private readonly local = new Map<string, QueueSubscriber>();
  /** What each of them was queued with: the book is written again from these if Redis loses it. */
  private readonly localEntries = new Map<string, StoredEntrant>();
  /** The group of each of them who was sent `matched` (until `started`, `forfeit` or `requeued`). */
  private readonly localGroups = new Map<string, number>();
  private readonly unavailable: () => string | null;
  /** Connections that closed before their enqueue finished: removed from the book once it has. */
  private readonly abandoned = new WeakSet<QueueSubscriber>();
  private readonly lastStatus = new Map<string, QueueStatus>();
  private timer: NodeJS.Timeout | null = null;
  private wakeSoon: NodeJS.Immediate | null = null;
  private pass: PassRun | null = null;
  private readonly passDeadlineMs: number;
  private halted = false;
  private readonly jobs = new Set<Promise<void>>();
  private readonly roomsAlive: (roomIds: string[]) => Promise<Set<string>>;
  private readonly orphanPlayingMs: number;
  private readonly sweepEveryMs: number;
  private readonly orphanMarginMs: number;
  private readonly processAlive: (processId: string) => Promise<boolean>;
  private lastSweep = 0;
  /** Group id -> when its room was first seen gone (this leader's memory). */
  private readonly missingSince = new Map<number, number>();
  private readonly onMessage = (data: { deliveries?: Delivery[] }) => this.receive(data);
  private readonly onWake = () => {
    if (this.lease.holds()) this.passSoon();
  };
  private readonly onLost = (data: LostGroup) =>
    void this.track(this.onLostGroup(data).catch((err) => this.deps.log.error({ err, group: data.group }, "settling a ranked group Redis lost failed")));

  constructor(deps: MatchmakerDeps, options: SharedMatchmakerOptions) {
    super(deps);
    const colyseusId = (matchMaker.processId as string | undefined) || undefined;
    this.processId = options.processId ?? colyseusId ?? randomBytes(6).toString("hex");
    this.processAlive =
      options.processAlive ?? (colyseusId && this.processId === colyseusId ? (pid) => matchMaker.healthCheckProcessId(pid).then(Boolean, () => false) : async () => true);
    this.ticket = clusterTicket(options.jwtSecret);
    this.prefix = options.prefix ?? "tt:rq:";
    this.shared = new SharedBook(options.redis, this.prefix);
    this.bus = options.bus;
    const tick = deps.settings.tickMs;
    this.lease = new Lease(options.redis, `${this.prefix}leader`, options.leaseMs ?? Math.max(3 * tick, 3_000), this.processId);
    this.passDeadlineMs = options.passDeadlineMs ?? Math.max(4 * this.lease.ttlMs, 20_000);
    this.heartbeatTtlMs = options.heartbeatTtlMs ?? Math.max(10 * tick, 15_000);
    this.roomsAlive = options.roomsAlive ?? colyseusRoomsAlive;
    this.orphanPlayingMs = options.orphanPlayingMs ?? 10 * 60_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 5_000;
    this.orphanMarginMs = options.orphanMarginMs ?? 10_000;
    this.unavailable = options.unavailable ?? (() => null);
  }

  private get inbox(): string {
    return `${this.prefix}to:${this.processId}`;
  }
  private get wakeTopic(): string {
    return `${this.prefix}wake`;
  }
  private get lostTopic(): string {
    return `${this.prefix}lost`;
  }

  /** Subscribes, beats once, then runs the tick. Awaitable: the process is reachable once it resolves. */
  override start(): Promise<void> {
    const ready = (async () => {
      await this.bus.subscribe(this.inbox, this.onMessage);
      await this.bus.subscribe(this.wakeTopic, this.onWake);
      await this.bus.subscribe(this.lostTopic, this.onLost);
      await this.shared.heartbeat(this.processId, this.heartbeatTtlMs);
    })().catch((err) => this.deps.log.error({ err }, "ranked matchmaker: joining the cluster failed"));
    this.timer ??= setInterval(() => this.tick(true), this.deps.settings.tickMs);
    this.timer.unref();
    return ready;
  }

  override async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    if (this.wakeSoon) clearImmediate(this.wakeSoon);
    const run = this.pass;
    if (run) {
      // Not forever: a pass stuck on a call that never settles must not hold the shutdown.
      const left = Math.max(0, run.startedAt + this.passDeadlineMs - performance.now());
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([run.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    }
    await Promise.allSettled([...this.jobs]);
    await Promise.allSettled([
      this.lease.release(),
      // Its queue connections are closing: the next pass (elsewhere) drops its waiting players at once.
      this.shared.forget(this.processId),
      this.bus.unsubscribe(this.inbox, this.onMessage),
      this.bus.unsubscribe(this.wakeTopic, this.onWake),
      this.bus.unsubscribe(this.lostTopic, this.onLost),
    ]);
  }

  override roomHooks(): RankedRoomHooks {
    const guard = (what: string, group: number, work: () => Promise<void>) =>
      void this.track(work().catch((err) => this.deps.log.error({ err, group }, `ranked ${what}: updating the shared queue failed`)));
    return {
      ticket: this.ticket,
      joinTimeoutMs: this.deps.settings.joinTimeoutMs,
      authenticate: (token) => this.deps.authenticate(token),
      started: (group) => guard("start", group, () => this.onGroupStarted(group)),
      aborted: (group, _roomId, missing) => guard("call-off", group, () => this.onGroupAborted(group, missing)),
      ended: (group) => guard("end", group, () => this.onGroupEnded(group)),
    };
  }

  override async enqueue(identity: RankedIdentity, req: EnqueueRequest, subscriber: QueueSubscriber): Promise<QueueStatus> {
    try {
      return await this.enqueueShared(identity, req, subscriber);
    } catch (error) {
      // Redis went away during the join: the same answer as a join refused while it is away.
      if (error instanceof MatchmakingError || !this.unavailable()) throw error;
      throw new MatchmakingError("cluster_unavailable", CLUSTER_UNAVAILABLE);
    }
  }

  private async enqueueShared(identity: RankedIdentity, req: EnqueueRequest, subscriber: QueueSubscriber): Promise<QueueStatus> {
    if (this.unavailable()) throw new MatchmakingError("cluster_unavailable", CLUSTER_UNAVAILABLE);
    const spec = this.book.spec(req.game, req.seats);
    if (!spec) {
      const offered = this.book.queues().map((q) => queueKey(q.game, q.seats)).join(", ");
      throw new MatchmakingError("unknown_queue", `no ranked queue for ${req.game} with ${req.seats} seats (queues: ${offered})`);
    }
    const ratings = await this.deps.ratingsOf(req.game, [identity.playerId]);
    const rating = ratings.get(identity.playerId)?.mu ?? this.deps.defaultRating ?? 25;
    const entrant: StoredEntrant = {
      playerId: identity.playerId,
      username: identity.username,
      rating,
      seatConfig: req.seatConfig,
      queue: queueKey(req.game, req.seats),
      enqueuedAt: this.now(),
      process: this.processId,
    };
    // Beating first: a pass drops waiting players whose process has no heartbeat, and the
    // periodic one may not have been written yet (a Redis that lost its data lost it too).
    await this.shared.heartbeat(this.processId, this.heartbeatTtlMs);
    try {
      await this.shared.enqueue(entrant);
    } catch (error) {
      // Queued on a process that just died (its client came back here): not for the whole heartbeat TTL.
      if (!(error instanceof MatchmakingError && error.code === "already_queued") || !(await this.dropIfOrphaned(identity.playerId))) throw error;
      await this.shared.enqueue(entrant);
    }
    if (this.abandoned.has(subscriber)) {
      await this.shared.leave(identity.playerId, this.processId);
      throw new MatchmakingError("not_queued", "the queue connection closed while joining");
    }
    this.local.set(identity.playerId, subscriber);
    this.localEntries.set(identity.playerId, entrant);
    this.deps.log.debug({ player: identity.playerId, game: req.game, seats: req.seats, rating, process: this.processId }, "queued for ranked (shared)");
    // A pass elsewhere may match the player before this read: then they are simply first.
    const status = (await this.statusesOf([identity.playerId])).get(identity.playerId) ?? {
      queue: entrant.queue, position: 1, size: 1, waitedMs: 0, window: ratingWindow(0, this.deps.settings.window), estimatedWaitMs: null,
    };
    this.lastStatus.set(identity.playerId, status);
    void this.bus.publish(this.wakeTopic, {});
    this.passSoon();
    return status;
  }

  /** Drops a waiting player whose queue connection was on a process that is gone. True if dropped. */
  private async dropIfOrphaned(playerId: string): Promise<boolean> {
    const [state, entry] = await Promise.all([this.shared.state(playerId), this.shared.entry(playerId)]);
    if (state?.kind !== "queued" || !entry || entry.process === this.processId) return false;
    const beating = (await this.shared.alive([entry.process])).has(entry.process);
    if (beating && (await this.processAlive(entry.process))) return false;
    const dropped = (await this.shared.dropWaiting([{ playerId, seq: state.seq }])) === 1;
    if (dropped) this.deps.log.info({ player: playerId, process: entry.process }, "ranked: dropped a waiting player whose process is gone (they queued again here)");
    return dropped;
  }

  override leave(playerId: string, subscriber?: QueueSubscriber): boolean {
    if (subscriber && this.local.get(playerId) !== subscriber) {
      this.abandoned.add(subscriber);
      return false;
    }
    this.forgetLocal(playerId);
    void this.track(
      this.shared.leave(playerId, this.processId).then(
        () => undefined,
        (err) => this.deps.log.error({ err, player: playerId }, "leaving the shared ranked queue failed"),
      ),
    );
    return true;
  }

  /** The last status sent to a player queued on this process. */
  override status(playerId: string): QueueStatus | null {
    return this.lastStatus.get(playerId) ?? null;
  }

  /** Heartbeat, then (if this process holds the lease) one grouping pass. None while Redis is unreachable. */
  override tick(updates = false): void {
    if (this.halted || this.unavailable()) return;
    this.shared.heartbeat(this.processId, this.heartbeatTtlMs).catch((err) => this.deps.log.warn({ err: String(err) }, "ranked heartbeat failed"));
    this.runPass(updates);
  }

  private passSoon(): void {
    if (this.wakeSoon || this.halted) return;
    this.wakeSoon = setImmediate(() => {
      this.wakeSoon = null;
      this.runPass(false);
    });
  }

  /**
   * One pass at a time in this process; one process at a time across the cluster (the lease).
   * A pass past its deadline is abandoned: an await that never settles (a Redis or presence
   * call, a health check...) must not stop every later pass, which would leave the cluster
   * without matching nor sweeping for good.
   */
  private runPass(updates: boolean): void {
    if (this.halted || this.unavailable()) return;
    const current = this.pass;
    if (current) {
      const ms = performance.now() - current.startedAt;
      if (ms < this.passDeadlineMs) return;
      current.abandoned = true;
      this.pass = null;
      this.deps.log.error({ ms: Math.round(ms), step: current.step }, "ranked grouping pass abandoned: still running past its deadline (an await that never settled); the next one starts now");
    }
    const run: PassRun = { startedAt: performance.now(), step: "lease", abandoned: false, done: Promise.resolve() };
    this.pass = run;
    run.done = this.groupingPass(updates, run)
      .catch((err) => this.deps.log.error({ err, step: run.step }, "ranked grouping pass failed"))
      .finally(() => {
        if (this.pass === run) this.pass = null;
      });
  }

  /** Whether `run` may still act: the current pass of a running process that holds the lease. */
  private acting(run: PassRun): boolean {
    return !run.abandoned && !this.halted && this.lease.holds();
  }

  private async groupingPass(updates: boolean, run: PassRun): Promise<void> {
    if (!(await this.lease.acquireOrRenew()) || !this.acting(run)) return;
    run.step = "snapshot";
    const now = this.now();
    const snapshot = await this.shared.snapshot();
    const alive = await this.shared.alive(snapshot.waiting.map((e) => e.process));
    const orphans = snapshot.waiting.filter((e) => !alive.has(e.process));
    if (orphans.length > 0 && this.acting(run)) {
      const dropped = await this.shared.dropWaiting(orphans);
      this.deps.log.warn({ dropped, processes: [...new Set(orphans.map((e) => e.process))] }, "ranked: dropped waiting players of processes that stopped beating");
    }
    const book = await this.loadBook(snapshot.waiting.filter((e) => alive.has(e.process)));
    const seqs = new Map(snapshot.waiting.map((e) => [e.playerId, e.seq]));
    run.step = "groups";
    for (const formed of book.formGroups(now)) {
      if (!this.acting(run)) break;
      const members = shuffle(formed.entrants).map((e) => snapshot.entries.get(e.playerId)!);
      const id = await this.shared.nextGroupId();
      if (!this.acting(run)) break;
      const group: StoredGroup = { id, queue: formed.queue, members, spread: formed.spread, window: formed.window, formedAt: now };
      if (!(await this.shared.claim(group, seqs))) {
        this.deps.log.debug({ group: group.id }, "ranked group not claimed: a member left or was taken meanwhile");
        continue;
      }
      await this.shared.recordWaits(queueKey(group.queue.game, group.queue.seats), members.map((m) => now - m.enqueuedAt));
      void this.track(this.seatGroup(group).catch((err) => this.deps.log.error({ err, group: group.id }, "seating a ranked group failed")));
    }
    if (now - this.lastSweep >= this.sweepEveryMs && this.acting(run)) {
      run.step = "sweep";
      this.lastSweep = now;
      await this.sweepOrphans(now, run);
    }
    if (updates && this.acting(run)) {
      run.step = "updates";
      const out: Delivery[] = book.allStatuses(now).map(({ playerId, ...st }) => ({ playerId, type: "queue", message: toStatusMessage(st) }));
      await this.deliver(out, snapshot.entries);
    }
    run.step = "done";
  }

  /** Frees the players of groups whose room is gone (see the header). */
  private async sweepOrphans(now: number, run: PassRun): Promise<void> {
    // Fresh reads: the book may have moved since the pass began (rooms' hooks). Groups this pass
    // formed are never swept by it (formedAt is the pass's `now`), their seating in flight.
    const [all, snapshot] = await Promise.all([this.shared.groups(), this.shared.snapshot()]);
    const groups = all.filter((g) => now - g.formedAt >= this.deps.settings.joinTimeoutMs + this.orphanMarginMs);
    const current = new Set(groups.map((g) => g.id));
    for (const id of this.missingSince.keys()) if (!current.has(id)) this.missingSince.delete(id);
    if (groups.length === 0) return;
    run.step = "sweep: rooms alive";
    const alive = await this.roomsAlive(groups.flatMap((g) => (g.roomId ? [g.roomId] : [])));
    run.step = "sweep: groups";
    const lost: StoredGroup[] = [];
    for (const group of groups) {
      if (!this.acting(run)) return;
      if (group.roomId && alive.has(group.roomId)) {
        this.missingSince.delete(group.id);
        continue;
      }
      const since = this.missingSince.get(group.id) ?? now;
      this.missingSince.set(group.id, since);
      const playing = group.members.some((m) => {
        const st = snapshot.states.get(m.playerId);
        return st?.kind === "playing" && st.group === group.id;
      });
      if (playing && now - since < this.orphanPlayingMs) continue;
      this.missingSince.delete(group.id);
      this.deps.log.warn({ group: group.id, room: group.roomId, playing }, "ranked group's room is gone: its players are freed");
      if (playing) await this.shared.release(group);
      else lost.push(group);
    }
    if (lost.length === 0) return;
    // One health check per process for all these groups (one to a dead process takes its full timeout).
    run.step = "sweep: processes alive";
    const live = await this.liveProcesses(lost.flatMap((g) => g.members.map((m) => m.process)));
    run.step = "sweep: requeue";
    for (const group of lost) {
      if (!this.acting(run)) return;
      await this.requeued(group, await this.shared.abort(group, abortActions(group, live), 0), "room_lost");
    }
  }

  /**
   * Which of these processes hold live queue connections: beating (heartbeat key) and, for
   * another process, answering its health check. A process killed a moment ago still beats for
   * the heartbeat TTL; its players requeued on the heartbeat alone would wait in the book as
   * ghosts, and a live player matched with one loses another join window.
   */
  private async liveProcesses(processes: readonly string[]): Promise<Set<string>> {
    const beating = await this.shared.alive(processes);
    const answers = await Promise.all([...beating].map(async (pid) => [pid, pid === this.processId || (await this.processAlive(pid))] as const));
    return new Set(answers.filter(([, ok]) => ok).map(([pid]) => pid));
  }

  /** The waiting players in a fresh MatchQueues, in their order, with the queues' recent waits. */
  private async loadBook(waiting: BookSnapshot["waiting"]): Promise<MatchQueues> {
    const book = new MatchQueues(this.book.queues(), this.deps.settings.window);
    const keys = this.book.queues().map((q) => queueKey(q.game, q.seats));
    for (const [key, waits] of await this.shared.waits(keys)) book.loadWaits(key, waits);
    const ordered = waiting.slice().sort((a, b) => (a.front !== b.front ? (a.front ? -1 : 1) : a.enqueuedAt - b.enqueuedAt || a.seq - b.seq));
    for (const e of ordered) {
      if (!book.spec(e.queue.split("/")[0]!, Number(e.queue.split("/")[1]))) continue; // a queue this build no longer offers
      book.restore({ playerId: e.playerId, username: e.username, rating: e.rating, seatConfig: e.seatConfig, queue: e.queue, enqueuedAt: e.enqueuedAt, front: e.front, seq: e.seq });
    }
    return book;
  }

  /** Current status of some waiting players (from a fresh snapshot). */
  private async statusesOf(playerIds: readonly string[]): Promise<Map<string, QueueStatus>> {
    const snapshot = await this.shared.snapshot();
    const book = await this.loadBook(snapshot.waiting);
    const now = this.now();
    const out = new Map<string, QueueStatus>();
    for (const id of playerIds) {
      const st = book.status(id, now);
      if (st) out.set(id, st);
    }
    return out;
  }

  /** Creates the ranked room (on any process), reserves every seat, and tells each player. */
  private async seatGroup(group: StoredGroup): Promise<void> {
    const { game, seats, config } = group.queue;
    let reservations: SeatReservation[];
    let roomId: string;
    try {
      const room = await this.deps.createRoom(game, {
        mode: "ranked",
        config,
        ranked: { ticket: this.ticket, group: group.id, players: group.members.map((p) => ({ playerId: p.playerId, username: p.username })) },
      });
      roomId = room.roomId;
      await this.shared.setRoom(group, roomId);
      reservations = await Promise.all(
        group.members.map((p) => this.deps.reserveSeat(room, { seat: p.seatConfig }, { playerId: p.playerId, username: p.username })),
      );
    } catch (error) {
      this.deps.log.error({ err: error, group: group.id, game, seats }, "could not create the ranked room; the group goes back to the front of the queue");
      const alive = await this.liveProcesses(group.members.map((m) => m.process));
      await this.requeued(group, await this.shared.abort(group, abortActions(group, alive), 0), "room_failed");
      return;
    }
    const joinBy = this.now() + this.deps.settings.joinTimeoutMs;
    const roster = group.members.map((p, seat) => ({ seat, playerId: p.playerId, username: p.username }));
    this.deps.log.info({ group: group.id, room: roomId, game, seats, spread: group.spread, window: group.window, processes: group.members.map((m) => m.process) }, "ranked group matched");
    await this.deliver(
      group.members.map((p, seat) => ({
        playerId: p.playerId,
        type: "matched",
        group: group.id,
        message: { game, seats, roomId, seat, joinBy, reservation: reservations[seat], players: roster, ratingSpread: group.spread },
      })),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
  }

  private async onGroupStarted(groupId: number): Promise<void> {
    const group = await this.shared.group(groupId);
    if (!group) return this.reportLost({ group: groupId, type: "started" });
    await this.shared.markPlaying(group);
    await this.deliver(
      group.members.map((m) => ({ playerId: m.playerId, type: "started", message: { groupId }, close: true })),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
  }

  private async onGroupAborted(groupId: number, missing: string[]): Promise<void> {
    const group = await this.shared.group(groupId);
    if (!group) return this.reportLost({ group: groupId, type: "aborted", missing });
    const cooldownMs = this.deps.settings.noShowCooldownMs;
    const alive = await this.liveProcesses(group.members.map((m) => m.process));
    const requeued = await this.shared.abort(group, abortActions(group, alive, missing), cooldownMs);
    this.deps.log.info({ group: groupId, missing, requeued: requeued.length }, "ranked match called off: no-shows penalised, the others requeued at the front");
    await this.deliver(
      group.members
        .filter((m) => missing.includes(m.playerId))
        .map((m) => ({ playerId: m.playerId, type: "forfeit", message: { reason: "no_show", cooldownMs }, close: true })),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
    await this.requeued(group, requeued, "no_show");
  }

  private async onGroupEnded(groupId: number): Promise<void> {
    const group = await this.shared.group(groupId);
    if (group) await this.shared.release(group);
  }

  /** Tells the requeued members their new place, and wakes the pass. */
  private async requeued(group: StoredGroup, requeued: readonly string[], reason: string): Promise<void> {
    if (requeued.length === 0) return;
    const statuses = await this.statusesOf(requeued);
    await this.deliver(
      requeued.flatMap((id) => {
        const st = statuses.get(id);
        return st ? [{ playerId: id, type: "requeued", message: { reason, ...toStatusMessage(st) } }] : [];
      }),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
    void this.bus.publish(this.wakeTopic, {});
  }

  /** Sends each delivery to the process holding that player's queue connection (one publish per process). */
  private async deliver(deliveries: readonly Delivery[], entries: ReadonlyMap<string, Pick<StoredEntrant, "process">>): Promise<void> {
    const byProcess = new Map<string, Delivery[]>();
    for (const d of deliveries) {
      const process = entries.get(d.playerId)?.process;
      if (!process) continue;
      byProcess.set(process, [...(byProcess.get(process) ?? []), d]);
    }
    await Promise.all(
      [...byProcess].map(([process, list]) =>
        process === this.processId ? this.receive({ deliveries: list }) : this.bus.publish(`${this.prefix}to:${process}`, { deliveries: list }),
      ),
    );
  }

  /** Deliveries for players queued on this process. */
  private receive(data: { deliveries?: Delivery[] }): void {
    for (const d of data.deliveries ?? []) {
      const sub = this.local.get(d.playerId);
      if (!sub) continue;
      if (d.type === "queue" || d.type === "requeued") {
        const { reason: _reason, ...st } = d.message as QueueStatus & { reason?: string };
        this.lastStatus.set(d.playerId, st as QueueStatus);
      }
      if (d.type === "matched" && d.group !== undefined) this.localGroups.set(d.playerId, d.group);
      if (d.type === "requeued") this.localGroups.delete(d.playerId);
      if (d.close) this.forgetLocal(d.playerId);
      sub.send(d.type, d.message);
      if (d.close) sub.close();
    }
  }

  private forgetLocal(playerId: string): void {
    this.local.delete(playerId);
    this.localEntries.delete(playerId);
    this.localGroups.delete(playerId);
    this.lastStatus.delete(playerId);
  }

  /**
   * Redis answers again after an outage, maybe empty (see the header): this process's waiting
   * players are put back in the book with their first entry time, and waiting entries of its
   * queue connections that closed meanwhile are dropped. Matched players wait for their room's
   * hooks (`onLostGroup`). Runs before matchmaking resumes on this process.
   */
  async rejoin(): Promise<{ requeued: number; dropped: number }> {
    await this.shared.heartbeat(this.processId, this.heartbeatTtlMs);
    const snapshot = await this.shared.snapshot();
    const dropped = await this.shared.dropWaiting(snapshot.waiting.filter((e) => e.process === this.processId && !this.local.has(e.playerId)));
    let requeued = 0;
    for (const [playerId, entrant] of [...this.localEntries]) {
      if (snapshot.states.has(playerId) || this.localGroups.has(playerId) || !this.local.has(playerId)) continue;
      try {
        await this.shared.enqueue(entrant);
        requeued++;
      } catch (error) {
        if (!(error instanceof MatchmakingError)) throw error;
        this.dismiss(playerId, error.code); // queued through another process meanwhile
      }
    }
    if (requeued > 0) {
      void this.bus.publish(this.wakeTopic, {});
      this.passSoon();
    }
    return { requeued, dropped };
  }

  /** Tells a player their queue connection no longer holds a place (queue again), and closes it. */
  private dismiss(playerId: string, reason: string): void {
    const sub = this.local.get(playerId);
    this.forgetLocal(playerId);
    sub?.send("left", { reason });
    sub?.close();
  }

  /** A room's hook found no record of its group: every process settles its own members of it. */
  private async reportLost(lost: LostGroup): Promise<void> {
    this.deps.log.warn({ group: lost.group, type: lost.type }, "a ranked room reported on a group Redis no longer has (it lost its data): settling it with the players' processes");
    await this.bus.publish(this.lostTopic, lost);
  }

  private async onLostGroup(lost: LostGroup): Promise<void> {
    const members = [...this.localGroups].filter(([, group]) => group === lost.group).map(([playerId]) => playerId);
    const cooldownMs = this.deps.settings.noShowCooldownMs;
    for (const playerId of members) {
      if (lost.type === "started") {
        this.receive({ deliveries: [{ playerId, type: "started", message: { groupId: lost.group }, close: true }] });
      } else if (lost.missing?.includes(playerId)) {
        await this.shared.cooldown(playerId, cooldownMs);
        this.receive({ deliveries: [{ playerId, type: "forfeit", message: { reason: "no_show", cooldownMs }, close: true }] });
      } else {
        const entrant = this.localEntries.get(playerId);
        this.localGroups.delete(playerId);
        if (!entrant) continue;
        await this.shared.heartbeat(this.processId, this.heartbeatTtlMs); // before the entry (see enqueueShared)
        try {
          await this.shared.enqueue(entrant, true);
        } catch (error) {
          if (!(error instanceof MatchmakingError)) throw error;
          this.dismiss(playerId, error.code);
          continue;
        }
        const st = (await this.statusesOf([playerId])).get(playerId);
        if (st) this.receive({ deliveries: [{ playerId, type: "requeued", message: { reason: "no_show", ...toStatusMessage(st) } }] });
        void this.bus.publish(this.wakeTopic, {});
      }
    }
  }

  private track(job: Promise<void>): Promise<void> {
    this.jobs.add(job);
    void job.finally(() => this.jobs.delete(job));
    return job;
  }
}
