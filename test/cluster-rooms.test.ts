/**
 * Two server processes sharing one database and one Redis (REDIS_URL, database index 8): a
 * casual room lives in the process that created it, and the other process finds it, lists it
 * and sends its joiners there.
 *   - a SolRei room created through A (Colyseus puts it on the process with the fewest rooms) is
 *     joined through the process not hosting it (joinById, then joinOrCreate): that process's seat
 *     reservation names the host's PUBLIC_ADDRESS, the client's WebSocket goes to the host, the
 *     two play to the end and the match is stored once (seen through either process);
 *   - GET /api/rooms on either process lists the rooms of both, and no longer lists the rooms of
 *     a process killed outright;
 *   - GET /health answers on each; a process whose REDIS_URL cannot be reached exits 1 with one
 *     line naming REDIS_URL.
 * Skipped when Redis is unreachable, unless REQUIRE_REDIS=1 (CI), which fails instead.
 */
import { Client, type Room } from "@colyseus/sdk";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_JWT_SECRET } from "../server/config.ts";
import type { ListedRoom } from "../server/http/rooms.ts";
import type { MatchSummary } from "../server/store/matches.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { BotPlayer } from "./support/botClient.ts";
import { NODE_LIMIT_MS, ServerNode, clusterRedis } from "./support/cluster.ts";
import { createTestDatabase, seedEmbeddedDataDir, type TestDatabase } from "./support/db.ts";
import { ServerProcess, freePort } from "./support/serverProcess.ts";
import { waitFor } from "./support/testServer.ts";

const redisUrl = await clusterRedis(8);
const MATCH_LIMIT_MS = 120_000;

/** A client of `node` that records every WebSocket URL it opens (the seat reservation's address). */
function clientOf(node: ServerNode): { client: Client; sockets: string[] } {
  const sockets: string[] = [];
  const client = new Client(node.url, {
    urlBuilder: (url: URL) => {
      if (url.protocol.startsWith("ws")) sockets.push(url.href);
      return url.href;
    },
  });
  return { client, sockets };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const listRooms = (node: ServerNode, query = "") => getJson<{ rooms: ListedRoom[] }>(`${node.url}/api/rooms${query}`).then((r) => r.rooms);

/** A bot on `room`, made right after the join: the room's `welcome` (the seat) comes at once. */
const botOn = (room: Room, seed: string) => new BotPlayer(room, { seed });

/** Both bots play to the end; the match id they were told. */
async function playToTheEnd(bots: BotPlayer[]): Promise<string> {
  const finished = await Promise.race([
    Promise.all(bots.map((b) => b.untilFinished())),
    new Promise<never>((_, reject) =>
      setTimeout(
        () =>
          reject(
            new Error(
              `no end within ${MATCH_LIMIT_MS} ms: ${JSON.stringify(bots.map((b) => ({ seat: b.seat, actions: b.actions, status: b.room.state?.status, rejections: b.rejections.slice(0, 3) })))}`,
            ),
          ),
        MATCH_LIMIT_MS,
      ).unref(),
    ),
  ]);
  expect(new Set(finished.map((f) => f.matchId)).size).toBe(1);
  for (const bot of bots) if (bot.room.connection.isOpen) await bot.room.leave();
  return finished[0]!.matchId;
}

/** The match, stored exactly once, as each process's /api/matches lists it. */
async function expectStoredOnce(nodes: ServerNode[], matchId: string): Promise<void> {
  for (const node of nodes) {
    const stored = await waitFor(
      async () => {
        const page = await getJson<{ items: MatchSummary[] }>(`${node.url}/api/matches?game=solrei&limit=100`);
        const mine = page.items.filter((m) => m.id === matchId);
        return mine.length > 0 ? mine : null;
      },
      `match ${matchId} listed by ${node.url}`,
      MATCH_LIMIT_MS,
    );
    expect(stored).toHaveLength(1);
    expect((await fetch(`${node.url}/api/matches/${matchId}`)).status).toBe(200);
  }
}

describe.skipIf(redisUrl === null)(`two processes, one database, one Redis${redisUrl ? "" : " (skipped: Redis unreachable)"}`, () => {
  let db: TestDatabase;
  let a: ServerNode;
  let b: ServerNode;
  let redis: Redis;
  // One JWT secret for both (required with REDIS_URL: each verifies the tokens of the other).
  const env = { JWT_SECRET: DEV_JWT_SECRET, PROMPT_TIMEOUT_MS: "0", LOG_LEVEL: "info" };

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new Redis(redisUrl!);
    [a, b] = await Promise.all([ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env }), ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env })]);
  }, NODE_LIMIT_MS * 2);

  afterAll(async () => {
    await Promise.all([a, b].map((node) => node?.terminate().catch(() => {})));
    for (const node of [a, b]) node?.cleanup();
    await db?.close();
    redis?.disconnect();
  }, NODE_LIMIT_MS * 2);

  it("each process is up and healthy, in cluster mode", async () => {
    for (const node of [a, b]) {
      const res = await fetch(`${node.url}/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "ok", database: { ok: true } });
      expect(node.output).toMatch(/"msg":"cluster mode: rooms, queues and limits shared through redis"/);
    }
  });

  /** The Colyseus process id in a room's WebSocket URL (`ws://<address>/<processId>/<roomId>`). */
  const processIdOf = (socketUrl: string | undefined) => new URL(socketUrl!).pathname.split("/").at(-2)!;
  /** The node a client's WebSocket went to: the host of its room. */
  const hostOf = (socketUrl: string | undefined) => [a, b].find((node) => socketUrl?.startsWith(`${node.wsUrl}/`));

  // Colyseus creates a room on the process with the fewest rooms, whichever process was asked:
  // the room is created through A, lives on A or B, and is joined through the OTHER one.
  it(
    "a room created through A is joined by id through the process not hosting it: that seat sends the client to the host; they play to the end, the match is stored once",
    async () => {
      const creator = clientOf(a);
      const first = await creator.client.create("solrei", { name: "Ann", seat: sampleSeatConfig(0) });
      const ann = botOn(first, "ann");
      const host = hostOf(creator.sockets[0]);
      expect(host, creator.sockets[0]).toBeDefined();
      expect(creator.sockets[0]).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${host!.port}/[\\w-]+/${first.roomId}\\?`));
      const other = host === a ? b : a;

      const guest = clientOf(other);
      const second = await guest.client.joinById(first.roomId, { name: "Bob", seat: sampleSeatConfig(1) });
      const bob = botOn(second, "bob");
      expect(second.roomId).toBe(first.roomId);
      // The other process's reservation named the host's PUBLIC_ADDRESS: the guest's socket went there.
      expect(guest.sockets).toHaveLength(1);
      expect(hostOf(guest.sockets[0])).toBe(host);

      const matchId = await playToTheEnd([ann, bob]);
      await expectStoredOnce([a, b], matchId);
    },
    MATCH_LIMIT_MS * 2,
  );

  it(
    "joinOrCreate through the process not hosting a waiting room lands in that room (no new room), and the match is played and stored once",
    async () => {
      const creator = clientOf(a);
      const first = await creator.client.create("solrei", { name: "Cy", seat: sampleSeatConfig(0) });
      const cy = botOn(first, "cy");
      const host = hostOf(creator.sockets[0])!;
      const other = host === a ? b : a;
      // The other process sees the waiting room in the shared listing before its joinOrCreate asks.
      await waitFor(async () => (await listRooms(other, "?game=solrei&status=waiting")).some((r) => r.roomId === first.roomId), "the room listed by the other process", 60_000);

      const guest = clientOf(other);
      const second = await guest.client.joinOrCreate("solrei", { name: "Di", seat: sampleSeatConfig(1) });
      const di = botOn(second, "di");
      expect(second.roomId).toBe(first.roomId);
      expect(hostOf(guest.sockets[0])).toBe(host);

      const matchId = await playToTheEnd([cy, di]);
      await expectStoredOnce([a, b], matchId);
    },
    MATCH_LIMIT_MS * 2,
  );

  /**
   * One waiting room hosted by each process, created through A then B. `create` opens a room on
   * the process with the fewest rooms, as each process last published its count (Colyseus'
   * `roomcount` hash, written at most once a second): once the first room is counted, the
   * second goes to the other process. Returns the room hosted by each, and each one's process id.
   */
  async function oneWaitingRoomOnEach(names: [string, string]): Promise<{ onA: Room; onB: Room; processIdOfB: string }> {
    const first = clientOf(a);
    const one = await first.client.create("solrei", { name: names[0], seat: sampleSeatConfig(0) });
    new BotPlayer(one, { seed: names[0], idle: true }); // takes the room's messages, never acts
    const firstHost = processIdOf(first.sockets[0]);
    await waitFor(
      async () => {
        const counts = await redis.hgetall("roomcount");
        const mine = Number(counts[firstHost]?.split(",")[0]);
        return Object.entries(counts).some(([processId, v]) => processId !== firstHost && Number(v.split(",")[0]) < mine);
      },
      "the first room counted in the shared room counts",
      60_000,
    );
    const second = clientOf(b);
    const two = await second.client.create("solrei", { name: names[1], seat: sampleSeatConfig(0) });
    new BotPlayer(two, { seed: names[1], idle: true });
    const hosts = [hostOf(first.sockets[0]), hostOf(second.sockets[0])];
    expect(new Set(hosts)).toEqual(new Set([a, b]));
    const [onA, onB, socketOfB] = hosts[0] === a ? [one, two, second.sockets[0]] : [two, one, first.sockets[0]];
    return { onA, onB, processIdOfB: processIdOf(socketOfB) };
  }

  it(
    "GET /api/rooms on either process lists the rooms of both",
    async () => {
      const { onA, onB } = await oneWaitingRoomOnEach(["Eve", "Fay"]);
      try {
        for (const node of [a, b]) {
          const listed = await waitFor(
            async () => {
              const rooms = await listRooms(node, "?game=solrei&status=waiting");
              const both = [onA.roomId, onB.roomId].map((id) => rooms.find((r) => r.roomId === id));
              return both.every(Boolean) ? (both as ListedRoom[]) : null;
            },
            `both rooms listed by ${node.url}`,
            60_000,
          );
          for (const room of listed) expect(room).toMatchObject({ game: "solrei", mode: "casual", status: "waiting", open: 1 });
          expect(listed.map((r) => r.players[0]).sort()).toEqual(["~Eve", "~Fay"]);
        }
      } finally {
        await Promise.all([onA.leave(), onB.leave()]);
      }
      // Rooms that are gone leave the shared listing too.
      for (const node of [a, b]) {
        await waitFor(async () => !(await listRooms(node, "?game=solrei")).some((r) => r.roomId === onA.roomId || r.roomId === onB.roomId), `left rooms gone from ${node.url}'s listing`, 60_000);
      }
    },
    MATCH_LIMIT_MS,
  );

  // Last: it kills B.
  it(
    "B killed (-9): A stops listing B's rooms at once (B no longer holds its IPC channel), keeps its own, and still creates rooms",
    async () => {
      const { onA, onB, processIdOfB } = await oneWaitingRoomOnEach(["Gil", "Hal"]);
      await waitFor(async () => (await listRooms(a, "?game=solrei")).some((r) => r.roomId === onB.roomId), "B's room listed by A", 60_000);
      await b.kill9();
      await waitFor(async () => !(await listRooms(a, "?game=solrei")).some((r) => r.roomId === onB.roomId), "B's room gone from A's listing", 60_000);
      expect((await listRooms(a, "?game=solrei")).some((r) => r.roomId === onA.roomId)).toBe(true);
      // Colyseus' own sweep, started by that listing, drops B from the shared room counts.
      await waitFor(async () => Object.keys(await redis.hgetall("roomcount")).every((id) => id !== processIdOfB), "B out of the room counts", 60_000);
      const next = clientOf(a);
      const room = await next.client.create("solrei", { name: "Ivy", seat: sampleSeatConfig(0) });
      expect(hostOf(next.sockets[0])).toBe(a);
      await Promise.all([room.leave(), onA.leave()]);
    },
    MATCH_LIMIT_MS,
  );
});

it(
  "a process whose REDIS_URL cannot be reached exits 1 with one line naming REDIS_URL",
  async () => {
    const closed = await freePort(); // nobody listens there
    const port = await freePort();
    // The embedded database comes up first (from a ready copy: no initdb), then Redis is tried.
    const dataDir = mkdtempSync(join(tmpdir(), "tt-noredis-"));
    await seedEmbeddedDataDir(dataDir);
    const server = new ServerProcess(
      [process.execPath, "--import", "tsx", "server/main.ts"],
      { PORT: String(port), HOST: "127.0.0.1", REDIS_URL: `redis://127.0.0.1:${closed}/8`, JWT_SECRET: DEV_JWT_SECRET },
      { dataDir },
    );
    try {
      const exit = await server.waitForExit(NODE_LIMIT_MS);
      expect(exit, server.output).toEqual({ code: 1, signal: null });
      // The one plain line (stderr) among the JSON log lines: what failed, where, and which setting to fix.
      const plain = server.output.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("{"));
      expect(plain, server.output).toEqual([expect.stringMatching(new RegExp(`^cannot connect to Redis at REDIS_URL=redis://127\\.0\\.0\\.1:${closed}/8 \\(.*ECONNREFUSED.*\\): .*fix REDIS_URL`))]);
      expect(server.output).not.toMatch(/game server listening/);
    } finally {
      server.cleanup();
    }
  },
  NODE_LIMIT_MS,
);
