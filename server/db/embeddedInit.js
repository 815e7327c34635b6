// @ts-check
/**
 * Creates a fresh data dir for the embedded database (PGlite's initdb), then exits: run by
 * embedded.ts as a child process of its own, because initdb grows PGlite's wasm memory to
 * ~750 MB and neither a wasm instance nor the allocator of a process gives that back; the
 * serving worker then starts on the initialised dir at ~190 MB. Plain JavaScript: no loader.
 *
 * Usage: node embeddedInit.js <pgDataDir> <sharedBuffersMb>
 */
import { PGlite } from "@electric-sql/pglite";
import pino from "pino";

// Logs to stderr, synchronously (it exits right after): the parent (server/db/embedded.ts) logs
// that output, or puts the last line's message in the error it throws.
const log = pino({ base: { pid: process.pid, component: "embedded-initdb" } }, pino.destination({ dest: 2, sync: true }));
const [pgDataDir, sharedBuffersMb] = process.argv.slice(2);
if (!pgDataDir) {
  log.fatal("usage: node embeddedInit.js <pgDataDir> <sharedBuffersMb>");
  process.exit(2);
}
try {
  const db = await PGlite.create(pgDataDir, { postgresqlconf: [`shared_buffers=${Number(sharedBuffersMb) || 32}MB`] });
  await db.close();
} catch (error) {
  log.fatal({ err: error, pgDataDir }, error instanceof Error ? error.message : String(error));
  process.exit(1);
}
