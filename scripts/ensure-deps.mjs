// Runs before `npm start`, `npm test` and `npm run bench`: installs the locked dependencies
// when node_modules is missing or older than package-lock.json, so a fresh clone needs
// only the one command. Plain Node, no dependencies.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";

const lock = readFileSync("package-lock.json");
const want = createHash("sha256").update(lock).digest("hex");
const stamp = "node_modules/.tabletop-install-stamp";
const have = existsSync(stamp) ? readFileSync(stamp, "utf8").trim() : "";
const looksInstalled = existsSync("node_modules/@colyseus/core") && existsSync("node_modules/.bin/tsx");

if (have !== want || !looksInstalled) {
  if (looksInstalled && have === "") {
    // Installed by hand (npm ci / npm install): trust it and remember the lockfile it matches.
    writeFileSync(stamp, want);
  } else {
    process.stderr.write("Installing dependencies from package-lock.json (npm ci)...\n");
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
    writeFileSync(stamp, want);
  }
}
