/**
 * GET /api/games: every registered game with its engine version and its ready-made seat
 * set-ups (presets). A client can join with any preset as it is, so each must pass the
 * engine's own join validation.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings });
});
afterAll(async () => {
  await t?.close();
});

it("GET /api/games lists the four games with their versions and presets; every preset is a legal join set-up", async () => {
  const res = await fetch(`${t.url}/api/games`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { games: { game: string; version: string; presets: Record<string, unknown> }[] };
  expect(body.games.map((g) => g.game).sort()).toEqual(["achroma", "react", "resonance", "solrei"]);
  for (const g of body.games) {
    const engine = gameBindings.find((b) => b.engine.game === g.game)!.engine;
    expect(g.version).toBe(engine.version);
    const names = Object.keys(g.presets);
    expect(names.length, `${g.game} presets`).toBeGreaterThan(0);
    const config = engine.parseConfig(g.game === "achroma" || g.game === "resonance" ? { players: 2 } : {});
    for (const name of names) expect(() => engine.parseSeatConfig(g.presets[name], config), `${g.game} preset ${name}`).not.toThrow();
  }
});
