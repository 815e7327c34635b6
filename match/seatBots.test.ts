/**
 * SeatBots with levels: a `normal` seat plays the search's decision when it is still legal at its
 * turn; a stale, failed or missing one falls back to a legal pick; a bot that stops owing a
 * decision while its search is out never acts; `easy` never asks for a search. Each choice is
 * reported with how it was made (the server's bot-decision counter).
 */
import { describe, expect, it } from "vitest";
import { SeatBots, type BotHost } from "./seatBots.ts";

function host(decide: BotHost["decide"]) {
  const timers: (() => void)[] = [];
  const acted: { seat: number; chosen: unknown }[] = [];
  const asked: number[] = [];
  const chose: string[] = [];
  const legal = [{ type: "a" }, { type: "b" }, { type: "c" }];
  const h: BotHost = {
    later: (fn) => {
      timers.push(fn);
      return { cancel: () => void timers.splice(timers.indexOf(fn), 1) };
    },
    act: (seat, choose) => acted.push({ seat, chosen: choose(legal) }),
    random: () => 0.99,
    chose: (level, how) => chose.push(`${level}:${how}`),
    ...(decide
      ? {
          decide: (seat: number) => {
            asked.push(seat);
            return decide(seat);
          },
        }
      : {}),
  };
  return { h, timers, acted, asked, chose, fire: () => timers.splice(0).forEach((f) => f()) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("SeatBots levels", () => {
  it("a normal bot plays its search's decision when it is legal at its turn", async () => {
    const t = host(async () => ({ type: "b" }));
    const bots = new SeatBots(new Set([1]), { minMs: 0, maxMs: 0 }, t.h, new Map([[1, "normal"]]));
    bots.update(new Set([1]));
    t.fire();
    await settle();
    expect(t.acted).toEqual([{ seat: 1, chosen: { type: "b" } }]);
    expect(t.chose).toEqual(["normal:searched"]);
  });

  it("a stale decision (not legal any more), a failed search or none at all falls back to a legal pick", async () => {
    for (const decide of [async () => ({ type: "gone" }), async () => Promise.reject(new Error("worker died")), async () => null]) {
      const t = host(decide);
      const bots = new SeatBots(new Set([1]), { minMs: 0, maxMs: 0 }, t.h, new Map([[1, "normal"]]));
      bots.update(new Set([1]));
      t.fire();
      await settle();
      expect(t.acted).toEqual([{ seat: 1, chosen: { type: "c" } }]);
      expect(t.chose).toEqual(["normal:fallback"]);
    }
  });

  it("a bot that no longer owes a decision while its search is out never acts, and does not think twice meanwhile", async () => {
    let answer: (a: unknown) => void = () => {};
    const t = host(() => new Promise((r) => (answer = r)));
    const bots = new SeatBots(new Set([1]), { minMs: 0, maxMs: 0 }, t.h, new Map([[1, "normal"]]));
    bots.update(new Set([1]));
    t.fire();
    bots.update(new Set([1])); // still thinking (waiting on the search): no second request
    expect(t.asked).toEqual([1]);
    bots.update(new Set());
    answer({ type: "a" });
    await settle();
    expect(t.acted).toEqual([]);
    expect(t.chose).toEqual([]);
  });

  it("an easy bot never asks for a search", async () => {
    const t = host(async () => ({ type: "a" }));
    const bots = new SeatBots(new Set([0]), { minMs: 0, maxMs: 0 }, t.h, new Map([[0, "easy"]]));
    bots.update(new Set([0]));
    t.fire();
    await settle();
    expect(t.asked).toEqual([]);
    expect(t.acted).toEqual([{ seat: 0, chosen: { type: "c" } }]);
    expect(t.chose).toEqual(["easy:random"]);
  });
});
