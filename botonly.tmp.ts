import { Client } from "@colyseus/sdk";
import { gameBindings } from "./rooms/registry.ts";
import { startTestServer } from "./test/support/testServer.ts";
const t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0" } });
const lines = [["solrei", {}, 2], ["react", {}, 2], ["achroma", { players: 3 }, 3], ["resonance", { players: 3 }, 3]] as const;
await Promise.all(lines.map(async ([game, config, bots]) => {
  const t0 = Date.now();
  const room = await new Client(t.wsUrl).create(game, { config, bots, spectate: true });
  const done = await new Promise<any>((ok) => room.onMessage("finished", ok));
  const steps = (room.state as any).step;
  console.log(JSON.stringify({ game, bots, minutes: +((Date.now() - t0) / 60000).toFixed(2), steps, reason: done.outcome.reason }));
}));
await t.close();
process.exit(0);
