/**
 * The README's client example is code that runs (client protocol issue): docs/client-example.ts,
 * shown verbatim in the README, plays a full match of every game against itself over WebSocket
 * with @colyseus/sdk, choosing decisions at random, with no refused request, and reports ranks.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { playMatch } from "../docs/client-example.ts";
import { gameBindings } from "../rooms/registry.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
/** What the SDK warned about while the matches ran (e.g. a message that arrived before its handler). */
const warnings: string[] = [];
beforeAll(async () => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
    warn(...args);
  });
  // The server's own message limits (unset = defaults), not the lifted ones bot tests use:
  // the example must play within what any client is allowed.
  t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0", MSG_RATE_PER_S: "", MSG_BURST: "" } });
});
afterAll(async () => {
  await t?.close();
});

it("docs/protocol.md shows docs/client-example.ts as it is", () => {
  const example = readFileSync(new URL("../docs/client-example.ts", import.meta.url), "utf8").trim();
  const readme = readFileSync(new URL("../docs/protocol.md", import.meta.url), "utf8");
  expect(readme).toContain(example);
});

// The four matches are independent rooms on one server, paced by the message limits rather
// than the CPU: they run at the same time.
describe.concurrent.each(gameBindings.map((b) => b.engine.game))("%s", (game) => {
  it("the client example plays a full match to the end, every decision accepted, and prints the ranks", async () => {
    const lines: string[] = [];
    const ranks = await playMatch(t.wsUrl, game, (line) => lines.push(line));
    expect(ranks.length).toBeGreaterThanOrEqual(2);
    expect(ranks.every((r) => r >= 1)).toBe(true);
    expect(lines.filter((l) => l.includes("refused"))).toEqual([]);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.at(-1)).toMatch(/^final ranks/);
  }, 240_000);
});

it("no message reached a seat before its handlers were on (the SDK warns 'onMessage() not registered')", () => {
  expect(warnings.filter((w) => /not registered/.test(w))).toEqual([]);
});
