/**
 * Two replicas behind one address, as docker-compose.yml runs them: two server processes
 * (shared database, Redis database index 9) with PUBLIC_ADDRESS `<front>/s1` and `<front>/s2`
 * and TRUST_PROXY=1, and one front door that sends `/sN/...` (WebSocket upgrades included) to
 * replica N with the prefix stripped, and everything else to either replica in turn.
 * Clients know only the front address: one creates a SolRei room, another joins it by id (the
 * front sent that request to the other replica), and both play to the end.
 *   - with test/support/frontProxy.ts (a test-only proxy routing as docker/nginx.conf does);
 *   - with nginx running docker/nginx.conf itself (only the upstream and listen addresses and
 *     temp paths changed) when an nginx binary is installed; skipped otherwise, unless
 *     REQUIRE_NGINX=1, which fails instead.
 * Skipped when Redis is unreachable, unless REQUIRE_REDIS=1 (CI), which fails instead.
 */
import { Client, type Room } from "@colyseus/sdk";
import { execFileSync } from "node:child_process";
import http from "node:http";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_JWT_SECRET } from "../server/config.ts";
import type { MatchSummary } from "../server/store/matches.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { BotPlayer } from "./support/botClient.ts";
import { NODE_LIMIT_MS, ServerNode, clusterRedis } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { startFrontProxy } from "./support/frontProxy.ts";
import { ROOT, ServerProcess, freePort } from "./support/serverProcess.ts";
import { waitFor } from "./support/testServer.ts";

const redisUrl = await clusterRedis(9);
const MATCH_LIMIT_MS = 120_000;
/** Rooms one client address may create per minute, across both replicas (above the 5 that 127.0.0.1 creates here). */
const ROOMS_PER_MINUTE = 8;
const nginx = findNginx();
// CI may insist (REQUIRE_NGINX=1): then a missing nginx fails this file instead of skipping its test.
if (nginx === null && process.env.REQUIRE_NGINX) throw new Error("REQUIRE_NGINX is set but no nginx binary was found (apt-get install nginx-light)");
const skipped = (why: string | null) => (why ? ` (skipped: ${why})` : "");

function findNginx(): string | null {
  for (const candidate of ["nginx", "/usr/sbin/nginx", "/usr/local/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** A client that knows only the front address, recording each WebSocket URL it opens. */
function frontClient(front: string): { client: Client; sockets: string[] } {
  const sockets: string[] = [];
  const client = new Client(front, {
    urlBuilder: (url: URL) => {
      if (url.protocol.startsWith("ws")) sockets.push(url.href);
      return url.href;
    },
  });
  return { client, sockets };
}

/** With the bots' `finished` in a bounded time, or an error saying where they were. */
async function untilFinished(bots: BotPlayer[]): Promise<string> {
  const finished = await Promise.race([
    Promise.all(bots.map((b) => b.untilFinished())),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`no end within ${MATCH_LIMIT_MS} ms: ${JSON.stringify(bots.map((b) => ({ seat: b.seat, actions: b.actions, status: b.room.state?.status })))}`)),
        MATCH_LIMIT_MS,
      ).unref(),
    ),
  ]);
  expect(new Set(finished.map((f) => f.matchId)).size).toBe(1);
  return finished[0]!.matchId;
}

/**
 * One match through the front: a room created by one client, joined by id by another (the
 * front's round robin sends that request to the other replica), played to the end, stored.
 * Returns the replica (1 or 2) that hosted it and the two socket URLs.
 */
async function matchThroughFront(front: string, label: string): Promise<{ replica: number; sockets: string[] }> {
  const host = frontClient(front);
  const first: Room = await host.client.create("solrei", { name: `${label}1`, seat: sampleSeatConfig(0) });
  const ann = new BotPlayer(first, { seed: `${label}-1` });
  const guest = frontClient(front);
  const second: Room = await guest.client.joinById(first.roomId, { name: `${label}2`, seat: sampleSeatConfig(1) });
  const bob = new BotPlayer(second, { seed: `${label}-2` });
  const sockets = [host.sockets[0]!, guest.sockets[0]!];
  // Both sockets through the front, under the hosting replica's prefix.
  const prefix = new RegExp(`^ws://127\\.0\\.0\\.1:${new URL(front).port}/s([12])/[\\w-]+/${first.roomId}\\?`);
  const replicas = sockets.map((s) => Number(prefix.exec(s)?.[1]));
  expect(replicas[0], sockets.join(" ")).toBeGreaterThan(0);
  expect(replicas[1]).toBe(replicas[0]);

  const matchId = await untilFinished([ann, bob]);
  for (const room of [first, second]) if (room.connection.isOpen) await room.leave();
  const stored = await waitFor(
    async () => {
      const page = (await (await fetch(`${front}/api/matches?game=solrei&limit=100`)).json()) as { items: MatchSummary[] };
      const mine = page.items.filter((m) => m.id === matchId);
      return mine.length > 0 ? mine : null;
    },
    `match ${matchId} listed through the front`,
    MATCH_LIMIT_MS,
  );
  expect(stored).toHaveLength(1);
  return { replica: replicas[0]!, sockets };
}

describe.skipIf(redisUrl === null)(`two replicas behind one front address${skipped(redisUrl ? null : "Redis unreachable")}`, () => {
  let db: TestDatabase;
  let replicas: ServerNode[] = [];
  let frontPort: number;
  let front: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    // The front's port is chosen first: each replica's PUBLIC_ADDRESS names it.
    frontPort = await freePort();
    front = `http://127.0.0.1:${frontPort}`;
    replicas = await Promise.all(
      [1, 2].map((n) =>
        ServerNode.start({
          databaseUrl: db.url,
          redisUrl: redisUrl!,
          env: {
            PUBLIC_ADDRESS: `127.0.0.1:${frontPort}/s${n}`,
            TRUST_PROXY: "1",
            JWT_SECRET: DEV_JWT_SECRET,
            PROMPT_TIMEOUT_MS: "0",
            ROOMS_PER_MINUTE_PER_IP: String(ROOMS_PER_MINUTE),
            // A dead replica's live matches are taken over within seconds.
            HEARTBEAT_MS: "300",
            TAKEOVER_AFTER_MS: "2000",
          },
        }),
      ),
    );
  }, NODE_LIMIT_MS * 2);

  afterAll(async () => {
    await Promise.all(replicas.map((node) => node.terminate().catch(() => {})));
    for (const node of replicas) node.cleanup();
    await db?.close();
  }, NODE_LIMIT_MS * 2);

  it(
    "through the test front proxy: shared routes go to either replica, /sN/ (WebSocket included) to replica N without its prefix; a match created and joined through it is played to the end",
    async () => {
      const proxy = await startFrontProxy(
        replicas.map((r) => ({ host: "127.0.0.1", port: r.port })),
        frontPort,
      );
      try {
        // Shared routes: round robin, both replicas answer /health.
        for (let i = 0; i < 2; i++) expect((await fetch(`${front}/health`)).status).toBe(200);
        expect(proxy.counts.map((c) => c.http)).toEqual([1, 1]);

        const { replica } = await matchThroughFront(front, "Node");
        // The two matchmaking requests (create, joinById) went one to each replica...
        expect(proxy.counts.every((c) => c.http >= 2)).toBe(true);
        // ...and both sockets to the host only, with the /sN prefix stripped.
        expect(proxy.counts[replica - 1]!.upgrades).toBe(2);
        expect(proxy.counts[2 - replica]!.upgrades).toBe(0);
        for (const path of proxy.counts[replica - 1]!.upgradePaths) expect(path).toMatch(/^\/[\w-]+\/[\w-]+\?/);
      } finally {
        await proxy.close();
      }
    },
    MATCH_LIMIT_MS * 2,
  );

  // A crash, and a deploy (SIGTERM: the graceful stop hands the match over).
  it.each([
    { how: "kill -9", stop: (node: ServerNode) => node.kill9() },
    { how: "SIGTERM", stop: (node: ServerNode) => node.terminate() },
  ])(
    "$how of the replica hosting a live match: the other takes it over, both clients reconnect through the front (their sockets now under the survivor's prefix) and finish it, stored once",
    async ({ how, stop }) => {
      const proxy = await startFrontProxy(
        replicas.map((r) => ({ host: "127.0.0.1", port: r.port })),
        frontPort,
      );
      let dead: number | null = null;
      try {
        // The same front port as the previous test's proxy: a kept-alive connection to that one is
        // gone, and the first request on it fails; answer it here, not in the SDK's create.
        await waitFor(
          () =>
            fetch(`${front}/health`).then(
              (r) => r.ok || null,
              () => null,
            ),
          "the front proxy",
          MATCH_LIMIT_MS,
        );
        // Idle bots: the test makes the first decisions itself (none in flight when the host dies).
        const host = frontClient(front);
        const first: Room = await host.client.create("solrei", { name: "Kim", seat: sampleSeatConfig(0) });
        const seats = [new BotPlayer(first, { seed: "kim", idle: true })];
        const guest = frontClient(front);
        const second: Room = await guest.client.joinById(first.roomId, { name: "Lou", seat: sampleSeatConfig(1) });
        seats.push(new BotPlayer(second, { seed: "lou", idle: true }));
        for (const room of [first, second]) room.reconnection.enabled = false; // the clients come back through the front, below
        const matchId = (await waitFor(() => seats[0]!.welcome?.matchId, "welcome", MATCH_LIMIT_MS))!;
        await decide(seats, 6);
        dead = Number(/\/s(\d)\//.exec(host.sockets[0]!)![1]) - 1;
        const survivor = 1 - dead;
        const left = [first, second].map((room) => new Promise<void>((resolve) => room.onLeave(() => resolve())));
        await stop(replicas[dead]!);
        const killedAt = performance.now();
        await Promise.all(left);
        // Every decision acknowledged before the crash was journaled first: the resumed match starts
        // at least at the last step these clients saw (a server-made step may follow theirs).
        const step = first.state.step as number;

        // Each client reconnects with its token through the front; the survivor resumes the match
        // from the journal once the dead one's heartbeat is stale (TAKEOVER_AFTER_MS).
        const back: BotPlayer[] = [];
        for (const [seat, was] of seats.entries()) {
          const again = frontClient(front);
          const room: Room = await waitFor(() => again.client.reconnect(was.room.reconnectionToken).catch(() => null), `seat ${seat} back through the front`, MATCH_LIMIT_MS);
          expect(room.roomId).toBe(first.roomId);
          expect(again.sockets.at(-1)).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${frontPort}/s${survivor + 1}/`));
          const bot = new BotPlayer(room, { seed: `kim-lou-again-${seat}` });
          bot.welcome = was.welcome; // a reconnection is not welcomed again: the seat is the same
          back.push(bot);
        }
        await waitFor(() => back[0]!.room.state?.step >= step || null, "the resumed state, at the step seen before the crash or later", MATCH_LIMIT_MS);
        process.stderr.write(`[front takeover] ${how}: both clients back through the front ${Math.round(performance.now() - killedAt)} ms after the stop (TAKEOVER_AFTER_MS 2000)\n`);
        expect((await untilFinished(back)) === matchId).toBe(true);
        const stored = await waitFor(
          async () => {
            const page = (await (await fetch(`${front}/api/matches?game=solrei&limit=100`)).json()) as { items: MatchSummary[] };
            const mine = page.items.filter((m) => m.id === matchId);
            return mine.length > 0 ? mine : null;
          },
          `match ${matchId} stored`,
          MATCH_LIMIT_MS,
        );
        expect(stored).toHaveLength(1);
        for (const bot of back) if (bot.room.connection.isOpen) await bot.room.leave();
      } finally {
        await proxy.close();
        // The dead replica comes back (same port, DATA_DIR and prefix) for the tests after this one.
        if (dead !== null) replicas[dead] = await replicas[dead]!.restart();
      }
    },
    MATCH_LIMIT_MS * 4,
  );

  describe.skipIf(nginx === null)(`through nginx running docker/nginx.conf${skipped(nginx ? null : "no nginx binary")}`, () => {
    let proc: ServerProcess;
    let prefix: string;

    beforeAll(async () => {
      prefix = mkdtempSync(join(tmpdir(), "tt-nginx-"));
      chmodSync(prefix, 0o777); // workers may run as another user (nobody) and buffer here
      const conf = renderNginxConf(readFileSync(join(ROOT, "docker/nginx.conf"), "utf8"), {
        listen: `127.0.0.1:${frontPort}`,
        upstreams: Object.fromEntries(replicas.map((r, i) => [`server${i + 1}:2567`, `127.0.0.1:${r.port}`])),
        tempDir: prefix,
      });
      writeFileSync(join(prefix, "nginx.conf"), conf);
      proc = new ServerProcess([nginx!, "-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", "stderr", "-g", `daemon off; pid ${join(prefix, "nginx.pid")};`], {}, { dataDir: prefix });
      await waitFor(
        async () => {
          if (proc.exit) throw new Error(`nginx exited: ${JSON.stringify(proc.exit)}\n${proc.output}`);
          return (await fetch(`${front}/health`).catch(() => null))?.status === 200;
        },
        "nginx serving /health",
        60_000,
      );
    }, NODE_LIMIT_MS);

    afterAll(() => proc?.cleanup()); // the whole process group, and the prefix directory

    it(
      "a match created and joined by id through the one address is played to the end; sockets under /sN/, matchmaking on the shared route",
      async () => {
        const { replica, sockets } = await matchThroughFront(front, "Nginx");
        expect(sockets.every((s) => s.includes(`/s${replica}/`))).toBe(true);
        // nginx's access log: the upgrades under /sN/ (101), the matchmaking through the shared route.
        const accessLog = readFileSync(join(prefix, "access.log"), "utf8");
        expect(accessLog).toMatch(new RegExp(`"GET /s${replica}/[\\w-]+/[\\w-]+\\?[^"]*" 101 `));
        expect(accessLog).toMatch(/"POST \/matchmake\/joinById\/[\w-]+ HTTP\/1\.1" 200 /);
      },
      MATCH_LIMIT_MS * 2,
    );

    it(
      "the client address is the one nginx saw (TRUST_PROXY=1): each address has its own room allowance across both replicas, and a forged X-Forwarded-For gets none",
      async () => {
        // Loopback clients from 127.0.0.2 and 127.0.0.3: only X-Forwarded-For tells the replicas apart from nginx (127.0.0.1).
        const create = (from: string, forged?: string) => post(`${front}/matchmake/create/solrei`, { name: "Lim", seat: sampleSeatConfig(0) }, from, forged ? { "x-forwarded-for": forged } : {});
        const statuses: number[] = [];
        for (let i = 0; i < ROOMS_PER_MINUTE; i++) statuses.push((await create("127.0.0.2")).status);
        expect(statuses, "the allowance, spread over both replicas by the round robin").toEqual(new Array(ROOMS_PER_MINUTE).fill(200));
        const over = await create("127.0.0.2");
        expect(over.status).toBe(429);
        expect(over.body).toMatch(/rate_limited/);
        expect((await create("127.0.0.2", "198.51.100.9")).status, "a forged header changes nothing").toBe(429);
        expect((await create("127.0.0.3")).status, "another address has its own allowance").toBe(200);
      },
      MATCH_LIMIT_MS,
    );

    // Last: it kills a replica.
    it(
      "replica 2 killed (-9): every shared route still answers through the front, and a new match is created, joined and played on replica 1",
      async () => {
        await replicas[1]!.kill9();
        // nginx passes a refused connection on to the other replica (proxy_next_upstream).
        for (let i = 0; i < 6; i++) {
          expect((await fetch(`${front}/health`)).status, `GET /health #${i + 1}`).toBe(200);
          expect((await fetch(`${front}/api/rooms`)).status, `GET /api/rooms #${i + 1}`).toBe(200);
        }
        // Colyseus may still pick the dead process for the room: its IPC request times out, the
        // process is dropped from the shared counts and the room is made by the one asked.
        const { replica } = await matchThroughFront(front, "Survivor");
        expect(replica).toBe(1);
      },
      MATCH_LIMIT_MS * 2,
    );
  });
});

/** `n` decisions made one at a time by whichever seat is acting (first legal option). */
async function decide(seats: BotPlayer[], n: number): Promise<void> {
  const stepOf = () => seats[0]!.room.state?.step as number;
  for (let i = 0; i < n; i++) {
    const actor = await waitFor(() => seats.find((s) => s.legal().length > 0), "a seat to act", MATCH_LIMIT_MS);
    const before = stepOf();
    await actor.room.request("act", { id: before, action: actor.legal()[0] });
    await waitFor(() => stepOf() > before, "the decision applied", MATCH_LIMIT_MS);
  }
}

/** A JSON POST from a chosen local address (the SDK cannot pick one). */
function post(url: string, body: unknown, localAddress: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(url, { method: "POST", localAddress, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(data);
  });
}

/** docker/nginx.conf with local addresses: the listen address, each `serverN:2567` upstream, temp paths. */
function renderNginxConf(text: string, at: { listen: string; upstreams: Record<string, string>; tempDir: string }): string {
  let out = text.replace(/^(\s*listen\s+)2567;/m, `$1${at.listen};`);
  for (const [name, address] of Object.entries(at.upstreams)) out = out.replaceAll(`server ${name}`, `server ${address}`);
  expect(out, "every upstream replaced").not.toMatch(/server server\d+:/);
  const local = [...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `  ${k}_temp_path ${join(at.tempDir, k)};`), `  access_log ${join(at.tempDir, "access.log")};`].join("\n");
  return out.replace(/^http \{$/m, `http {\n${local}`);
}
