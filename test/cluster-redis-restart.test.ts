/**
 * Two processes sharing one database and a Redis of the test's own, which the test kills and
 * starts again empty (a Redis restart without persistence):
 *   - while Redis is down: matchmaking is refused at once, 503 `cluster_unavailable` in the API's
 *     error shape (raw HTTP, the SDK, a ranked queue join); `/health` answers 200 with status
 *     `degraded` and `redis.ok: false` on both processes (the database is fine, live matches
 *     play on: a load balancer must not take every process out for a Redis blip); a live match
 *     goes on playing meanwhile;
 *   - once Redis is back, empty: each process lists its live rooms again (`/api/rooms` on both,
 *     `joinById` through the other process, `client.reconnect` with the seat's token) and the
 *     ranked player who was waiting before the restart is in the queue again: a player queuing
 *     on the other process is matched with them.
 * Skipped when redis-server is not installed (unless REQUIRE_REDIS is set), and in CI's embedded pass.
 */
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { DEV_JWT_SECRET } from "../server/config.ts";
import type { ListedRoom } from "../server/http/rooms.ts";
import { BotPlayer } from "./support/botClient.ts";
import { NODE_LIMIT_MS, ServerNode } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { ownRedis, type OwnRedis } from "./support/redisServer.ts";
import { sdkRefusal, waitFor } from "./support/testServer.ts";

const redis = await ownRedis();
const LIMIT = 60_000;

/** Generous: "at once" means no wait on Redis' retries (which took 20 s), not a benchmark. */
const FAST_MS = 5_000;

describe.skipIf(redis === null)("a Redis restart under two live processes", () => {
  let db: TestDatabase;
  let a: ServerNode;
  let b: ServerNode;
  let players: { playerId: string; username: string; token: string }[];
  const bots: BotPlayer[] = [];
  let waiting: Room;
  let queued: QueueBot;
  let waitingFor = "";

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { JWT_SECRET: DEV_JWT_SECRET, QUEUE_TICK_MS: "200", PROMPT_TIMEOUT_MS: "0", RANKED_JOIN_TIMEOUT_S: "20" };
    [a, b] = await Promise.all([0, 1].map(() => ServerNode.start({ databaseUrl: db.url, redisUrl: (redis as OwnRedis).url(), env })));
    players = await registerAccounts(db.sql, DEV_JWT_SECRET, 2, `rr${Date.now() % 100000}_`);
  }, 2 * NODE_LIMIT_MS);

  afterEach((ctx) => {
    if (ctx.task.result?.state !== "fail") return;
    console.error(`--- the test was waiting for: ${waitingFor || "(not recorded)"}`);
    for (const [name, node] of [
      ["A", a],
      ["B", b],
    ] as const) {
      const lines = (node?.output ?? "").split("\n").filter((l) => !/"level":[123]0/.test(l));
      console.error(`--- node ${name} (all but debug and info):\n${lines.slice(-40).join("\n")}`);
    }
  });

  afterAll(async () => {
    await redis?.start().catch(() => {});
    await Promise.allSettled([a?.terminate(), b?.terminate()]);
    a?.cleanup();
    b?.cleanup();
    await db?.close();
    await redis?.stop();
  }, 2 * NODE_LIMIT_MS);

  const listed = async (node: ServerNode): Promise<string[]> => {
    const res = await fetch(`${node.url}/api/rooms`);
    return res.ok ? ((await res.json()) as { rooms: ListedRoom[] }).rooms.map((r) => r.roomId) : [];
  };

  it(
    "before: a match in play, a casual room waiting for its second player, a ranked player queued",
    async () => {
      const client = new Client(a.wsUrl);
      const first = await client.create("solrei", { name: "P0", seat: sampleSeatConfig(0) });
      bots.push(new BotPlayer(first, { seed: "redis-0" }));
      const second = await new Client(b.wsUrl).joinById(first.roomId, { name: "P1", seat: sampleSeatConfig(1) });
      bots.push(new BotPlayer(second, { seed: "redis-1" }));
      for (const bot of bots) bot.stop();
      waiting = await new Client(b.wsUrl).create("solrei", { name: "W0", seat: sampleSeatConfig(0) });
      queued = new QueueBot(a.wsUrl, players[0]!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(0), bot: false });
      await queued.join();
      await queued.next("queue");
      waitingFor = "both rooms listed by both processes";
      for (const node of [a, b]) await waitFor(async () => (await listed(node)).filter((id) => id === first.roomId || id === waiting.roomId).length === 2, waitingFor, LIMIT);
    },
    LIMIT,
  );

  it(
    "while Redis is down: matchmaking is refused at once with 503 cluster_unavailable, /health says degraded (200), the match plays on",
    async () => {
      await redis!.stop();
      waitingFor = "/health to report Redis down";
      for (const node of [a, b]) {
        const body = await waitFor(
          async () => {
            const res = await fetch(`${node.url}/health`);
            const json = (await res.json()) as { status: string; redis?: { ok: boolean } };
            return json.redis?.ok === false ? { status: res.status, json } : null;
          },
          waitingFor,
          LIMIT,
        );
        expect(body.status).toBe(200);
        expect(body.json).toMatchObject({ status: "degraded", database: { ok: true }, redis: { ok: false } });
      }

      // Raw HTTP: the documented shape, fast.
      let startedAt = performance.now();
      const res = await fetch(`${a.url}/matchmake/create/solrei`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seat: sampleSeatConfig(0) }) });
      expect(performance.now() - startedAt).toBeLessThan(FAST_MS);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await res.json()) as { code: string; message: string; error: { code: string; message: string } };
      expect(body.code).toBe("cluster_unavailable");
      expect(body.error.code).toBe("cluster_unavailable");
      expect(body.message).toMatch(/Redis/);

      // The SDK shows the message; a reconnection and a ranked queue join are refused the same way.
      startedAt = performance.now();
      const sdk = await sdkRefusal(new Client(b.wsUrl).create("solrei", { seat: sampleSeatConfig(0) }));
      expect(performance.now() - startedAt).toBeLessThan(FAST_MS);
      expect(sdk.code).toBe(503);
      expect(sdk.message).toMatch(/cluster_unavailable|Redis/);
      const rejoin = await sdkRefusal(new Client(b.wsUrl).joinById(waiting.roomId, { seat: sampleSeatConfig(1) }));
      expect(rejoin.code).toBe(503);
      const rooms = await fetch(`${a.url}/api/rooms`);
      expect(rooms.status).toBe(503);
      expect(((await rooms.json()) as { error: { code: string } }).error.code).toBe("cluster_unavailable");
      const late = new QueueBot(b.wsUrl, players[1]!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(1), bot: false });
      startedAt = performance.now();
      const queueJoin = await sdkRefusal(late.join());
      expect(performance.now() - startedAt).toBeLessThan(FAST_MS);
      expect(queueJoin.code).toBe(503);

      // A dropped socket comes back by itself: the SDK reconnects straight to the room's process.
      const dropped = bots[0]!.room;
      dropped.reconnection.minUptime = 0;
      const back = new Promise<void>((resolve) => dropped.onReconnect(() => resolve()));
      (dropped.connection.transport as unknown as { ws: { close(code: number): void } }).ws.close(4010);
      waitingFor = "the SDK's own reconnection during the Redis outage";
      await back;

      // The match in play needs only the database: it goes on.
      const step = bots[0]!.room.state.step as number;
      for (const bot of bots) bot.play();
      waitingFor = "decisions during the Redis outage";
      await waitFor(() => bots[0]!.room.state.step >= step + 4, waitingFor, LIMIT);
      for (const bot of bots) bot.stop();
      await waitFor(() => bots.every((bot) => !bot.busy), "no decision in flight", LIMIT);
    },
    2 * LIMIT,
  );

  it(
    "once Redis is back, empty: the live rooms are listed and reachable again on both processes, and the queued player is matched",
    async () => {
      await redis!.start();
      const match = bots[0]!.room.roomId;
      waitingFor = "the live rooms listed again by both processes";
      for (const node of [a, b]) await waitFor(async () => (await listed(node)).filter((id) => id === match || id === waiting.roomId).length === 2, waitingFor, LIMIT);
      waitingFor = "/health ok again";
      for (const node of [a, b]) {
        await waitFor(async () => ((await (await fetch(`${node.url}/health`)).json()) as { status: string }).status === "ok", waitingFor, LIMIT);
      }

      // joinById through the process that does not host the room, from the shared listing.
      const joined = await new Client(a.wsUrl).joinById(waiting.roomId, { name: "W1", seat: sampleSeatConfig(1) });
      expect(joined.roomId).toBe(waiting.roomId);
      // A player whose socket drops reconnects with the seat's token, through either process.
      for (const [i, node] of [a, b].entries()) {
        const again = await new Client(node.wsUrl).reconnect(bots[i]!.room.reconnectionToken);
        expect(again.roomId).toBe(match);
        await again.leave(false).catch(() => {});
      }

      // The ranked player queued before the restart is still queued: matched with a newcomer on B.
      waitingFor = "a queue update after the restart";
      const updates = queued.count("queue");
      await waitFor(() => queued.count("queue") > updates, waitingFor, LIMIT);
      const newcomer = new QueueBot(b.wsUrl, players[1]!.token, { game: "solrei", seats: 2, seat: sampleSeatConfig(1), bot: false });
      await newcomer.join();
      waitingFor = "both ranked players matched";
      const [m0, m1] = await Promise.all([queued.next("matched"), newcomer.next("matched")]);
      expect(m0.roomId).toBe(m1.roomId);
      await newcomer.queue.leave().catch(() => {});
      await queued.queue.leave().catch(() => {});
      await joined.leave().catch(() => {});
    },
    2 * LIMIT,
  );
});
