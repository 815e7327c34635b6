/**
 * Rate limits of the accounts API over HTTP (server/auth/limits.ts, server/http/auth.ts):
 * a login attempt takes its point BEFORE the password is checked, so concurrent guesses cannot
 * outrun the count; logins are also limited per client IP across usernames; registrations and
 * guest identities are limited per IP. Every refusal: 429 rate_limited with Retry-After.
 * All requests come from 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../server/auth/passwords.ts";
import { createAccount } from "../server/store/players.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { accountsApi, isRateLimited, statusCounts } from "./support/accountsApi.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

describe("login: per username and IP, counted before the password check", () => {
  let t: TestServer;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await startTestServer({
      bindings: [highCardBinding],
      // Password checks from one address at once: not the subject here (see the last describe).
      env: { LOGIN_MAX_FAILURES: "5", LOGIN_WINDOW_S: "600", LOGIN_MAX_FAILURES_PER_IP: "1000", PASSWORD_CHECKS_PER_IP: "100" },
    });
    api = accountsApi(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("40 concurrent wrong logins for one name from one IP: at most LOGIN_MAX_FAILURES are evaluated, the rest get 429", async () => {
    expect((await api.register("victim", "the right password")).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => api.login("victim", `wrong guess ${i}`)));
    const counts = statusCounts(answers);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(35);
    for (const a of answers.filter((x) => x.status === 429)) expect(isRateLimited(a, 600)).toBe(true);
    // Now even the right password waits for the window.
    const right = await api.login("VICTIM", "the right password");
    expect(isRateLimited(right, 600)).toBe(true);
  });

  it("a success clears the count for that username and IP", async () => {
    expect((await api.register("forgetful", "remembered at last")).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await api.login("forgetful", `nope ${i}`)).status).toBe(401);
    expect((await api.login("forgetful", "remembered at last")).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 5 }, (_, i) => api.login("forgetful", `nope again ${i}`)));
    expect(statusCounts(again)).toEqual({ 401: 5 });
  });
});

describe("per-IP limits: logins across usernames, registrations, guest identities", () => {
  let t: TestServer;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await startTestServer({
      bindings: [highCardBinding],
      env: {
        LOGIN_MAX_FAILURES: "3",
        LOGIN_WINDOW_S: "600",
        LOGIN_MAX_FAILURES_PER_IP: "6",
        REGISTER_PER_IP_PER_HOUR: "4",
        GUEST_PER_IP_PER_MINUTE: "5",
      },
    });
    api = accountsApi(t.url);
    // Accounts straight in the store: the registration limit is not spent on them.
    await createAccount(t.sql, "honest_user", await hashPassword("my own password"));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("many usernames from one IP: after LOGIN_MAX_FAILURES_PER_IP failures, that IP gets 429 for any username", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => api.login(`sprayed_${i}`, "Password1!")));
    const counts = statusCounts(answers);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(6);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(14);
    for (const a of answers.filter((x) => x.status === 429)) expect(isRateLimited(a, 600)).toBe(true);
    // The IP is refused for another username too, right password or not.
    expect(isRateLimited(await api.login("honest_user", "my own password"), 600)).toBe(true);
  });

  it("a registration flood from one IP gets 429 past REGISTER_PER_IP_PER_HOUR", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => api.register(`flood_${i}`, "long enough pw")));
    const counts = statusCounts(answers);
    expect(counts[201] ?? 0).toBeLessThanOrEqual(4);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(6);
    for (const a of answers.filter((x) => x.status === 429)) expect(isRateLimited(a, 3600)).toBe(true);
    const [row] = await t.sql`select count(*)::int as n from accounts where username like 'flood_%'`;
    expect(row!.n).toBeLessThanOrEqual(4);
  });

  it("a guest flood from one IP gets 429 past GUEST_PER_IP_PER_MINUTE", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => api.guest()));
    const counts = statusCounts(answers);
    expect(counts[200] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(7);
    for (const a of answers.filter((x) => x.status === 429)) expect(isRateLimited(a, 60)).toBe(true);
  });
});

describe("password checks per address: right passwords too", () => {
  let t: TestServer;
  let api: ReturnType<typeof accountsApi>;
  beforeAll(async () => {
    t = await startTestServer({ bindings: [highCardBinding], env: { PASSWORD_CHECKS_PER_IP: "1", LOGIN_MAX_FAILURES: "100", LOGIN_MAX_FAILURES_PER_IP: "1000" } });
    api = accountsApi(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("8 concurrent logins with the right password from one address: one is checked at a time, the others get 429 at once (Retry-After 1); one after the other, each succeeds", async () => {
    await createAccount(t.sql, "busybee", await hashPassword("honey and wax"));
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.login("busybee", "honey and wax")));
    const counts = statusCounts(answers);
    expect(counts[200]).toBeGreaterThanOrEqual(1);
    expect((counts[200] ?? 0) + (counts[429] ?? 0)).toBe(8);
    expect(counts[429]).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(isRateLimited(a, 1)).toBe(true);
      expect(a.body.error.message).toMatch(/password check/);
    }
    for (let i = 0; i < 3; i++) expect((await api.login("busybee", "honey and wax")).status).toBe(200);
  });
});
