// @ts-check
/**
 * Worker thread that runs the embedded database: PGlite (PostgreSQL in wasm) with its data in
 * `pgDataDir`, served over the PostgreSQL wire protocol by pglite-socket on 127.0.0.1 and an
 * OS-assigned port. Plain JavaScript on purpose: it loads under node, tsx and vitest without
 * a TypeScript loader. See embedded.ts for the main-thread side.
 *
 * A fresh data dir is initialised first by embeddedInit.js, in a process of its own.
 *
 * Messages to the parent: { type: "ready", port } | { type: "error", message, stack } | { type: "stopped" }
 * Messages from the parent: { type: "stop" }
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/** @typedef {{ pgDataDir: string; host: string; maxConnections: number; sharedBuffersMb: number }} WorkerOptions */

if (!parentPort) throw new Error("embeddedWorker.js must run as a worker thread");
const port = parentPort;
/** @type {WorkerOptions} */
const options = workerData;

/** @type {PGlite | undefined} */
let db;
/** @type {PGLiteSocketServer | undefined} */
let server;
/** @type {Promise<void> | undefined} */
let _stopping;

/** @param {unknown} error */
function report(error) {
  const e = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: "error", message: e.message, stack: e.stack });
}

// Frontend message types (first byte) of the extended query protocol.
const EXTENDED = new Set(["P", "B", "D", "E", "C", "H"].map((c) => c.charCodeAt(0))); // Parse Bind Describe Execute Close Flush
const BATCH_END = new Set(["S", "Q", "X"].map((c) => c.charCodeAt(0))); // Sync, simple Query, Terminate
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/**
 * pglite-socket 0.2.17 queues client messages ONE BY ONE across connections and keeps one
 * client's messages together only inside an explicit transaction. But PGlite is a single
 * backend: when two pooled connections send Parse/Bind/Execute/Sync at the same time, their
 * messages interleave and one client's Bind replaces the other's unnamed portal
 * ("portal \"\" does not exist", or worse, wrong results). This replaces the queue's scheduler
 * so that, once a client has sent an extended-protocol message, only that client's messages
 * run until its Sync (the same rule the queue already applies to transactions); and when a
 * client disconnects mid-batch, a Sync ends its half-sent batch.
 * It patches internals (queryQueue, processQueue, clearTransactionIfNeeded): checked below.
 *
 * @param {PGLiteSocketServer} socketServer
 */
function makeBatchesAtomic(socketServer) {
  /** @type {any} */
  const q = /** @type {any} */ (socketServer).queryQueue;
  if (!q || !Array.isArray(q.queue) || typeof q.processQueue !== "function" || typeof q.clearTransactionIfNeeded !== "function") {
    throw new Error("@electric-sql/pglite-socket internals changed: update embeddedWorker.js (makeBatchesAtomic)");
  }
  /** @type {number | null} handler whose extended-protocol batch is open (no Sync yet) */
  let batchOwner = null;
  /** @type {number | null} handler whose message is executing */
  let running = null;
  /** @type {Set<number>} handlers that disconnected */
  const gone = new Set();

  q.processQueue = async function processQueue() {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const pinned = (batchOwner !== null || this.db.isInTransaction()) && this.lastHandlerId ? this.lastHandlerId : null;
        let query;
        if (pinned !== null) {
          const i = this.queue.findIndex((/** @type {{ handlerId: number }} */ x) => x.handlerId === pinned);
          if (i === -1) break; // wait for that client's next message (enqueue restarts us)
          query = this.queue.splice(i, 1)[0];
        } else {
          query = this.queue.shift();
        }
        let size = 0;
        running = query.handlerId;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(query.message, {
              onRawData: (/** @type {Uint8Array} */ data) => {
                size += data.length;
                query.onData(data);
              },
            }),
          );
        } catch (error) {
          running = null;
          query.reject(error);
          continue;
        }
        running = null;
        const type = query.message[0];
        if (gone.has(query.handlerId)) {
          if (batchOwner === query.handlerId) batchOwner = null;
        } else if (EXTENDED.has(type)) {
          batchOwner = query.handlerId;
        } else if (BATCH_END.has(type)) {
          batchOwner = null;
        }
        this.lastHandlerId = query.handlerId;
        query.resolve(size);
      }
    } finally {
      this.processing = false;
    }
  };

  const clearTransaction = q.clearTransactionIfNeeded.bind(q);
  q.clearTransactionIfNeeded = async function clearTransactionIfNeeded(/** @type {number} */ handlerId) {
    gone.add(handlerId);
    if (batchOwner === handlerId || running === handlerId) {
      batchOwner = null;
      // End the half-sent batch (and any "skip until Sync" error state); nobody reads the reply.
      await this.db.runExclusive(() => this.db.execProtocolRaw(SYNC)).catch(() => {});
    }
    await clearTransaction(handlerId);
    void this.processQueue();
  };
}

async function start() {
  // PostgreSQL's default 128 MB of shared buffers is most of an idle server's memory; a match
  // journal and history fit in far less (EMBEDDED_SHARED_BUFFERS_MB).
  db = await PGlite.create(options.pgDataDir, { postgresqlconf: [`shared_buffers=${options.sharedBuffersMb}MB`] });
  server = new PGLiteSocketServer({ db, host: options.host, port: 0, maxConnections: options.maxConnections });
  makeBatchesAtomic(server);
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
  _stopping ??= stop().then(
    () => port.postMessage({ type: "stopped" }),
    (error) => {
      report(error);
      port.postMessage({ type: "stopped" });
    },
  );
});

start().catch(report);
