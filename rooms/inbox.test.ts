import { Protocol, ResponseStatus } from "@colyseus/core";
import { unpack } from "msgpackr";
import { describe, expect, it } from "vitest";
import { dataFrame, NOT_MSGPACK, requestFrame } from "../test/support/frames.ts";
import { Inbox, type InboxSettings } from "./inbox.ts";

const settings: InboxSettings = { ratePerS: 10, burst: 5, floodLimit: 20, floodWindowMs: 10_000, logEveryMs: 30_000 };

function fakeClient() {
  const sent: { type: string; message: any }[] = [];
  const raw: Buffer[] = [];
  const left: { code?: number; reason?: string }[] = [];
  const client = {
    sessionId: "s1",
    userData: { seat: 0 },
    ref: { readyState: 1 },
    send: (type: string, message: unknown) => sent.push({ type, message }),
    enqueueRaw: (bytes: Buffer) => raw.push(bytes),
    leave: (code?: number, reason?: string) => {
      left.push({ code, reason });
      client.ref.readyState = 2;
    },
  };
  return { client: client as any, sent, raw, left };
}

function fakeLog() {
  const lines: { obj: unknown; msg: string }[] = [];
  const log = { warn: (obj: unknown, msg: string) => lines.push({ obj, msg }), info: () => {}, error: () => {}, debug: () => {} };
  return { log: log as any, lines };
}

/** Decodes a ROOM_RESPONSE frame: [code, requestId varint, status, msgpack payload]. */
function response(bytes: Buffer): { requestId: number; status: number; payload: any } {
  expect(bytes[0]).toBe(Protocol.ROOM_RESPONSE);
  // request ids below 128 are one byte in this encoding
  return { requestId: bytes[1]!, status: bytes[2]!, payload: unpack(bytes.subarray(3)) };
}

describe("room inbox (frames from one client)", () => {
  const act = dataFrame("act", { id: 1, action: { type: "pass" } });

  it("passes well-formed act frames within the rate", () => {
    const { log } = fakeLog();
    const inbox = new Inbox(settings, new Set(["act"]), { log: () => log });
    const { client } = fakeClient();
    for (let i = 0; i < 5; i++) expect(inbox.admit(client, act, 1000)).toBe(true);
  });

  it("a message beyond the token bucket is answered rate_limited and does not reach the game; tokens refill with time", () => {
    const { log } = fakeLog();
    const inbox = new Inbox(settings, new Set(["act"]), { log: () => log });
    const { client, sent, raw } = fakeClient();
    for (let i = 0; i < 5; i++) inbox.admit(client, act, 1000);
    expect(inbox.admit(client, act, 1000)).toBe(false);
    expect(sent.at(-1)).toMatchObject({ type: "rejected", message: { code: "rate_limited" } });
    expect(inbox.admit(client, requestFrame(7, "act", { action: { type: "pass" } }), 1000)).toBe(false);
    expect(response(raw.at(-1)!)).toMatchObject({ requestId: 7, status: ResponseStatus.REJECTED, payload: { code: "rate_limited" } });
    expect(inbox.admit(client, act, 1100)).toBe(true); // 100 ms at 10/s: one token back
  });

  it("a client that keeps flooding past the limit is disconnected, and nothing it sent after that is taken", () => {
    const { log, lines } = fakeLog();
    const inbox = new Inbox(settings, new Set(["act"]), { log: () => log });
    const { client, left } = fakeClient();
    let passed = 0;
    for (let i = 0; i < 100; i++) if (inbox.admit(client, act, 1000)) passed++;
    expect(passed).toBe(5);
    expect(left).toEqual([{ code: 4002, reason: "rate_limited: too many messages" }]);
    client.ref.readyState = 1; // even if the socket still looked open, the inbox stays closed
    expect(inbox.admit(client, act, 60_000)).toBe(false);
    expect(inbox.isOpen(client)).toBe(false);
    expect(lines.filter((l) => /disconnected for flooding/.test(l.msg))).toHaveLength(1);
  });

  it("JOIN_ROOM frames cost a token like any other (the join acknowledgement passes; a stream of them meets the flood limit); LEAVE_ROOM always passes", () => {
    const { log } = fakeLog();
    const inbox = new Inbox(settings, new Set(["act"]), { log: () => log });
    const { client, left } = fakeClient();
    const join = Buffer.from([Protocol.JOIN_ROOM]);
    expect(inbox.admit(client, join, 1000)).toBe(true);
    let passed = 1;
    for (let i = 0; i < 100; i++) if (inbox.admit(client, join, 1000)) passed++;
    expect(passed).toBe(5);
    expect(left).toEqual([{ code: 4002, reason: "rate_limited: too many messages" }]);

    const leaver = fakeClient();
    for (let i = 0; i < 5; i++) inbox.admit(leaver.client, act, 2000);
    expect(inbox.admit(leaver.client, act, 2000)).toBe(false);
    expect(inbox.admit(leaver.client, Buffer.from([Protocol.LEAVE_ROOM]), 2000)).toBe(true);
  });

  it("frames from a client whose socket is closing are dropped", () => {
    const { log } = fakeLog();
    const inbox = new Inbox(settings, new Set(["act"]), { log: () => log });
    const { client } = fakeClient();
    client.ref.readyState = 2; // CLOSING
    expect(inbox.admit(client, act, 1000)).toBe(false);
  });

  it("a frame that does not decode gets bad_frame (as a reply to a request), and the client stays", () => {
    const { log } = fakeLog();
    const inbox = new Inbox(settings, new Set(["act"]), { log: () => log });
    const { client, sent, raw, left } = fakeClient();
    expect(inbox.admit(client, dataFrame("act", undefined, NOT_MSGPACK), 1000)).toBe(false);
    expect(sent.at(-1)).toMatchObject({ type: "rejected", message: { code: "bad_frame" } });
    expect(inbox.admit(client, requestFrame(9, "act", undefined, NOT_MSGPACK), 1000)).toBe(false);
    expect(response(raw.at(-1)!)).toMatchObject({ requestId: 9, status: ResponseStatus.REJECTED, payload: { code: "bad_frame" } });
    expect(left).toEqual([]);
    expect(inbox.admit(client, act, 1000)).toBe(true);
  });

  it("an unknown message type, raw bytes or input frames get unknown_message; the client stays", () => {
    const { log } = fakeLog();
    const inbox = new Inbox({ ...settings, burst: 100 }, new Set(["act"]), { log: () => log });
    const { client, sent, left } = fakeClient();
    expect(inbox.admit(client, dataFrame("teleport", { x: 1 }), 1000)).toBe(false);
    expect(sent.at(-1)).toMatchObject({ type: "rejected", message: { code: "unknown_message" } });
    expect(inbox.admit(client, Buffer.from([Protocol.ROOM_DATA_BYTES, 1, 2, 3]), 1000)).toBe(false);
    expect(inbox.admit(client, Buffer.from([Protocol.ROOM_INPUT_RELIABLE, 1]), 1000)).toBe(false);
    expect(sent.map((s) => s.message.code)).toEqual(["unknown_message", "unknown_message", "unknown_message"]);
    expect(left).toEqual([]);
  });

  it("2,000 bad frames are logged as one summary line per client per interval, not a line each", () => {
    const { log, lines } = fakeLog();
    const inbox = new Inbox({ ...settings, burst: 10_000, floodLimit: 1e9 }, new Set(["act"]), { log: () => log });
    const { client } = fakeClient();
    for (let i = 0; i < 2000; i++) inbox.admit(client, dataFrame("act", undefined, NOT_MSGPACK), 1000 + i);
    expect(lines.length).toBe(1);
    for (let i = 0; i < 10; i++) inbox.admit(client, dataFrame("act", undefined, NOT_MSGPACK), 40_000 + i);
    expect(lines.length).toBe(2);
    expect(lines[1]!.obj).toMatchObject({ counts: { bad_frame: 2000 } });
  });
});
