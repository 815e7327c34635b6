/**
 * Preloaded into a bench server (`node --expose-gc --import ./bench/memoryProbe.mjs`, see
 * childServer.ts `probe`): on SIGUSR2 it collects garbage and prints
 * `{"msg":"bench memory","rss":…,"heapUsed":…,"arrayBuffers":…}` on stdout, so the orchestrator reads the live
 * heap of a server it does not otherwise touch. Plain JavaScript: the server's worker threads
 * inherit the preload before any TypeScript loader.
 */
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  process.on("SIGUSR2", () => {
    globalThis.gc?.();
    const m = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ msg: "bench memory", rss: m.rss, heapUsed: m.heapUsed, arrayBuffers: m.arrayBuffers })}\n`);
  });
}
