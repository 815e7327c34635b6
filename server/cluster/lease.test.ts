/**
 * The Redis lease (lease.ts) that elects the one process running the ranked grouping pass.
 * Needs Redis (database 5); skipped when unreachable unless REQUIRE_REDIS=1.
 */
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { freshRedis } from "../../test/support/cluster.ts";
import { Lease } from "./lease.ts";

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
