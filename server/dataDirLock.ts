/**
 * One process at a time per DATA_DIR (a server, `npm run migrate`): the data dir is held by an
 * advisory lock on `DATA_DIR/server.pid` that the kernel releases when the process ends, however
 * it ends (`kill -9`, a crash, a container stopped). Nothing stale is left to judge: the file
 * itself means nothing without the lock, it only names the holder (its pid) for the message a
 * second process gets.
 *
 * Why a lock and not a pid: a pidfile checked with kill(pid, 0) cannot tell the server that wrote
 * it from any process that got the same id later, and a restarted container hands out the same
 * low ids again, so a server could refuse to come back for no reason.
 *
 * The lock is an open-file-description lock (Linux `F_OFD_SETLK`; `flock` on macOS, `LockFileEx`
 * on Windows) through fs-native-extensions, whose npm package ships its prebuilt binaries
 * (nothing is compiled or downloaded at install). Two containers sharing the volume on one host
 * see each other's lock (one kernel), and an NFS client forwards it to the server. A listening
 * Unix socket in DATA_DIR would also be released at death, but is checked by connect(), which a
 * socket file on a volume two hosts share never answers (each would take the other for dead),
 * and its path is limited to 107 bytes.
 */
import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, constants, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, relative, resolve } from "node:path";

export const LOCK_FILE = "server.pid";

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** The holder's pid as its lock file names it (null: not written yet, or unreadable). */
    readonly pid: number | null,
  ) {
    super(`data dir ${dataDir} is in use by ${pid === null ? "another process" : `process ${pid}`}`);
    this.name = "DataDirInUseError";
  }
}

/** The data dir cannot be created, written or locked (read-only file system, permissions...). */
export class DataDirUnusableError extends Error {
  constructor(
    readonly dataDir: string,
    readonly reason: string,
  ) {
    super(`data dir ${dataDir} cannot be used: ${reason}`);
    this.name = "DataDirUnusableError";
  }
}

/** What an operator reads when a second process (a server, `npm run migrate`) meets a data dir in use. */
export function dataDirInUse(error: DataDirInUseError): string {
  return `${error.message}: stop that process first, or set DATA_DIR to another directory`;
}

/**
 * The one line an operator reads for a start that failed on the data dir: in use, or not
 * usable (an error of the file system on a path inside it, e.g. EROFS); null for any other error.
 */
export function dataDirFailure(error: unknown, dataDir: string): string | null {
  if (error instanceof DataDirInUseError) return dataDirInUse(error);
  if (error instanceof DataDirUnusableError) return `${error.message}: set DATA_DIR to a directory this process can write`;
  const fsError = error as NodeJS.ErrnoException;
  if (typeof fsError?.code !== "string" || typeof fsError.path !== "string" || !inside(fsError.path, dataDir)) return null;
  return `${new DataDirUnusableError(resolve(dataDir), fsErrorText(fsError)).message}: set DATA_DIR to a directory this process can write`;
}

export interface DataDirLock {
  readonly dataDir: string;
  /** Removes the lock file and releases the lock. Idempotent. */
  release(): void;
}

/** Takes the data dir (created if missing) for this process; throws DataDirInUseError or DataDirUnusableError. */
export function lockDataDir(dir: string): DataDirLock {
  const dataDir = resolve(dir);
  const file = join(dataDir, LOCK_FILE);
  const fsx = nativeLocks(dataDir);
  const unusable = (error: unknown): never => {
    throw new DataDirUnusableError(dataDir, fsErrorText(error as NodeJS.ErrnoException));
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      mkdirSync(dataDir, { recursive: true });
      fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o644);
    } catch (error) {
      return unusable(error);
    }
    let locked: boolean;
    try {
      locked = fsx.tryLock(fd);
    } catch (error) {
      closeSync(fd);
      return unusable(error);
    }
    if (!locked) {
      closeSync(fd);
      throw new DataDirInUseError(dataDir, pidIn(file));
    }
    // A holder that was releasing removed the file after we opened it: our lock is on a file
    // nobody else will open again. Start over on the path's current file.
    if (!sameFile(fd, file)) {
      closeSync(fd);
      continue;
    }
    try {
      ftruncateSync(fd, 0);
      writeSync(fd, `${process.pid}\n`, 0);
    } catch (error) {
      closeSync(fd);
      return unusable(error);
    }
    let released = false;
    return {
      dataDir,
      release() {
        if (released) return;
        released = true;
        // Removed while still locked, so no other process can lock this file after us (see above).
        if (sameFile(fd, file)) {
          try {
            unlinkSync(file);
          } catch {
            // a read-only or vanished dir: the lock goes with the close all the same
          }
        }
        closeSync(fd);
      },
    };
  }
  throw new DataDirUnusableError(dataDir, `${file} keeps being replaced`);
}

function nativeLocks(dataDir: string): { tryLock(fd: number): boolean } {
  try {
    return createRequire(import.meta.url)("fs-native-extensions") as { tryLock(fd: number): boolean };
  } catch (error) {
    throw new DataDirUnusableError(dataDir, `no file lock on this platform (${process.platform}-${process.arch}): ${(error as Error).message}`);
  }
}

function sameFile(fd: number, file: string): boolean {
  try {
    return fstatSync(fd).ino === statSync(file).ino;
  } catch {
    return false;
  }
}

function pidIn(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** "read-only file system (EROFS)", from Node's "EROFS: read-only file system, open '...'". */
function fsErrorText(error: NodeJS.ErrnoException): string {
  const text = /^[A-Z]+: ([^,]+)/.exec(error.message ?? "")?.[1] ?? error.message ?? String(error);
  return error.code ? `${text} (${error.code})` : text;
}

function inside(path: string, dir: string): boolean {
  const rel = relative(resolve(dir), resolve(path));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}
