/**
 * Connection caps at the front door, over the real server: idle sockets beyond
 * MAX_CONNECTIONS_PER_IP (here 4) from one address are answered 429 `too_many_connections` and
 * closed, WebSockets included, while another address still connects; beyond MAX_CONNECTIONS
 * (here 9) any address gets 503 `server_full`. Refusals are logged as one summary line per
 * address per interval. Addresses: 127.0.0.1, 127.0.0.2 and 127.0.0.3 (all loopback on Linux).
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { waitFor, webSocketOutcome } from "./support/testServer.ts";

const PER_IP = 4;
const TOTAL = 9;

let db: TestDatabase;
let dataDir: string;
let server: RunningServer;
let port: number;
/** What the server logged, as parsed pino lines. */
const logged: Array<Record<string, any>> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "tt-front-door-"));
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DISPOSE_DELAY_MS: "200",
    MAX_CONNECTIONS_PER_IP: String(PER_IP),
    MAX_CONNECTIONS: String(TOTAL),
  });
  const log = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  server = await startServer({ config, log, sql: db.sql, bindings: [highCardBinding], spoolDir: join(dataDir, "spool") });
  port = server.port;
});
afterAll(async () => {
  await server?.shutdown();
  await db?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const opened: net.Socket[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.destroy();
  await waitFor(() => server.frontDoor.connections.openConnections === 0, "every test connection closed");
});

/** A TCP connection from `from` that sends nothing; resolves once connected. */
function idle(from: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: "127.0.0.1", port, localAddress: from }, () => resolve(s));
    s.once("error", reject);
    opened.push(s);
  });
}

/** Opens `n` idle connections from `from` and waits until the server counts them. */
async function hold(from: string, n: number): Promise<net.Socket[]> {
  const before = server.frontDoor.connections.openConnections;
  const sockets: net.Socket[] = [];
  for (let i = 0; i < n; i++) sockets.push(await idle(from));
  await waitFor(() => server.frontDoor.connections.openConnections === before + n, `${n} connections from ${from} counted`);
  return sockets;
}

/** Connects from `from` and reads what the server writes until it closes: status and JSON body. */
function refusedConnection(from: string): Promise<{ status: number; retryAfter: string | undefined; body: any }> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: "127.0.0.1", port, localAddress: from });
    opened.push(s);
    const parts: Buffer[] = [];
    const timer = setTimeout(() => reject(new Error(`the connection from ${from} was not refused`)), 10_000);
    s.on("data", (d) => parts.push(d));
    s.on("error", () => {});
    s.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(parts).toString("utf8");
      const [head, body] = text.split("\r\n\r\n") as [string, string | undefined];
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const retryAfter = /\r\nRetry-After: (\d+)/i.exec(head)?.[1];
      try {
        resolve({ status, retryAfter, body: JSON.parse(body ?? "") });
      } catch {
        reject(new Error(`not a JSON refusal: ${JSON.stringify(text)}`));
      }
    });
  });
}

/** GET /api/games over a fresh connection from `from`. */
function getGames(from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/api/games", localAddress: from, agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

/** POSTs a 20 KB body to /api/auth/login from `from`; the status. */
function postTooLarge(from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = "x".repeat(20_000);
    const req = http.request(
      { host: "127.0.0.1", port, method: "POST", path: "/api/auth/login", localAddress: from, agent: false, headers: { "content-type": "application/json", "content-length": String(body.length) } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("open connections per client address", () => {
  it("idle sockets beyond the cap are answered 429 too_many_connections and closed (WebSockets too); another address still connects", async () => {
    const mine = await hold("127.0.0.1", PER_IP);

    const refused = await refusedConnection("127.0.0.1");
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("too_many_connections");
    expect(refused.body.error.message).toMatch(/at most 4 open connections per client address/);
    expect(refused.body.message).toBe(refused.body.error.message);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await webSocketOutcome(`ws://127.0.0.1:${port}/`)).toBe(429);

    expect(await getGames("127.0.0.2")).toBe(200);

    // A closed socket frees its place.
    mine[0]!.destroy();
    await waitFor(() => server.frontDoor.connections.openFrom("127.0.0.1") === PER_IP - 1, "the closed socket uncounted");
    expect(await getGames("127.0.0.1")).toBe(200);
  });

  it("the global ceiling: beyond it any address gets 503 server_full", async () => {
    await hold("127.0.0.1", PER_IP);
    await hold("127.0.0.2", PER_IP);
    await hold("127.0.0.3", TOTAL - 2 * PER_IP);
    const refused = await refusedConnection("127.0.0.3");
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe("server_full");
    expect(refused.body.error.message).toMatch(/limit of 9 open connections/);
  });
});

describe("refusal logs", () => {
  it("one summary line per address per interval, with ip and route, however many refusals", async () => {
    server.frontDoor.flushRefusalLog();
    logged.length = 0;
    await hold("127.0.0.1", PER_IP);
    for (let i = 0; i < 10; i++) expect((await refusedConnection("127.0.0.1")).status).toBe(429);
    for (let i = 0; i < 3; i++) expect(await postTooLarge("127.0.0.2")).toBe(413);
    expect(logged.filter((l) => l.msg === "requests refused")).toHaveLength(0); // summaries only, at the interval's end
    server.frontDoor.flushRefusalLog();
    const lines = logged.filter((l) => l.msg === "requests refused");
    expect(lines).toHaveLength(2);
    const byIp = Object.fromEntries(lines.map((l) => [l.ip, l]));
    expect(byIp["127.0.0.1"]).toMatchObject({ route: "tcp", refused: 10, reasons: { too_many_connections: 10 }, level: 40 });
    expect(byIp["127.0.0.2"]).toMatchObject({ route: "POST /api/auth/login", refused: 3, reasons: { payload_too_large: 3 } });
  });
});
