/**
 * Starts a server in a child process and waits for its ready line: by default `server/main.ts`
 * as users run it (ready at its "game server listening" log line), or any bench server
 * (bareServer.ts, echoServer.ts) with its own script and ready line. Every line the server
 * prints is kept readable through onLine() / waitFor(), from its spawn.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface Memory {
  rss: number;
  heapUsed: number;
  /** ArrayBuffers and Buffers, outside the JS heap (process.memoryUsage().arrayBuffers). */
  arrayBuffers: number;
}

export interface ChildServer {
  url: string;
  wsUrl: string;
  proc: ChildProcess;
  /** ms from spawn to the ready line. */
  listeningMs: number;
  /** Calls `fn` with every stdout line from now on; returns the unsubscribe. */
  onLine(fn: (line: string) => void): () => void;
  /**
   * The first JSON log line whose `msg` is `msg` (one of `watch`, seen from spawn), with its
   * time from spawn; waits up to `limitMs` for it. null: never came (or the server exited).
   */
  waitFor(msg: string, limitMs: number): Promise<{ atMs: number; entry: Record<string, unknown> } | null>;
  /** The server process's user + system CPU so far, its worker processes' included, ms (null: no /proc). */
  cpuMs(): number | null;
  /**
   * Its main thread's alone: the event loop every room runs on (without the embedded database's
   * worker thread, V8's GC helper threads and libuv's pool).
   */
  mainThreadCpuMs(): number | null;
  /** RSS, live heap and ArrayBuffer memory outside the heap (after a full GC), bytes: started with `probe` only. */
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

export interface ChildOptions {
  /** The script to run (default the real server, server/main.ts). */
  script?: string;
  /** Memory probe (memoryProbe.mjs): memory() reads the server's heap after a full GC. */
  probe?: boolean;
  /**
   * The ready line: returns the port it announces, or null. Default: a JSON log line
   * `{"msg":"game server listening","port":N}` (bareServer.ts and echoServer.ts print the same).
   */
  ready?: (line: string) => number | null;
  /** Log messages to remember from spawn (for waitFor). */
  watch?: readonly string[];
  /** How long the server may take to print its ready line (default 60 s). */
  timeoutMs?: number;
}

const parse = (line: string): Record<string, unknown> | null => {
  try {
    const entry = JSON.parse(line);
    return typeof entry === "object" && entry !== null ? entry : null;
  } catch {
    return null; // not a log line
  }
};

export const listeningLine = (line: string): number | null => {
  const entry = parse(line);
  return entry?.msg === "game server listening" && typeof entry.port === "number" ? entry.port : null;
};

/** Linux's USER_HZ (the unit of /proc/<pid>/stat times): 100 on every mainstream build. */
const CLOCK_TICKS_PER_S = 100;

/**
 * User + system CPU time of a process so far, in ms (null: no /proc, or it is gone); of one of
 * its threads with `tid` (the main thread's tid is the pid).
 */
export function processCpuMs(pid: number, tid?: number): number | null {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is the first, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}

/**
 * CPU of a process and of its live descendants (a server's worker processes: the `normal` bots'
 * searches), ms; null when the process itself cannot be read. Children that already exited are not counted.
 */
export function processTreeCpuMs(pid: number): number | null {
  const own = processCpuMs(pid);
  if (own === null) return null;
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = own;
  const walk = (p: number) => {
    for (const child of childrenOf.get(p) ?? []) {
      total += processCpuMs(child) ?? 0;
      walk(child);
    }
  };
  walk(pid);
  return total;
}

/** Resident set size of a process, bytes (null: no /proc). */
export function processRssBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export async function startChildServer(env: Record<string, string>, options: ChildOptions = {}): Promise<ChildServer> {
  const spawnedAt = performance.now();
  const probe = options.probe ? ["--expose-gc", "--import", "./bench/memoryProbe.mjs"] : [];
  // BENCH_CPU_PROFILE=<dir>: each server under test writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];
  if (process.env.BENCH_HEAP_SNAPSHOT_SIGNAL) profile.push("--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${process.env.BENCH_HEAP_SNAPSHOT_SIGNAL}`);
  // BENCH_SERVER_FLAGS="--trace-gc ...": more node/V8 flags for each server under test.
  if (process.env.BENCH_SERVER_FLAGS) profile.push(...process.env.BENCH_SERVER_FLAGS.split(" ").filter(Boolean));
  const proc = spawn(process.execPath, ["--import", "tsx", ...probe, ...profile, options.script ?? "server/main.ts"], {
    // Benchmark bots answer as fast as the server replies: far above a person's message rate.
    // A server on its own unless `env` says otherwise: the benchmark's REDIS_URL (for the
    // capacity series' cluster) is not every server's (an empty value counts as unset).
    env: {
      ...process.env,
      REDIS_URL: "",
      PUBLIC_ADDRESS: "",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
      MSG_RATE_PER_S: "10000",
      MSG_BURST: "10000",
      // Every bench client comes from 127.0.0.1: no per-address caps on rooms created, joins or connections.
      ROOMS_PER_MINUTE_PER_IP: "0",
      JOINS_BY_ID_PER_MINUTE_PER_IP: "0",
      PENDING_JOINS_PER_IP: "0",
      MAX_CONNECTIONS_PER_IP: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // If the benchmark dies (a time-out, Ctrl-C) or the server never starts, the server must not outlive it.
  const reap = () => proc.kill("SIGKILL");
  process.once("exit", reap);
  proc.once("exit", () => process.off("exit", reap));
  const ready = options.ready ?? listeningLine;
  const watch = new Set(options.watch ?? []);
  const seen = new Map<string, { atMs: number; entry: Record<string, unknown> }>();
  const listeners = new Set<(line: string) => void>();
  const lines = createInterface({ input: proc.stdout! });
  lines.on("line", (line) => {
    if (watch.size > 0) {
      const entry = parse(line);
      const msg = entry?.msg;
      if (entry && typeof msg === "string" && watch.has(msg) && !seen.has(msg)) seen.set(msg, { atMs: performance.now() - spawnedAt, entry });
    }
    for (const fn of listeners) fn(line);
  });
  const onLine = (fn: (line: string) => void) => {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  };
  const timeoutMs = options.timeoutMs ?? 60_000;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      listeners.delete(onReady);
      proc.kill("SIGKILL");
      reject(new Error(`server did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onReady = (line: string) => {
      const port = ready(line);
      if (port === null) return;
      clearTimeout(timer);
      listeners.delete(onReady);
      resolve(port);
    };
    listeners.add(onReady);
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    proc,
    listeningMs: performance.now() - spawnedAt,
    onLine,
    waitFor: async (msg, limitMs) => {
      for (const until = performance.now() + limitMs; !seen.has(msg) && performance.now() < until && proc.exitCode === null; ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      return seen.get(msg) ?? null;
    },
    cpuMs: () => processTreeCpuMs(proc.pid!),
    mainThreadCpuMs: () => processCpuMs(proc.pid!, proc.pid!),
    memory: () =>
      new Promise((resolve, reject) => {
        if (!options.probe) return reject(new Error("started without the memory probe"));
        const timer = setTimeout(() => {
          off();
          reject(new Error("no memory line within 30 s"));
        }, 30_000);
        const off = onLine((line) => {
          const entry = parse(line);
          if (entry?.msg !== "bench memory") return;
          clearTimeout(timer);
          off();
          resolve({ rss: entry.rss as number, heapUsed: entry.heapUsed as number, arrayBuffers: entry.arrayBuffers as number });
        });
        proc.kill("SIGUSR2");
      }),
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Runs `fn` against a child server with a fresh DATA_DIR, then stops it and removes the dir. */
export async function withChildServer<T>(name: string, env: Record<string, string>, fn: (server: ChildServer) => Promise<T>, options?: ChildOptions): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const server = await startChildServer({ DATA_DIR: dataDir, ...env }, options);
  try {
    return await fn(server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
