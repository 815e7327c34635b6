/**
 * A Redis server of the test's own (`redis-server` on a free port, nothing saved to disk), that
 * the test can stop and start again, empty, on the same port: what an operator's Redis restart
 * without persistence looks like to the server processes. Never the machine's shared 6379.
 *
 * `ownRedis()` is null (skip) when redis-server is not installed and REQUIRE_REDIS is unset, and
 * in CI's embedded pass (`TEST_PASS=embedded`): like the other cluster tests, these run in the
 * PostgreSQL pass, where the processes share the database as they do in production.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./serverProcess.ts";

export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  /** `redis://127.0.0.1:<port>/<db>` */
  url(db = 0): string {
    return `redis://127.0.0.1:${this.port}/${db}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  /** Starts it (again) on its port, empty, and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    this.child = child;
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<never>((_, reject) => child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${stderr}`))));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const probe = new Redis(this.url(), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
      probe.on("error", () => {});
      const ok = await Promise.race([
        probe
          .connect()
          .then(() => probe.ping())
          .then(
            () => true,
            () => false,
          ),
        exited,
      ]).finally(() => probe.disconnect());
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`redis-server on port ${this.port} did not answer within 30 s: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Kills it outright (SIGKILL: no save, connections reset) and waits for its exit. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await exited;
  }

  /** A plain client of database `db`, for the test's own reads. */
  client(db = 0): Redis {
    const c = new Redis(this.url(db), { maxRetriesPerRequest: 1 });
    c.on("error", () => {});
    return c;
  }
}

/** A Redis server of this test's own, or null to skip (see the header). */
export async function ownRedis(): Promise<OwnRedis | null> {
  if (process.env.TEST_PASS === "embedded") return null;
  if (spawnSync("redis-server", ["--version"]).error) {
    if (process.env.REQUIRE_REDIS) throw new Error("REQUIRE_REDIS is set but redis-server is not installed");
    return null;
  }
  return OwnRedis.start();
}
