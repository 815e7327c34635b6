/**
 * What a client can make the server log (the hardening issue): a refused room create is not an
 * error (it used to log an OnDisposeException at error level); refused joins and a stream of bad
 * frames cost a bounded number of log lines, not one (with a stack) per attempt.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@colyseus/sdk";
import pino from "pino";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "../server/app.ts";
import { DEV_JWT_SECRET, loadConfig } from "../server/config.ts";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { BotPlayer } from "./support/botClient.ts";
import { registerAccounts } from "./support/queueBot.ts";
import { dataFrame, NOT_MSGPACK } from "./support/frames.ts";
import { waitFor } from "./support/testServer.ts";

const logged: { level: number; msg: string; [k: string]: unknown }[] = [];
let server: RunningServer;
let db: TestDatabase;
let dataDir: string;
let wsUrl: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "tt-logs-"));
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PROMPT_TIMEOUT_MS: "0",
    MSG_BURST: "10000",
    MSG_RATE_PER_S: "10000",
    JWT_SECRET: DEV_JWT_SECRET,
    RECONNECT_GRACE_S: "1",
  });
  const log = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  server = await startServer({ config, log, sql: db.sql, bindings: [solreiBinding], spoolDir: join(dataDir, "spool") });
  wsUrl = server.url.replace("http", "ws");
});
afterAll(async () => {
  await server?.shutdown();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const since = (mark: number) => logged.slice(mark);
const ERROR = 50;

it("a refused room create is answered and logged below error level", async () => {
  const mark = logged.length;
  const refused = await new Client(wsUrl).create("solrei", { config: { format: "no-such-format" } }).then(
    () => "created",
    (e: Error) => e.message,
  );
  expect(refused).toMatch(/^bad_config/);
  await new Promise((r) => setTimeout(r, 200)); // the failed room's disposal runs after the answer
  expect(
    since(mark)
      .filter((l) => l.level >= ERROR)
      .map((l) => l.msg),
  ).toEqual([]);
});

it("50 refused joins and 500 bad frames from one client log a handful of lines, none per attempt", async () => {
  const c = new Client(wsUrl);
  const room = await c.create("solrei", { name: "A", seat: sampleSeatConfig(0) });
  const mark = logged.length;
  for (let i = 0; i < 50; i++) {
    await c.joinById(room.roomId, { name: "B", seat: { muse: `nobody-${i}` } }).catch(() => {});
  }
  const rejected: unknown[] = [];
  room.onMessage("rejected", (r) => rejected.push(r));
  for (let i = 0; i < 500; i++) room.connection.send(dataFrame("act", undefined, NOT_MSGPACK));
  await waitFor(() => rejected.length === 500 || null, "500 answers", 30_000);
  const lines = since(mark);
  expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
  expect(lines.length).toBeLessThanOrEqual(5);
  await room.leave();
}, 90_000);

it("an engine that fails on one action again and again: each request is answered internal_error, the state is kept, and the room logs one line, not one per request", async () => {
  const c = new Client(wsUrl);
  const first = await c.create("solrei", { name: "A", seat: sampleSeatConfig(0) });
  const second = await c.joinById(first.roomId, { name: "B", seat: sampleSeatConfig(1) });
  const bots = [new BotPlayer(first, { seed: "ef-0", idle: true }), new BotPlayer(second, { seed: "ef-1", idle: true })];
  const mover = await waitFor(() => bots.find((b) => b.room.state.status === "playing" && b.legal().length > 0), "a seat to act");
  const step = mover.room.state.step;
  const mark = logged.length;
  const fail = vi.spyOn(solreiBinding.engine, "apply").mockImplementation(() => {
    throw new TypeError("Cannot read properties of undefined (reading 'def')");
  });
  try {
    for (let i = 0; i < 30; i++) {
      const answer = await mover.room.request("act", { id: i, action: mover.legal()[0] }, { timeout: 10_000 }).then(
        () => "accepted",
        (err: any) => err?.reason?.code ?? err?.name,
      );
      expect(answer).toBe("internal_error");
    }
  } finally {
    fail.mockRestore();
  }
  const failures = since(mark).filter((l) => l.msg.startsWith("engine failed"));
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatchObject({ level: ERROR, seat: mover.seat, suppressed: 0 });
  expect(mover.room.state.step).toBe(step);
  await mover.room.request("act", { id: 99, action: mover.legal()[0] }, { timeout: 10_000 });
  await waitFor(() => mover.room.state.step > step || null, "the move applied once the engine works");
  await first.leave();
  await second.leave();
}, 90_000);

it("the ranked queue room answers 300 frames that do not decode with bad_frame and logs a summary, not an error with a stack per frame", async () => {
  const [account] = await registerAccounts(db.sql, DEV_JWT_SECRET, 1, "qlog");
  const c = new Client(wsUrl);
  c.auth.token = account!.token;
  const queue = await c.joinOrCreate("queue", { game: "solrei", seats: 2, seat: sampleSeatConfig(0) });
  const rejected: { code: string }[] = [];
  queue.onMessage("rejected", (r) => rejected.push(r));
  queue.onMessage("*", () => {});
  const mark = logged.length;
  for (let i = 0; i < 300; i++) queue.connection.send(dataFrame("leave", undefined, NOT_MSGPACK));
  await waitFor(() => rejected.length === 300 || null, "300 answers", 30_000);
  expect(new Set(rejected.map((r) => r.code))).toEqual(new Set(["bad_frame"]));
  const lines = since(mark);
  expect(lines.filter((l) => l.level >= ERROR)).toEqual([]);
  expect(lines.length).toBeLessThanOrEqual(5);
  expect(queue.connection.isOpen).toBe(true);
  queue.send("leave");
}, 90_000);

it("a seat whose player drops and does not come back within the grace: the seat is given up ('seat left'), never logged as an error ('uncaught exception in room')", async () => {
  const c = new Client(wsUrl);
  const first = await c.create("solrei", { name: "A", seat: sampleSeatConfig(0) });
  first.onMessage("*", () => {});
  const second = await c.joinById(first.roomId, { name: "B", seat: sampleSeatConfig(1) });
  second.onMessage("*", () => {});
  await waitFor(() => first.state.status === "playing" || null, "the start");
  const mark = logged.length;
  second.reconnection.enabled = false;
  (second.connection.transport as any).ws.close(4010); // dropped, not left
  await waitFor(() => since(mark).some((l) => /seat dropped/.test(l.msg)) || null, "the drop", 30_000);
  // Once the grace (1 s) has run out.
  await waitFor(() => since(mark).some((l) => l.msg === "seat left") || null, "the seat given up", 30_000);
  expect(since(mark).filter((l) => l.level >= ERROR)).toEqual([]);
  await first.leave();
}, 90_000);
