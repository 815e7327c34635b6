import { describe, expect, it } from "vitest";
import { PenaltyBox } from "./penalties.ts";

describe("penalty box (addresses disconnected for flooding)", () => {
  it("penalises the address a session's reservation went to, for the cooldown only", () => {
    let now = 1_000;
    const box = new PenaltyBox(60_000, 10, () => now);
    box.recordSession("s1", "198.51.100.7");
    expect(box.retryAfterS("198.51.100.7")).toBe(0);
    expect(box.penalizeSession("s1")).toBe("198.51.100.7");
    expect(box.retryAfterS("198.51.100.7")).toBe(60);
    expect(box.retryAfterS("198.51.100.8")).toBe(0);
    now += 59_500;
    expect(box.retryAfterS("198.51.100.7")).toBe(1);
    now += 600;
    expect(box.retryAfterS("198.51.100.7")).toBe(0);
  });

  it("an unknown session penalises nobody; the session memory is bounded", () => {
    const box = new PenaltyBox(60_000, 2);
    expect(box.penalizeSession("nobody")).toBeNull();
    box.recordSession("a", "192.0.2.1");
    box.recordSession("b", "192.0.2.2");
    box.recordSession("c", "192.0.2.3");
    expect(box.penalizeSession("a")).toBeNull(); // forgotten: the oldest went first
    expect(box.penalizeSession("c")).toBe("192.0.2.3");
  });

  it("a cooldown of 0 penalises nobody", () => {
    const box = new PenaltyBox(0);
    box.recordSession("s", "192.0.2.1");
    box.penalizeSession("s");
    expect(box.retryAfterS("192.0.2.1")).toBe(0);
  });
});
