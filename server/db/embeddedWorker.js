// @ts-check
/**
 * Worker thread that runs the embedded database: PGlite (PostgreSQL in wasm) with its data in
 * `pgDataDir`, served over the PostgreSQL wire protocol by pglite-socket on 127.0.0.1 and an
 * OS-assigned port. Plain JavaScript on purpose: it loads under node, tsx and vitest without
 * a TypeScript loader. See embedded.ts for the main-thread side.
 *
 * Messages to the parent: { type: "ready", port } | { type: "error", message, stack } | { type: "stopped" }
 * Messages from the parent: { type: "stop" }
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** @typedef {{ pgDataDir: string; host: string; maxConnections: number }} WorkerOptions */

if (!parentPort) throw new Error("embeddedWorker.js must run as a worker thread");
const port = parentPort;
/** @type {WorkerOptions} */
const options = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;
/** @type {Promise<void> | undefined} */
let stopping;

/** @param {unknown} error */
function report(error) {
  const e = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: "error", message: e.message, stack: e.stack });
}

async function start() {
  db = await PGlite.create(options.pgDataDir);
  server = new PGLiteSocketServer({ db, host: options.host, port: 0, maxConnections: options.maxConnections });
  await server.start();
  const conn = server.getServerConn(); // "host:port"
  const listening = Number(conn.slice(conn.lastIndexOf(":") + 1));
  if (!Number.isInteger(listening) || listening <= 0) throw new Error(`embedded database listens on an unexpected address: ${conn}`);
  port.postMessage({ type: "ready", port: listening });
}

async function stop() {
  // Stop accepting and drop the client connections first (their open transactions roll back),
  // then shut PostgreSQL down cleanly so everything is flushed to the data dir.
  if (server) await server.stop();
  // Handlers detach asynchronously (a ROLLBACK may still be queued): let them settle.
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (db && !db.closed) await db.close();
}

port.on("message", (/** @type {{ type: string }} */ message) => {
  if (message?.type !== "stop") return;
  stopping ??= stop().then(
    () => port.postMessage({ type: "stopped" }),
    (error) => {
      report(error);
      port.postMessage({ type: "stopped" });
    },
  );
});

start().catch(report);
