/**
 * The grouping pass of the cluster's ranked matchmaker (server/matchmaking/shared.ts): on the
 * process holding the lease, it loads the waiting players into the pure MatchQueues (core.ts),
 * forms groups, claims each in Redis, seats it in a new room, and sweeps the groups whose room
 * is gone. Also the reads the rest of the matchmaker shares with it: statuses, live processes,
 * and telling requeued players their place.
 */
import type { Lease } from "../cluster/lease.ts";
import { MatchQueues, queueKey, type QueueSpec, type QueueStatus } from "./core.ts";
import { shuffle, toStatusMessage, type MatchmakerDeps, type SeatReservation } from "./service.ts";
import { abortActions, type BookSnapshot, type SharedBook, type StoredGroup } from "./sharedBook.ts";
import type { Delivery } from "./sharedCluster.ts";
import type { QueueConnections } from "./sharedConnections.ts";

/** One grouping pass in flight: when it started, where it is, whether it was abandoned. */
export interface PassRun {
  startedAt: number;
  step: string;
  abandoned: boolean;
  done: Promise<void>;
}

/** What the pass works with: the matchmaker's parts and settings (server/matchmaking/shared.ts). */
export interface PassContext {
  readonly deps: MatchmakerDeps;
  readonly shared: SharedBook;
  readonly lease: Lease;
  readonly processId: string;
  readonly ticket: string;
  readonly connections: QueueConnections;
  readonly passDeadlineMs: number;
  readonly orphanPlayingMs: number;
  readonly sweepEveryMs: number;
  readonly orphanMarginMs: number;
  /** The queues this build offers. */
  queues(): QueueSpec[];
  now(): number;
  /** The matchmaker stopped. */
  halted(): boolean;
  unavailable(): string | null;
  track(job: Promise<void>): Promise<void>;
  /** Wakes the pass on the process that holds the lease. */
  wake(): void;
  roomsAlive(roomIds: string[]): Promise<Set<string>>;
  processAlive(processId: string): Promise<boolean>;
}

export class GroupingPass {
  /** The pass in flight in this process (null: none). */
  current: PassRun | null = null;
  private lastSweep = 0;
  /** Group id -> when its room was first seen gone (this leader's memory). */
  private readonly missingSince = new Map<number, number>();

  constructor(private readonly ctx: PassContext) {}

  /** How long a pass may run before it is abandoned. */
  get deadlineMs(): number {
    return this.ctx.passDeadlineMs;
  }

  /**
   * One pass at a time in this process; one process at a time across the cluster (the lease).
   * A pass past its deadline is abandoned: an await that never settles (a Redis or presence
   * call, a health check...) must not stop every later pass, which would leave the cluster
   * without matching nor sweeping for good.
   */
  run(updates: boolean): void {
    if (this.ctx.halted() || this.ctx.unavailable()) return;
    const current = this.current;
    if (current) {
      const ms = performance.now() - current.startedAt;
      if (ms < this.ctx.passDeadlineMs) return;
      current.abandoned = true;
      this.current = null;
      this.ctx.deps.log.error({ ms: Math.round(ms), step: current.step }, "ranked grouping pass abandoned: still running past its deadline (an await that never settled); the next one starts now");
    }
    const run: PassRun = { startedAt: performance.now(), step: "lease", abandoned: false, done: Promise.resolve() };
    this.current = run;
    run.done = this.groupingPass(updates, run)
      .catch((err) => this.ctx.deps.log.error({ err, step: run.step }, "ranked grouping pass failed"))
      .finally(() => {
        if (this.current === run) this.current = null;
      });
  }

  /** Whether `run` may still act: the current pass of a running process that holds the lease. */
  private acting(run: PassRun): boolean {
    return !run.abandoned && !this.ctx.halted() && this.ctx.lease.holds();
  }

  private async groupingPass(updates: boolean, run: PassRun): Promise<void> {
    if (!(await this.ctx.lease.acquireOrRenew()) || !this.acting(run)) return;
    run.step = "snapshot";
    const now = this.ctx.now();
    const snapshot = await this.ctx.shared.snapshot();
    const alive = await this.ctx.shared.alive(snapshot.waiting.map((e) => e.process));
    const orphans = snapshot.waiting.filter((e) => !alive.has(e.process));
    if (orphans.length > 0 && this.acting(run)) {
      const dropped = await this.ctx.shared.dropWaiting(orphans);
      this.ctx.deps.log.warn({ dropped, processes: [...new Set(orphans.map((e) => e.process))] }, "ranked: dropped waiting players of processes that stopped beating");
    }
    const book = await this.loadBook(snapshot.waiting.filter((e) => alive.has(e.process)));
    const seqs = new Map(snapshot.waiting.map((e) => [e.playerId, e.seq]));
    run.step = "groups";
    for (const formed of book.formGroups(now)) {
      if (!this.acting(run)) break;
      const members = shuffle(formed.entrants).map((e) => snapshot.entries.get(e.playerId)!);
      const id = await this.ctx.shared.nextGroupId();
      if (!this.acting(run)) break;
      const group: StoredGroup = { id, queue: formed.queue, members, spread: formed.spread, window: formed.window, formedAt: now };
      if (!(await this.ctx.shared.claim(group, seqs))) {
        this.ctx.deps.log.debug({ group: group.id }, "ranked group not claimed: a member left or was taken meanwhile");
        continue;
      }
      await this.ctx.shared.recordWaits(
        queueKey(group.queue.game, group.queue.seats),
        members.map((m) => now - m.enqueuedAt),
      );
      void this.ctx.track(this.seatGroup(group).catch((err) => this.ctx.deps.log.error({ err, group: group.id }, "seating a ranked group failed")));
    }
    if (now - this.lastSweep >= this.ctx.sweepEveryMs && this.acting(run)) {
      run.step = "sweep";
      this.lastSweep = now;
      await this.sweepOrphans(now, run);
    }
    if (updates && this.acting(run)) {
      run.step = "updates";
      const out: Delivery[] = book.allStatuses(now).map(({ playerId, ...st }) => ({ playerId, type: "queue", message: toStatusMessage(st) }));
      await this.ctx.connections.deliver(out, snapshot.entries);
    }
    run.step = "done";
  }

  /** Frees the players of groups whose room is gone (see the header). */
  private async sweepOrphans(now: number, run: PassRun): Promise<void> {
    // Fresh reads: the book may have moved since the pass began (rooms' hooks). Groups this pass
    // formed are never swept by it (formedAt is the pass's `now`), their seating in flight.
    const [all, snapshot] = await Promise.all([this.ctx.shared.groups(), this.ctx.shared.snapshot()]);
    const groups = all.filter((g) => now - g.formedAt >= this.ctx.deps.settings.joinTimeoutMs + this.ctx.orphanMarginMs);
    const current = new Set(groups.map((g) => g.id));
    for (const id of this.missingSince.keys()) if (!current.has(id)) this.missingSince.delete(id);
    if (groups.length === 0) return;
    run.step = "sweep: rooms alive";
    const alive = await this.ctx.roomsAlive(groups.flatMap((g) => (g.roomId ? [g.roomId] : [])));
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
      if (playing && now - since < this.ctx.orphanPlayingMs) continue;
      this.missingSince.delete(group.id);
      this.ctx.deps.log.warn({ group: group.id, room: group.roomId, playing }, "ranked group's room is gone: its players are freed");
      if (playing) await this.ctx.shared.release(group);
      else lost.push(group);
    }
    if (lost.length === 0) return;
    // One health check per process for all these groups (one to a dead process takes its full timeout).
    run.step = "sweep: processes alive";
    const live = await this.liveProcesses(lost.flatMap((g) => g.members.map((m) => m.process)));
    run.step = "sweep: requeue";
    for (const group of lost) {
      if (!this.acting(run)) return;
      await this.requeued(group, await this.ctx.shared.abort(group, abortActions(group, live), 0), "room_lost");
    }
  }

  /**
   * Which of these processes hold live queue connections: beating (heartbeat key) and, for
   * another process, answering its health check. A process killed a moment ago still beats for
   * the heartbeat TTL; its players requeued on the heartbeat alone would wait in the book as
   * ghosts, and a live player matched with one loses another join window.
   */
  async liveProcesses(processes: readonly string[]): Promise<Set<string>> {
    const beating = await this.ctx.shared.alive(processes);
    const answers = await Promise.all([...beating].map(async (pid) => [pid, pid === this.ctx.processId || (await this.ctx.processAlive(pid))] as const));
    return new Set(answers.filter(([, ok]) => ok).map(([pid]) => pid));
  }

  /** The waiting players in a fresh MatchQueues, in their order, with the queues' recent waits. */
  private async loadBook(waiting: BookSnapshot["waiting"]): Promise<MatchQueues> {
    const book = new MatchQueues(this.ctx.queues(), this.ctx.deps.settings.window);
    const keys = this.ctx.queues().map((q) => queueKey(q.game, q.seats));
    for (const [key, waits] of await this.ctx.shared.waits(keys)) book.loadWaits(key, waits);
    const ordered = waiting.slice().sort((a, b) => (a.front !== b.front ? (a.front ? -1 : 1) : a.enqueuedAt - b.enqueuedAt || a.seq - b.seq));
    for (const e of ordered) {
      if (!book.spec(e.queue.split("/")[0]!, Number(e.queue.split("/")[1]))) continue; // a queue this build no longer offers
      book.restore({ playerId: e.playerId, username: e.username, rating: e.rating, seatConfig: e.seatConfig, queue: e.queue, enqueuedAt: e.enqueuedAt, front: e.front, seq: e.seq });
    }
    return book;
  }

  /** Current status of some waiting players (from a fresh snapshot). */
  async statusesOf(playerIds: readonly string[]): Promise<Map<string, QueueStatus>> {
    const snapshot = await this.ctx.shared.snapshot();
    const book = await this.loadBook(snapshot.waiting);
    const now = this.ctx.now();
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
      const room = await this.ctx.deps.createRoom(game, {
        mode: "ranked",
        config,
        ranked: { ticket: this.ctx.ticket, group: group.id, players: group.members.map((p) => ({ playerId: p.playerId, username: p.username })) },
      });
      roomId = room.roomId;
      await this.ctx.shared.setRoom(group, roomId);
      reservations = await Promise.all(group.members.map((p) => this.ctx.deps.reserveSeat(room, { seat: p.seatConfig }, { playerId: p.playerId, username: p.username })));
    } catch (error) {
      this.ctx.deps.log.error({ err: error, group: group.id, game, seats }, "could not create the ranked room; the group goes back to the front of the queue");
      const alive = await this.liveProcesses(group.members.map((m) => m.process));
      await this.requeued(group, await this.ctx.shared.abort(group, abortActions(group, alive), 0), "room_failed");
      return;
    }
    const joinBy = this.ctx.now() + this.ctx.deps.settings.joinTimeoutMs;
    const roster = group.members.map((p, seat) => ({ seat, playerId: p.playerId, username: p.username }));
    this.ctx.deps.log.info({ group: group.id, room: roomId, game, seats, spread: group.spread, window: group.window, processes: group.members.map((m) => m.process) }, "ranked group matched");
    await this.ctx.connections.deliver(
      group.members.map((p, seat) => ({
        playerId: p.playerId,
        type: "matched",
        group: group.id,
        message: { game, seats, roomId, seat, joinBy, reservation: reservations[seat], players: roster, ratingSpread: group.spread },
      })),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
  }

  /** Tells the requeued members their new place, and wakes the pass. */
  async requeued(group: StoredGroup, requeued: readonly string[], reason: string): Promise<void> {
    if (requeued.length === 0) return;
    const statuses = await this.statusesOf(requeued);
    await this.ctx.connections.deliver(
      requeued.flatMap((id) => {
        const st = statuses.get(id);
        return st ? [{ playerId: id, type: "requeued", message: { reason, ...toStatusMessage(st) } }] : [];
      }),
      new Map(group.members.map((m) => [m.playerId, m])),
    );
    this.ctx.wake();
  }
}
