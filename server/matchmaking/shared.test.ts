/**
 * The ranked queue shared through Redis (database 6): the book's atomic transitions
 * (sharedBook.ts) and two SharedMatchmakers, standing for two processes, over one Redis with an
 * in-memory message bus and a fake room factory. Skipped when Redis is unreachable unless
 * REQUIRE_REDIS=1.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { freshRedis } from "../../test/support/cluster.ts";
import { silentLogger } from "../log.ts";
import { MatchmakingError } from "./core.ts";
import type { MatchmakerDeps, QueueSubscriber } from "./service.ts";
import { clusterTicket, SharedMatchmaker, type MessageBus, type SharedMatchmakerOptions } from "./shared.ts";
import { SharedBook, type StoredEntrant, type StoredGroup } from "./sharedBook.ts";

const url = await freshRedis(6);
const redis = url ? new Redis(url) : null;
afterAll(() => redis?.disconnect());

let prefixSeq = 0;
/** Each test gets its own key prefix: no flush between tests, no leftovers seen. */
const nextPrefix = () => `t${++prefixSeq}:rq:`;

function entrant(playerId: string, process: string, rating = 25, enqueuedAt = 1_000): StoredEntrant {
  return { playerId, username: playerId, rating, seatConfig: { deck: [] }, queue: "g/2", enqueuedAt, process };
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    if (error instanceof MatchmakingError) return error.code;
    throw error;
  }
  return "ok";
}

describe.skipIf(redis === null)("shared book (Redis)", () => {
  let book: SharedBook;
  beforeEach(() => {
    book = new SharedBook(redis!, nextPrefix());
  });

  async function group(ids: string[]): Promise<StoredGroup> {
    const snap = await book.snapshot();
    const g: StoredGroup = { id: await book.nextGroupId(), queue: { game: "g", seats: 2, config: {} }, members: ids.map((id) => snap.entries.get(id)!), spread: 0, window: 2, formedAt: 0 };
    const seqs = new Map(snap.waiting.map((e) => [e.playerId, e.seq]));
    expect(await book.claim(g, seqs)).toBe(true);
    return g;
  }

  it("a player is in the book once: queued twice (any process) is already_queued, matched is in_match; the seat config survives as JSON", async () => {
    expect(await codeOf(book.enqueue(entrant("p1", "A")))).toBe("ok");
    expect(await codeOf(book.enqueue(entrant("p1", "B")))).toBe("already_queued");
    await book.enqueue(entrant("p2", "B"));
    expect((await book.entry("p1"))!.seatConfig).toEqual({ deck: [] });
    await group(["p1", "p2"]);
    expect(await codeOf(book.enqueue(entrant("p1", "A")))).toBe("in_match");
  });

  it("the claim is a compare-and-set: a player who left, or was claimed already, makes it fail for everyone", async () => {
    await book.enqueue(entrant("a", "A"));
    await book.enqueue(entrant("b", "A"));
    await book.enqueue(entrant("c", "B"));
    const snap = await book.snapshot();
    const seqs = new Map(snap.waiting.map((e) => [e.playerId, e.seq]));
    const mk = async (ids: string[]): Promise<StoredGroup> => ({
      id: await book.nextGroupId(),
      queue: { game: "g", seats: 2, config: {} },
      members: ids.map((id) => snap.entries.get(id)!),
      spread: 0,
      window: 2,
      formedAt: 0,
    });
    // Another process's leave is ignored; the owner's leave removes the player.
    expect(await book.leave("c", "A")).toBe("none");
    expect(await book.leave("c", "B")).toBe("left");
    expect(await book.claim(await mk(["a", "c"]), seqs)).toBe(false);
    expect((await book.state("a"))!.kind).toBe("queued"); // untouched by the failed claim
    // Two overlapping passes claiming the same player: exactly one wins.
    const results = await Promise.all([book.claim(await mk(["a", "b"]), seqs), book.claim(await mk(["b", "a"]), seqs)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("a called-off group: no-shows get a cooldown (refused with `cooldown`), the others go back to the front with a new seq, gone ones are freed", async () => {
    for (const id of ["x", "y", "z", "w"]) await book.enqueue(entrant(id, "A"));
    const g1 = await group(["x", "y"]);
    const g2 = await group(["z", "w"]);
    expect(await book.leave("w", "A")).toBe("gone"); // matched, queue connection closed
    const before = (await book.state("y")) as { seq: number };
    const requeued1 = await book.abort(
      g1,
      new Map([
        ["x", "missing"],
        ["y", "requeue"],
      ]),
      60_000,
    );
    expect(requeued1).toEqual(["y"]);
    const after = await book.state("y");
    expect(after).toMatchObject({ kind: "queued", front: true });
    expect((after as { seq: number }).seq).not.toBe(before.seq);
    expect(await book.state("x")).toBe(null);
    expect(await codeOf(book.enqueue(entrant("x", "A")))).toBe("cooldown");
    expect(await book.cooldownMs("x")).toBeGreaterThan(50_000);
    expect(
      await book.abort(
        g2,
        new Map([
          ["z", "requeue"],
          ["w", "requeue"],
        ]),
        60_000,
      ),
    ).toEqual(["z"]);
    expect(await book.state("w")).toBe(null);
    expect(await book.group(g1.id)).toBe(null);
  });

  it("started then ended: playing, then everyone free; a stale group id touches nobody", async () => {
    await book.enqueue(entrant("m", "A"));
    await book.enqueue(entrant("n", "B"));
    const g = await group(["m", "n"]);
    await book.markPlaying(g);
    expect(await book.state("m")).toEqual({ kind: "playing", group: g.id });
    // The same players requeued in a later group would not be freed by the old group's end.
    await book.release({ ...g, id: g.id + 1000 });
    expect((await book.state("n"))!.kind).toBe("playing");
    await book.release(g);
    expect(await book.state("m")).toBe(null);
    expect(await codeOf(book.enqueue(entrant("m", "A")))).toBe("ok");
  });

  it("waiting players of a dead process are dropped only as they were seen (seq); heartbeats expire", async () => {
    await book.enqueue(entrant("d1", "dead"));
    await book.enqueue(entrant("l1", "live"));
    await book.heartbeat("live", 60_000);
    await book.heartbeat("dead", 1);
    const snap = await book.snapshot();
    const limit = Date.now() + 60_000;
    let alive = await book.alive(["live", "dead"]);
    while (alive.has("dead") && Date.now() < limit) alive = await book.alive(["live", "dead"]);
    expect([...alive]).toEqual(["live"]);
    const d1 = snap.waiting.find((e) => e.playerId === "d1")!;
    expect(await book.dropWaiting([{ playerId: "d1", seq: d1.seq + 1 }])).toBe(0);
    expect(await book.dropWaiting([{ playerId: "d1", seq: d1.seq }])).toBe(1);
    expect(await book.state("d1")).toBe(null);
    expect((await book.state("l1"))!.kind).toBe("queued");
  });

  it("recent waits are kept per queue, newest 50", async () => {
    await book.recordWaits(
      "g/2",
      Array.from({ length: 60 }, (_, i) => i),
    );
    const waits = (await book.waits(["g/2", "h/3"])).get("g/2")!;
    expect(waits).toHaveLength(50);
    expect(waits.at(-1)).toBe(59);
  });
});

/** An in-memory stand-in for Colyseus presence pub/sub (asynchronous, like Redis). */
function memoryBus(): MessageBus {
  const topics = new Map<string, Set<(data: any) => void>>();
  return {
    publish: (topic, data) => {
      const copy = JSON.parse(JSON.stringify(data));
      for (const cb of topics.get(topic) ?? []) setImmediate(() => cb(copy));
    },
    subscribe: async (topic, cb) => void (topics.get(topic) ?? topics.set(topic, new Set()).get(topic)!).add(cb),
    unsubscribe: async (topic, cb) => void (cb ? topics.get(topic)?.delete(cb) : topics.delete(topic)),
  };
}

interface Inbox extends QueueSubscriber {
  got: { type: string; message: any }[];
  closed: boolean;
  next(type: string): Promise<any>;
}
function inbox(): Inbox {
  const waiters: { type: string; resolve: (m: any) => void }[] = [];
  const box: Inbox = {
    got: [],
    closed: false,
    send(type, message) {
      box.got.push({ type, message });
      for (const w of waiters.filter((w) => w.type === type)) w.resolve(message);
    },
    close() {
      box.closed = true;
    },
    next(type) {
      const have = box.got.find((g) => g.type === type);
      return have ? Promise.resolve(have.message) : new Promise((resolve) => waiters.push({ type, resolve }));
    },
  };
  return box;
}

// Each test waits on events for up to 60 s (a loaded CI machine), longer than the default limit.
describe.skipIf(redis === null)("two SharedMatchmakers (two processes) over one Redis", { timeout: 90_000 }, () => {
  const created: { game: string; options: any }[] = [];
  const makers: SharedMatchmaker[] = [];
  // Each test's processes stop with it: earlier tests' passes do not tick on beside the next ones.
  afterEach(async () => {
    await Promise.all(makers.splice(0).map((m) => m.stop()));
  });

  function maker(prefix: string, bus: MessageBus, tickMs = 50, extra: Partial<SharedMatchmakerOptions> & { joinTimeoutMs?: number } = {}): SharedMatchmaker {
    const deps: MatchmakerDeps = {
      log: silentLogger,
      specs: [{ game: "g", seats: 2, config: { players: 2 } }],
      authenticate: async () => ({ playerId: "x", username: "x", guest: false }),
      ratingsOf: async () => new Map(),
      createRoom: async (game, options) => {
        created.push({ game, options });
        return { roomId: `room${created.length}` };
      },
      reserveSeat: async (room, _options, auth) => ({ name: "g", roomId: room.roomId, sessionId: `s-${auth.playerId}`, processId: "p" }),
      settings: { joinTimeoutMs: extra.joinTimeoutMs ?? 10_000, noShowCooldownMs: 30_000, tickMs },
    };
    const m = new SharedMatchmaker(deps, { redis: redis!, bus, jwtSecret: "a".repeat(40), prefix, roomsAlive: async (ids) => new Set(ids), ...extra });
    makers.push(m);
    return m;
  }
  const who = (id: string) => ({ playerId: id, username: id, guest: false });

  it("players queued on different processes are matched together by one pass; the room hooks on a third process free them", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const [a, b, c] = [maker(prefix, bus), maker(prefix, bus), maker(prefix, bus)];
    await Promise.all([a.start(), b.start(), c.start()]);
    expect(a.ticket).toBe(clusterTicket("a".repeat(40)));
    expect(a.ticket).toBe(b.ticket);
    const [ia, ib] = [inbox(), inbox()];
    const before = created.length;
    await a.enqueue(who("pa"), { game: "g", seats: 2, seatConfig: { n: 1 } }, ia);
    expect(await codeOf(b.enqueue(who("pa"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("already_queued");
    await b.enqueue(who("pb"), { game: "g", seats: 2, seatConfig: { n: 2 } }, ib);
    const [ma, mb] = await Promise.all([ia.next("matched"), ib.next("matched")]);
    expect(ma.roomId).toBe(mb.roomId);
    expect(created.length).toBe(before + 1); // one room, however many processes ran passes
    const options = created.at(-1)!.options;
    expect(options.ranked.ticket).toBe(a.ticket);
    expect(new Set([ma.seat, mb.seat])).toEqual(new Set([0, 1]));
    // The game room lives on a third process: its hooks act on the shared book.
    const hooks = c.roomHooks();
    hooks.started(options.ranked.group, ma.roomId);
    await Promise.all([ia.next("started"), ib.next("started")]);
    expect(ia.closed && ib.closed).toBe(true);
    expect(await c.shared.state("pa")).toMatchObject({ kind: "playing" });
    hooks.ended(options.ranked.group, ma.roomId);
    const limit = Date.now() + 60_000;
    while ((await c.shared.state("pb")) !== null && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
    expect(await c.shared.state("pb")).toBe(null);
  });

  it("a no-show called off on another process: forfeit + cooldown on every process, the other requeued at the front and matched again", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const [a, b] = [maker(prefix, bus), maker(prefix, bus)];
    await Promise.all([a.start(), b.start()]);
    const [i1, i2, i3] = [inbox(), inbox(), inbox()];
    await a.enqueue(who("q1"), { game: "g", seats: 2, seatConfig: {} }, i1);
    await b.enqueue(who("q2"), { game: "g", seats: 2, seatConfig: {} }, i2);
    await i1.next("matched");
    const group = created.at(-1)!.options.ranked.group as number;
    b.roomHooks().aborted(group, "r", ["q2"]);
    const forfeit = await i2.next("forfeit");
    expect(forfeit).toMatchObject({ reason: "no_show", cooldownMs: 30_000 });
    expect(i2.closed).toBe(true);
    const requeued = await i1.next("requeued");
    expect(requeued).toMatchObject({ reason: "no_show", position: 1 });
    expect(await codeOf(a.enqueue(who("q2"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("cooldown");
    await b.enqueue(who("q3"), { game: "g", seats: 2, seatConfig: {} }, i3);
    const again = await i3.next("matched");
    expect(again.players.map((p: { playerId: string }) => p.playerId).sort()).toEqual(["q1", "q3"]);
  });

  it("waiting players get position updates on their own process; a process that stops beating has its players dropped", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const live = maker(prefix, bus);
    await live.start();
    const dead = maker(prefix, bus, 60_000);
    // A process that beat once, very briefly, and then died (its heartbeat expires at once).
    await dead.shared.heartbeat(dead.processId, 1);
    await dead.shared.enqueue({ playerId: "ghost", username: "ghost", rating: 25, seatConfig: {}, queue: "g/2", enqueuedAt: Date.now() - 1000, process: dead.processId });
    // Dead by Redis's clock before anyone else queues: a Redis starved of CPU (a loaded CI
    // machine) runs a burst of commands within that 1 ms, and a process still beating is alive.
    const limit = Date.now() + 60_000;
    while ((await live.shared.alive([dead.processId])).size > 0 && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
    const box = inbox();
    await live.enqueue(who("solo"), { game: "g", seats: 2, seatConfig: {} }, box);
    const update = await box.next("queue");
    expect(update).toMatchObject({ queue: "g/2" });
    while ((await live.shared.state("ghost")) !== null && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
    expect(await live.shared.state("ghost")).toBe(null);
    expect(box.got.some((g) => g.type === "matched")).toBe(false); // never matched with the dead process's player
    expect(live.status("solo")).toMatchObject({ queue: "g/2", size: 1 });
  });

  it("a group whose room is gone (its process died before the room could report): not started -> requeued and matched again; playing -> freed", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const gone = new Set<string>();
    const sweep = { joinTimeoutMs: 1, orphanMarginMs: 0, sweepEveryMs: 0, orphanPlayingMs: 0, roomsAlive: async (ids: string[]) => new Set(ids.filter((id) => !gone.has(id))) };
    const [a, b] = [maker(prefix, bus, 50, sweep), maker(prefix, bus, 50, sweep)];
    await Promise.all([a.start(), b.start()]);
    const [i1, i2] = [inbox(), inbox()];
    const first = created.length;
    // The first room "dies" at once: every room made from now on except the first stays alive.
    gone.add(`room${first + 1}`);
    await a.enqueue(who("o1"), { game: "g", seats: 2, seatConfig: {} }, i1);
    await b.enqueue(who("o2"), { game: "g", seats: 2, seatConfig: {} }, i2);
    const lost = await i1.next("requeued");
    expect(lost).toMatchObject({ reason: "room_lost" });
    const limit = Date.now() + 60_000;
    while (i2.got.filter((g) => g.type === "matched").length < 2 && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
    const matched = i2.got.filter((g) => g.type === "matched").map((g) => g.message);
    expect(matched).toHaveLength(2);
    expect(matched[1].roomId).not.toBe(`room${first + 1}`);
    // Now that second room's match starts, then its process dies without reporting the end.
    a.roomHooks().started(created.at(-1)!.options.ranked.group, matched[1].roomId);
    while ((await a.shared.state("o1"))?.kind !== "playing" && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
    gone.add(matched[1].roomId);
    while ((await a.shared.state("o1")) !== null && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
    expect(await a.shared.state("o1")).toBe(null);
    expect(await a.shared.state("o2")).toBe(null);
  });

  it("a pass stuck on an await that never settles is abandoned past its deadline: the next pass sweeps the lost room and requeues its players", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    let calls = 0;
    let unstick: (alive: Set<string>) => void = () => {};
    const lost = `room${created.length + 1}`;
    // The first look at the rooms never answers (as a request to a dead process might not); later ones say the first room is gone.
    const roomsAlive = (ids: string[]) => (++calls === 1 ? new Promise<Set<string>>((resolve) => (unstick = resolve)) : Promise.resolve(new Set(ids.filter((id) => id !== lost))));
    const m = maker(prefix, bus, 50, { joinTimeoutMs: 1, orphanMarginMs: 0, sweepEveryMs: 0, roomsAlive, passDeadlineMs: 500 });
    await m.start();
    const [i1, i2] = [inbox(), inbox()];
    await m.enqueue(who("s1"), { game: "g", seats: 2, seatConfig: {} }, i1);
    await m.enqueue(who("s2"), { game: "g", seats: 2, seatConfig: {} }, i2);
    await Promise.all([i1.next("matched"), i2.next("matched")]);
    // One process only: no other lease holder can do the sweep in its place.
    const [r1, r2] = await Promise.all([i1.next("requeued"), i2.next("requeued")]);
    expect(calls).toBeGreaterThan(1);
    expect(r1).toMatchObject({ reason: "room_lost" });
    expect(r2).toMatchObject({ reason: "room_lost" });
    // The abandoned pass, should it go on, does nothing more: requeued once each.
    unstick(new Set());
    await new Promise((r) => setTimeout(r, 200));
    expect(i1.got.filter((g) => g.type === "requeued")).toHaveLength(1);
  });

  it("a lost room's member whose process still beats but does not answer its health check is freed, not requeued as a ghost", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const m = maker(prefix, bus, 50, { joinTimeoutMs: 1, orphanMarginMs: 0, sweepEveryMs: 0, roomsAlive: async () => new Set(), processAlive: async (pid) => pid !== "killed" });
    await m.start();
    // Killed a moment ago: its heartbeat has not expired yet.
    await m.shared.heartbeat("killed", 60_000);
    await m.shared.enqueue({ playerId: "ghost", username: "ghost", rating: 25, seatConfig: {}, queue: "g/2", enqueuedAt: Date.now(), process: "killed" });
    const box = inbox();
    await m.enqueue(who("alive1"), { game: "g", seats: 2, seatConfig: {} }, box);
    await box.next("matched");
    expect(await box.next("requeued")).toMatchObject({ reason: "room_lost", position: 1, size: 1 });
    // Freed in the same step as the live one was requeued: never back in the queue, never matched again with them.
    expect(await m.shared.state("ghost")).toBe(null);
    expect((await m.shared.state("alive1"))?.kind).toBe("queued");
  });

  it("queued again on another process while the first entry's process is gone: accepted at once (not after the heartbeat TTL); while it answers: already_queued", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const answering = new Set<string>(["old"]);
    const m = maker(prefix, bus, 60_000, { processAlive: async (pid) => answering.has(pid) });
    await m.start();
    await m.shared.heartbeat("old", 60_000); // still beating: only the health check can tell
    await m.shared.enqueue({ playerId: "r1", username: "r1", rating: 25, seatConfig: {}, queue: "g/2", enqueuedAt: Date.now(), process: "old" });
    expect(await codeOf(m.enqueue(who("r1"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("already_queued");
    answering.delete("old"); // the process died
    expect(await codeOf(m.enqueue(who("r1"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("ok");
    expect((await m.shared.entry("r1"))!.process).toBe(m.processId);
  });

  /** What a Redis restart without persistence does to one test's part of the book. */
  async function loseBook(prefix: string): Promise<void> {
    const keys = await redis!.keys(`${prefix}*`);
    if (keys.length > 0) await redis!.del(...keys);
  }

  it("Redis loses the book: each process writes its waiting players back (same entry time), drops entries of closed connections, and they are matched", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    // No pass of their own: the test runs the rejoin; B's join wakes the pass.
    const [a, b] = [maker(prefix, bus, 60_000), maker(prefix, bus, 60_000)];
    await Promise.all([a.start(), b.start()]);
    const [i1, i2] = [inbox(), inbox()];
    await a.enqueue(who("w1"), { game: "g", seats: 2, seatConfig: { n: 1 } }, i1);
    const first = await a.shared.entry("w1");
    await loseBook(prefix);
    expect(await a.shared.state("w1")).toBe(null);
    expect(await a.rejoin()).toEqual({ requeued: 1, dropped: 0 });
    expect(await a.shared.entry("w1")).toEqual(first);
    expect((await a.shared.state("w1"))?.kind).toBe("queued");
    // A connection that closed while Redis was away: its entry (still in a Redis that kept its data) goes.
    await a.shared.enqueue({ ...first!, playerId: "closed", username: "closed" });
    expect(await a.rejoin()).toEqual({ requeued: 0, dropped: 1 });
    expect(await b.rejoin()).toEqual({ requeued: 0, dropped: 0 }); // every process rejoins (its heartbeat went too)
    await b.enqueue(who("w2"), { game: "g", seats: 2, seatConfig: {} }, i2);
    const [m1, m2] = await Promise.all([i1.next("matched"), i2.next("matched")]);
    expect(m1.roomId).toBe(m2.roomId);
  });

  it("a group whose record Redis lost: `started` reaches its players' queue connections; `aborted` forfeits the no-show (cooldown) and requeues the other at the front", async () => {
    const prefix = nextPrefix();
    const bus = memoryBus();
    const [a, b, c] = [maker(prefix, bus), maker(prefix, bus), maker(prefix, bus)];
    await Promise.all([a.start(), b.start(), c.start()]);
    const [i1, i2] = [inbox(), inbox()];
    await a.enqueue(who("l1"), { game: "g", seats: 2, seatConfig: {} }, i1);
    await b.enqueue(who("l2"), { game: "g", seats: 2, seatConfig: {} }, i2);
    await Promise.all([i1.next("matched"), i2.next("matched")]);
    const group = created.at(-1)!.options.ranked.group as number;
    await loseBook(prefix);
    c.roomHooks().aborted(group, "r", ["l2"]);
    expect(await i2.next("forfeit")).toMatchObject({ reason: "no_show", cooldownMs: 30_000 });
    expect(i2.closed).toBe(true);
    expect(await i1.next("requeued")).toMatchObject({ reason: "no_show", position: 1 });
    expect(await codeOf(c.enqueue(who("l2"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("cooldown");
    expect(await a.shared.state("l1")).toMatchObject({ kind: "queued", front: true });

    const i3 = inbox();
    await b.enqueue(who("l3"), { game: "g", seats: 2, seatConfig: {} }, i3);
    const again = await i3.next("matched");
    const next = created.at(-1)!.options.ranked.group as number;
    expect(next).toBeGreaterThan(group); // group ids never repeat across the loss
    expect(again.players.map((p: { playerId: string }) => p.playerId).sort()).toEqual(["l1", "l3"]);
    await loseBook(prefix);
    c.roomHooks().started(next, again.roomId);
    await Promise.all([i3.next("started"), i1.next("started")]);
    expect(i3.closed && i1.closed).toBe(true);
  });

  it("while Redis is unreachable a queue join is refused cluster_unavailable and no pass runs", async () => {
    let down: string | null = "Redis does not answer";
    const m = maker(nextPrefix(), memoryBus(), 50, { unavailable: () => down });
    await m.start();
    expect(await codeOf(m.enqueue(who("u1"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("cluster_unavailable");
    down = null;
    expect(await codeOf(m.enqueue(who("u1"), { game: "g", seats: 2, seatConfig: {} }, inbox()))).toBe("ok");
  });
});
