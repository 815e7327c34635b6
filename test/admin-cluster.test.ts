/**
 * A ban across two server processes sharing PostgreSQL and Redis (database 14): banned through
 * the process that does NOT host the player's ranked match, the player is dropped at once from
 * their live seat on the other process (closed 4403, the seat then plays by its time-outs) and
 * from the queue they wait in there, and refused at login and at the queue on both processes.
 * Skipped when Redis is unreachable, unless REQUIRE_REDIS=1 (CI), which fails instead; CI runs
 * it in its PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { issueToken } from "../server/auth/tokens.ts";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { NODE_LIMIT_MS, ServerNode, clusterRedis } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { sdkRefusal } from "./support/testServer.ts";

const redisUrl = await clusterRedis(14);

describe.skipIf(redisUrl === null)("a ban on a cluster of two processes", () => {
  let db: TestDatabase;
  let a: ServerNode;
  let b: ServerNode;
  const bots: QueueBot[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { JWT_SECRET: DEV_JWT_SECRET, QUEUE_TICK_MS: "100", PROMPT_TIMEOUT_MS: "0", RANKED_JOIN_TIMEOUT_S: "20" };
    [a, b] = await Promise.all([ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env }), ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env })]);
  }, 2 * NODE_LIMIT_MS);

  afterAll(async () => {
    for (const bot of bots) if (bot.queue?.connection.isOpen) void bot.queue.leave().catch(() => {});
    await Promise.allSettled([a?.terminate(), b?.terminate()]);
    a?.cleanup();
    b?.cleanup();
    await db?.close();
  }, 2 * NODE_LIMIT_MS);

  it(
    "drops the player's live seat and queue connection on the other process, and refuses them on both",
    async () => {
      const [admin, opponent, waiting] = await registerAccounts(db.sql, DEV_JWT_SECRET, 3, "clban");
      await db.sql`update accounts set role = 'admin' where player_id = ${admin!.playerId}::uuid`;
      const adminToken = await issueToken(DEV_JWT_SECRET, { playerId: admin!.playerId, username: admin!.username, guest: false, role: "admin" }, 3600);
      const registered = await accountsApi(a.url).register("clban_cheat", "a long enough password");
      const cheat = { playerId: registered.body.player.id as string, token: registered.body.token as string };

      // The cheat queues on A, the opponent on B: matched, both seated (idle: the match stays live).
      const queueBot = (node: ServerNode, token: string, seat: number, play = true) => {
        const bot = new QueueBot(node.wsUrl, token, { game: "solrei", seats: 2, seat: sampleSeatConfig(seat), bot: play ? { seed: `clban-${seat}`, idle: true } : false });
        bots.push(bot);
        return bot;
      };
      const qc = await queueBot(a, cheat.token, 0).join();
      const qo = await queueBot(b, opponent!.token, 1).join();
      const [matched] = await Promise.all([qc.next("matched"), qo.next("matched")]);
      const [seated] = await Promise.all([qc.seated(), qo.seated()]);
      const host = matched.reservation.publicAddress === `127.0.0.1:${a.port}` ? a : b;
      const other = host === a ? b : a;
      const seatClosed = new Promise<number>((resolve) => seated.room.onLeave((code) => resolve(code)));
      // A second banned player waits alone in the queue on the hosting process.
      const qw = await queueBot(host, waiting!.token, 0, false).join();
      const queueClosed = new Promise<number>((resolve) => qw.queue.onLeave((code) => resolve(code)));

      // Both banned through the process that hosts neither the match nor the waiting queue connection.
      for (const playerId of [cheat.playerId, waiting!.playerId]) {
        const res = await accountsApi(other.url).call("POST", `/api/admin/players/${playerId}/ban`, { reason: "cluster test", forS: 3600 }, adminToken);
        expect(res.status).toBe(201);
      }
      expect(await seatClosed).toBe(4403);
      expect(await queueClosed).toBe(4403);
      for (const node of [a, b]) {
        const login = await accountsApi(node.url).login("clban_cheat", "a long enough password");
        expect(login.status).toBe(403);
        expect(login.body.error.code).toBe("banned");
        const queued = await sdkRefusal(queueBot(node, cheat.token, 0, false).join());
        expect(queued.message).toMatch(/^banned: /);
      }
      // The match goes on on the host: the cheat's seat is empty and marked removed, the opponent still in.
      const live = await accountsApi(host.url).call("GET", "/api/admin/live", undefined, adminToken);
      const room = live.body.rooms.find((r: { roomId: string }) => r.roomId === matched.roomId);
      expect(room).toMatchObject({ status: "playing", mode: "ranked" });
      expect(room.seats.find((s: { playerId: string }) => s.playerId === cheat.playerId)).toMatchObject({ removed: true, connected: false });
      expect(room.seats.find((s: { playerId: string }) => s.playerId === opponent!.playerId)).toMatchObject({ removed: false, connected: true });
    },
    3 * NODE_LIMIT_MS,
  );
});
