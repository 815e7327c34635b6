/** The actions live matches keep: one frozen object per distinct action, a bounded table. */
import { expect, it } from "vitest";
import { ActionTable } from "./sharedActions.ts";

it("equal actions share one deeply frozen object; different ones do not", () => {
  const table = new ActionTable(10);
  const a = table.share({ type: "play", cards: ["p0-5H", "p0-6H"] });
  const b = table.share({ type: "play", cards: ["p0-5H", "p0-6H"] });
  expect(b).toBe(a);
  expect(b).toEqual({ type: "play", cards: ["p0-5H", "p0-6H"] });
  expect(Object.isFrozen(a) && Object.isFrozen(a.cards)).toBe(true);
  expect(() => a.cards.push("x")).toThrow(TypeError);
  expect(table.share({ type: "pass" })).not.toBe(a);
  expect(table.size).toBe(2);
});

it("the caller's object is never frozen or kept (the table holds its own copy)", () => {
  const table = new ActionTable(10);
  const mine = { type: "pass" };
  table.share(mine);
  expect(Object.isFrozen(mine)).toBe(false);
  expect(table.share({ type: "pass" })).not.toBe(mine);
});

it("a full table stops growing: a new action is kept as it is, known ones are still shared", () => {
  const table = new ActionTable(2);
  const one = table.share({ n: 1 });
  table.share({ n: 2 });
  const three = { n: 3 };
  expect(table.share(three)).toBe(three);
  expect(table.size).toBe(2);
  expect(table.share({ n: 1 })).toBe(one);
});
