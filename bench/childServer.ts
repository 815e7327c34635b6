/** Starts `server/main.ts` in a child process (as users run it) and waits for its port. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface ChildServer {
  url: string;
  wsUrl: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // Benchmark bots answer as fast as the server replies: far above a person's message rate.
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_FORMAT: "json", LOG_LEVEL: "info", MSG_RATE_PER_S: "10000", MSG_BURST: "10000",
      // Every bench client comes from 127.0.0.1: no per-address caps on rooms created or connections.
      ROOMS_PER_MINUTE_PER_IP: "0", MAX_CONNECTIONS_PER_IP: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // If the benchmark dies (a time-out, Ctrl-C) or the server never starts, the server must not outlive it.
  const reap = () => proc.kill("SIGKILL");
  process.once("exit", reap);
  proc.once("exit", () => process.off("exit", reap));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: proc.stdout! });
    const timer = setTimeout(() => (proc.kill("SIGKILL"), reject(new Error("server did not start within 60 s"))), 60_000);
    lines.on("line", (line) => {
      try {
        const entry = JSON.parse(line);
        if (entry.msg === "game server listening") {
          clearTimeout(timer);
          resolve(entry.port);
        }
      } catch {
        /* not a log line */
      }
    });
    proc.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  proc.stdout!.resume();
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** Runs `fn` against a child server with a fresh DATA_DIR, then stops it and removes the dir. */
export async function withChildServer<T>(name: string, env: Record<string, string>, fn: (server: ChildServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const server = await startChildServer({ DATA_DIR: dataDir, ...env });
  try {
    return await fn(server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
