/**
 * joinOrCreate respects the game configuration (client protocol issue): clients asking for
 * different configs never share a room; equivalent configs ({} and the explicit default) do.
 */
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { samplePalette } from "../rules/achroma/index.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

it("two clients asking joinOrCreate with different configs never share a room; the same config does", async () => {
  const c = new Client(t.wsUrl);
  const three = await c.joinOrCreate("achroma", { name: "A", config: { players: 3 }, seat: samplePalette(0) });
  const two = await c.joinOrCreate("achroma", { name: "B", config: { players: 2 }, seat: samplePalette(1) });
  expect(two.roomId).not.toBe(three.roomId);
  const threeAgain = await c.joinOrCreate("achroma", { name: "C", config: { players: 3 }, seat: samplePalette(2) });
  expect(threeAgain.roomId).toBe(three.roomId);
  // A forged filter key is replaced by the server's own.
  const forged = await c.joinOrCreate("achroma", { name: "D", config: { players: 2 }, configKey: JSON.stringify({ players: 3 }), seat: samplePalette(3) });
  expect(forged.roomId).toBe(two.roomId);
  for (const room of [three, two, threeAgain, forged]) await room.leave();
});
