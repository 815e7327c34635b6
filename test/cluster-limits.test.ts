/**
 * Login and abuse limits shared by two server processes through Redis (database 7), one
 * database: a client cannot multiply its allowance by alternating between the processes.
 *   - LOGIN_MAX_FAILURES=3: failed logins for one username, alternated A, B, A, are refused from
 *     the 4th on, on both processes (429 rate_limited, Retry-After), even with the right password;
 *   - ROOMS_PER_MINUTE_PER_IP=4: rooms created alternately through A and B are refused from the
 *     5th on, on both (wherever Colyseus put each room);
 *   - REDIS_URL without JWT_SECRET: the process refuses to start, saying why.
 * Skipped when Redis is unreachable, unless REQUIRE_REDIS=1 (CI), which fails instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { accountsApi, isRateLimited } from "./support/accountsApi.ts";
import { NODE_LIMIT_MS, ServerNode, clusterRedis } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { ServerProcess, freePort } from "./support/serverProcess.ts";

const redisUrl = await clusterRedis(7);

describe.skipIf(redisUrl === null)("limits shared by two processes through Redis", () => {
  let db: TestDatabase;
  let a: ServerNode;
  let b: ServerNode;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = {
      JWT_SECRET: DEV_JWT_SECRET,
      LOGIN_MAX_FAILURES: "3",
      LOGIN_WINDOW_S: "600",
      LOGIN_MAX_FAILURES_PER_IP: "1000",
      ROOMS_PER_MINUTE_PER_IP: "4",
      // Each test request says where it comes from (one proxy hop trusted), so the counts start clean.
      TRUST_PROXY: "1",
    };
    a = await ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env });
    b = await ServerNode.start({ databaseUrl: db.url, redisUrl: redisUrl!, env });
  }, 2 * NODE_LIMIT_MS);

  afterAll(async () => {
    await Promise.allSettled([a?.terminate(), b?.terminate()]);
    a?.cleanup();
    b?.cleanup();
    await db?.close();
  }, 2 * NODE_LIMIT_MS);

  it(
    "LOGIN_MAX_FAILURES=3: failed logins alternated between the processes are refused after 3 in total",
    async () => {
      const [apiA, apiB] = [accountsApi(a.url), accountsApi(b.url)];
      expect((await apiA.register("roamer", "the right password")).status).toBe(201);
      const wrong = [apiA, apiB, apiA];
      for (const [i, api] of wrong.entries()) expect((await api.login("roamer", `wrong ${i}`)).status).toBe(401);
      // Not 3 per process: the 4th failure is refused wherever it arrives.
      for (const api of [apiB, apiA]) expect(isRateLimited(await api.login("roamer", "wrong again"), 600)).toBe(true);
      expect(isRateLimited(await apiB.login("roamer", "the right password"), 600)).toBe(true);
    },
    NODE_LIMIT_MS,
  );

  it(
    "ROOMS_PER_MINUTE_PER_IP=4: rooms created alternately through both processes are refused from the 5th",
    async () => {
      const ip = "203.0.113.9";
      const create = async (node: ServerNode) => {
        const res = await fetch(`${node.url}/matchmake/create/solrei`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": ip },
          body: "{}",
        });
        return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as any };
      };
      const made = [];
      for (const node of [a, b, a, b]) made.push(await create(node));
      expect(made.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      // Colyseus spreads rooms over the processes: the count holds wherever each room lives.
      expect(new Set(made.map((r) => r.body.processId)).size).toBeGreaterThanOrEqual(1);
      for (const node of [a, b]) {
        const refused = await create(node);
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe("rate_limited");
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      }
      // Another address is not affected.
      const other = await fetch(`${b.url}/matchmake/create/solrei`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.10" }, body: "{}" });
      expect(other.status).toBe(200);
    },
    NODE_LIMIT_MS,
  );

  it(
    "REDIS_URL without JWT_SECRET: the process refuses to start and says JWT_SECRET must be shared",
    async () => {
      const port = await freePort();
      const env: Record<string, string> = { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: db.url, REDIS_URL: redisUrl! };
      const child = new ServerProcess([process.execPath, "--import", "tsx", "server/main.ts"], env);
      try {
        const exit = await child.waitForExit(NODE_LIMIT_MS);
        expect(exit.code).not.toBe(0);
        expect(child.output).toMatch(/REDIS_URL is set but JWT_SECRET is not/);
        expect(child.output).not.toMatch(/game server listening/);
      } finally {
        child.cleanup();
      }
    },
    NODE_LIMIT_MS,
  );
});
