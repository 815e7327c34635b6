/**
 * The server process: config -> logger -> database (embedded when DATABASE_URL is unset)
 * -> game server -> listen. SIGTERM/SIGINT stop it gracefully: rooms end, finished matches
 * are flushed (or spooled to disk), then the database closes.
 */
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { createLogger } from "./log.ts";
import { startServer } from "./app.ts";
import { gameBindings } from "../rooms/registry.ts";

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

  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, log });
  log.info({ database: db.kind, dataDir: db.kind === "embedded" ? config.dataDir : undefined }, "database ready");
  const server = await startServer({ config, log, sql: db.sql, bindings: gameBindings });

  let exiting = false;
  const stop = async (signal: string) => {
    if (exiting) return;
    exiting = true;
    log.info({ signal }, "stop requested");
    const hardStop = setTimeout(() => {
      log.error("graceful shutdown took too long; exiting");
      process.exit(1);
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
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  process.stderr.write(`fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
