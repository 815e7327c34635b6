/**
 * Two processes sharing the database and Redis: `kill -9` of the process hosting a
 * match, and a surviving process resumes it from the journal once the dead one's heartbeat
 * goes stale (TAKEOVER_AFTER_MS). The clients reconnect through the surviving process with the
 * standard `client.reconnect(reconnectionToken)`: Colyseus finds the room in the shared listing,
 * now hosted by the survivor. The match goes on from the same step and is stored once.
 */
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { Client, type Room } from "@colyseus/sdk";
import { verifyReplay, type ReplayRecord } from "../rules/core/replay.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { BotPlayer } from "./support/botClient.ts";
import { ServerNode, clusterRedis } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { waitFor } from "./support/testServer.ts";

const LIMIT = 120_000;
let db: TestDatabase | null = null;
let redisUrl: string | null = null;
const nodes: ServerNode[] = [];

beforeAll(async () => {
  redisUrl = await clusterRedis(1);
  if (redisUrl) db = await createTestDatabase();
}, LIMIT);
afterEach(() => {
  for (const n of nodes.splice(0)) n.cleanup();
});
afterAll(async () => {
  await db?.close();
});

const clusterEnv = { HEARTBEAT_MS: "300", TAKEOVER_AFTER_MS: "2000", JWT_SECRET: "cluster-takeover-test-secret-0123456789abcdef" };

async function node(): Promise<ServerNode> {
  const n = await ServerNode.start({ databaseUrl: db!.url, redisUrl: redisUrl!, env: clusterEnv });
  nodes.push(n);
  return n;
}

it("kill -9 of the process hosting a match: the other process resumes it, the clients reconnect through it, and it finishes, stored once", async (ctx) => {
  if (!redisUrl) return ctx.skip();
  const a = await node();
  const b = await node();
  const bots: BotPlayer[] = [];
  for (const seat of [0, 1]) {
    const client = new Client(a.wsUrl);
    const options = { name: `P${seat}`, seat: sampleSeatConfig(seat) };
    const room = seat === 0 ? await client.create("solrei", options) : await client.joinById(bots[0]!.room.roomId, options);
    room.reconnection.enabled = false; // the SDK would retry the dead address; this client reconnects through B
    bots.push(new BotPlayer(room, { seed: `takeover-${seat}` }));
  }
  const roomId = bots[0]!.room.roomId;
  const matchId = await waitFor(() => bots[0]!.welcome?.matchId, "welcome");
  await waitFor(() => bots[0]!.room.state?.step >= 5, "a few decisions", LIMIT);
  for (const bot of bots) bot.stop();
  await waitFor(() => bots.every((bot) => !bot.busy), "no decision in flight", LIMIT);
  // The last decision's patch reaches the other client on its own socket, maybe after the
  // actor's reply: wait until both show the same step (the server's last one).
  await waitFor(() => new Set(bots.map((bot) => bot.room.state.step)).size === 1, "both clients at the same step", LIMIT);
  const step = bots[0]!.room.state.step as number;
  const hands = bots.map((bot) => JSON.stringify(bot.room.state.seats[bot.seat!].secret.toJSON()));
  const left = bots.map((bot) => new Promise<void>((resolve) => bot.room.onLeave(() => resolve())));

  const trace = (what: string) => process.stderr.write(`[takeover] ${what}\n`);
  trace(`stopped at step ${step}`);
  // Colyseus creates a room on the least busy process, whichever one was asked: find its host.
  const [host, survivor] = a.output.includes(`"room":"${roomId}"`) ? [a, b] : [b, a];
  await host.kill9();
  await Promise.all(left);
  trace("the host is killed, clients left");
  await survivor.waitForLog(/"msg":"matches of a stopped or silent instance taken over"/).catch((e) => {
    trace(survivor.output.slice(-4000));
    throw e;
  });
  trace("the survivor took the match over");

  // Reconnect through the survivor with each client's token: the same room id, its host is now the survivor.
  const back: BotPlayer[] = [];
  for (const [seat, bot] of bots.entries()) {
    const room: Room<any, any> = await waitFor(() => new Client(survivor.wsUrl).reconnect(bot.room.reconnectionToken).catch(() => null), `seat ${seat} reconnects through the survivor`, LIMIT);
    expect(room.roomId).toBe(roomId);
    const again = new BotPlayer(room, { seed: `takeover-again-${seat}`, idle: true });
    again.welcome = bot.welcome;
    back.push(again);
  }
  trace("both reconnected through the survivor");
  await waitFor(() => back.every((bot) => bot.room.state?.seats?.[bot.seat!]?.connected), "both seats connected on the survivor");
  expect(back[0]!.room.state.step).toBe(step);
  expect(back.map((bot) => JSON.stringify(bot.room.state.seats[bot.seat!].secret.toJSON()))).toEqual(hands);

  for (const bot of back) bot.play();
  const [fa] = await Promise.all(back.map((bot) => bot.untilFinished()));
  expect(fa!.matchId).toBe(matchId);
  const replay = await waitFor(
    async () => {
      const r = await fetch(`${survivor.url}/api/matches/${matchId}/replay`);
      return r.status === 200 ? r.json() : null;
    },
    "the stored replay",
    LIMIT,
  );
  expect(verifyReplay(solreiEngine, replay as ReplayRecord)).toEqual({ ok: true, hash: fa!.finalHash });
  const [{ n }] = await db!.sql`select count(*)::int as n from matches where id = ${matchId}`;
  expect(n).toBe(1);
}, 300_000);
