// Runs first in every documented npm script (start, test, migrate, typecheck, bench): installs
// the locked dependencies when node_modules is missing, older than package-lock.json, or lacks a
// package the script needs, so a fresh clone needs only the one command. Plain Node, no
// dependencies.
//
//   node scripts/ensure-deps.mjs [package ...]
//
// Each argument names a package the calling script runs (vitest, typescript...); `tsx` and
// `@colyseus/core` are always needed. When one of them is a devDependency, `npm ci` installs the
// dev dependencies even under NODE_ENV=production (an image built with `npm ci --omit=dev` has
// none, and needs none to serve).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const lock = readFileSync("package-lock.json");
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const want = createHash("sha256").update(lock).digest("hex");
const stamp = "node_modules/.tabletop-install-stamp";
const have = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";
const needed = ["@colyseus/core", "tsx", ...process.argv.slice(2)];
const missing = needed.filter((name) => !existsSync(`node_modules/${name}/package.json`));
const needsDev = needed.some((name) => name in (manifest.devDependencies ?? {}));

/** Best effort: node_modules may belong to another user (a container's root-owned install). */
function remember() {
  try {
    writeFileSync(stamp, want);
  } catch {
    // the check just runs again next time
  }
}

if (missing.length === 0 && have !== want) {
  if (have === "") {
    // Installed by hand (npm ci / npm install): trust it and remember the lockfile it matches.
    remember();
  } else {
    install(`package-lock.json changed since the last install`);
  }
} else if (missing.length > 0) {
  install(`missing: ${missing.join(", ")}`);
}

function install(why) {
  process.stderr.write(`Installing dependencies from package-lock.json (npm ci${needsDev ? " --include=dev" : ""}; ${why})...\n`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const args = ["ci", "--no-audit", "--no-fund", ...(needsDev ? ["--include=dev"] : [])];
  const result = spawnSync(npm, args, { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) {
    process.stderr.write(`npm ci failed (exit ${result.status ?? result.signal}); run it by hand to see why\n`);
    process.exit(result.status ?? 1);
  }
  remember();
}
