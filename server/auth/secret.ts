/**
 * The HS256 key bearer tokens are signed with.
 *
 *   JWT_SECRET set      it is used (source "env").
 *   JWT_SECRET unset    DATA_DIR/jwt-secret is used (source "file"). At the first start it is
 *                       generated: 32 random bytes, base64url (43 characters), mode 0600,
 *                       written to a temporary file and hard-linked into place, which fails if
 *                       the file appeared meanwhile: so racing processes all end up with the
 *                       content of the one file that won, and no one ever reads a partial file.
 *                       Later starts read it back: tokens survive restarts.
 *
 * The secret itself is never logged: only its source (and the file's path).
 * Several server processes (replicas) must share one secret: set JWT_SECRET for them all, or
 * give them the same DATA_DIR/jwt-secret. With NODE_ENV=production and no JWT_SECRET a
 * warning says so.
 */
import { randomBytes } from "node:crypto";
import { chmod, copyFile, constants, link, mkdir, open, readFile, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { DEV_JWT_SECRET } from "../config.ts";
import type { Logger } from "../log.ts";

export const JWT_SECRET_FILE = "jwt-secret";
/** Shortest usable secret, in characters (as JWT_SECRET). */
export const MIN_SECRET_CHARS = 32;
/** Random bytes of a generated secret. */
const SECRET_BYTES = 32;

export interface ResolveJwtSecretOptions {
  /** JWT_SECRET, if set (validated by loadConfig). */
  configured: string | undefined;
  /** DATA_DIR: where the generated secret is kept. */
  dataDir: string;
  log: Logger;
  /** NODE_ENV=production: a generated secret is allowed, with a warning about several processes. */
  production?: boolean;
}

export async function resolveJwtSecret(opts: ResolveJwtSecretOptions): Promise<string> {
  const { configured, log } = opts;
  if (configured) {
    log.info({ source: "env" }, "bearer tokens are signed with JWT_SECRET");
    if (configured === DEV_JWT_SECRET) log.warn({ source: "env" }, "JWT_SECRET is a public test value: anyone can sign tokens for any player");
    return configured;
  }
  const file = resolve(join(opts.dataDir, JWT_SECRET_FILE));
  let secret = await readSecret(file);
  let created = false;
  if (secret === null) {
    created = await createSecretFile(file);
    // Winner or not, the file now holds THE secret; a loser may briefly see the winner's file
    // still being written only on filesystems without hard links (copy fallback): wait for it.
    secret = await readSecret(file, created ? 0 : 2_000);
    if (secret === null) throw new Error(`${file}: vanished right after it was created; check DATA_DIR`);
  } else {
    const mode = (await stat(file)).mode & 0o777;
    if (process.platform !== "win32" && (mode & 0o077) !== 0) {
      log.warn({ source: "file", path: file, mode: mode.toString(8) }, "the token secret file is readable by other users: chmod 600 it");
    }
  }
  log.info({ source: "file", path: file, created }, created ? "bearer tokens are signed with a secret generated into the data dir" : "bearer tokens are signed with the secret kept in the data dir");
  if (opts.production) {
    log.warn(
      { source: "file", path: file },
      "JWT_SECRET is not set: tokens are signed with the secret in the data dir; several server processes must share one secret (set the same JWT_SECRET for all, or share this file), or each refuses the others' tokens",
    );
  }
  return secret;
}

/**
 * The secret in `file`, or null when there is no file. An unusable file (too short, control
 * characters) is an error, never replaced: replacing it would silently void every token.
 * With `waitMs`, an unusable content is re-read until it becomes usable or the time is out.
 */
async function readSecret(file: string, waitMs = 0): Promise<string | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    const secret = text.trim();
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the class exists to find control characters and refuse the secret
    if (secret.length >= MIN_SECRET_CHARS && !/[\u0000-\u001f\u007f]/.test(secret)) return secret;
    if (Date.now() >= deadline) {
      throw new Error(
        `${file}: unusable token secret (must be at least ${MIN_SECRET_CHARS} printable characters); fix it, or delete it to have a new one generated (every token issued so far becomes invalid), or set JWT_SECRET`,
      );
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Creates `file` with a fresh secret unless it exists. True when this call created it. */
async function createSecretFile(file: string): Promise<boolean> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const handle = await open(tmp, "wx", 0o600);
    try {
      await handle.writeFile(`${randomBytes(SECRET_BYTES).toString("base64url")}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(tmp, 0o600); // whatever the umask
    try {
      await link(tmp, file); // atomic, and refuses to replace an existing file
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") return false;
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS" && code !== "EXDEV") throw error;
    }
    // No hard links on this filesystem: an exclusive copy (never replaces; readers wait for content).
    try {
      await copyFile(tmp, file, constants.COPYFILE_EXCL);
      await chmod(file, 0o600);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  } finally {
    await rm(tmp, { force: true });
  }
}
