/**
 * The embedded database: PGlite (PostgreSQL compiled to wasm) served over TCP by pglite-socket,
 * so the server talks to it with the same `postgres` client and SQL as to a real PostgreSQL.
 *
 * It runs in a worker thread (embeddedWorker.js): PGlite executes queries synchronously in
 * wasm, which in the main thread would stall the event loop (measured up to ~165 ms).
 * The socket server listens on 127.0.0.1 on an OS-assigned port and accepts `maxConnections`
 * clients (its default of 1 would reset every pooled connection but the first).
 *
 * The data dir is locked while the database runs (server/dataDirLock.ts: a lock on
 * `<dataDir>/server.pid` the kernel releases when the process ends). PGlite keeps its files in
 * `<dataDir>/pglite`.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { promisify } from "node:util";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Logger } from "../log.ts";
import { lockDataDir } from "../dataDirLock.ts";

export interface EmbeddedPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** Closes the socket server and PGlite (data flushed), ends the worker, releases the data dir. Idempotent. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Concurrent client connections the socket server accepts: at least the pool size + 2. Default 16. */
  maxConnections?: number;
  log: Logger;
  /** How long to wait for PGlite to start (a fresh data dir runs initdb). Default 60 s. */
  startTimeoutMs?: number;
  /** PostgreSQL's shared_buffers (MB). Default 32. */
  sharedBuffersMb?: number;
}

// Not `new URL("./embeddedWorker.js", import.meta.url)`: bundlers and vitest rewrite that pattern.
const workerFile = join(dirname(fileURLToPath(import.meta.url)), "embeddedWorker.js");
const initFile = join(dirname(fileURLToPath(import.meta.url)), "embeddedInit.js");
const run = promisify(execFile);

/** Runs initdb in a process of its own (embeddedInit.js), so its memory goes when it ends. */
async function initialize(pgDataDir: string, sharedBuffersMb: number, timeoutMs: number, log: Logger): Promise<void> {
  try {
    const { stdout, stderr } = await run(process.execPath, [initFile, pgDataDir, String(sharedBuffersMb)], { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 });
    if (stdout.trim() || stderr.trim()) log.debug({ output: `${stdout}${stderr}`.trimEnd() }, "embedded database initdb output");
  } catch (error) {
    const e = error as { stderr?: string; killed?: boolean; message: string };
    const why = e.killed ? `not done within ${timeoutMs} ms` : (lastLogMessage(e.stderr) ?? e.message);
    throw new Error(`embedded database in ${pgDataDir} could not be initialised: ${why}`, { cause: error });
  }
}

/** The message of the last line embeddedInit.js wrote to stderr (a pino line; anything else as it is). */
function lastLogMessage(stderr: string | undefined): string | undefined {
  const line = stderr?.trim().split("\n").pop();
  if (!line) return undefined;
  try {
    const entry = JSON.parse(line) as { msg?: unknown };
    return typeof entry.msg === "string" ? entry.msg : line;
  } catch {
    return line;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  const maxConnections = options.maxConnections ?? 16;
  const log = options.log;
  const lock = lockDataDir(dataDir);

  const started = performance.now();
  const pgDataDir = join(dataDir, "pglite");
  const workerData = { pgDataDir, host: "127.0.0.1", maxConnections, sharedBuffersMb: options.sharedBuffersMb ?? 32 };
  const startWorker = () => {
    const w = new Worker(workerFile, { workerData, stdout: true, stderr: true });
    // PGlite may print (e.g. initdb); keep it out of the process output, in the log at debug.
    w.stdout.on("data", (chunk: Buffer) => log.debug({ output: chunk.toString().trimEnd() }, "embedded database stdout"));
    w.stderr.on("data", (chunk: Buffer) => log.debug({ output: chunk.toString().trimEnd() }, "embedded database stderr"));
    return w;
  };
  if (!existsSync(join(pgDataDir, "PG_VERSION"))) {
    try {
      await initialize(pgDataDir, workerData.sharedBuffersMb, options.startTimeoutMs ?? 60_000, log);
    } catch (error) {
      lock.release();
      throw error;
    }
    log.info({ dataDir, ms: Math.round(performance.now() - started) }, "embedded database initialised");
  }
  const worker = startWorker();

  let stopped = false;
  let stopPromise: Promise<void> | undefined;
  let exited = false;
  const exitedPromise = new Promise<void>((done) => {
    worker.once("exit", () => {
      exited = true;
      done();
    });
  });

  let port: number;
  try {
    port = await new Promise<number>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`embedded database in ${dataDir} did not start within ${options.startTimeoutMs ?? 60_000} ms`)), options.startTimeoutMs ?? 60_000);
      const onMessage = (m: { type: string; port?: number; message?: string }) => {
        if (m.type === "ready") {
          clearTimeout(timer);
          worker.off("message", onMessage);
          ready(m.port!);
        } else if (m.type === "error") {
          clearTimeout(timer);
          fail(new Error(`embedded database in ${dataDir} failed to start: ${m.message}`));
        }
      };
      worker.on("message", onMessage);
      worker.once("error", (error) => {
        clearTimeout(timer);
        fail(new Error(`embedded database worker failed: ${error.message}`, { cause: error }));
      });
      worker.once("exit", (code) => {
        clearTimeout(timer);
        fail(new Error(`embedded database worker exited (code ${code}) before it was ready`));
      });
    });
  } catch (error) {
    await worker.terminate().catch(() => {});
    lock.release();
    throw error;
  }

  log.info({ dataDir, port, maxConnections, ms: Math.round(performance.now() - started) }, "embedded database started");
  worker.on("message", (m: { type: string; message?: string; stack?: string }) => {
    if (m.type === "error") log.error({ err: { message: m.message, stack: m.stack } }, "embedded database error");
  });
  worker.on("error", (error) => log.error({ err: error }, "embedded database worker crashed"));
  worker.on("exit", (code) => {
    if (!stopped) log.error({ code, dataDir }, "embedded database worker exited unexpectedly");
  });

  const stop = async (): Promise<void> => {
    stopped = true;
    try {
      if (!exited) {
        const done = new Promise<boolean>((finish) => {
          const timer = setTimeout(() => finish(false), 15_000);
          const onMessage = (m: { type: string }) => {
            if (m.type === "stopped") {
              clearTimeout(timer);
              worker.off("message", onMessage);
              finish(true);
            }
          };
          worker.on("message", onMessage);
          void exitedPromise.then(() => {
            clearTimeout(timer);
            finish(false);
          });
        });
        worker.postMessage({ type: "stop" });
        const clean = await done;
        if (!clean && !exited) log.warn({ dataDir }, "embedded database did not stop in time; terminating it");
        await worker.terminate();
      }
    } finally {
      lock.release();
      log.info({ dataDir }, "embedded database stopped");
    }
  };

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    stop: () => (stopPromise ??= stop()),
  };
}
