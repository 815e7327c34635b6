/**
 * Operations: the server process as an operator (or a container runtime) runs it. A listen
 * failure ends the process with a clear message instead of leaving it hanging, and SIGTERM sent
 * to `npm start` reaches the server, which shuts down gracefully and frees its port.
 * Each test starts the real process with its own DATA_DIR and the embedded database; limits
 * are generous (the machine may be busy) and every wait is on output or exit, never a sleep.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";
import { ROOT, ServerProcess, canBind, freePort, occupy } from "./support/serverProcess.ts";

const LIMIT = 120_000; // for one wait inside a test
const TEST_LIMIT = 300_000; // for a whole test (npm start may first run npm ci when node_modules is stale)
const SERVER = [process.execPath, "--import", "tsx", "server/main.ts"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

// Hermetic: each process runs its own embedded database whatever DATABASE_URL says, so CI's
// PostgreSQL pass would only repeat these; they run in the embedded pass.
const itOps = it.skipIf(Boolean(process.env.DATABASE_URL));

const started: ServerProcess[] = [];
function start(command: string[], env: Record<string, string>, options?: { dataDir?: string }): ServerProcess {
  const p = new ServerProcess(command, env, options);
  started.push(p);
  return p;
}
afterEach(() => {
  for (const p of started.splice(0)) p.cleanup();
});

itOps(
  "a PORT already in use: the server exits non-zero at once, saying the port is in use and to set PORT",
  async () => {
    const port = await freePort();
    const release = await occupy(port);
    try {
      const server = start(SERVER, { PORT: String(port), HOST: "127.0.0.1" });
      const exit = await server.waitForExit(LIMIT);
      expect(exit.code, server.output).not.toBe(0);
      expect(exit.code, server.output).not.toBeNull();
      expect(server.output).toContain(`port ${port} is already in use`);
      expect(server.output).toMatch(/set PORT/);
      expect(server.output).not.toMatch(/game server listening/);
    } finally {
      await release();
    }
  },
  TEST_LIMIT,
);

itOps(
  "a promise a library drops (an unhandled rejection) is logged, rate-limited, and the server keeps serving",
  async () => {
    const port = await freePort();
    const server = start([process.execPath, "--import", "tsx", "--import", "./test/fixtures/droppedRejections.mjs", "server/main.ts"], { PORT: String(port), HOST: "127.0.0.1" });
    await server.waitForOutput(/unhandled promise rejection/, LIMIT);
    // Still serving (/health itself may say 503 "degraded" on a loaded machine).
    expect((await fetch(`http://127.0.0.1:${port}/api/games`)).status).toBe(200);
    expect(server.exit).toBeNull();
    // Three rejections at once, one line (the others are counted in the next).
    expect(server.output.match(/unhandled promise rejection/g)).toHaveLength(1);
    server.child.kill("SIGTERM");
    expect((await server.waitForExit(LIMIT)).code, server.output).toBe(0);
  },
  TEST_LIMIT,
);

itOps(
  "any other listen failure (HOST is not an address of this machine) also exits non-zero, naming HOST",
  async () => {
    const port = await freePort();
    // 192.0.2.0/24 is TEST-NET-1 (RFC 5737): never assigned to a local interface.
    const server = start(SERVER, { PORT: String(port), HOST: "192.0.2.1" });
    const exit = await server.waitForExit(LIMIT);
    expect(exit.code, server.output).not.toBe(0);
    expect(exit.code, server.output).not.toBeNull();
    expect(server.output).toMatch(/HOST 192\.0\.2\.1/);
  },
  TEST_LIMIT,
);

itOps(
  "a second server, or npm run migrate, on a DATA_DIR a running server holds: exits non-zero with one line naming the data dir, the process and what to do, no stack trace",
  async () => {
    const first = start(SERVER, { PORT: String(await freePort()), HOST: "127.0.0.1" });
    await first.waitForOutput(/"msg":"game server listening"/, LIMIT);
    for (const command of [SERVER, [npm, "run", "migrate"]]) {
      const second = new ServerProcess(command, { PORT: String(await freePort()), HOST: "127.0.0.1" }, { dataDir: first.dataDir });
      try {
        const exit = await second.waitForExit(LIMIT);
        expect(exit.code, second.output).toBe(1);
        expect(second.output).toContain(`data dir ${first.dataDir} is in use by process`);
        expect(second.output).toMatch(/stop that process first, or set DATA_DIR to another directory/);
        expect(second.output).not.toMatch(/\n\s+at /);
      } finally {
        second.cleanup(true);
      }
    }
    expect(first.exit).toBeNull();
  },
  TEST_LIMIT,
);

itOps(
  "SIGTERM sent to `npm start` reaches the server: graceful shutdown ('stop requested', 'bye'), exit code 0, nothing left listening",
  async () => {
    const port = await freePort();
    const server = start([npm, "start"], { PORT: String(port), HOST: "127.0.0.1" });
    await server.waitForOutput(/"msg":"game server listening"/, LIMIT);
    expect(await canBind(port)).toBe(false);

    process.kill(server.child.pid!, "SIGTERM"); // the npm process, as a process manager would
    const exit = await server.waitForExit(LIMIT);
    expect(server.output).toMatch(/"signal":"SIGTERM".*"msg":"stop requested"/);
    expect(server.output).toMatch(/"msg":"bye"/);
    expect(exit, server.output).toEqual({ code: 0, signal: null });
    // Nothing of the server survives npm: the port is free and no process is left in its group.
    expect(await canBind(port)).toBe(true);
    expect(groupAlive(server.child.pid!)).toBe(false);
  },
  TEST_LIMIT,
);

itOps(
  "the container command (`node --import tsx server/main.ts`): a server.pid naming a live process that holds no lock (a pid reused after a restart) does not keep it from starting; scripts/healthcheck.mjs exits 0 while it serves, the server stops on SIGTERM with code 0, then the healthcheck exits 1",
  async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), "tt-ops-"));
    writeFileSync(join(dataDir, "server.pid"), `${process.pid}\n`); // this test runner: alive, and no server
    const server = start(SERVER, { PORT: String(port), HOST: "127.0.0.1" }, { dataDir });
    await server.waitForOutput(/"msg":"game server listening"/, LIMIT);
    const healthcheck = () =>
      promisify(execFile)(process.execPath, ["scripts/healthcheck.mjs"], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, timeout: LIMIT }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    expect(await healthcheck()).toBe(0);

    process.kill(server.child.pid!, "SIGTERM");
    const exit = await server.waitForExit(LIMIT);
    expect(server.output).toMatch(/"msg":"bye"/);
    expect(exit, server.output).toEqual({ code: 0, signal: null });
    expect(await healthcheck()).toBe(1);
  },
  TEST_LIMIT,
);

// A read-only mount of the data dir, made in a user and mount namespace of the server's own.
const READ_ONLY_DATA_DIR = ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", 'mount --bind -o ro "$DATA_DIR" "$DATA_DIR" && exec "$@"', "sh"];
const canMountReadOnly = spawnSync(READ_ONLY_DATA_DIR[0]!, [...READ_ONLY_DATA_DIR.slice(1), "true"], { env: { ...process.env, DATA_DIR: tmpdir() } }).status === 0;

it.skipIf(Boolean(process.env.DATABASE_URL) || !canMountReadOnly)(
  "a read-only DATA_DIR (holding the pidfile of a run that crashed): exits 1 with one line naming the data dir, EROFS and what to do, no stack trace",
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tt-ops-"));
    writeFileSync(join(dataDir, "server.pid"), "left by a crash\n");
    const server = start([...READ_ONLY_DATA_DIR, ...SERVER], { PORT: String(await freePort()), HOST: "127.0.0.1" }, { dataDir });
    const exit = await server.waitForExit(LIMIT);
    expect(exit.code, server.output).toBe(1);
    expect(server.output).toContain(`data dir ${dataDir} cannot be used: read-only file system (EROFS): set DATA_DIR to a directory this process can write`);
    expect(server.output).not.toMatch(/\n\s+at /);
  },
  TEST_LIMIT,
);

/** Whether any process is left in the process group `pgid`. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
