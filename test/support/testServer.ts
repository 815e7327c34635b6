/**
 * Boots the real server (HTTP + WebSocket) on a free port against a fresh test database
 * (the machine's PostgreSQL when DATABASE_URL is set, else the embedded one).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres, { type Sql } from "postgres";
import { WebSocket } from "ws";
import { startServer, type RunningServer } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger, silentLogger, type Logger } from "../../server/log.ts";
import type { RoomBinding } from "../../rooms/binding.ts";
import { createTestDatabase } from "./db.ts";

export interface TestServer {
  url: string;
  wsUrl: string;
  sql: Sql;
  databaseUrl: string;
  server: RunningServer;
  dataDir: string;
  close(): Promise<void>;
}

export async function startTestServer(options: {
  bindings: readonly RoomBinding[];
  env?: Record<string, string>;
  /** Connect the server through this URL instead of the test database's own (e.g. a proxy). */
  serverDatabaseUrl?: (url: string) => string | Promise<string>;
  /** Replay views in this worker module (rooms/replayWorker.ts) instead of the test's thread. */
  replayWorker?: URL;
  /** `normal` bot decisions in this worker module (rooms/botWorker.ts) instead of the test's thread. */
  botWorker?: URL;
  /** The server's logger (default: silent, or TEST_LOG's level); a test may capture lines with it. */
  log?: Logger;
}): Promise<TestServer> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "tt-server-"));
  // Test bots answer as fast as the server replies: far above a person's message rate.
  const botPace = { MSG_RATE_PER_S: "10000", MSG_BURST: "10000" };
  // The journal where a user's server keeps it: in files beside the embedded database, in the
  // database beside PostgreSQL (the config's auto cannot tell: the database comes in as `sql`).
  const journalStore = db.kind === "embedded" ? "file" : "database";
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, DISPOSE_DELAY_MS: "200", REMATCH_WINDOW_MS: "0", JOURNAL_STORE: journalStore, ...botPace, ...options.env });
  const log = options.log ?? (process.env.TEST_LOG ? createLogger({ level: process.env.TEST_LOG, pretty: false }) : silentLogger);
  const serverSql = options.serverDatabaseUrl ? postgres(await options.serverDatabaseUrl(db.url), { max: 4, onnotice: () => {}, connect_timeout: 2, idle_timeout: 5 }) : db.sql;
  const server = await startServer({ config, log, sql: serverSql, bindings: options.bindings, spoolDir: join(dataDir, "spool"), replayWorker: options.replayWorker, botWorker: options.botWorker });
  return {
    url: server.url,
    wsUrl: server.url.replace("http", "ws"),
    sql: db.sql,
    databaseUrl: db.url,
    server,
    dataDir,
    async close() {
      await server.shutdown();
      if (serverSql !== db.sql) await serverSql.end({ timeout: 1 });
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The SDK error `p` rejects with, as `{ code, message }`; fails the test if it resolves. */
export async function sdkRefusal(p: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await p;
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  throw new Error("expected a refusal, but it succeeded");
}

/** The message of the error `p` rejects with; fails the test if it resolves. */
export async function refusal(p: Promise<unknown>): Promise<string> {
  return (await sdkRefusal(p)).message;
}

/** A bare WebSocket upgrade to `url` (with `headers`): "open", or the HTTP status it was refused with. */
export function webSocketOutcome(url: string, headers?: Record<string, string>): Promise<"open" | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on("open", () => {
      ws.terminate();
      resolve("open");
    });
    ws.on("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.on("error", reject);
  });
}
