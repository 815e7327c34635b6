import { describe, expect, it } from "vitest";
import { DecisionQueue } from "./decisionQueue.ts";

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe("decision queue: one decision at a time", () => {
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
});
