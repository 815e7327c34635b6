import { describe, expect, it } from "vitest";
import { LogThrottle } from "./logThrottle.ts";

describe("LogThrottle", () => {
  it("lets the first line through, counts the rest of the interval, and reports them with the next line", () => {
    const t = new LogThrottle(1_000);
    expect(t.take(0)).toBe(0);
    expect(t.take(10)).toBeNull();
    expect(t.take(999)).toBeNull();
    expect(t.take(1_000)).toBe(2);
    expect(t.take(1_500)).toBeNull();
    expect(t.take(5_000)).toBe(1);
    expect(t.take(9_000)).toBe(0);
  });
});
