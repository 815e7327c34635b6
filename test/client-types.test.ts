/**
 * The client typings (rooms/client.ts) describe what a client really decodes: a SolRei match
 * played through @colyseus/sdk with `joinOrCreate<RoomState<"solrei">>`, reading the state, the
 * legal list and the messages only through those types. Type errors fail `npm run typecheck`
 * (CI); the values are checked here at run time.
 */
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, expect, expectTypeOf, it } from "vitest";
import { labelsOf, legalOf, type ActMessage, type RoomState, type ServerMessages, type SolRei } from "../rooms/client.ts";
import { gameBindings } from "../rooms/registry.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

it("a typed SolRei client reads its seat, legal decisions, labels, events and the result through the exported types", async () => {
  const client = new Client(t.wsUrl);
  const rooms = [await client.joinOrCreate<RoomState<"solrei">>("solrei", { name: "A", seat: sampleSeatConfig(0) })];
  rooms.push(await client.joinById<RoomState<"solrei">>(rooms[0]!.roomId, { name: "B", seat: sampleSeatConfig(1) }));
  const eventTypes = new Set<string>();
  const finished = rooms.map(
    (room) =>
      new Promise<ServerMessages<"solrei">["finished"]>((resolve) => {
        room.onMessage("events", (m: ServerMessages<"solrei">["events"]) => m.events.forEach((e) => eventTypes.add(e.type)));
        room.onMessage("finished", resolve);
        room.onMessage("*", () => {});
      }),
  );
  for (const room of rooms) {
    let busy = false;
    const decide = async () => {
      const state = room.state;
      const me = state?.seats?.find((s) => s.you);
      if (busy || !me?.acting || state.status !== "playing") return;
      const legal = legalOf<"solrei">(me);
      expectTypeOf(legal).toEqualTypeOf<SolRei["Action"][]>();
      expect(labelsOf(me)).toHaveLength(legal.length);
      expect(me.secret).toBeDefined(); // my own private part
      expectTypeOf(state.game.stage).toEqualTypeOf<string>();
      const act: ActMessage<"solrei"> = { id: state.step, action: legal[Math.floor(Math.random() * legal.length)]! };
      busy = true;
      try {
        const reply: ServerMessages<"solrei">["actReply"] = await room.request("act", act);
        expect(reply.ok).toBe(true);
      } catch {
        // a stale decision (the state moved on): look again
      } finally {
        busy = false;
        setTimeout(decide);
      }
    };
    room.onStateChange(() => void decide());
    void decide();
  }
  const [result] = await Promise.all(finished);
  expectTypeOf(result!.outcome.reason).toEqualTypeOf<SolRei["Reason"]>();
  expect(["won_on_acts", "show_drawn"]).toContain(result!.outcome.reason);
  expect(eventTypes.size).toBeGreaterThan(5);
  const state = rooms[0]!.state;
  await waitFor(() => state.result?.reason || null, "the result in the state");
  expect(state.result!.reason).toBe(result!.outcome.reason);
  expect([...state.result!.ranks]).toEqual(result!.outcome.ranks);
  // Another seat's private part never reaches me.
  expect(state.seats.filter((s) => !s.you).every((s) => s.secret === undefined)).toBe(true);
  for (const room of rooms) await room.leave();
}, 120_000);
