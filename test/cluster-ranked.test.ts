/**
 * Ranked play across two server processes sharing one database and one Redis (database 4):
 *   - two players queued on DIFFERENT processes are matched together (one grouping pass for the
 *     cluster), each gets a seat reservation naming the PUBLIC_ADDRESS of the process hosting the
 *     ranked room, both join there and play the match to the end; it is stored once, as ranked;
 *   - the same account cannot be in the queues twice: queued on A, it is refused on B
 *     (already_queued); while in a match it is refused everywhere (in_match); once the match is
 *     over (the hosting process's `ended` hook) both players may queue again, on either process;
 *   - 40 players, half queued on each process: all matched in pairs at once, never twice, with
 *     position updates reaching the waiting ones on both processes;
 *   - `kill -9` of the process hosting a ranked room nobody has joined yet: once the join window is
 *     past, the surviving process (now running the grouping pass) finds the room gone (Colyseus'
 *     health check of its process fails), requeues its own player (`requeued`, room_lost), and the
 *     dead process's player leaves the book. A player who was waiting on the dead process queues
 *     again on the survivor at once (Colyseus' health check tells its old process is gone) and is
 *     matched with the requeued one.
 * Skipped when Redis is unreachable, unless REQUIRE_REDIS=1 (CI), which fails instead.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { NODE_LIMIT_MS, ServerNode, clusterRedis } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { waitFor } from "./support/testServer.ts";

const redisUrl = await clusterRedis(4);
const MATCH_LIMIT_MS = 120_000;

describe.skipIf(redisUrl === null)("ranked queues shared by two processes", () => {
  let db: TestDatabase;
  let a: ServerNode;
  let b: ServerNode;
  const open: QueueBot[] = [];
  /** What the running test is waiting for: a timeout does not say, the failure report does. */
  let waitingFor = "";

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { JWT_SECRET: DEV_JWT_SECRET, QUEUE_TICK_MS: "100", PROMPT_TIMEOUT_MS: "0", RANKED_JOIN_TIMEOUT_S: "10" };
    a = await ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env });
    b = await ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env });
  }, 2 * NODE_LIMIT_MS);

  afterEach((ctx) => {
    if (ctx.task.result?.state !== "fail") return;
    console.error(`--- the test was waiting for: ${waitingFor || "(not recorded)"}`);
    // What the servers said about the queue, for the failure report.
    for (const [name, node] of [
      ["A", a],
      ["B", b],
    ] as const) {
      const lines = (node?.output ?? "").split("\n").filter((l) => /"component":"matchmaker"|"level":[456]0/.test(l));
      console.error(`--- node ${name} (matchmaker, warnings, errors):\n${lines.slice(-40).join("\n")}`);
    }
  });

  afterAll(async () => {
    for (const bot of open) if (bot.queue?.connection.isOpen) await bot.queue.leave().catch(() => {});
    await Promise.allSettled([a?.terminate(), b?.terminate()]);
    a?.cleanup();
    b?.cleanup();
    await db?.close();
  }, 2 * NODE_LIMIT_MS);

  async function account(node: ServerNode, username: string): Promise<{ playerId: string; token: string }> {
    const res = await accountsApi(node.url).register(username, "a long enough password");
    expect(res.status).toBe(201);
    return { playerId: res.body.player.id, token: res.body.token };
  }

  function queueBot(node: ServerNode, token: string, seed: string | false, seat = 0): QueueBot {
    const bot = new QueueBot(node.wsUrl, token, { game: "solrei", seats: 2, seat: sampleSeatConfig(seat), bot: seed === false ? false : { seed } });
    open.push(bot);
    return bot;
  }

  /** The process (matchmaker id) holding a queued player's queue connection, from the shared book. */
  async function queuedOn(playerId: string): Promise<string> {
    const redis = new Redis(redisUrl!);
    try {
      const entry = await redis.hget("tt:rq:entry", playerId);
      if (entry === null) throw new Error(`${playerId} is not in the shared book`);
      return (JSON.parse(entry) as { process: string }).process;
    } finally {
      redis.disconnect();
    }
  }

  /** The queue join is refused with this error code (in the message, "<code>: ..."). */
  async function refusedWith(bot: QueueBot, code: string): Promise<void> {
    await expect(bot.join()).rejects.toThrow(new RegExp(`${code}`));
  }

  it(
    "players queued on different processes are matched, join the hosting process and play to the end; an account is never queued twice",
    async () => {
      const alice = await account(a, "alice_cluster");
      const bob = await account(b, "bob_cluster");

      const qa = await queueBot(a, alice.token, "cr-a", 0).join();
      // The same account on the other process: refused, with the same code as on one process.
      await refusedWith(queueBot(b, alice.token, false), "already_queued");
      const qb = await queueBot(b, bob.token, "cr-b", 1).join();
      // Each queue connection is held by the process the client asked (the shared book says which).
      expect(await queuedOn(alice.playerId)).not.toBe(await queuedOn(bob.playerId));

      const [ma, mb] = await Promise.all([qa.next("matched"), qb.next("matched")]);
      console.info(`cluster ranked: matched ${Math.round(Math.max(qa.matchedAt, qb.matchedAt) - qb.enqueuedAt)} ms after the second player queued (other process)`);
      expect(ma.roomId).toBe(mb.roomId);
      expect(ma.players.map((p: { username: string }) => p.username).sort()).toEqual(["alice_cluster", "bob_cluster"]);
      expect(new Set([ma.seat, mb.seat])).toEqual(new Set([0, 1]));
      // Both reservations send their client to the process hosting the room, whichever queue they were in.
      const hosts = [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`];
      expect(hosts).toContain(ma.reservation.publicAddress);
      expect(mb.reservation.publicAddress).toBe(ma.reservation.publicAddress);

      await Promise.all([qa.next("started"), qb.next("started")]);
      // Matched and playing: refused on either process.
      await refusedWith(queueBot(b, alice.token, false), "in_match");

      const finished = await Promise.all([qa, qb].map((q) => q.seated().then((p) => p.untilFinished())));
      expect(finished[0]!.matchId).toBe(finished[1]!.matchId);
      expect(finished[0]!.outcome.reason).not.toBe("abandoned");
      for (const q of [qa, qb]) expect(q.player!.rejections).toEqual([]);
      expect(qa.player!.welcome!.playerId).toBe(ma.players[ma.seat].playerId);

      const stored = await waitFor(
        async () => {
          const rows = await db.sql`select id, mode from matches where id = ${finished[0]!.matchId}::uuid`;
          return rows.length > 0 ? rows : null;
        },
        "the ranked match stored",
        MATCH_LIMIT_MS,
      );
      expect(stored).toHaveLength(1);
      expect(stored[0]!.mode).toBe("ranked");

      // The match is over (the hosting process ran `ended` on the shared book): both may queue again,
      // each on the other process this time. They are matched again, across processes once more.
      const again = await waitFor(
        async () => {
          const bot = queueBot(b, alice.token, false);
          try {
            return await bot.join();
          } catch (error) {
            if (/in_match/.test(String(error))) return null; // the room's end not seen yet
            throw error;
          }
        },
        "alice free to queue again",
        MATCH_LIMIT_MS,
      );
      const bobAgain = await queueBot(a, bob.token, false, 1).join();
      const [m2a, m2b] = await Promise.all([again.next("matched"), bobAgain.next("matched")]);
      expect(m2a.roomId).toBe(m2b.roomId);
      expect(m2a.roomId).not.toBe(ma.roomId);
      // Neither takes that seat: both close their queue connection (marked gone: freed, never requeued).
      for (const q of [again, bobAgain]) {
        q.queue.send("leave");
        await q.next("left");
      }
    },
    3 * MATCH_LIMIT_MS,
  );

  it(
    "40 players, half on each process: all matched in pairs by the one grouping pass, nobody twice",
    async () => {
      const accounts = await registerAccounts(db.sql, DEV_JWT_SECRET, 40, "clmany");
      const t0 = performance.now();
      const bots = await Promise.all(accounts.map((acc, i) => queueBot(i % 2 ? b : a, acc.token, false, i).join()));
      const matched = await Promise.all(bots.map((bot) => bot.next("matched")));
      const allMatchedMs = Math.round(performance.now() - t0);
      const rooms = new Map<string, string[]>();
      matched.forEach((m, i) => rooms.set(m.roomId, [...(rooms.get(m.roomId) ?? []), accounts[i]!.playerId]));
      expect(rooms.size).toBe(20);
      for (const ids of rooms.values()) expect(new Set(ids).size).toBe(2);
      const crossProcess = [...rooms.values()].filter((ids) => {
        const sides = ids.map((id) => accounts.findIndex((acc) => acc.playerId === id) % 2);
        return sides[0] !== sides[1];
      }).length;
      console.info(`cluster ranked: 40 players on 2 processes all matched ${allMatchedMs} ms after the first joined; ${crossProcess}/20 pairs across processes`);
      // Nobody takes their seat: the rooms call these matches off (no-shows) on their own. The queue
      // connections close now (marked gone: freed, never requeued): otherwise, when the next test
      // kills a process hosting some of these rooms before they call off, the survivor would requeue
      // these players (room_lost), and they would be matched with that test's players.
      // (A room that called off already sent its players `forfeit` and closed their connections.)
      const leaving = bots.filter((bot) => bot.count("forfeit") === 0 && bot.queue.connection.isOpen);
      for (const bot of leaving) bot.queue.send("leave");
      await Promise.all(leaving.map((bot) => Promise.race([bot.next("left"), bot.next("forfeit")])));
    },
    3 * MATCH_LIMIT_MS,
  );

  // Last: it kills a process.
  it(
    "kill -9 of the process hosting a ranked room before anyone joined: the survivor requeues its player, the dead process's player leaves the book",
    async () => {
      const carol = await account(a, "carol_cluster");
      const dave = await account(b, "dave_cluster");
      const qc = await queueBot(a, carol.token, false, 0).join();
      const qd = await queueBot(b, dave.token, false, 1).join();
      waitingFor = "carol and dave matched";
      const [mc] = await Promise.all([qc.next("matched"), qd.next("matched")]);
      const host = mc.reservation.publicAddress === `127.0.0.1:${a.port}` ? a : b;
      const other = host === a ? b : a;
      const [survivor, lost] = host === a ? [qd, carol] : [qc, dave];
      // Erin waits alone on the process about to die.
      const erin = await account(other, "erin_cluster");
      const qe = await queueBot(host, erin.token, false).join();
      // Waiting: her position reaches her on her own process at every tick (whichever process runs the pass).
      waitingFor = "erin's third queue update on the process about to die";
      await qe.next("queue", 3);
      await host.kill9();
      // Her client comes back through the survivor at once: accepted, not refused as already queued.
      waitingFor = "erin queued again on the survivor";
      const qe2 = await queueBot(other, erin.token, false).join();
      // Her entry now names the survivor, as does the survivor's own player's.
      expect(await queuedOn(erin.playerId)).toBe(await queuedOn((host === a ? dave : carol).playerId));
      waitingFor = "the survivor's player requeued (room_lost)";
      const requeued = await survivor.next("requeued");
      expect(requeued).toMatchObject({ reason: "room_lost", queue: "solrei/2" });
      waitingFor = "the survivor's player and erin matched";
      const [m1, m2] = await Promise.all([survivor.next("matched", 2), qe2.next("matched")]);
      expect(m1.roomId).toBe(m2.roomId);
      expect(m1.reservation.publicAddress).toBe(`127.0.0.1:${other.port}`);
      waitingFor = "the dead process's player out of the book";
      const redis = new Redis(redisUrl!);
      try {
        await waitFor(async () => (await redis.hget("tt:rq:state", lost.playerId)) === null, "the dead process's player out of the book", MATCH_LIMIT_MS);
      } finally {
        redis.disconnect();
      }
    },
    3 * MATCH_LIMIT_MS,
  );
});
