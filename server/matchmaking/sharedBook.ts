/**
 * The ranked queue book in Redis, shared by every process of a cluster (REDIS_URL). The pure
 * grouping stays in core.ts: the elected process loads the waiting entrants into a MatchQueues,
 * forms groups there, and claims each group here.
 *
 * Keys (prefix `tt:rq:`):
 *   state     hash playerId -> "q <seq> <front 0|1>" waiting | "m <group> <gone 0|1>" matched
 *             (gone: their queue connection closed) | "p <group>" playing
 *   entry     hash playerId -> JSON StoredEntrant (who, rating, set-up, queue, entry time, and
 *             the process holding their queue connection); written once at enqueue
 *   group     hash groupId -> JSON StoredGroup
 *   seq, groupseq   counters (arrival order, group ids unique across processes); groupseq
 *             starts from the clock, so that ids stay unique across a Redis that lost its data
 *             (a room still running a group of before would otherwise end a new group's match)
 *   cooldown:<playerId>   no-show cooldown, expiring on its own
 *   waits:<queue>         recent waits (newest first, at most 50), for the wait estimate
 *   alive:<processId>     each process's heartbeat, expiring: entrants of a dead process are dropped
 *
 * Every change of a player's state is one Lua script (atomic), and the group claim is a
 * compare-and-set on each member's `seq`: a player who left, or was claimed by an overlapping
 * pass, makes the claim fail instead of being matched twice.
 */
import type { Redis } from "ioredis";
import { MatchmakingError, type QueueSpec } from "./core.ts";

export interface StoredEntrant {
  playerId: string;
  username: string;
  rating: number;
  seatConfig: unknown;
  /** Queue key ("solrei/2"). */
  queue: string;
  enqueuedAt: number;
  /** The matchmaker process holding this player's queue connection. */
  process: string;
}

export interface StoredGroup {
  id: number;
  queue: QueueSpec;
  /** In seat order once seated (shuffled by the pass). */
  members: StoredEntrant[];
  spread: number;
  window: number;
  formedAt: number;
  /** Set once the room exists (the sweep of groups whose room is gone looks it up). */
  roomId?: string;
}

export type PlayerState = { kind: "queued"; seq: number; front: boolean } | { kind: "matched"; group: number; gone: boolean } | { kind: "playing"; group: number };

export interface BookSnapshot {
  /** Waiting entrants with their order fields. */
  waiting: (StoredEntrant & { seq: number; front: boolean })[];
  states: Map<string, PlayerState>;
  entries: Map<string, StoredEntrant>;
}

const WAIT_HISTORY = 50;

const ENQUEUE = `
local st = redis.call('hget', KEYS[1], ARGV[1])
if st then return {'busy', st} end
local cd = redis.call('pttl', KEYS[3])
if cd > 0 then return {'cooldown', tostring(cd)} end
local seq = redis.call('incr', KEYS[4])
redis.call('hset', KEYS[1], ARGV[1], 'q ' .. seq .. ' ' .. ARGV[3])
redis.call('hset', KEYS[2], ARGV[1], ARGV[2])
return {'ok', tostring(seq)}`;

const LEAVE = `
local st = redis.call('hget', KEYS[1], ARGV[1])
local e = redis.call('hget', KEYS[2], ARGV[1])
if not st or not e or cjson.decode(e).process ~= ARGV[2] then return 'none' end
if string.sub(st, 1, 1) == 'q' then
  redis.call('hdel', KEYS[1], ARGV[1])
  redis.call('hdel', KEYS[2], ARGV[1])
  return 'left'
end
local g = string.match(st, '^m (%d+)')
if g then
  redis.call('hset', KEYS[1], ARGV[1], 'm ' .. g .. ' 1')
  return 'gone'
end
return 'none'`;

const CLAIM = `
for i = 3, #ARGV, 2 do
  local st = redis.call('hget', KEYS[1], ARGV[i])
  if not st or string.match(st, '^q (%d+)') ~= ARGV[i + 1] then return 0 end
end
for i = 3, #ARGV, 2 do redis.call('hset', KEYS[1], ARGV[i], 'm ' .. ARGV[1] .. ' 0') end
redis.call('hset', KEYS[2], ARGV[1], ARGV[2])
return 1`;

const DROP_WAITING = `
local n = 0
for i = 1, #ARGV, 2 do
  local st = redis.call('hget', KEYS[1], ARGV[i])
  if st and string.match(st, '^q (%d+)') == ARGV[i + 1] then
    redis.call('hdel', KEYS[1], ARGV[i])
    redis.call('hdel', KEYS[2], ARGV[i])
    n = n + 1
  end
end
return n`;

const PLAYING = `
for i = 2, #ARGV do
  local st = redis.call('hget', KEYS[1], ARGV[i])
  if st and string.match(st, '^m (%d+)') == ARGV[1] then redis.call('hset', KEYS[1], ARGV[i], 'p ' .. ARGV[1]) end
end
return 1`;

const ABORT = `
local back = {}
for i = 4, #ARGV, 2 do
  local id, action = ARGV[i], ARGV[i + 1]
  local st = redis.call('hget', KEYS[1], id)
  if st and string.match(st, '^[mp] (%d+)') == ARGV[1] then
    if action == 'requeue' and string.sub(st, 1, 1) == 'm' and string.sub(st, -1) == '0' then
      local seq = redis.call('incr', KEYS[4])
      redis.call('hset', KEYS[1], id, 'q ' .. seq .. ' 1')
      table.insert(back, id)
    else
      redis.call('hdel', KEYS[1], id)
      redis.call('hdel', KEYS[2], id)
      if action == 'missing' and tonumber(ARGV[3]) > 0 then redis.call('set', ARGV[2] .. id, '1', 'PX', ARGV[3]) end
    end
  end
end
redis.call('hdel', KEYS[3], ARGV[1])
return back`;

const NEXT_GROUP = `
if redis.call('exists', KEYS[1]) == 0 then redis.call('set', KEYS[1], ARGV[1]) end
return redis.call('incr', KEYS[1])`;

const SET_ROOM = `
if redis.call('hexists', KEYS[1], ARGV[1]) == 1 then redis.call('hset', KEYS[1], ARGV[1], ARGV[2]) return 1 end
return 0`;

const RELEASE = `
for i = 2, #ARGV do
  local st = redis.call('hget', KEYS[1], ARGV[i])
  if st and string.match(st, '^[mp] (%d+)') == ARGV[1] then
    redis.call('hdel', KEYS[1], ARGV[i])
    redis.call('hdel', KEYS[2], ARGV[i])
  end
end
redis.call('hdel', KEYS[3], ARGV[1])
return 1`;

export function parseState(raw: string): PlayerState | null {
  const [kind, a, b] = raw.split(" ");
  if (kind === "q") return { kind: "queued", seq: Number(a), front: b === "1" };
  if (kind === "m") return { kind: "matched", group: Number(a), gone: b === "1" };
  if (kind === "p") return { kind: "playing", group: Number(a) };
  return null;
}

/** What to do with a member of a group that did not start. */
export type AbortAction = "missing" | "requeue" | "free";

/**
 * Each member's fate when its group is called off: a no-show (`missing`) is penalised, a member
 * whose process holds a live queue connection goes back to the queue, any other is freed.
 */
export function abortActions(group: StoredGroup, live: ReadonlySet<string>, missing: readonly string[] = []): Map<string, AbortAction> {
  return new Map(group.members.map((m) => [m.playerId, missing.includes(m.playerId) ? "missing" : live.has(m.process) ? "requeue" : "free"]));
}

export class SharedBook {
  private readonly k: { state: string; entry: string; group: string; seq: string; groupSeq: string };

  constructor(
    private readonly redis: Redis,
    private readonly prefix = "tt:rq:",
  ) {
    this.k = { state: `${prefix}state`, entry: `${prefix}entry`, group: `${prefix}group`, seq: `${prefix}seq`, groupSeq: `${prefix}groupseq` };
  }

  /**
   * Adds a waiting player (`front`: among those returned to the front of the queue). Throws
   * MatchmakingError already_queued / in_match / cooldown, as the local book does.
   */
  async enqueue(entrant: StoredEntrant, front = false): Promise<number> {
    const [result, detail] = (await this.redis.eval(
      ENQUEUE,
      4,
      this.k.state,
      this.k.entry,
      this.cooldownKey(entrant.playerId),
      this.k.seq,
      entrant.playerId,
      JSON.stringify(entrant),
      front ? "1" : "0",
    )) as [string, string];
    if (result === "ok") return Number(detail);
    if (result === "cooldown") {
      throw new MatchmakingError("cooldown", `you missed a ranked match you were seated in; you may queue again in ${Math.ceil(Number(detail) / 1000)} s`);
    }
    if (parseState(detail)?.kind === "queued") {
      const other = await this.entry(entrant.playerId);
      throw new MatchmakingError("already_queued", `you are already queued (${other?.queue ?? "another queue"})`);
    }
    throw new MatchmakingError("in_match", "you are in a ranked match already; finish it first");
  }

  /**
   * The queue connection of `playerId` on `process` closed (or they asked to leave): a waiting
   * player leaves the book; a matched one is marked gone (not requeued if the match is called off).
   */
  async leave(playerId: string, process: string): Promise<"left" | "gone" | "none"> {
    return (await this.redis.eval(LEAVE, 2, this.k.state, this.k.entry, playerId, process)) as "left" | "gone" | "none";
  }

  async state(playerId: string): Promise<PlayerState | null> {
    const raw = await this.redis.hget(this.k.state, playerId);
    return raw === null ? null : parseState(raw);
  }

  async entry(playerId: string): Promise<StoredEntrant | null> {
    const raw = await this.redis.hget(this.k.entry, playerId);
    return raw === null ? null : (JSON.parse(raw) as StoredEntrant);
  }

  /** Every player's state and entry, read atomically. */
  async snapshot(): Promise<BookSnapshot> {
    const res = await this.redis.multi().hgetall(this.k.state).hgetall(this.k.entry).exec();
    const rawStates = (res?.[0]?.[1] ?? {}) as Record<string, string>;
    const rawEntries = (res?.[1]?.[1] ?? {}) as Record<string, string>;
    const states = new Map<string, PlayerState>();
    const entries = new Map<string, StoredEntrant>();
    const waiting: BookSnapshot["waiting"] = [];
    for (const [id, raw] of Object.entries(rawStates)) {
      const st = parseState(raw);
      const entryJson = rawEntries[id];
      if (!st || entryJson === undefined) continue;
      const entry = JSON.parse(entryJson) as StoredEntrant;
      states.set(id, st);
      entries.set(id, entry);
      if (st.kind === "queued") waiting.push({ ...entry, seq: st.seq, front: st.front });
    }
    return { waiting, states, entries };
  }

  async nextGroupId(): Promise<number> {
    return (await this.redis.eval(NEXT_GROUP, 1, this.k.groupSeq, String(Date.now()))) as number;
  }

  /** Moves every member from waiting (with the `seq` the pass saw) to matched in `group`, or nobody. */
  async claim(group: StoredGroup, seqs: ReadonlyMap<string, number>): Promise<boolean> {
    const args: string[] = [String(group.id), JSON.stringify(group)];
    for (const m of group.members) args.push(m.playerId, String(seqs.get(m.playerId)));
    return (await this.redis.eval(CLAIM, 2, this.k.state, this.k.group, ...args)) === 1;
  }

  /** Drops waiting players (as seen with `seq`) whose process is gone. Returns how many. */
  async dropWaiting(players: readonly { playerId: string; seq: number }[]): Promise<number> {
    if (players.length === 0) return 0;
    const args = players.flatMap((p) => [p.playerId, String(p.seq)]);
    return (await this.redis.eval(DROP_WAITING, 2, this.k.state, this.k.entry, ...args)) as number;
  }

  async group(id: number): Promise<StoredGroup | null> {
    const raw = await this.redis.hget(this.k.group, String(id));
    return raw === null ? null : (JSON.parse(raw) as StoredGroup);
  }

  /** Every group matched or playing now. */
  async groups(): Promise<StoredGroup[]> {
    const raw = await this.redis.hgetall(this.k.group);
    return Object.values(raw).map((json) => JSON.parse(json) as StoredGroup);
  }

  /** Records the group's room, unless the group is already over (its hooks ran first). */
  async setRoom(group: StoredGroup, roomId: string): Promise<void> {
    await this.redis.eval(SET_ROOM, 1, this.k.group, String(group.id), JSON.stringify({ ...group, roomId }));
  }

  async markPlaying(group: StoredGroup): Promise<void> {
    await this.redis.eval(PLAYING, 1, this.k.state, String(group.id), ...group.members.map((m) => m.playerId));
  }

  /** A group that did not start: each member missing (cooldown), requeued at the front (if not gone) or freed. Returns the requeued. */
  async abort(group: StoredGroup, actions: ReadonlyMap<string, AbortAction>, cooldownMs: number): Promise<string[]> {
    const args: string[] = [String(group.id), `${this.prefix}cooldown:`, String(Math.max(0, Math.round(cooldownMs)))];
    for (const m of group.members) args.push(m.playerId, actions.get(m.playerId) ?? "free");
    return (await this.redis.eval(ABORT, 4, this.k.state, this.k.entry, this.k.group, this.k.seq, ...args)) as string[];
  }

  /** The group's match is over: its players are free. */
  async release(group: StoredGroup): Promise<void> {
    await this.redis.eval(RELEASE, 3, this.k.state, this.k.entry, this.k.group, String(group.id), ...group.members.map((m) => m.playerId));
  }

  /** A no-show may not queue again for `ms`. */
  async cooldown(playerId: string, ms: number): Promise<void> {
    if (ms > 0) await this.redis.set(this.cooldownKey(playerId), "1", "PX", Math.round(ms));
  }

  async cooldownMs(playerId: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.cooldownKey(playerId)));
  }

  async recordWaits(queue: string, waits: readonly number[]): Promise<void> {
    if (waits.length === 0) return;
    const key = `${this.prefix}waits:${queue}`;
    await this.redis
      .multi()
      .lpush(key, ...waits.map(String))
      .ltrim(key, 0, WAIT_HISTORY - 1)
      .exec();
  }

  /** Recent waits per queue, oldest first. */
  async waits(queues: readonly string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    if (queues.length === 0) return out;
    const pipeline = this.redis.pipeline();
    for (const q of queues) pipeline.lrange(`${this.prefix}waits:${q}`, 0, -1);
    const res = (await pipeline.exec()) ?? [];
    queues.forEach((q, i) => out.set(q, ((res[i]?.[1] ?? []) as string[]).map(Number).reverse()));
    return out;
  }

  /** This process is alive for `ttlMs` more. */
  async heartbeat(process: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}alive:${process}`, "1", "PX", ttlMs);
  }

  async forget(process: string): Promise<void> {
    await this.redis.del(`${this.prefix}alive:${process}`);
  }

  /** Which of these processes have a live heartbeat. */
  async alive(processes: Iterable<string>): Promise<Set<string>> {
    const ids = [...new Set(processes)];
    const out = new Set<string>();
    if (ids.length === 0) return out;
    const pipeline = this.redis.pipeline();
    for (const id of ids) pipeline.exists(`${this.prefix}alive:${id}`);
    const res = (await pipeline.exec()) ?? [];
    ids.forEach((id, i) => res[i]?.[1] === 1 && out.add(id));
    return out;
  }

  private cooldownKey(playerId: string): string {
    return `${this.prefix}cooldown:${playerId}`;
  }
}
