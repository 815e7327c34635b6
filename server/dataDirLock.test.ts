import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, DataDirUnusableError, dataDirFailure, lockDataDir } from "./dataDirLock.ts";

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "datadir-lock-"));
  dirs.push(dir);
  return dir;
}

/** Another process holding `dir` (resolves once it has the lock). */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `import { lockDataDir } from "./server/dataDirLock.ts"; lockDataDir(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 60_000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}) before locking`)));
  });
  return child;
}

describe("the data dir lock", () => {
  it("is held by one process at a time; the refusal names the holder's pid; the kernel releases it when the holder is killed", { timeout: 60_000 }, async () => {
    const dir = freshDir();
    const child = await holder(dir);
    const refused = (() => {
      try {
        lockDataDir(dir);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(`data dir ${dir} is in use by process ${child.pid}`);
    expect(dataDirFailure(refused, dir)).toMatch(/stop that process first, or set DATA_DIR to another directory$/);

    child.kill("SIGKILL"); // no clean-up of any kind: its lock file stays, naming it
    await new Promise((resolve) => child.once("exit", resolve));
    expect(readFileSync(join(dir, "server.pid"), "utf8").trim()).toBe(String(child.pid));
    const lock = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.pid"), "utf8").trim()).toBe(String(process.pid));
    lock.release();
    lock.release(); // idempotent
    expect(existsSync(join(dir, "server.pid"))).toBe(false);
  });

  it("a lock file naming a live process that holds no lock (a pid reused after a restart) is no obstacle", () => {
    const dir = freshDir();
    writeFileSync(join(dir, "server.pid"), `${process.ppid}\n`);
    const lock = lockDataDir(dir);
    // Twice in one process is refused too (each open of the file is its own lock).
    expect(() => lockDataDir(dir)).toThrow(`data dir ${dir} is in use by process ${process.pid}`);
    lock.release();
    lockDataDir(dir).release();
  });

  it("a data dir that cannot be created or written: DataDirUnusableError, one line naming the reason and DATA_DIR", () => {
    const file = join(freshDir(), "a-file");
    writeFileSync(file, "not a directory");
    const dir = join(file, "data");
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirUnusableError);
    expect(dataDirFailure(error, dir)).toBe(`data dir ${dir} cannot be used: not a directory (ENOTDIR): set DATA_DIR to a directory this process can write`);
    // A file system error on a path inside DATA_DIR (as writing the JWT secret there would give) reads the same way.
    const erofs = Object.assign(new Error(`EROFS: read-only file system, open '${join(dir, "jwt-secret")}'`), { code: "EROFS", path: join(dir, "jwt-secret") });
    expect(dataDirFailure(erofs, dir)).toBe(`data dir ${dir} cannot be used: read-only file system (EROFS): set DATA_DIR to a directory this process can write`);
    expect(dataDirFailure(Object.assign(new Error("x"), { code: "EROFS", path: "/elsewhere" }), dir)).toBeNull();
  });
});
