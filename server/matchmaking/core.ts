/**
 * Ranked matchmaking, the pure part: queues, grouping, positions and wait estimates. No I/O,
 * no Colyseus, no clock (every call takes `now`), so it is unit-tested and benchmarked alone.
 *
 * Queues are keyed by game and seat count ("solrei/2", "achroma/4"). A player is in at most
 * one place at a time: waiting in one queue, matched (seat reservations handed out, waiting
 * for everyone to join the game room) or playing. Nobody can be grouped with themselves: the
 * whole book is keyed by player id.
 *
 * Grouping (each `formGroups(now)`), per queue:
 *   order   entrants returned to the front (a matched player did not show up) first, then by
 *           entry time, oldest first;
 *   anchor  the oldest entrant not yet grouped; its window is
 *             window(t) = min(windowMax, windowBase + windowGrowthPerS * t)
 *           with t the anchor's wait in seconds (returned entrants keep their first entry time,
 *           so their window stays wide);
 *   fill    the other entrants, in the same order, each accepted if the group's rating spread
 *           (max rating - min rating) stays within the anchor's window;
 *   a full group (seat count reached) is matched; otherwise the anchor waits (its window widens
 *           with time) and the next entrant becomes the anchor.
 * Ratings are the players' skill estimates (openskill `mu`), read from the database by the
 * queue room, never taken from the client.
 */ import { MatchmakingError, type MatchmakingErrorCode, type QueueStatus } from "../../match/rankedHooks.ts";

export { MatchmakingError, type MatchmakingErrorCode, type QueueStatus };

export interface QueueSpec {
  game: string;
  seats: number;
  /** The engine config that gives this seat count (what the game room is created with). */
  config: unknown;
}

export interface WindowOptions {
  /** Rating spread accepted at once (rating units). */
  windowBase: number;
  /** Added per second the anchor has waited. */
  windowGrowthPerS: number;
  /** Upper bound: past it the window stops widening. */
  windowMax: number;
}

export const DEFAULT_WINDOW: WindowOptions = { windowBase: 2, windowGrowthPerS: 0.5, windowMax: 25 };

/** The accepted rating spread after `waitedMs` in the queue. */
export function ratingWindow(waitedMs: number, o: WindowOptions = DEFAULT_WINDOW): number {
  return Math.min(o.windowMax, o.windowBase + (o.windowGrowthPerS * Math.max(0, waitedMs)) / 1000);
}

export interface EntrantInput {
  playerId: string;
  username: string;
  /** Skill estimate from the database. */
  rating: number;
  /** Whatever the game room needs for this seat (deck, set-up), already validated. */
  seatConfig?: unknown;
}

export interface Entrant extends EntrantInput {
  queue: string;
  enqueuedAt: number;
  /** Returned to the front after another player's no-show. */
  front: boolean;
  /** Tie-break for equal entry times: order of arrival. */
  seq: number;
}

export interface Group {
  id: number;
  queue: QueueSpec;
  entrants: Entrant[];
  /** Rating spread (max - min) inside the group. */
  spread: number;
  /** The window it was formed with. */
  window: number;
  formedAt: number;
}

type PlayerState = { kind: "queued"; entrant: Entrant } | { kind: "matched"; entrant: Entrant; group: number } | { kind: "playing"; entrant: Entrant; group: number };

export function queueKey(game: string, seats: number): string {
  return `${game}/${seats}`;
}

/** How many recent waits each queue averages for its estimate. */
const WAIT_HISTORY = 50;

export class MatchQueues {
  private readonly specs = new Map<string, QueueSpec>();
  private readonly pools = new Map<string, Entrant[]>();
  private readonly players = new Map<string, PlayerState>();
  private readonly groups = new Map<number, Group>();
  private readonly cooldowns = new Map<string, number>();
  private readonly recentWaits = new Map<string, number[]>();
  private seq = 0;
  private groupSeq = 0;

  constructor(
    specs: readonly QueueSpec[],
    private readonly window: WindowOptions = DEFAULT_WINDOW,
  ) {
    for (const spec of specs) {
      const key = queueKey(spec.game, spec.seats);
      this.specs.set(key, spec);
      this.pools.set(key, []);
      this.recentWaits.set(key, []);
    }
  }

  queues(): QueueSpec[] {
    return [...this.specs.values()];
  }

  spec(game: string, seats: number): QueueSpec | undefined {
    return this.specs.get(queueKey(game, seats));
  }

  /** Adds a player to a queue. Throws MatchmakingError when the queue does not exist or the player is busy. */
  enqueue(game: string, seats: number, input: EntrantInput, now: number): Entrant {
    const key = queueKey(game, seats);
    if (!this.specs.has(key)) {
      const offered = [...this.specs.keys()].join(", ");
      throw new MatchmakingError("unknown_queue", `no ranked queue for ${game} with ${seats} seats (queues: ${offered})`);
    }
    const busy = this.players.get(input.playerId);
    if (busy?.kind === "queued") throw new MatchmakingError("already_queued", `you are already queued (${busy.entrant.queue})`);
    if (busy) throw new MatchmakingError("in_match", "you are in a ranked match already; finish it first");
    const until = this.cooldowns.get(input.playerId);
    if (until !== undefined && until > now) {
      throw new MatchmakingError("cooldown", `you missed a ranked match you were seated in; you may queue again in ${Math.ceil((until - now) / 1000)} s`);
    }
    this.cooldowns.delete(input.playerId);
    const entrant: Entrant = { ...input, queue: key, enqueuedAt: now, front: false, seq: ++this.seq };
    this.players.set(input.playerId, { kind: "queued", entrant });
    this.insert(entrant);
    return entrant;
  }

  /**
   * Puts back a waiting entrant exactly as it was (entry time, order, front flag): how the
   * shared book (sharedBook.ts) loads its waiting players into a MatchQueues for one pass.
   */
  restore(entrant: Entrant): void {
    if (!this.specs.has(entrant.queue)) throw new MatchmakingError("unknown_queue", `no ranked queue ${entrant.queue}`);
    if (this.players.has(entrant.playerId)) throw new MatchmakingError("already_queued", `${entrant.playerId} is in the book twice`);
    this.seq = Math.max(this.seq, entrant.seq);
    this.players.set(entrant.playerId, { kind: "queued", entrant });
    this.insert(entrant);
  }

  /** Recent waits of a queue (oldest first), kept elsewhere, for the wait estimate. */
  loadWaits(queue: string, waits: readonly number[]): void {
    if (this.recentWaits.has(queue)) this.recentWaits.set(queue, waits.slice(-WAIT_HISTORY));
  }

  /** Removes a waiting player from their queue. Returns false if they were not waiting. */
  leave(playerId: string): boolean {
    const st = this.players.get(playerId);
    if (st?.kind !== "queued") return false;
    this.players.delete(playerId);
    const pool = this.pools.get(st.entrant.queue)!;
    pool.splice(pool.indexOf(st.entrant), 1);
    return true;
  }

  stateOf(playerId: string): PlayerState["kind"] | null {
    return this.players.get(playerId)?.kind ?? null;
  }

  group(id: number): Group | undefined {
    return this.groups.get(id);
  }

  /**
   * Forms every group possible now; their players leave the pools and become `matched`.
   *
   * Anchors go in queue order (the longest waiting first). An anchor's group is the run of
   * `seats` entrants next to each other in rating order that contains it, with the smallest
   * rating spread, if that spread fits the anchor's window (ties: the run that waited longest).
   * Rating order is kept as a linked list from which grouped entrants are unlinked, so a pass is
   * O(n log n) for the sort plus O(seats) per anchor, whatever the spread of the ratings.
   */
  formGroups(now: number): Group[] {
    const formed: Group[] = [];
    for (const [key, pool] of this.pools) {
      const spec = this.specs.get(key)!;
      if (pool.length < spec.seats) continue;
      const byRating = pool.slice().sort((x, y) => x.rating - y.rating || x.enqueuedAt - y.enqueuedAt);
      const at = new Map<Entrant, number>(byRating.map((e, i) => [e, i]));
      const prev = byRating.map((_, i) => i - 1);
      const next = byRating.map((_, i) => (i + 1 < byRating.length ? i + 1 : -1));
      const taken = new Set<Entrant>();
      const run: number[] = [];
      const unlink = (i: number) => {
        if (prev[i]! >= 0) next[prev[i]!] = next[i]!;
        if (next[i]! >= 0) prev[next[i]!] = prev[i]!;
      };
      for (const anchor of pool) {
        if (pool.length - taken.size < spec.seats) break;
        if (taken.has(anchor)) continue;
        const window = ratingWindow(now - anchor.enqueuedAt, this.window);
        // The anchor with up to seats-1 untaken neighbours on each side, in rating order (indexes
        // into byRating; no allocation per anchor beyond this small reused array).
        const self = at.get(anchor)!;
        run.length = 0;
        for (let i = prev[self]!, k = 1; i >= 0 && k < spec.seats; i = prev[i]!, k++) run.push(i);
        run.reverse();
        const anchorAt = run.length;
        run.push(self);
        for (let i = next[self]!, k = 1; i >= 0 && k < spec.seats; i = next[i]!, k++) run.push(i);
        let bestStart = -1;
        let bestSpread = Infinity;
        let bestWait = Infinity;
        for (let start = Math.max(0, anchorAt - spec.seats + 1); start <= anchorAt && start + spec.seats <= run.length; start++) {
          const spread = byRating[run[start + spec.seats - 1]!]!.rating - byRating[run[start]!]!.rating;
          if (spread > window || spread > bestSpread) continue;
          let newest = 0;
          for (let j = start; j < start + spec.seats; j++) newest = Math.max(newest, byRating[run[j]!]!.enqueuedAt);
          if (spread < bestSpread || newest < bestWait) {
            bestStart = start;
            bestSpread = spread;
            bestWait = newest;
          }
        }
        if (bestStart < 0) continue;
        // A player is in at most one pool entry (enqueue refuses a second), so a run never holds anyone twice.
        const members = run
          .slice(bestStart, bestStart + spec.seats)
          .map((i) => byRating[i]!)
          .sort((x, y) => x.enqueuedAt - y.enqueuedAt);
        for (const m of members) {
          taken.add(m);
          unlink(at.get(m)!);
        }
        const group: Group = { id: ++this.groupSeq, queue: spec, entrants: members, spread: bestSpread, window, formedAt: now };
        this.groups.set(group.id, group);
        for (const m of members) {
          this.players.set(m.playerId, { kind: "matched", entrant: m, group: group.id });
          this.recordWait(key, now - m.enqueuedAt);
        }
        formed.push(group);
      }
      if (taken.size > 0)
        this.pools.set(
          key,
          pool.filter((e) => !taken.has(e)),
        );
    }
    return formed;
  }

  /** Everyone in the group has joined the game room. */
  markPlaying(groupId: number): void {
    const group = this.groups.get(groupId);
    if (!group) return;
    for (const m of group.entrants) {
      const st = this.players.get(m.playerId);
      if (st && st.kind !== "queued" && st.group === groupId) this.players.set(m.playerId, { kind: "playing", entrant: m, group: groupId });
    }
  }

  /**
   * A matched group that did not start: `missing` players are dropped (and may not queue again
   * before `cooldownUntil`); the others go back to the front of their queue if `requeue` says
   * so (their queue connection is still open), else they are freed. Returns the requeued.
   */
  abortGroup(groupId: number, missing: readonly string[], cooldownUntil: number, requeue: (playerId: string) => boolean): Entrant[] {
    const group = this.groups.get(groupId);
    if (!group) return [];
    this.groups.delete(groupId);
    const back: Entrant[] = [];
    for (const m of group.entrants) {
      const st = this.players.get(m.playerId);
      if (!st || st.kind === "queued" || st.group !== groupId) continue;
      this.players.delete(m.playerId);
      if (missing.includes(m.playerId)) {
        this.cooldowns.set(m.playerId, cooldownUntil);
      } else if (requeue(m.playerId)) {
        const entrant: Entrant = { ...m, front: true };
        this.players.set(m.playerId, { kind: "queued", entrant });
        this.insert(entrant);
        back.push(entrant);
      }
    }
    return back;
  }

  /** The group's match is over (or its room is gone): its players are free. */
  releaseGroup(groupId: number): void {
    const group = this.groups.get(groupId);
    if (!group) return;
    this.groups.delete(groupId);
    for (const m of group.entrants) {
      const st = this.players.get(m.playerId);
      if (st && st.kind !== "queued" && st.group === groupId) this.players.delete(m.playerId);
    }
  }

  cooldownOf(playerId: string, now: number): number {
    const until = this.cooldowns.get(playerId);
    return until !== undefined && until > now ? until - now : 0;
  }

  /** Position and estimate for a waiting player; null if not waiting. */
  status(playerId: string, now: number): QueueStatus | null {
    const st = this.players.get(playerId);
    if (st?.kind !== "queued") return null;
    const pool = this.pools.get(st.entrant.queue)!;
    return this.statusAt(st.entrant, pool.indexOf(st.entrant), pool.length, now);
  }

  /** Status of every waiting player (one pass per queue). */
  allStatuses(now: number): (QueueStatus & { playerId: string })[] {
    const out: (QueueStatus & { playerId: string })[] = [];
    for (const pool of this.pools.values()) {
      pool.forEach((e, i) => out.push({ playerId: e.playerId, ...this.statusAt(e, i, pool.length, now) }));
    }
    return out;
  }

  waiting(game: string, seats: number): number {
    return this.pools.get(queueKey(game, seats))?.length ?? 0;
  }

  private statusAt(e: Entrant, index: number, size: number, now: number): QueueStatus {
    const waitedMs = now - e.enqueuedAt;
    const waits = this.recentWaits.get(e.queue)!;
    const avg = waits.length ? waits.reduce((a, b) => a + b, 0) / waits.length : null;
    return {
      queue: e.queue,
      position: index + 1,
      size,
      waitedMs,
      window: ratingWindow(waitedMs, this.window),
      estimatedWaitMs: avg === null ? null : Math.max(0, Math.round(avg - waitedMs)),
    };
  }

  private recordWait(key: string, ms: number): void {
    const waits = this.recentWaits.get(key)!;
    waits.push(ms);
    if (waits.length > WAIT_HISTORY) waits.shift();
  }

  /** Keeps the pool ordered: front entrants first, then oldest entry, then arrival. */
  private insert(e: Entrant): void {
    const pool = this.pools.get(e.queue)!;
    let i = pool.length;
    while (i > 0 && before(e, pool[i - 1]!)) i--;
    pool.splice(i, 0, e);
  }
}

function before(a: Entrant, b: Entrant): boolean {
  if (a.front !== b.front) return a.front;
  if (a.enqueuedAt !== b.enqueuedAt) return a.enqueuedAt < b.enqueuedAt;
  return a.seq < b.seq;
}

/**
 * The queues a set of engines offers: every seat count an engine's config accepts, found by
 * asking the engine itself (`parseConfig` then `seatCount`) for its default config and for
 * `{ players: n }`; each seat count keeps the first config that gave it.
 */
export function queueSpecsFor(engines: readonly { game: string; parseConfig(input: unknown): unknown; seatCount(config: never): number }[]): QueueSpec[] {
  const specs: QueueSpec[] = [];
  for (const engine of engines) {
    const seen = new Set<number>();
    const candidates: unknown[] = [{}];
    for (let n = 1; n <= 8; n++) candidates.push({ players: n });
    for (const input of candidates) {
      let config: unknown;
      try {
        config = engine.parseConfig(input);
      } catch {
        continue;
      }
      const seats = engine.seatCount(config as never);
      if (!Number.isInteger(seats) || seats < 2 || seen.has(seats)) continue;
      seen.add(seats);
      specs.push({ game: engine.game, seats, config: input });
    }
  }
  return specs.sort((a, b) => (a.game === b.game ? a.seats - b.seats : a.game < b.game ? -1 : 1));
}
