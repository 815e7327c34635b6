/**
 * A worker in a process of its own (processWorker.ts): messages go both ways as structured
 * clones; on Linux with util-linux's chrt every thread of it is in the SCHED_IDLE class; it
 * ends when terminated, and when its parent is killed outright (its channel closes).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { processWorker } from "./processWorker.ts";

const ENTRY = new URL("../../test/fixtures/echoProcessWorker.ts", import.meta.url);
const SCHED_IDLE = 5;

/** Whether `pid` runs (a zombie waiting for its parent to reap it does not). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Each thread's scheduling policy (the 41st field of its stat). */
function policies(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[38]);
  });
}

describe.runIf(process.platform === "linux")("a worker process", () => {
  it("answers structured clones, runs every thread at SCHED_IDLE, and is gone once terminated", async () => {
    const worker = processWorker(ENTRY, "test-worker");
    const messages: unknown[] = [];
    worker.on("message", (m) => messages.push(m));
    const ready = await new Promise<unknown>((resolve) => worker.on("message", resolve));
    expect(ready).toEqual({ ready: true, pid: expect.any(Number) });
    const { pid } = ready as { pid: number };
    expect(pid).not.toBe(process.pid);
    worker.postMessage({ map: new Map([["a", 1]]), big: 2n });
    await expect.poll(() => messages.length, { timeout: 30_000 }).toBe(2);
    expect(messages[1]).toEqual({ echo: { map: new Map([["a", 1]]), big: 2n } });
    if (existsSync("/usr/bin/chrt")) expect(new Set(policies(pid))).toEqual(new Set([SCHED_IDLE]));
    await worker.terminate();
    expect(alive(pid)).toBe(false);
  }, 60_000);

  it("ends when its server is killed (kill -9): no orphan keeps searching", async () => {
    const parent = spawn(process.execPath, ["--import", "tsx", "test/fixtures/processWorkerParent.ts"], { stdio: ["ignore", "pipe", "inherit"] });
    const line = await new Promise<string>((resolve) => createInterface({ input: parent.stdout! }).once("line", resolve));
    const pid = Number(line);
    expect(alive(pid)).toBe(true);
    parent.kill("SIGKILL");
    await expect.poll(() => alive(pid), { timeout: 30_000, interval: 100 }).toBe(false);
  }, 60_000);
});
