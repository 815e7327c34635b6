/**
 * A casual match every player left is over for good: its room goes away and its live-match
 * journal with it, so it is not resumed (and played out by the clock for no one) at the next
 * start. Found by a red-team pass: such journals piled up and every deploy brought them back.
 */
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { BotPlayer } from "./support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [solreiBinding], env: { PROMPT_TIMEOUT_MS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

const journaled = (matchId: string) => t.server.journalStore.isLive(matchId);

it("both players leave a casual match in play: its journal is deleted, not kept for a resume", async () => {
  const c = new Client(t.wsUrl);
  const first = await c.create("solrei", { name: "A", seat: sampleSeatConfig(0) });
  const bots = [new BotPlayer(first, { seed: "ca-0", idle: true })];
  const second = await c.joinById(first.roomId, { name: "B", seat: sampleSeatConfig(1) });
  bots.push(new BotPlayer(second, { seed: "ca-1", idle: true }));
  const mover = await waitFor(() => bots.find((b) => b.room.state.status === "playing" && b.legal().length > 0), "a seat to act");
  await mover.room.request("act", { id: 1, action: mover.legal()[0] }, { timeout: 10_000 });
  const matchId = first.state.matchId as string;
  await waitFor(() => journaled(matchId), "the match's journal");
  await first.leave();
  await second.leave();
  await waitFor(async () => !(await journaled(matchId)) || null, "the journal deleted", 30_000);
  if (t.server.journal.kind === "database") expect(await t.sql`select 1 from live_steps where match_id = ${matchId}::uuid`).toHaveLength(0);
}, 90_000);
