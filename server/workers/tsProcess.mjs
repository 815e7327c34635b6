// A worker process running a TypeScript module (server/workers/processWorker.ts): tsx registered,
// the whole process put in the SCHED_IDLE scheduling class (Linux, util-linux's chrt: every thread,
// and the threads started later inherit it), then the module. It ends with its parent.
import { execFileSync } from "node:child_process";
import { register } from "tsx/esm/api";

process.title = `node ${process.env.WORKER_NAME ?? "worker"}`;
try {
  execFileSync("chrt", ["--idle", "--all-tasks", "--pid", "0", String(process.pid)], { stdio: "ignore", timeout: 5000 });
} catch {
  try {
    (await import("node:os")).setPriority(19);
  } catch {
    // not allowed: the process runs at its parent's priority
  }
}
process.on("disconnect", () => process.exit(0));
// Ctrl-C in a terminal reaches the whole process group: the server stops gracefully and may still
// ask for decisions meanwhile; this process goes when the server does (disconnect above).
process.on("SIGINT", () => {});
register();
await import(process.env.WORKER_ENTRY);
