/**
 * Optional schema fields (schema 5): a field set back to undefined after it had a value is sent
 * as a removal, so the client's decoded state reads undefined again (not a stale value, not a
 * sentinel). Checked here through a real Encoder/Decoder pair, patch by patch and in full state.
 */
import { describe, expect, it } from "vitest";
import { Decoder, Encoder, schema, t } from "@colyseus/schema";
import { Result, writeResult } from "./roomState.ts";
import { syncOptionalChild, syncPrimitiveArray, syncSchemaArray } from "./sync.ts";

const Probe = schema({ a: t.uint8().default(0), b: t.string().optional() }, "SyncTestProbe");
const Root = schema(
  {
    words: t.array("string"),
    probes: t.array(Probe),
    n: t.uint8().optional(),
    child: t.ref(Probe).optional(),
    result: t.ref(Result).optional(),
  },
  "SyncTestRoot",
);
type RootState = InstanceType<typeof Root>;

function pair() {
  const server = new Root();
  const encoder = new Encoder(server);
  const client = new Decoder(new Root());
  client.decode(encoder.encodeAll());
  const patch = () => {
    client.decode(encoder.encode());
    encoder.discardChanges();
  };
  /** What a client joining now decodes (full state). */
  const fresh = () => {
    const d = new Decoder(new Root());
    d.decode(encoder.encodeAll());
    return d.state as RootState;
  };
  return { server, client: () => client.state as RootState, patch, fresh };
}

describe("optional schema fields over the wire (schema 5)", () => {
  it("a primitive set back to undefined decodes as undefined, also for a client that joins later", () => {
    const { server, client, patch, fresh } = pair();
    expect(client().n).toBeUndefined();
    server.n = 0; // 0 is a value, not an absence
    patch();
    expect(client().n).toBe(0);
    server.n = 7;
    patch();
    expect(client().n).toBe(7);
    server.n = undefined;
    patch();
    expect(client().n).toBeUndefined();
    expect(client().toJSON()).not.toHaveProperty("n");
    expect(fresh().n).toBeUndefined();
  });

  it("a child removed (set to undefined) decodes as undefined; a nested optional string too", () => {
    const { server, client, patch, fresh } = pair();
    server.child = new Probe();
    server.child.a = 5;
    server.child.b = "x";
    patch();
    expect(client().child?.toJSON()).toEqual({ a: 5, b: "x" });
    server.child.b = undefined;
    patch();
    expect(client().child?.b).toBeUndefined();
    expect(client().child?.a).toBe(5);
    server.child = undefined;
    patch();
    expect(client().child).toBeUndefined();
    expect(fresh().child).toBeUndefined();
  });

  it("syncOptionalChild creates the child once, updates it in place, and removes it when the value is absent", () => {
    const { server, client, patch } = pair();
    const write = (c: InstanceType<typeof Probe>, v: { a: number; b: string | null }) => {
      c.a = v.a;
      c.b = v.b ?? undefined;
    };
    syncOptionalChild(server, "child", null, () => new Probe(), write);
    expect(server.child).toBeUndefined();
    syncOptionalChild(server, "child", { a: 1, b: "y" }, () => new Probe(), write);
    const first = server.child;
    patch();
    expect(client().child?.toJSON()).toEqual({ a: 1, b: "y" });
    syncOptionalChild(server, "child", { a: 2, b: null }, () => new Probe(), write);
    expect(server.child).toBe(first); // same instance: a field patch, not a rebuilt child
    patch();
    expect(client().child?.toJSON()).toEqual({ a: 2 });
    syncOptionalChild(server, "child", undefined, () => new Probe(), write);
    patch();
    expect(client().child).toBeUndefined();
  });

  it("the root Result: absent until written, then ranks and reason as typed fields", () => {
    const { server, client, patch } = pair();
    patch();
    expect(client().result).toBeUndefined();
    syncOptionalChild(server, "result", { ranks: [2, 1, 2], reason: "damage" }, () => new Result(), writeResult);
    patch();
    expect(client().result?.toJSON()).toEqual({ ranks: [2, 1, 2], reason: "damage" });
    expect([...client().result!.ranks]).toEqual([2, 1, 2]);
  });
});

describe("arrays mirrored in place (syncPrimitiveArray, syncSchemaArray)", () => {
  it("grow, change and shrink reach the client, and only changed entries are written", () => {
    const { server, client, patch, fresh } = pair();
    syncPrimitiveArray(server.words, ["a", "b", "c"]);
    patch();
    expect([...client().words]).toEqual(["a", "b", "c"]);
    syncPrimitiveArray(server.words, ["a", "x"]);
    patch();
    expect([...client().words]).toEqual(["a", "x"]);
    syncPrimitiveArray(server.words, ["a", "x"]);
    syncPrimitiveArray(server.words, []);
    patch();
    expect([...client().words]).toEqual([]);
    expect([...fresh().words]).toEqual([]);
  });

  it("schema items are updated in place, created when missing and removed when surplus", () => {
    const { server, client, patch } = pair();
    const write = (p: InstanceType<typeof Probe>, a: number) => {
      p.a = a;
    };
    syncSchemaArray(server.probes, [1, 2, 3], () => new Probe(), write);
    const first = server.probes[0];
    patch();
    expect(client().probes.map((p) => p.a)).toEqual([1, 2, 3]);
    syncSchemaArray(server.probes, [4, 2], () => new Probe(), write);
    expect(server.probes[0]).toBe(first);
    patch();
    expect(client().probes.map((p) => p.a)).toEqual([4, 2]);
    syncSchemaArray(server.probes, [4, 2, 7, 8], () => new Probe(), write);
    patch();
    expect(client().probes.map((p) => p.a)).toEqual([4, 2, 7, 8]);
  });
});
