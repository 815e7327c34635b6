import { describe, expect, it } from "vitest";
import { HashGate } from "./hashGate.ts";

/** A check that finishes when its `done` is called. */
function pending() {
  let done!: () => void;
  const promise = new Promise<void>((resolve) => (done = resolve));
  return { check: () => promise, done };
}
const tick = () => new Promise((r) => setImmediate(r));

describe("HashGate (password checks)", () => {
  it("runs at most `concurrency` checks at once; the others wait in order and run as slots free", async () => {
    const gate = new HashGate({ concurrency: 1, perAddress: 2, maxWaiting: 10 });
    const a = pending();
    const b = pending();
    const started: string[] = [];
    const ra = gate.run("1.1.1.1", () => {
      started.push("a");
      return a.check();
    });
    const rb = gate.run("2.2.2.2", () => {
      started.push("b");
      return b.check();
    });
    await tick();
    expect(started).toEqual(["a"]);
    a.done();
    await ra;
    await tick();
    expect(started).toEqual(["a", "b"]);
    b.done();
    await rb;
  });

  it("refuses a check over the per-address bound at once (rate_limited), and takes one again once an answer came", async () => {
    const gate = new HashGate({ concurrency: 1, perAddress: 1, maxWaiting: 10 });
    const a = pending();
    const ra = gate.run("1.1.1.1", a.check);
    await expect(gate.run("1.1.1.1", async () => "x")).rejects.toMatchObject({ code: "rate_limited" });
    expect(await Promise.race([gate.run("2.2.2.2", async () => "other").catch(() => "refused"), tick().then(() => "waiting")])).toBe("waiting");
    a.done();
    await ra;
    expect(await gate.run("1.1.1.1", async () => "again")).toBe("again");
  });

  it("refuses when `maxWaiting` checks are already waiting; a failing check frees its slot", async () => {
    const gate = new HashGate({ concurrency: 1, perAddress: 5, maxWaiting: 1 });
    const a = pending();
    const ra = gate.run("1.1.1.1", a.check);
    const rb = gate.run("2.2.2.2", async () => {
      throw new Error("boom");
    });
    await expect(gate.run("3.3.3.3", async () => "x")).rejects.toMatchObject({ code: "rate_limited" });
    a.done();
    await ra;
    await expect(rb).rejects.toThrow("boom");
    expect(await gate.run("3.3.3.3", async () => "free")).toBe("free");
  });
});
