import { describe, expect, it } from "vitest";
import { DecisionQueue } from "./decisionQueue.ts";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("decision queue: one decision at a time, patches held until durable", () => {
  it("runs tasks in order, each after the previous one settled, even when one awaits or throws", async () => {
    const queue = new DecisionQueue(() => {});
    const order: string[] = [];
    const slow = deferred();
    const first = queue.inTurn(async () => {
      order.push("first starts");
      await slow.promise;
      order.push("first ends");
    });
    const failing = queue.inTurn(() => {
      order.push("second");
      throw new Error("refused");
    });
    const third = queue.inTurn(() => order.push("third"));
    await Promise.resolve();
    expect(order).toEqual(["first starts"]);
    slow.resolve();
    await first;
    await expect(failing).rejects.toThrow("refused");
    await third;
    expect(order).toEqual(["first starts", "first ends", "second", "third"]);
  });

  it("no patch goes out while a decision is held; the caller flushes once it is durable", async () => {
    let patches = 0;
    const queue = new DecisionQueue(() => patches++);
    const durable = deferred();
    const held = queue.held(async () => {
      queue.flush(); // e.g. a reconnection meanwhile: its patch waits
      await durable.promise;
      return "outcome";
    });
    expect(patches).toBe(0);
    durable.resolve();
    expect(await held).toBe("outcome");
    queue.flush();
    expect(patches).toBe(1);
  });

  it("a start held until its header is durable flushes by itself", async () => {
    let patches = 0;
    const queue = new DecisionQueue(() => patches++);
    const header = deferred();
    queue.holdUntil(header.promise);
    queue.flush();
    expect(patches).toBe(0);
    header.resolve();
    await header.promise;
    await Promise.resolve();
    expect(patches).toBe(1);
  });
});
