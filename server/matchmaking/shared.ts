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
 *
 *   sharedBook.ts         the book in Redis and its Lua scripts
 *   sharedPass.ts         the grouping pass, the seating of a group, the sweep of lost rooms
 *   sharedConnections.ts  this process's queue connections and the deliveries to them
 *   sharedCluster.ts      the options, the room ticket, the pub/sub and its messages
 */
import { randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import type { RankedIdentity, RankedRoomHooks } from "../../match/rankedHooks.ts";
import { CLUSTER_UNAVAILABLE } from "../cluster/guard.ts";
import { Lease } from "../cluster/lease.ts";
import { MatchmakingError, queueKey, ratingWindow, type QueueStatus } from "./core.ts";
import { Matchmaker, toStatusMessage, type EnqueueRequest, type MatchmakerDeps, type QueueSubscriber } from "./service.ts";
import { SharedBook, abortActions, type StoredEntrant } from "./sharedBook.ts";
import { clusterTicket, colyseusRoomsAlive, type Delivery, type LostGroup, type MessageBus, type SharedMatchmakerOptions } from "./sharedCluster.ts";
import { QueueConnections } from "./sharedConnections.ts";
import { GroupingPass } from "./sharedPass.ts";

export { clusterTicket, colyseusRoomsAlive, requireClusterSecret, type MessageBus, type SharedMatchmakerOptions } from "./sharedCluster.ts";

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
  /** The queue connections on this process and the deliveries to them (sharedConnections.ts). */
  private readonly connections: QueueConnections;
  /** The grouping pass and the reads it shares (sharedPass.ts). */
  private readonly passes: GroupingPass;
  private readonly unavailable: () => string | null;
  private timer: NodeJS.Timeout | null = null;
  private wakeSoon: NodeJS.Immediate | null = null;
  private halted = false;
  private readonly jobs = new Set<Promise<void>>();
  private readonly processAlive: (processId: string) => Promise<boolean>;
  private readonly onMessage = (data: { deliveries?: Delivery[] }) => this.connections.receive(data);
  private readonly onWake = () => {
    if (this.lease.holds()) this.passSoon();
  };
  private readonly onLost = (data: LostGroup) => void this.track(this.onLostGroup(data).catch((err) => this.deps.log.error({ err, group: data.group }, "settling a ranked group Redis lost failed")));

  constructor(deps: MatchmakerDeps, options: SharedMatchmakerOptions) {
    super(deps);
    const colyseusId = (matchMaker.processId as string | undefined) || undefined;
    this.processId = options.processId ?? colyseusId ?? randomBytes(6).toString("hex");
    this.processAlive = options.processAlive ?? (colyseusId && this.processId === colyseusId ? (pid) => matchMaker.healthCheckProcessId(pid).then(Boolean, () => false) : async () => true);
    this.ticket = clusterTicket(options.jwtSecret);
    this.prefix = options.prefix ?? "tt:rq:";
    this.shared = new SharedBook(options.redis, this.prefix);
    this.bus = options.bus;
    const tick = deps.settings.tickMs;
    this.lease = new Lease(options.redis, `${this.prefix}leader`, options.leaseMs ?? Math.max(3 * tick, 3_000), this.processId);
    this.heartbeatTtlMs = options.heartbeatTtlMs ?? Math.max(10 * tick, 15_000);
    this.unavailable = options.unavailable ?? (() => null);
    this.connections = new QueueConnections(this.bus, this.prefix, this.processId);
    this.passes = new GroupingPass({
      deps,
      shared: this.shared,
      lease: this.lease,
      processId: this.processId,
      ticket: this.ticket,
      connections: this.connections,
      passDeadlineMs: options.passDeadlineMs ?? Math.max(4 * this.lease.ttlMs, 20_000),
      orphanPlayingMs: options.orphanPlayingMs ?? 10 * 60_000,
      sweepEveryMs: options.sweepEveryMs ?? 5_000,
      orphanMarginMs: options.orphanMarginMs ?? 10_000,
      queues: () => this.book.queues(),
      now: () => this.now(),
      halted: () => this.halted,
      unavailable: () => this.unavailable(),
      track: (job) => this.track(job),
      wake: () => void this.bus.publish(this.wakeTopic, {}),
      roomsAlive: options.roomsAlive ?? colyseusRoomsAlive,
      processAlive: (pid) => this.processAlive(pid),
    });
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
    const run = this.passes.current;
    if (run) {
      // Not forever: a pass stuck on a call that never settles must not hold the shutdown.
      const left = Math.max(0, run.startedAt + this.passes.deadlineMs - performance.now());
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
      const offered = this.book
        .queues()
        .map((q) => queueKey(q.game, q.seats))
        .join(", ");
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
    if (this.connections.abandoned.has(subscriber)) {
      await this.shared.leave(identity.playerId, this.processId);
      throw new MatchmakingError("not_queued", "the queue connection closed while joining");
    }
    this.connections.local.set(identity.playerId, subscriber);
    this.connections.entries.set(identity.playerId, entrant);
    this.deps.log.debug({ player: identity.playerId, game: req.game, seats: req.seats, rating, process: this.processId }, "queued for ranked (shared)");
    // A pass elsewhere may match the player before this read: then they are simply first.
    const status = (await this.passes.statusesOf([identity.playerId])).get(identity.playerId) ?? {
      queue: entrant.queue,
      position: 1,
      size: 1,
      waitedMs: 0,
      window: ratingWindow(0, this.deps.settings.window),
      estimatedWaitMs: null,
    };
    this.connections.lastStatus.set(identity.playerId, status);
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
    if (subscriber && this.connections.local.get(playerId) !== subscriber) {
      this.connections.abandoned.add(subscriber);
      return false;
    }
    this.connections.forget(playerId);
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
    return this.connections.lastStatus.get(playerId) ?? null;
  }

  /** Heartbeat, then (if this process holds the lease) one grouping pass. None while Redis is unreachable. */
  override tick(updates = false): void {
    if (this.halted || this.unavailable()) return;
    this.shared.heartbeat(this.processId, this.heartbeatTtlMs).catch((err) => this.deps.log.warn({ err: String(err) }, "ranked heartbeat failed"));
    this.passes.run(updates);
  }

  private passSoon(): void {
    if (this.wakeSoon || this.halted) return;
    this.wakeSoon = setImmediate(() => {
      this.wakeSoon = null;
      this.passes.run(false);
    });
  }

  private async onGroupStarted(groupId: number): Promise<void> {
    const group = await this.shared.group(groupId);
    if (!group) return this.reportLost({ group: groupId, type: "started" });
    await this.shared.markPlaying(group);
    await this.connections.deliver(
      group.members.map((m) => ({ playerId: m.playerId, type: "started", message: { groupId }, close: true })),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
  }

  private async onGroupAborted(groupId: number, missing: string[]): Promise<void> {
    const group = await this.shared.group(groupId);
    if (!group) return this.reportLost({ group: groupId, type: "aborted", missing });
    const cooldownMs = this.deps.settings.noShowCooldownMs;
    const alive = await this.passes.liveProcesses(group.members.map((m) => m.process));
    const requeued = await this.shared.abort(group, abortActions(group, alive, missing), cooldownMs);
    this.deps.log.info({ group: groupId, missing, requeued: requeued.length }, "ranked match called off: no-shows penalised, the others requeued at the front");
    await this.connections.deliver(
      group.members.filter((m) => missing.includes(m.playerId)).map((m) => ({ playerId: m.playerId, type: "forfeit", message: { reason: "no_show", cooldownMs }, close: true })),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
    await this.passes.requeued(group, requeued, "no_show");
  }

  private async onGroupEnded(groupId: number): Promise<void> {
    const group = await this.shared.group(groupId);
    if (group) await this.shared.release(group);
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
    const dropped = await this.shared.dropWaiting(snapshot.waiting.filter((e) => e.process === this.processId && !this.connections.local.has(e.playerId)));
    let requeued = 0;
    for (const [playerId, entrant] of [...this.connections.entries]) {
      if (snapshot.states.has(playerId) || this.connections.groups.has(playerId) || !this.connections.local.has(playerId)) continue;
      try {
        await this.shared.enqueue(entrant);
        requeued++;
      } catch (error) {
        if (!(error instanceof MatchmakingError)) throw error;
        this.connections.dismiss(playerId, error.code); // queued through another process meanwhile
      }
    }
    if (requeued > 0) {
      void this.bus.publish(this.wakeTopic, {});
      this.passSoon();
    }
    return { requeued, dropped };
  }

  /** A room's hook found no record of its group: every process settles its own members of it. */
  private async reportLost(lost: LostGroup): Promise<void> {
    this.deps.log.warn({ group: lost.group, type: lost.type }, "a ranked room reported on a group Redis no longer has (it lost its data): settling it with the players' processes");
    await this.bus.publish(this.lostTopic, lost);
  }

  private async onLostGroup(lost: LostGroup): Promise<void> {
    const members = [...this.connections.groups].filter(([, group]) => group === lost.group).map(([playerId]) => playerId);
    const cooldownMs = this.deps.settings.noShowCooldownMs;
    for (const playerId of members) {
      if (lost.type === "started") {
        this.connections.receive({ deliveries: [{ playerId, type: "started", message: { groupId: lost.group }, close: true }] });
      } else if (lost.missing?.includes(playerId)) {
        await this.shared.cooldown(playerId, cooldownMs);
        this.connections.receive({ deliveries: [{ playerId, type: "forfeit", message: { reason: "no_show", cooldownMs }, close: true }] });
      } else {
        const entrant = this.connections.entries.get(playerId);
        this.connections.groups.delete(playerId);
        if (!entrant) continue;
        await this.shared.heartbeat(this.processId, this.heartbeatTtlMs); // before the entry (see enqueueShared)
        try {
          await this.shared.enqueue(entrant, true);
        } catch (error) {
          if (!(error instanceof MatchmakingError)) throw error;
          this.connections.dismiss(playerId, error.code);
          continue;
        }
        const st = (await this.passes.statusesOf([playerId])).get(playerId);
        if (st) this.connections.receive({ deliveries: [{ playerId, type: "requeued", message: { reason: "no_show", ...toStatusMessage(st) } }] });
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
