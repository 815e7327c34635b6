/**
 * Matchmaking at the front door, over the real server: client mistakes on `/matchmake` are
 * 4xx answers in the API's error shape (not Colyseus' 52x), which @colyseus/sdk shows as a
 * readable message with the HTTP status as its code; and one client address may create only
 * ROOMS_PER_MINUTE_PER_IP rooms a minute (here 3, addresses from X-Forwarded-For with
 * TRUST_PROXY=1), while joining open rooms stays free and other addresses are not affected.
 */
import { matchMaker } from "@colyseus/core";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchmakeAnswer } from "../server/gate/matchmakeErrors.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { sdkRefusal, startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding], env: { TRUST_PROXY: "1", ROOMS_PER_MINUTE_PER_IP: "3" } });
});
afterAll(async () => {
  await t?.close();
});

/** An SDK client whose requests and WebSockets come "from" `ip` (via X-Forwarded-For). */
const clientFrom = (ip?: string) => new Client(t.wsUrl, ip ? { headers: { "x-forwarded-for": ip } } : undefined);

async function matchmake(path: string, options: { ip?: string; body?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { "content-type": options.contentType ?? "application/json" };
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  const res = await fetch(`${t.url}/matchmake/${path}`, { method: "POST", headers, body: options.body ?? "{}" });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as any };
}

function expectApiError(r: { status: number; body: any }, status: number, code: string, message?: RegExp) {
  expect(r.status).toBe(status);
  expect(r.body.error.code).toBe(code);
  expect(typeof r.body.error.message).toBe("string");
  // Top level too: the SDK reads data.message.
  expect(r.body.message).toBe(r.body.error.message);
  expect(r.body.code).toBe(code);
  if (message) expect(r.body.error.message).toMatch(message);
}

describe("rooms created per minute per client address", () => {
  // First in this file: no open room exists yet, so the first joinOrCreate creates one.
  it("only rooms actually created count: a joinOrCreate that joins is free", async () => {
    const ip = "10.2.0.1";
    const rooms = matchMaker.stats.local.roomCount;
    const created = await matchmake("joinOrCreate/highcard", { ip }); // creates (1)
    expect(created.status).toBe(200);
    expect(matchMaker.stats.local.roomCount).toBe(rooms + 1);
    const joined = await matchmake("joinOrCreate/highcard", { ip }); // joins that room: free
    expect(joined.status).toBe(200);
    expect(joined.body.roomId).toBe(created.body.roomId);
    expect((await matchmake("create/highcard", { ip })).status).toBe(200); // (2)
    expect((await matchmake("create/highcard", { ip })).status).toBe(200); // (3)
    const refused = await matchmake("create/highcard", { ip });
    expectApiError(refused, 429, "rate_limited", /at most 3 new rooms per minute/);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
  });

  it("over the cap, create is refused 429 with Retry-After, joinOrCreate still joins an open room; another address still creates", async () => {
    const ip = "10.2.0.2";
    for (let i = 0; i < 3; i++) {
      const r = await matchmake("create/highcard", { ip });
      expect(r.status).toBe(200);
    }
    const refused = await matchmake("create/highcard", { ip });
    expectApiError(refused, 429, "rate_limited");
    expect(refused.retryAfter).toMatch(/^\d+$/);

    // The SDK shows it as a readable error with code 429.
    const viaSdk = await sdkRefusal(clientFrom(ip).create("highcard", {}));
    expect(viaSdk.code).toBe(429);
    expect(viaSdk.message).toMatch(/new rooms per minute/);

    // joinOrCreate over the cap becomes a join: into an open room (each of these has a free seat)...
    const rooms = matchMaker.stats.local.roomCount;
    for (let i = 0; i < 3; i++) {
      const r = await matchmake("joinOrCreate/highcard", { ip });
      expect(r.status).toBe(200);
    }
    expect(matchMaker.stats.local.roomCount).toBe(rooms);
    // ...and with no open room to join (ranked rooms never are), the refusal is the cap's.
    expectApiError(await matchmake("joinOrCreate/highcard", { ip, body: JSON.stringify({ mode: "ranked" }) }), 429, "rate_limited");

    // Another address is not affected; neither is a real SDK client.
    const other = clientFrom("10.2.0.3");
    const room = await other.create("highcard", {});
    expect(room.roomId).toBeTruthy();
    await room.leave();
  });
});

describe("matchmaking errors: 4xx in the API's shape, readable through the SDK", () => {
  it("an unknown room name: 404 unknown_room (SDK: code 404, the message)", async () => {
    expectApiError(await matchmake("joinOrCreate/nosuchgame", { ip: "10.1.0.1" }), 404, "unknown_room", /no room type "nosuchgame"/);
    const e = await sdkRefusal(clientFrom("10.1.0.1").joinOrCreate("nosuchgame"));
    expect(e.code).toBe(404);
    expect(e.message).toMatch(/no room type "nosuchgame"/);
  });

  it("a method that is not exposed, or no method at all: 404", async () => {
    expectApiError(await matchmake("destroyAll/highcard"), 404, "unknown_method", /joinOrCreate/);
    expectApiError(await matchmake("onlyone"), 404, "not_found");
  });

  it("join with no open room, joinById of an unknown room: 404 room_not_found", async () => {
    const none = await sdkRefusal(clientFrom("10.1.0.2").join("highcard", { mode: "ranked" })); // ranked rooms are never open
    expect(none.code).toBe(404);
    expect(none.message).toMatch(/no rooms found/);
    expectApiError(await matchmake("joinById/nosuchroomid"), 404, "room_not_found", /nosuchroomid/);
  });

  it("joinById of a full (locked) room: 409 room_locked", async () => {
    const first = await matchmake("create/highcard", { ip: "10.1.0.3" });
    expect(first.status).toBe(200);
    const roomId: string = first.body.roomId;
    expect((await matchmake(`joinById/${roomId}`, { ip: "10.1.0.3" })).status).toBe(200);
    expectApiError(await matchmake(`joinById/${roomId}`, { ip: "10.1.0.3" }), 409, "room_locked", /is locked/);
  });

  it("a reconnection token that is not valid: 410 seat_expired", async () => {
    const c = clientFrom("10.1.0.4");
    const room = await c.create("highcard", {});
    try {
      const e = await sdkRefusal(c.reconnect(`${room.roomId}:not-a-token`));
      expect(e.code).toBe(410);
      expect(e.message).toMatch(/reconnection token invalid or expired/);
    } finally {
      await room.leave();
    }
  });

  it("a room's refusal keeps its text, and its code becomes error.code: 422 bad_config; 401 missing_token / invalid_token; 403 guest_not_allowed", async () => {
    const ranked = await matchmake("create/highcard", { ip: "10.1.0.5", body: JSON.stringify({ mode: "ranked" }) });
    expectApiError(ranked, 422, "bad_config", /^bad_config: ranked rooms are created by the matchmaker/);
    const viaSdk = await sdkRefusal(clientFrom("10.1.0.5").create("highcard", { mode: "ranked" }));
    expect(viaSdk.code).toBe(422);
    expect(viaSdk.message).toMatch(/^bad_config: ranked rooms are created by the matchmaker/);

    const noToken = await sdkRefusal(clientFrom("10.1.0.5").joinOrCreate("queue", { game: "highcard", seats: 2 }));
    expect(noToken.code).toBe(401);
    expect(noToken.message).toMatch(/^missing_token: /);
    expectApiError(await matchmake("joinOrCreate/queue", { ip: "10.1.0.5" }), 401, "missing_token");
    const forged = await fetch(`${t.url}/matchmake/joinOrCreate/queue`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer not.a.jwt" },
      body: "{}",
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as any).error.code).toBe("invalid_token");
    const guest = (await (await fetch(`${t.url}/api/auth/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as any;
    const asGuest = clientFrom("10.1.0.5");
    asGuest.auth.token = guest.token;
    const notRanked = await sdkRefusal(asGuest.joinOrCreate("queue", { game: "highcard", seats: 2 }));
    expect(notRanked.code).toBe(403);
    expect(notRanked.message).toMatch(/^guest_not_allowed: /);
  });

  it("bad bodies: malformed JSON or options that are not an object: 400; not JSON: 415", async () => {
    expectApiError(await matchmake("joinOrCreate/highcard", { body: "{nope" }), 400, "bad_request", /malformed JSON/);
    expectApiError(await matchmake("joinOrCreate/highcard", { body: "[1,2]" }), 400, "bad_request", /JSON object/);
    expectApiError(await matchmake("joinOrCreate/highcard", { body: "a=b", contentType: "application/x-www-form-urlencoded" }), 415, "unsupported_media_type");
  });

  it("maps every Colyseus matchmaking code; what is left is a logged 500 internal_error", () => {
    expect(matchmakeAnswer(520, 'provided room name "x" not defined')).toMatchObject({ status: 404, code: "unknown_room" });
    expect(matchmakeAnswer(520, 'invalid method "x"')).toMatchObject({ status: 404, code: "unknown_method" });
    expect(matchmakeAnswer(521, "no rooms found with provided criteria")).toMatchObject({ status: 404, code: "room_not_found" });
    expect(matchmakeAnswer(522, 'room "lockAbc" not found')).toMatchObject({ status: 404, code: "room_not_found" });
    expect(matchmakeAnswer(522, 'room "abc" is locked')).toMatchObject({ status: 409, code: "room_locked" });
    expect(matchmakeAnswer(523, "abc is already full.")).toMatchObject({ status: 409, code: "room_full" });
    expect(matchmakeAnswer(524, "seat reservation expired.")).toMatchObject({ status: 410, code: "seat_expired" });
    expect(matchmakeAnswer(525, "onAuth failed")).toMatchObject({ status: 403, code: "auth_failed" });
    expect(matchmakeAnswer(525, "expired_token: the token has expired")).toMatchObject({ status: 401, code: "expired_token", message: "expired_token: the token has expired" });
    expect(matchmakeAnswer(525, "guest_not_allowed: log in")).toMatchObject({ status: 403, code: "guest_not_allowed" });
    expect(matchmakeAnswer(526, "bad_seat_config: muse")).toMatchObject({ status: 422, code: "bad_seat_config" });
    expect(matchmakeAnswer(4212, "no_such_thing: x")).toMatchObject({ status: 422, code: "no_such_thing" });
    expect(matchmakeAnswer("room_closed", "closed")).toMatchObject({ status: 422, code: "room_closed" });
    const fault = matchmakeAnswer(523, "Cannot read properties of undefined (reading 'x')");
    expect(fault).toMatchObject({ status: 500, code: "internal_error", fault: true });
    expect(fault.message).not.toMatch(/Cannot read/);
    expect(matchmakeAnswer(undefined, "boom")).toMatchObject({ status: 500, code: "internal_error" });
  });
});
