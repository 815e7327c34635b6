/**
 * The server process: config -> logger -> database (embedded when DATABASE_URL is unset)
 * -> game server -> listen. SIGTERM/SIGINT stop it gracefully: rooms end, finished matches
 * are flushed (or spooled to disk), then the database closes. A port that cannot be listened
 * on (in use, privileged, HOST not local) ends the process with exit code 1 and one line saying
 * which setting to change; so does a REDIS_URL whose Redis cannot be reached, and a DATA_DIR in
 * use by another process or that cannot be written (read-only, no permission).
 */
import dc from "node:diagnostics_channel";
import type { Server as NetServer } from "node:net";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { DataDirInUseError, dataDirFailure } from "./dataDirLock.ts";
import { createLogger } from "./log.ts";
import { startServer } from "./app.ts";
import { ClusterLinkError } from "./cluster/redis.ts";
import { LogThrottle } from "../match/logThrottle.ts";
import { botWorkerEntry, gameBindings, replayWorkerEntry } from "../rooms/registry.ts";

/** At most one "unhandled promise rejection" line per this many ms (the rest are counted in it). */
const REJECTION_LOG_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const pretty = config.logFormat === "pretty" || (config.logFormat === "auto" && Boolean(process.stdout.isTTY));
  const log = createLogger({ level: config.logLevel, pretty });
  // A promise a library dropped (a database driver's during an outage, say) must not end the
  // process and every match it holds: logged, at most one line per interval, and it runs on.
  const rejections = new LogThrottle(REJECTION_LOG_MS);
  process.on("unhandledRejection", (reason) => {
    const suppressed = rejections.take(Date.now());
    if (suppressed !== null) log.error({ err: reason, suppressed, everyMs: REJECTION_LOG_MS }, "unhandled promise rejection; the server keeps running");
  });
  // The handlers go in first: a SIGTERM that arrives while the database or the server is still
  // starting (a process manager may send it at any moment) is kept, then honoured once started,
  // instead of killing the process mid-start with the default action.
  let pending: string | null = null;
  let onSignal = (signal: string) => {
    log.info({ signal }, "stop requested; stopping once started");
    onSignal = () => {};
    pending = signal;
  };
  process.on("SIGTERM", () => onSignal("SIGTERM"));
  process.on("SIGINT", () => onSignal("SIGINT"));

  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, embeddedSharedBuffersMb: config.embeddedSharedBuffersMb, log });
  } catch (error) {
    const message = dataDirFailure(error, config.dataDir);
    if (!message) throw error;
    // One line naming what to do, not a stack trace.
    log.fatal({ dataDir: config.dataDir, pid: error instanceof DataDirInUseError ? error.pid : undefined }, message);
    log.flush?.();
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  log.info({ database: db.kind, dataDir: db.kind === "embedded" ? config.dataDir : undefined }, "database ready");
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await failOnListenError(() => startServer({ config, log, sql: db.sql, bindings: gameBindings, replayWorker: replayWorkerEntry, botWorker: botWorkerEntry }));
  } catch (error) {
    // One line naming the setting to change: PORT/HOST, REDIS_URL, or DATA_DIR (the JWT secret,
    // the instance id and the spool are written there, whatever the database).
    const message = error instanceof ListenError ? listenFailure(error.cause, config) : error instanceof ClusterLinkError ? error.message : dataDirFailure(error, config.dataDir);
    if (!message) throw error;
    log.fatal({ err: (error as Error).cause, port: config.port, host: config.host }, message);
    log.flush?.();
    process.stderr.write(`${message}\n`);
    // Release the data dir (embedded database, pidfile), but never hang on it.
    await Promise.race([db.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000).unref())]);
    process.exit(1);
  }

  let exiting = false;
  const stop = async (signal: string) => {
    if (exiting) return;
    exiting = true;
    log.info({ signal }, "stop requested");
    const hardStop = setTimeout(() => {
      log.error("graceful shutdown took too long; exiting");
      // Every socket still open is closed with its code, not cut (1006).
      void server.closeSockets(1_000).finally(() => process.exit(1));
    }, config.shutdownTimeoutMs + 10_000);
    hardStop.unref();
    try {
      await server.shutdown();
      await db.close();
      log.info("bye");
      log.flush?.();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  onSignal = (signal) => void stop(signal);
  if (pending) void stop(pending);
}

class ListenError extends Error {
  constructor(override readonly cause: NodeJS.ErrnoException) {
    super(cause.message);
    this.name = "ListenError";
  }
}

/**
 * Runs `start`, rejecting with a ListenError as soon as a server it asks to listen fails to
 * (EADDRINUSE, EACCES, a HOST that does not resolve...). Colyseus' `listen()` only logs such an
 * error and never settles, which would leave the process hanging. Node's `net.server.listen`
 * tracing channel hands over each server before it binds, so the error is seen whatever
 * creates the server.
 */
async function failOnListenError<T>(start: () => Promise<T>): Promise<T> {
  const channel = "tracing:net.server.listen:asyncStart";
  let fail!: (error: ListenError) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const onError = (error: NodeJS.ErrnoException) => fail(new ListenError(error));
  const watched = new Set<NetServer>();
  const onListen = (message: unknown) => {
    const server = (message as { server?: NetServer }).server;
    if (!server || watched.has(server)) return;
    watched.add(server);
    server.once("error", onError);
  };
  dc.subscribe(channel, onListen);
  try {
    return await Promise.race([start(), failed]);
  } finally {
    dc.unsubscribe(channel, onListen);
    for (const server of watched) server.removeListener("error", onError);
  }
}

/** One line saying what went wrong and which setting fixes it. */
function listenFailure(error: NodeJS.ErrnoException, config: Config): string {
  switch (error.code) {
    case "EADDRINUSE":
      return `port ${config.port} is already in use (HOST ${config.host}): set PORT to a free port, or stop the process using it`;
    case "EACCES":
    case "EPERM":
      return `no permission to listen on port ${config.port} (ports below 1024 need privileges): set PORT`;
    case "EADDRNOTAVAIL":
      return `HOST ${config.host} is not an address of this machine: set HOST (0.0.0.0 listens on every interface)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_FAIL":
      return `HOST ${config.host} does not resolve to an address: set HOST`;
    default:
      return `cannot listen on HOST ${config.host}, PORT ${config.port}: ${error.code ?? ""} ${error.message}`.replace(/ {2,}/g, " ");
  }
}

main().catch((err) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
