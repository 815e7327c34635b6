/**
 * Real server processes sharing one database (and Redis, for a cluster), for tests of what
 * survives a process: `kill -9`, SIGTERM, a restart on the same DATA_DIR, a second process.
 *
 * Each node is `node --import tsx server/main.ts` on its own free port. Its PUBLIC_ADDRESS is
 * its own 127.0.0.1:port, so a seat reservation made by any node sends the client to the node
 * hosting the room. Every wait is on output or exit, never a sleep.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { ServerProcess, freePort } from "./serverProcess.ts";

export const NODE_LIMIT_MS = 120_000;
const SERVER = [process.execPath, "--import", "tsx", "server/main.ts"];

export interface NodeOptions {
  /** The shared database; unset: the node's own embedded database in its DATA_DIR. */
  databaseUrl?: string;
  /** The shared Redis (cluster mode); unset: the node runs on its own. */
  redisUrl?: string;
  /** Reuse a DATA_DIR (a restart of the same node); default: a fresh one. */
  dataDir?: string;
  /** Reuse a port (a restart behind the same address); default: a free one. */
  port?: number;
  env?: Record<string, string>;
}

export class ServerNode {
  private constructor(
    readonly process: ServerProcess,
    readonly port: number,
    readonly options: NodeOptions,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}`;
  }
  get dataDir(): string {
    return this.process.dataDir;
  }
  get output(): string {
    return this.process.output;
  }

  /** Starts a node and waits until it listens. */
  static async start(options: NodeOptions = {}): Promise<ServerNode> {
    const port = options.port ?? (await freePort());
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "tt-node-"));
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      // Test clients answer as fast as the server replies.
      MSG_RATE_PER_S: "10000",
      MSG_BURST: "10000",
      DISPOSE_DELAY_MS: "200",
      REMATCH_WINDOW_MS: "0",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
      ...options.env,
    };
    const child = new ServerProcess(SERVER, env, { dataDir });
    const node = new ServerNode(child, port, { ...options, dataDir, port });
    await child.waitForOutput(/"msg":"game server listening"/, NODE_LIMIT_MS);
    return node;
  }

  /** The same node again (same DATA_DIR, port and settings), after it died or stopped. */
  restart(env: Record<string, string> = {}): Promise<ServerNode> {
    return ServerNode.start({ ...this.options, env: { ...this.options.env, ...env } });
  }

  /** A crash: SIGKILL to the whole process group, no shutdown of any kind. */
  async kill9(): Promise<void> {
    this.process.kill("SIGKILL");
    await this.process.waitForExit(NODE_LIMIT_MS);
  }

  /** A graceful stop (a deploy): SIGTERM, and the exit. */
  /** A graceful stop (SIGTERM): it must end with "bye" and exit code 0, not crash on the way out. */
  async terminate(): Promise<void> {
    this.process.kill("SIGTERM");
    const exit = await this.process.waitForExit(NODE_LIMIT_MS);
    if (exit.code !== 0 || !/"msg":"bye"|\bbye\b/.test(this.process.output)) {
      throw new Error(`SIGTERM: exited with ${exit.code ?? exit.signal}, without a clean "bye"; output:\n${this.process.output.slice(-4000)}`);
    }
  }

  waitForLog(pattern: RegExp, ms = NODE_LIMIT_MS): Promise<void> {
    return this.process.waitForOutput(pattern, ms);
  }

  /** Kills what is left and removes the DATA_DIR. */
  cleanup(): void {
    this.process.cleanup(true);
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * Redis for a cluster test (several server processes sharing one database and one Redis), or
 * null to skip it. CI runs these in its PostgreSQL pass (`TEST_PASS=postgres`: processes share
 * PostgreSQL as they do in production) and skips them in its embedded pass (`TEST_PASS=embedded`),
 * which would only repeat them against the embedded server. Plain `npm test` runs them.
 */
export async function clusterRedis(db: number): Promise<string | null> {
  return process.env.TEST_PASS === "embedded" ? null : freshRedis(db);
}

/** The Redis URL for database index `db`, flushed; null when Redis is unreachable (and REQUIRE_REDIS is unset). */
export async function freshRedis(db: number): Promise<string | null> {
  const url = `${process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379"}/${db}`;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 3_000 });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.flushdb();
    return url;
  } catch (error) {
    if (process.env.REQUIRE_REDIS) throw new Error(`REQUIRE_REDIS is set but Redis at ${url} is unreachable: ${(error as Error).message}`);
    return null;
  } finally {
    redis.disconnect();
  }
}
