/**
 * Accounts over HTTP (server/http/auth.ts): register, login, guest identities, token checks,
 * error codes, and the rate limits (server/auth/limits.ts; more in accounts-limits.test.ts).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { addressKey, AuthLimits, type LimitSpec } from "../server/auth/limits.ts";
import { hashPassword, verifyPassword } from "../server/auth/passwords.ts";
import { issueToken } from "../server/auth/tokens.ts";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding], env: { LOGIN_MAX_FAILURES: "3", LOGIN_WINDOW_S: "600", JWT_SECRET: DEV_JWT_SECRET } });
});
afterAll(async () => {
  await t?.close();
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${t.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}
const post = (path: string, body?: unknown) => call("POST", path, body);
const me = (token?: string) => call("GET", "/api/auth/me", undefined, token);

describe("POST /api/auth/register", () => {
  it("creates an account and answers with a bearer token for it", async () => {
    const r = await post("/api/auth/register", { username: "Ada_Lovelace", password: "correct horse" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ tokenType: "Bearer", player: { username: "Ada_Lovelace", guest: false } });
    expect(Date.parse(r.body.expiresAt)).toBeGreaterThan(Date.now() + 3500_000);
    const who = await me(r.body.token);
    expect(who.status).toBe(200);
    expect(who.body.player).toEqual({ id: r.body.player.id, username: "Ada_Lovelace", guest: false, role: "player" });
    const [row] = await t.sql`select p.kind, a.password_hash from players p join accounts a on a.player_id = p.id where p.id = ${r.body.player.id}`;
    expect(row!.kind).toBe("account");
    expect(row!.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row!.password_hash).not.toContain("correct horse");
  });

  it("a taken name is refused whatever its case: 409 name_taken", async () => {
    expect((await post("/api/auth/register", { username: "Grace", password: "password-1" })).status).toBe(201);
    for (const username of ["Grace", "grace", "GRACE"]) {
      const r = await post("/api/auth/register", { username, password: "password-2" });
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("name_taken");
    }
  });

  it.each([
    [{ username: "ab", password: "long enough" }, /username/],
    [{ username: "x".repeat(25), password: "long enough" }, /username/],
    [{ username: "has space", password: "long enough" }, /username/],
    [{ username: "émile", password: "long enough" }, /username/],
    [{ username: "valid_name", password: "short" }, /password/],
    [{ username: "valid_name" }, /password/],
    [[1, 2], /registration/],
  ])("validation: %j -> 400 bad_request", async (body, message) => {
    const r = await post("/api/auth/register", body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe("bad_request");
    expect(r.body.error.message).toMatch(message);
  });
});

describe("POST /api/auth/login", () => {
  beforeAll(async () => {
    await post("/api/auth/register", { username: "Linus-T", password: "kernel hacker" });
  });

  it("the right password (username in any case) gives a token for the same player", async () => {
    const r = await post("/api/auth/login", { username: "linus-t", password: "kernel hacker" });
    expect(r.status).toBe(200);
    expect(r.body.player).toMatchObject({ username: "Linus-T", guest: false });
    expect((await me(r.body.token)).body.player.id).toBe(r.body.player.id);
  });

  it("a wrong password or an unknown username: 401 bad_credentials, the same message", async () => {
    const wrong = await post("/api/auth/login", { username: "Linus-T", password: "not it at all" });
    const unknown = await post("/api/auth/login", { username: "nobody_here", password: "whatever1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.code).toBe("bad_credentials");
    expect(unknown.body.error).toEqual(wrong.body.error);
  });

  it("rate limit: after LOGIN_MAX_FAILURES failures for a username from one IP, even the right password gets 429", async () => {
    await post("/api/auth/register", { username: "target", password: "the real one" });
    for (let i = 0; i < 3; i++) expect((await post("/api/auth/login", { username: "target", password: `guess-${i}` })).status).toBe(401);
    const blocked = await post("/api/auth/login", { username: "TARGET", password: "the real one" });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(500);
    // Another username from the same IP is not affected.
    expect((await post("/api/auth/login", { username: "Linus-T", password: "kernel hacker" })).status).toBe(200);
  });
});

describe("guest identities and tokens", () => {
  it("POST /api/auth/guest gives a guest token with a fresh player id each time", async () => {
    const a = await post("/api/auth/guest");
    const b = await post("/api/auth/guest", { name: "Visitor" });
    expect(a.status).toBe(200);
    expect(a.body.player).toMatchObject({ guest: true, username: expect.stringMatching(/^~guest-[0-9a-f]{6}$/) });
    expect(b.body.player).toMatchObject({ guest: true, username: "~Visitor" });
    expect(a.body.player.id).not.toBe(b.body.player.id);
    expect((await me(b.body.token)).body.player).toEqual(b.body.player);
  });

  it("an expired token: 401 expired_token", async () => {
    const old = await issueToken(DEV_JWT_SECRET, { playerId: randomUUID(), username: "late", guest: false }, 60, Date.now() - 120_000);
    const r = await me(old);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("expired_token");
  });

  it("a tampered token (player id swapped): 401 invalid_token; no token: 401 missing_token", async () => {
    const { body } = await post("/api/auth/guest");
    const [h, p, s] = (body.token as string).split(".");
    const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
    claims.sub = randomUUID();
    claims.guest = false;
    const r = await me(`${h}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${s}`);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_token");
    const none = await me();
    expect(none.body.error.code).toBe("missing_token");
  });
});

describe("passwords (scrypt)", () => {
  it("salts each hash, verifies only the right password, never matches a malformed hash", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", a)).toBe(true);
    expect(await verifyPassword("same passwore", a)).toBe(false);
    expect(await verifyPassword("same password", "plain")).toBe(false);
    expect(await verifyPassword("same password", "scrypt$x$8$1$AAAA$BBBB")).toBe(false);
  });
});

describe("AuthLimits", () => {
  const settings = { loginMaxFailures: 2, loginWindowS: 600, loginMaxFailuresPerIp: 3, registerPerIpPerHour: 2, guestPerIpPerMinute: 2 };
  const refusedWith = async (p: Promise<unknown>) => {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "rate_limited" });
    return error as { retryAfterS: number; message: string };
  };

  it("reserves login attempts before the check: per username (any case) and address, and per address", async () => {
    const l = new AuthLimits(settings);
    await l.beginLogin("Bob", "1.2.3.4");
    await l.beginLogin("BOB", "1.2.3.4");
    const refused = await refusedWith(l.beginLogin("bob", "1.2.3.4"));
    expect(refused.retryAfterS).toBeGreaterThan(590);
    expect(refused.retryAfterS).toBeLessThanOrEqual(600);
    // Same name from another address: its own count. The address limit spans usernames.
    await l.beginLogin("bob", "5.6.7.8");
    await l.beginLogin("carol", "1.2.3.4");
    expect((await refusedWith(l.beginLogin("dave", "1.2.3.4"))).message).toMatch(/from your address/);
  });

  it("a success clears the username's count and gives the address its point back", async () => {
    const l = new AuthLimits(settings);
    await l.beginLogin("eve", "9.9.9.9"); // a failure: eve 1, address 1
    await (await l.beginLogin("eve", "9.9.9.9")).succeeded(); // a success: eve cleared, address back to 1
    await l.beginLogin("eve", "9.9.9.9"); // eve 1, address 2
    await l.beginLogin("eve", "9.9.9.9"); // eve 2, address 3
    expect((await refusedWith(l.beginLogin("frank", "9.9.9.9"))).message).toMatch(/from your address/);
  });

  it("counts registrations and guest identities per address", async () => {
    const l = new AuthLimits(settings);
    await l.takeRegistration("::ffff:10.0.0.1");
    await l.takeRegistration("10.0.0.1");
    expect((await refusedWith(l.takeRegistration("10.0.0.1"))).retryAfterS).toBeLessThanOrEqual(3600);
    await l.takeGuest("10.0.0.1");
    await l.takeGuest("10.0.0.1");
    expect((await refusedWith(l.takeGuest("10.0.0.1"))).retryAfterS).toBeLessThanOrEqual(60);
  });

  it("takes its store from a factory (a shared store such as RateLimiterRedis can be passed instead)", async () => {
    const specs: LimitSpec[] = [];
    const l = new AuthLimits(settings, (spec) => {
      specs.push(spec);
      return new RateLimiterMemory(spec);
    });
    expect(specs.map((s) => [s.points, s.duration])).toEqual([
      [2, 600],
      [3, 600],
      [2, 3600],
      [2, 60],
    ]);
    expect(new Set(specs.map((s) => s.keyPrefix)).size).toBe(4);
    await l.takeGuest("1.1.1.1");
    // A failing store is an error, never an unlimited pass.
    const broken = new AuthLimits(settings, () => ({
      consume: () => Promise.reject(new Error("store down")),
      reward: () => Promise.reject(new Error("store down")),
      delete: () => Promise.reject(new Error("store down")),
    }));
    await expect(broken.takeGuest("1.1.1.1")).rejects.toThrow(/store down/);
  });

  it("counts an IPv4-mapped address as IPv4, an IPv6 address by its /64", () => {
    expect(addressKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
