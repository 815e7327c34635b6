/**
 * What the processes of a cluster share in Redis (database 5), piece by piece: the lease
 * (lease.ts) that elects the one process running the ranked grouping pass, and the limits
 * (limits.ts): rate limits and the flood penalty box, seen alike by two "processes".
 * Skipped when Redis is unreachable unless REQUIRE_REDIS=1.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { freshRedis } from "../../test/support/cluster.ts";
import { silentLogger } from "../log.ts";
import { AuthLimits } from "../auth/limits.ts";
import { AuthError } from "../auth/tokens.ts";
import { Lease } from "./lease.ts";
import { RedisPenaltyBox, redisLimiters } from "./limits.ts";

const url = await freshRedis(5);
const redis = url ? new Redis(url) : null;
afterAll(() => redis?.disconnect());

/** Resolves once `key` no longer exists (Redis expired it): an event, polled, not a fixed sleep. */
async function untilGone(key: string): Promise<void> {
  const limit = Date.now() + 60_000;
  while ((await redis!.exists(key)) === 1) {
    if (Date.now() > limit) throw new Error(`${key} never expired`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(redis === null)("lease lock in Redis", () => {
  it("one holder at a time; release hands it over at once", async () => {
    const a = new Lease(redis!, "lease:one", 60_000, "a");
    const b = new Lease(redis!, "lease:one", 60_000, "b");
    expect(await a.acquireOrRenew()).toBe(true);
    expect(await b.acquireOrRenew()).toBe(false);
    expect(await a.acquireOrRenew()).toBe(true); // renewal
    expect(await a.holder()).toBe(a.token);
    await a.release();
    expect(a.holds()).toBe(false);
    expect(await b.acquireOrRenew()).toBe(true);
    expect(await a.acquireOrRenew()).toBe(false);
    await b.release();
  });

  it("a holder that stops renewing loses it on expiry; its late renew and release do not touch the new holder's lease", async () => {
    const stale = new Lease(redis!, "lease:two", 150, "stale");
    const next = new Lease(redis!, "lease:two", 60_000, "next");
    expect(await stale.acquireOrRenew()).toBe(true);
    await untilGone("lease:two");
    expect(await next.acquireOrRenew()).toBe(true);
    expect(await stale.acquireOrRenew()).toBe(false); // the compare-and-pexpire refuses, then SET NX refuses
    await stale.release(); // not held any more: no-op
    // Even a release sent while it still believed it held the lease is a compare-and-delete.
    (stale as unknown as { held: boolean }).held = true;
    await stale.release();
    expect(await next.holder()).toBe(next.token);
    expect(await next.acquireOrRenew()).toBe(true);
  });

  it("concurrent acquisitions: exactly one wins", async () => {
    const leases = Array.from({ length: 20 }, (_, i) => new Lease(redis!, "lease:race", 60_000, `p${i}`));
    const won = await Promise.all(leases.map((l) => l.acquireOrRenew()));
    expect(won.filter(Boolean)).toHaveLength(1);
  });
});

describe.skipIf(redis === null)("limits in Redis", () => {
  it("two AuthLimits on one Redis count one login budget: the 4th failure is refused on either", async () => {
    const settings = { loginMaxFailures: 3, loginWindowS: 600, loginMaxFailuresPerIp: 1000, registerPerIpPerHour: 10, guestPerIpPerMinute: 10 };
    const [a, b] = [new AuthLimits(settings, redisLimiters(redis!)), new AuthLimits(settings, redisLimiters(redis!))];
    for (const limits of [a, b, a]) await limits.beginLogin("Shared", "198.51.100.20");
    for (const limits of [b, a]) {
      const refused = await limits.beginLogin("shared", "198.51.100.20").then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(AuthError);
      expect((refused as AuthError).code).toBe("rate_limited");
    }
    // Another address has its own budget.
    await b.beginLogin("shared", "198.51.100.21");
  });

  it("a flood penalty given on one process refuses the address on every process, for the cooldown", async () => {
    const [a, b] = [new RedisPenaltyBox(redis!, 60_000, silentLogger), new RedisPenaltyBox(redis!, 60_000, silentLogger)];
    a.recordSession("sess-1", "198.51.100.30");
    // The room that saw the flood runs on the other process: it knows the session id only.
    const limit = Date.now() + 60_000;
    while ((await redis!.exists("tt:pen:session:sess-1")) === 0 && Date.now() < limit) await new Promise((r) => setTimeout(r, 5));
    b.penalizeSession("sess-1");
    let wait = await a.retryAfterS("198.51.100.30");
    while (wait === 0 && Date.now() < limit) {
      await new Promise((r) => setTimeout(r, 5));
      wait = await a.retryAfterS("198.51.100.30");
    }
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await b.retryAfterS("198.51.100.30")).toBeGreaterThan(55);
    expect(await b.retryAfterS("198.51.100.31")).toBe(0);
    b.penalizeSession("unknown-session"); // nobody penalised
    expect(await a.retryAfterS("198.51.100.31")).toBe(0);
  }, 90_000);
});
