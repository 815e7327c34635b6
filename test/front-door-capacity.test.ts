/**
 * Server-wide capacity at the front door, over the real server: beyond MAX_ROOMS live rooms
 * (here 3) `create` is refused 503 `server_full` while `joinOrCreate` still joins an open room;
 * and behind a trusted proxy (TRUST_PROXY=1) the per-address connection cap (here 2) counts
 * WebSockets by the forwarded client address.
 */
import { matchMaker } from "@colyseus/core";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { highCardBinding } from "./fixtures/highcard.ts";
import { sdkRefusal, startTestServer, waitFor, webSocketOutcome, type TestServer } from "./support/testServer.ts";

/** A WebSocket upgrade "from" `ip` (X-Forwarded-For). */
const webSocketFrom = (ip: string) => webSocketOutcome(`${t.wsUrl}/`, { "x-forwarded-for": ip });

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding], env: { TRUST_PROXY: "1", MAX_ROOMS: "3", MAX_CONNECTIONS_PER_IP: "2" } });
});
afterAll(async () => {
  await t?.close();
});

const clientFrom = (ip: string) => new Client(t.wsUrl, { headers: { "x-forwarded-for": ip } });

async function matchmake(path: string, body = "{}") {
  const res = await fetch(`${t.url}/matchmake/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as any };
}

describe("the ceiling of live rooms", () => {
  it("create beyond MAX_ROOMS: 503 server_full; joinOrCreate still joins an open room; rooms that end free their places", async () => {
    const rooms: Room[] = [];
    for (let i = 0; i < 3; i++) rooms.push(await clientFrom(`10.3.0.${i + 1}`).create("highcard", {}));
    expect(matchMaker.stats.local.roomCount).toBe(3);

    const refused = await matchmake("create/highcard");
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ code: "server_full" });
    expect(refused.body.message).toMatch(/limit of 3 rooms/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const viaSdk = await sdkRefusal(clientFrom("10.3.0.9").create("highcard", {}));
    expect(viaSdk.code).toBe(503);
    expect(viaSdk.message).toMatch(/limit of 3 rooms/);

    // joinOrCreate becomes a join: it takes a free seat in one of the open rooms.
    const joined = await clientFrom("10.3.0.8").joinOrCreate("highcard", {});
    rooms.push(joined);
    expect(rooms.slice(0, 3).map((r) => r.roomId)).toContain(joined.roomId);
    expect(matchMaker.stats.local.roomCount).toBe(3);
    // With nothing to join (ranked rooms never are open), it is refused like a create.
    expect((await matchmake("joinOrCreate/highcard", JSON.stringify({ mode: "ranked" }))).body.error.code).toBe("server_full");

    await Promise.all(rooms.map((r) => r.leave()));
    await waitFor(() => matchMaker.stats.local.roomCount === 0, "the rooms disposed");
    const again = await clientFrom("10.3.0.1").create("highcard", {});
    await again.leave();
  });
});

describe("behind a trusted proxy", () => {
  it("WebSockets count per forwarded address: the third from one address is refused 429, another address connects", async () => {
    const a = await clientFrom("10.4.0.1").create("highcard", {});
    const b = await clientFrom("10.4.0.1").joinById(a.roomId, {});
    try {
      expect(await webSocketFrom("10.4.0.1")).toBe(429);
      expect(await webSocketFrom("10.4.0.2")).toBe("open");
    } finally {
      await Promise.all([a.leave(), b.leave()]);
    }
    await waitFor(async () => (await webSocketFrom("10.4.0.1")) === "open", "a place freed by the leaving clients");
  });
});
