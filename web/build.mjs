// Builds the web client into web/dist when it is missing or older than its sources (or with
// --force). `npm start` runs it before the server, so a fresh clone serves the page with no
// extra step; a failed build is reported and the server starts anyway (`/` then answers 503
// saying how to build). Plain Node; vite is a regular dependency (it is needed at start).
//
//   node web/build.mjs [--force]
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const distDir = join(here, "dist");
const SOURCES = ["src", "index.html", "vite.config.ts", "tsconfig.json", "../package-lock.json"];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** True when web/dist is missing or older than any source of the page. */
export function webBuildIsStale() {
  const index = join(distDir, "index.html");
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newest(join(here, source)) > built);
}

const LOCK = join(here, ".build-lock");
const LOCK_STALE_MS = 120_000;

/** One build at a time across processes (npm start and tests at once): a lock directory. */
async function withLock(run) {
  const deadline = Date.now() + LOCK_STALE_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (error?.code !== "EEXIST") throw error;
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS || Date.now() > deadline)
        rmSync(LOCK, { recursive: true, force: true }); // a build that died
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Builds when stale (or forced); returns true if it built. */
export async function buildWeb({ force = false, quiet = false } = {}) {
  if (!force && !webBuildIsStale()) return false;
  return withLock(() => (force || webBuildIsStale() ? buildNow(quiet) : false)); // another process may have just built it
}

/**
 * A `.gz` beside each hashed asset worth compressing, made once here so the server sends it to
 * browsers that take gzip without compressing anything per request (server/http/web.ts).
 */
function gzipAssets(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json|map|txt)$/.test(name)) continue;
    const file = join(dir, name);
    const raw = readFileSync(file);
    if (raw.length < 1024) continue;
    const packed = gzipSync(raw, { level: 9 });
    if (packed.length < raw.length) writeFileSync(`${file}.gz`, packed);
  }
}

async function buildNow(quiet) {
  const started = Date.now();
  if (!quiet) process.stderr.write("Building the web client (web/dist)...\n");
  const { build } = await import("vite");
  // Vite makes a development build when NODE_ENV says so (vitest sets it to "test"): never here.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    // Built beside dist and swapped in whole: a server (or a second build: npm start and a test
    // at once) never sees half a build.
    const fresh = join(here, `.dist-${process.pid}-${Date.now()}`);
    const old = `${fresh}-old`;
    try {
      await build({ root: here, configFile: join(here, "vite.config.ts"), mode: "production", logLevel: quiet ? "silent" : "warn", build: { outDir: fresh, emptyOutDir: true } });
      gzipAssets(join(fresh, "assets"));
      if (existsSync(distDir)) renameSync(distDir, old);
      try {
        renameSync(fresh, distDir);
      } catch (error) {
        if (!existsSync(join(distDir, "index.html"))) throw error; // else another build just put its own in place
      }
    } finally {
      rmSync(fresh, { recursive: true, force: true });
      rmSync(old, { recursive: true, force: true });
    }
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  if (!quiet) process.stderr.write(`Built the web client in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await buildWeb({ force: process.argv.includes("--force") });
  } catch (error) {
    process.stderr.write(`The web client did not build: ${error?.stack ?? error}\nThe server starts anyway; / answers 503 until \`node web/build.mjs\` succeeds.\n`);
    process.exitCode = process.argv.includes("--strict") ? 1 : 0;
  }
}
