/**
 * Live matches survive their process: `kill -9` mid-match or a graceful SIGTERM,
 * the same server comes back on the same DATA_DIR and address, both clients reconnect with the
 * standard Colyseus reconnection (the SDK's own automatic retry, with its reconnection token),
 * the match goes on from the very step it had reached, and it is stored exactly once with a
 * replay that re-simulates to its hash.
 *
 * The real server process (`node --import tsx server/main.ts`): with DATABASE_URL unset the
 * process's own embedded database in its DATA_DIR (killed with it); with DATABASE_URL set, a
 * fresh PostgreSQL database. Every wait is on an event or a state, never a sleep.
 */
import net from "node:net";
import { once } from "node:events";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { Client } from "@colyseus/sdk";
import { verifyReplay, type ReplayRecord } from "../rules/core/replay.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { BotPlayer } from "./support/botClient.ts";
import { ServerNode } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { sdkRefusal, waitFor } from "./support/testServer.ts";
import { accountsApi } from "./support/accountsApi.ts";

const LIMIT = 120_000;
let db: TestDatabase | null = null;
const nodes: ServerNode[] = [];

beforeAll(async () => {
  if (process.env.DATABASE_URL) db = await createTestDatabase();
}, LIMIT);
afterEach(() => {
  for (const n of nodes.splice(0)) n.cleanup();
});
afterAll(async () => {
  await db?.close();
});

async function startNode(): Promise<ServerNode> {
  const node = await ServerNode.start({ databaseUrl: db?.url });
  nodes.push(node);
  return node;
}

/** Two SDK clients in one SolRei match, reconnecting on their own after an abnormal close. */
async function twoPlayers(node: ServerNode): Promise<BotPlayer[]> {
  const bots: BotPlayer[] = [];
  for (const seat of [0, 1]) {
    const client = new Client(node.wsUrl);
    const options = { name: `P${seat}`, seat: sampleSeatConfig(seat) };
    const room = seat === 0 ? await client.create("solrei", options) : await client.joinById(bots[0]!.room.roomId, options);
    // The SDK reconnects by itself after an abnormal close (here: the server dies), with its token.
    room.reconnection.minUptime = 0;
    room.reconnection.maxRetries = 200;
    room.reconnection.maxDelay = 500;
    bots.push(new BotPlayer(room, { seed: `durable-${seat}` }));
  }
  return bots;
}

/** Lets the bots play until the match reached `step`, then stops them with no decision in flight. */
async function playTo(bots: BotPlayer[], step: number): Promise<number> {
  for (const b of bots) b.play();
  await waitFor(() => bots[0]!.room.state?.step >= step, `step ${step}`, LIMIT);
  for (const b of bots) b.stop();
  await waitFor(() => bots.every((b) => !b.busy), "no decision in flight", LIMIT);
  // The last decision's patch reaches the other client on its own socket, maybe after the
  // actor's reply: wait until every client shows the same step (the server's last one).
  await waitFor(() => new Set(bots.map((b) => b.room.state.step)).size === 1, "every client at the same step", LIMIT);
  return bots[0]!.room.state.step as number;
}

/** What each seat sees, its own hand and the whole public table: identical before and after the restart. */
function snapshot(bots: BotPlayer[]) {
  return bots.map((b) => {
    const slot = b.room.state.seats[b.seat!];
    return { step: b.room.state.step, status: b.room.state.status, legal: slot.legal, secret: JSON.stringify(slot.secret?.toJSON?.() ?? null), game: JSON.stringify(b.room.state.game.toJSON()) };
  });
}

async function finishAndCheck(node: ServerNode, bots: BotPlayer[], matchId: string) {
  for (const b of bots) b.play();
  const [fa, fb] = await Promise.all(bots.map((b) => b.untilFinished()));
  expect(fa!.matchId).toBe(matchId);
  expect(fb!.finalHash).toBe(fa!.finalHash);
  const replay = await waitFor(
    async () => {
      const r = await fetch(`${node.url}/api/matches/${matchId}/replay`);
      return r.status === 200 ? r.json() : null;
    },
    "the stored replay",
    LIMIT,
  );
  expect(verifyReplay(solreiEngine, replay as ReplayRecord)).toEqual({ ok: true, hash: fa!.finalHash });
  const list = (await (await fetch(`${node.url}/api/matches?limit=50`)).json()) as { items: { id: string }[] };
  expect(list.items.filter((m: { id: string }) => m.id === matchId)).toHaveLength(1);
}

/** A request whose body never finishes arriving (a slow or stalled client). */
async function stalledRequest(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => {});
  await once(socket, "connect");
  socket.write('POST /api/auth/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":');
  return socket;
}

for (const how of ["kill -9", "SIGTERM"] as const) {
  it(`${how} mid-match: the server comes back, both clients reconnect, the match goes on from the same step to its end and is stored once with a verified replay`, async () => {
    const first = await startNode();
    const bots = await twoPlayers(first);
    const matchId = await waitFor(() => bots[0]!.welcome?.matchId, "welcome");
    // Far enough that the match has made and dropped schema objects (arts, stack items, an Act's
    // result): the resumed room must not give their old refIds to other objects.
    const reached = await playTo(bots, 80);
    const before = snapshot(bots);
    const dropped = bots.map((b) => new Promise<number>((resolve) => b.room.onDrop((code: number) => resolve(code))));
    const reconnected = bots.map((b) => new Promise<void>((resolve) => b.room.onReconnect(() => resolve())));

    const trace = (what: string) => process.stderr.write(`[durable ${how}] ${what}\n`);
    trace(`stopped at step ${reached}`);
    if (how === "kill -9") await first.kill9();
    else {
      // A client stalled mid-request must not hold the stop until the process is killed (exit code 1).
      const stalled = await stalledRequest(first.url);
      await first.terminate(); // exit code 0, "bye"
      stalled.destroy();
      expect(first.output).toMatch(/"handedOver":1/);
      // The hand-over's close code, as documented: not 1006.
      expect(await Promise.all(dropped)).toEqual([4010, 4010]);
    }
    trace("first process gone");
    await Promise.all(dropped);
    trace("both clients dropped");
    const second = await first.restart();
    nodes.push(second);
    trace("second process listening");
    await second.waitForLog(/"msg":"journaled matches of this instance resumed"/).catch((e) => {
      trace(first.output.slice(-3000));
      throw e;
    });
    await Promise.all(reconnected);
    trace("both clients reconnected");
    // The same step, the same hands, the same decisions offered: nothing replayed twice or lost.
    await waitFor(() => bots.every((b) => b.room.state.seats[b.seat!].connected), "both seats connected");
    expect(snapshot(bots)).toEqual(before);
    expect(bots[0]!.room.state.step).toBe(reached);
    // Each client still sees its own seat marked as its own, and only its own.
    for (const b of bots) expect(b.room.state.seats.map((s: { you?: boolean }) => Boolean(s.you))).toEqual([0, 1].map((seat) => seat === b.seat));
    await finishAndCheck(second, bots, matchId);
  }, 240_000);
}

it("after a crash, a player with a bearer token takes the seat back by room id (no reconnection token): the authenticated re-join", async () => {
  const first = await startNode();
  const tokens = await Promise.all([0, 1].map(async (i) => (await accountsApi(first.url).guest(`Tok${i}`)).body.token as string));
  const bots: BotPlayer[] = [];
  for (const seat of [0, 1]) {
    const client = new Client(first.wsUrl);
    client.auth.token = tokens[seat]!;
    const options = { seat: sampleSeatConfig(seat) };
    const room = seat === 0 ? await client.create("solrei", options) : await client.joinById(bots[0]!.room.roomId, options);
    room.reconnection.enabled = false; // this client forgets its reconnection token
    bots.push(new BotPlayer(room, { seed: `rejoin-${seat}` }));
  }
  const roomId = bots[0]!.room.roomId;
  const matchId = await waitFor(() => bots[0]!.welcome?.matchId, "welcome");
  const reached = await playTo(bots, 5);
  const left = bots.map((b) => new Promise<void>((resolve) => b.room.onLeave(() => resolve())));
  await first.kill9();
  await Promise.all(left);
  const second = await first.restart();
  nodes.push(second);

  const back: BotPlayer[] = [];
  for (const seat of [0, 1]) {
    const client = new Client(second.wsUrl);
    client.auth.token = tokens[seat]!;
    const room = await client.joinById(roomId, {});
    const bot = new BotPlayer(room, { seed: `rejoin-again-${seat}`, idle: true });
    await waitFor(() => bot.welcome, "welcome on re-join");
    expect(bot.welcome!.seat).toBe(seat);
    back.push(bot);
  }
  // A third client with a token that names no seat is still told the match is on.
  const stranger = new Client(second.wsUrl);
  stranger.auth.token = (await accountsApi(second.url).guest("Stranger")).body.token;
  expect((await sdkRefusal(stranger.joinById(roomId, {}))).message).toMatch(/match_in_progress/);
  await waitFor(() => back.every((b) => b.room.state?.step === reached), "the same step");
  await finishAndCheck(second, back, matchId);
}, 240_000);
