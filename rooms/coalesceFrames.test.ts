import type { Client } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { coalesceFrames } from "./coalesceFrames.ts";

/** A client whose socket counts cork/uncork and records what is written while corked. */
function fakeClient() {
  const socket = {
    corks: 0,
    writes: [] as string[],
    flushed: [] as string[][],
    cork() {
      this.corks++;
    },
    uncork() {
      this.corks--;
      if (this.corks === 0) this.flushed.push(this.writes.splice(0));
    },
  };
  const client = { ref: { _socket: socket }, send: (frame: string) => socket.writes.push(frame) };
  return { client: client as unknown as Client & { send(frame: string): void }, socket };
}

describe("coalesceFrames", () => {
  it("keeps each client's socket corked while the frames are produced and until the microtasks queued meanwhile have run (the reply goes in the same write)", async () => {
    const a = fakeClient();
    const b = fakeClient();
    const reply = Promise.resolve().then(() => a.client.send("reply"));
    const out = coalesceFrames([a.client, b.client], () => {
      a.client.send("patch");
      b.client.send("patch");
      a.client.send("events");
      return 42;
    });
    expect(out).toBe(42);
    expect(a.socket.corks).toBe(1);
    await reply;
    await new Promise((r) => process.nextTick(r));
    expect(a.socket.corks).toBe(0);
    expect(a.socket.flushed).toEqual([["patch", "events", "reply"]]);
    expect(b.socket.flushed).toEqual([["patch"]]);
  });

  it("a socket that throws on uncork (destroyed meanwhile) does not leave the next ones corked", async () => {
    const broken = fakeClient();
    broken.socket.uncork = () => {
      throw new Error("destroyed");
    };
    const b = fakeClient();
    coalesceFrames([broken.client, b.client], () => b.client.send("patch"));
    await new Promise((r) => process.nextTick(r));
    expect(b.socket.corks).toBe(0);
    expect(b.socket.flushed).toEqual([["patch"]]);
  });

  it("uncorks even when producing throws, and leaves a client without a corkable socket alone", async () => {
    const a = fakeClient();
    const bare = { ref: {} } as unknown as Client;
    expect(() =>
      coalesceFrames([a.client, bare], () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    await new Promise((r) => process.nextTick(r));
    expect(a.socket.corks).toBe(0);
  });
});
