/**
 * The real server as an operator runs it: a child process (`node --import tsx server/main.ts`,
 * or `npm start`), with its own temporary DATA_DIR and the embedded database. Every wait is on
 * an event (a line of output, the exit), never on a sleep; the caller picks a generous limit.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export class ServerProcess {
  readonly child: ChildProcess;
  readonly dataDir: string;
  output = "";
  exit: Exit | null = null;
  readonly exited: Promise<Exit>;
  private watchers: (() => void)[] = [];

  /**
   * `command`: argv (the first item is the program); `env` is laid over this process's own.
   * The process gets its own process group; `options` may run it elsewhere or as another user.
   */
  constructor(command: string[], env: Record<string, string>, options: { cwd?: string; uid?: number; gid?: number; dataDir?: string } = {}) {
    this.dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "tt-ops-"));
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: this.dataDir, LOG_FORMAT: "json", LOG_LEVEL: "info", ...env };
    // Hermetic: the embedded database in this DATA_DIR, whatever the test run's own database is,
    // unless the test hands the process a database itself.
    if (env.DATABASE_URL === undefined) delete childEnv.DATABASE_URL;
    delete childEnv.NODE_OPTIONS;
    this.child = spawn(command[0]!, command.slice(1), {
      cwd: options.cwd ?? ROOT,
      env: childEnv,
      uid: options.uid,
      gid: options.gid,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const onData = (chunk: Buffer) => {
      this.output += chunk.toString("utf8");
      for (const w of this.watchers) w();
    };
    this.child.stdout!.on("data", onData);
    this.child.stderr!.on("data", onData);
    this.exited = new Promise((resolve) => {
      this.child.on("exit", (code, signal) => {
        this.exit = { code, signal };
        for (const w of this.watchers) w();
        resolve(this.exit);
      });
    });
  }

  /** Resolves when the output matches `pattern`; rejects if the process exits first or `ms` pass. */
  waitForOutput(pattern: RegExp, ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no output matching ${pattern} within ${ms} ms; output so far:\n${this.output}`)), ms);
      const check = () => {
        if (pattern.test(this.output)) done();
        else if (this.exit) done(new Error(`process exited (${JSON.stringify(this.exit)}) before ${pattern}; output:\n${this.output}`));
      };
      const done = (error?: Error) => {
        clearTimeout(timer);
        this.watchers = this.watchers.filter((w) => w !== check);
        if (error) reject(error);
        else resolve();
      };
      this.watchers.push(check);
      check();
    });
  }

  /** The exit, or an error naming what is still running after `ms`. */
  async waitForExit(ms: number): Promise<Exit> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`still running after ${ms} ms; output:\n${this.output}`)), ms);
    });
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Kills the whole process group at once (SIGKILL: no shutdown, as a crash), keeping DATA_DIR. */
  kill(signal: NodeJS.Signals = "SIGKILL"): void {
    try {
      process.kill(-this.child.pid!, signal);
    } catch {
      // the group is already gone
    }
  }

  /** Kills the whole process group (anything the command left behind too) and removes DATA_DIR unless `keepDataDir`. */
  cleanup(keepDataDir = false): void {
    this.kill("SIGKILL");
    if (!keepDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * A port free right now on `host`, for a child process to listen on a moment later.
 *
 * Not one the kernel picks (listen on 0): that comes from the ephemeral range, from which the
 * kernel also takes the local port of every outgoing connection (to the database, to Redis, a
 * test's own clients), so in the seconds before the child binds it, or while a killed node is
 * down before its restart on the same port, a connection could take it (CI: EADDRINUSE).
 * Ports below that range are only ever taken by a bind that names them: a random one that binds
 * now, never handed out twice by this process.
 */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  const [low, high] = STATIC_PORTS;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    if (await canBind(port, host)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${low}-${high - 1} on ${host} after 200 tries`);
}

const handedOut = new Set<number>();

/** [low, high): ports below the kernel's ephemeral range (ip_local_port_range), above the well-known ones. */
const STATIC_PORTS: [number, number] = (() => {
  let ephemeralLow = 32768;
  try {
    ephemeralLow = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || ephemeralLow;
  } catch {
    // not Linux: the IANA ephemeral range starts at 49152, so 20000-32767 is outside it too
  }
  const high = Math.min(ephemeralLow, 32768);
  return [Math.max(1024, high - 12_000), high];
})();

/** True when a new listener can bind `host:port`, i.e. nobody is listening there any more. */
export function canBind(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Holds `host:port` until the returned function is called. */
export function occupy(port: number, host = "127.0.0.1"): Promise<() => Promise<void>> {
  return new Promise((resolve, reject) => {
    const hog = net.createServer();
    hog.once("error", reject);
    hog.listen(port, host, () => resolve(() => new Promise<void>((r) => hog.close(() => r()))));
  });
}
