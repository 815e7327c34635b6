/** RuleError: a refused move with a stable code, cheap to throw (no stack trace captured). */
import { expect, it } from "vitest";
import { ensure, RuleError } from "./errors.ts";

it("a RuleError carries its code, message and name, and is an Error", () => {
  const e = new RuleError("illegal_move", "not now");
  expect(e).toBeInstanceOf(RuleError);
  expect(e).toBeInstanceOf(Error);
  expect([e.code, e.message, e.name]).toEqual(["illegal_move", "not now", "RuleError"]);
  expect(() => ensure(false, "bad_action", "no")).toThrow(RuleError);
});

it("a RuleError captures no stack frames, and leaves other errors' stack traces as they were", () => {
  const limit = Error.stackTraceLimit;
  const e = new RuleError("illegal_move", "not now");
  expect(e.stack?.split("\n").filter((l) => l.trim().startsWith("at "))).toEqual([]);
  expect(Error.stackTraceLimit).toBe(limit);
  expect(new Error("plain").stack).toContain(" at ");
});
