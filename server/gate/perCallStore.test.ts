import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { PerCallStore } from "./perCallStore.ts";

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("PerCallStore: a value per matchmaking call, no promise hook between calls", () => {
  it("a call sees its own value through awaits and the events it causes; overlapping calls do not mix", async () => {
    const store = new PerCallStore<{ name: string; seen: string[] }>();
    const events = new EventEmitter();
    events.on("create", () => store.get()?.seen.push("create"));
    const call = (name: string) => {
      const value = { name, seen: [] as string[] };
      return store.run(value, async () => {
        await tick();
        events.emit("create");
        await tick();
        return `${store.get()!.name}:${value.seen.join(",")}`;
      });
    };
    expect(await Promise.all([call("a"), call("b")])).toEqual(["a:create", "b:create"]);
    expect(store.get()).toBeUndefined();
  });

  it("is unhooked once its last call settles, also when a call fails, and hooked again by the next", async () => {
    const store = new PerCallStore<number>();
    const nodeShowsIt = await store.run(1, async () => store.hooked); // false on a Node whose AsyncLocalStorage needs no hook
    let release!: () => void;
    const slow = store.run(2, () => new Promise<void>((resolve) => (release = resolve)));
    await expect(store.run(3, async () => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(store.hooked).toBe(nodeShowsIt); // the slow call is still in flight
    release();
    await slow;
    expect(store.hooked).toBe(false);
    const got = await store.run(4, async () => {
      await tick();
      return store.get();
    });
    expect(got).toBe(4);
    expect(store.hooked).toBe(false);
  });
});
