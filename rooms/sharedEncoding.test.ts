/**
 * Rooms sharing one handshake per state class and one pair of encode buffers (sharedEncoding.ts)
 * still send each client its own room's state: checked through Colyseus' real SchemaSerializer
 * and a real Decoder per client, with two rooms encoding in turn.
 */
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { ClientState, SchemaSerializer } from "@colyseus/core";
import { Decoder, Encoder, Reflection, StateView, schema, t } from "@colyseus/schema";
import { shareEncoding } from "./sharedEncoding.ts";

const Slot = schema({ seat: t.uint8().default(0), secret: t.string().default("").view() }, "SharedEncodingSlot");
const Root = schema({ title: t.string().default(""), step: t.uint32().default(0), seats: t.array(Slot) }, "SharedEncodingRoot");
type RootState = InstanceType<typeof Root>;

/** A room as far as the serializer is concerned: its state and its serializer, shared or not. */
function room(title: string, shared = true) {
  const state = new Root();
  state.title = title;
  for (const seat of [0, 1]) {
    const slot = new Slot();
    slot.seat = seat;
    slot.secret = `${title}-secret-${seat}`;
    state.seats.push(slot);
  }
  const serializer = new SchemaSerializer();
  serializer.reset(state);
  const host = { _serializer: serializer };
  const sharedNow = shared && shareEncoding(host);
  return { state, serializer, sharedNow };
}

/** A joined client of a seat: what it receives goes through its own Decoder. */
function client(seatSlot: InstanceType<typeof Slot>) {
  const view = new StateView();
  view.add(seatSlot);
  const decoder = new Decoder(new Root());
  return {
    state: ClientState.JOINED,
    view,
    raw(bytes: Uint8Array) {
      decoder.decode(bytes, { offset: 1 });
    },
    decoded: () => decoder.state as RootState,
  };
}

describe("rooms sharing their schema serializer's handshake and buffers", () => {
  it("the Colyseus internals it relies on are there (fails when an upgrade moves them)", () => {
    expect(room("a").sharedNow).toBe(true);
  });

  it("one handshake per state class, equal to the one Colyseus computes for a room of its own", () => {
    const a = room("a");
    const b = room("b");
    const own = room("own", false);
    expect(a.serializer.handshake()).toBe(b.serializer.handshake());
    expect(Buffer.from(a.serializer.handshake()!)).toEqual(Buffer.from(own.serializer.handshake()!));
    expect(Buffer.from(a.serializer.handshake()!)).toEqual(Buffer.from(Reflection.encode(new Encoder(new Root()))));
  });

  it("a client joining a room decodes that room's state, even after another room encoded its own meanwhile", () => {
    const a = room("a");
    const b = room("b");
    for (const r of [a, b]) r.serializer.applyPatches([], r.state); // the rooms' first changes, flushed before anyone joins
    const a0 = client(a.state.seats[0]!);
    a0.raw(a.serializer.getFullState(a0 as never));
    const b1 = client(b.state.seats[1]!);
    b1.raw(b.serializer.getFullState(b1 as never));
    // Room a has not changed since its first join: a serializer of its own would serve the cached
    // full state; the shared buffer now holds room b's bytes.
    const a1 = client(a.state.seats[1]!);
    a1.raw(a.serializer.getFullState(a1 as never));

    expect(a0.decoded().title).toBe("a");
    expect(a0.decoded().seats[0]!.secret).toBe("a-secret-0");
    expect(a0.decoded().seats[1]!.secret).toBeUndefined(); // not its seat
    expect(b1.decoded().title).toBe("b");
    expect(b1.decoded().seats[1]!.secret).toBe("b-secret-1");
    expect(a1.decoded().title).toBe("a");
    expect(a1.decoded().seats[1]!.secret).toBe("a-secret-1");
    expect(a1.decoded().seats[0]!.secret).toBeUndefined();
  });

  it("a room's serializer keeps its own fields and its fast shape (an accessor per instance made each a ~0.8 KB dictionary)", () => {
    const { serializer } = room("a");
    expect(Object.getOwnPropertyDescriptor(serializer, "needFullEncode")).toHaveProperty("value");
    setFlagsFromString("--allow-natives-syntax");
    const hasFastProperties = new Function("o", "return %HasFastProperties(o)") as (o: object) => boolean;
    expect(hasFastProperties(serializer)).toBe(true);
  });

  it("a room with a serializer of its own still serves its cached full state", () => {
    const own = room("own", false);
    own.serializer.applyPatches([], own.state);
    const first = own.serializer.getFullState(undefined as never);
    expect(own.serializer.getFullState(undefined as never)).toBe(first); // the same slice, not encoded again
    const shared = room("a");
    shared.serializer.applyPatches([], shared.state);
    expect(shared.serializer.getFullState(undefined as never)).not.toBe(shared.serializer.getFullState(undefined as never));
  });

  it("patches of rooms encoded in turn reach each room's clients intact", () => {
    const a = room("a");
    const b = room("b");
    const aClients = [client(a.state.seats[0]!), client(a.state.seats[1]!)];
    const bClients = [client(b.state.seats[0]!), client(b.state.seats[1]!)];
    for (const c of aClients) c.raw(a.serializer.getFullState(c as never));
    for (const c of bClients) c.raw(b.serializer.getFullState(c as never));
    for (let step = 1; step <= 20; step++) {
      a.state.step = step;
      a.state.seats[step % 2]!.secret = `a-${step}`;
      b.state.step = 100 + step;
      b.state.title = `b${step}`;
      b.state.seats[(step + 1) % 2]!.secret = `b-${step}`.repeat(step); // growing strings
      a.serializer.applyPatches(aClients as never, a.state);
      b.serializer.applyPatches(bClients as never, b.state);
    }
    expect(aClients.map((c) => [c.decoded().title, c.decoded().step, c.decoded().seats[0]!.secret, c.decoded().seats[1]!.secret])).toEqual([
      ["a", 20, "a-20", undefined],
      ["a", 20, undefined, "a-19"],
    ]);
    expect(bClients.map((c) => [c.decoded().title, c.decoded().step, c.decoded().seats[0]!.secret, c.decoded().seats[1]!.secret])).toEqual([
      ["b20", 120, "b-19".repeat(19), undefined],
      ["b20", 120, undefined, "b-20".repeat(20)],
    ]);
  });
});
