/**
 * rooms/resumedRefIds.ts against Colyseus' real serializer: a resumed room's new schema objects
 * take refIds past every one an earlier process of the match can have used.
 */
import { describe, expect, it } from "vitest";
import { SchemaSerializer } from "@colyseus/core";
import { $refId, schema, t } from "@colyseus/schema";
import { continueRefIds } from "./resumedRefIds.ts";

const Item = schema({ n: t.uint8().default(0) }, "ResumedRefIdsItem");
const Root = schema({ items: t.array(Item) }, "ResumedRefIdsRoot");

function room() {
  const state = new Root();
  const serializer = new SchemaSerializer();
  serializer.reset(state);
  return { state, host: { _serializer: serializer } };
}

const refIdOf = (x: object) => (x as Record<symbol, number>)[$refId];

describe("a resumed room's refIds", () => {
  it("the skeleton keeps the refIds a new room gives it; objects made afterwards start past 2^20 + 16 per ms of the match's age", () => {
    const fresh = room();
    const resumed = room();
    expect(refIdOf(resumed.state.items)).toBe(refIdOf(fresh.state.items));
    expect(continueRefIds(resumed.host, 1_000, 1_000 + 60_000)).toBe(true); // a match a minute old
    const item = new Item();
    resumed.state.items.push(item);
    expect(refIdOf(item)).toBe((1 << 20) + 16 * 60_000);
    const again = new Item();
    resumed.state.items.push(again);
    expect(refIdOf(again)).toBe(refIdOf(item) + 1);
  });

  it("a later resume of the same match starts past everything the earlier one can have made", () => {
    const first = room();
    continueRefIds(first.host, 0, 10_000);
    const second = room();
    continueRefIds(second.host, 0, 20_000);
    const a = new Item();
    first.state.items.push(a);
    const b = new Item();
    second.state.items.push(b);
    expect(refIdOf(b) - refIdOf(a)).toBe(16 * 10_000); // 16 refIds per ms the first process ran
  });

  it("leaves a room without the serializer internals it relies on as it is", () => {
    expect(continueRefIds({}, 0, 1)).toBe(false);
  });
});
