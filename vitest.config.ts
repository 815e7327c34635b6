import { defineConfig } from "vitest/config";
import SlowFirst from "./test/slowFirst.ts";

/**
 * Three projects:
 *   rules    — the pure rules engines (`rules/**`): no I/O, no database, no network.
 *   platform — rooms over the real server, store, HTTP, matchmaking, processes and clusters,
 *              which talk to the database chosen by DATABASE_URL (embedded PGlite when unset).
 *   web      — the web client in Chromium (`test/web/**`) against the real server.
 * `npm test` runs all three. CI's second pass against the real PostgreSQL runs only `platform`,
 * since neither the engines nor the page can observe the database kind.
 */
export default defineConfig({
  test: {
    exclude: ["node_modules/**", "data/**"],
    pool: "forks", // each file in its own process: Colyseus' matchMaker is process-wide
    // Two files at a time even on two cores: most platform files wait on servers, databases and
    // browsers, not on the CPU (vitest's default here would be one). TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["test/setup.ts"],
    sequence: { sequencer: SlowFirst }, // longest files first (test/slowFirst.ts)
    projects: [
      { extends: true, test: { name: "rules", include: ["rules/**/*.test.ts"] } },
      { extends: true, test: { name: "platform", include: ["**/*.test.ts"], exclude: ["rules/**", "test/web/**", "node_modules/**", "data/**"] } },
      // The web client in Chromium against the real server: what it checks does not depend on the database kind.
      { extends: true, test: { name: "web", include: ["test/web/**/*.test.ts"] } },
    ],
  },
});
