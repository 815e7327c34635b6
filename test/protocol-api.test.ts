/**
 * The machine-readable protocol (client protocol issue): `GET /api/games/:game/protocol` serves
 * each game's JSON Schemas (actions, events, outcome, room messages), cacheable by ETag, and a
 * real match over WebSocket sends nothing those schemas do not describe: every message each
 * client received (welcome, events, act replies, rejections, finished, stored) validates, as
 * does every legal action the clients were offered.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import type { AnyEngine } from "../rules/core/engine.ts";
import { playBotMatch } from "./support/botMatch.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

interface Doc {
  game: string;
  version: string;
  action: object;
  event: object;
  outcome: object;
  messages: Record<string, object>;
}

/** `{}` where the game has defaults; two players where it needs a count. */
function defaultConfig(engine: AnyEngine): unknown {
  try {
    engine.parseConfig({});
    return {};
  } catch {
    return { players: 2 };
  }
}

async function fetchProtocol(game: string): Promise<{ doc: Doc; etag: string }> {
  const res = await fetch(`${t.url}/api/games/${game}/protocol`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return { doc: (await res.json()) as Doc, etag: res.headers.get("etag")! };
}

it("GET /api/games links each game's protocol; an unknown game is a 404 with a code", async () => {
  const games = (await (await fetch(`${t.url}/api/games`)).json()) as { games: { game: string; protocol: string }[] };
  for (const g of games.games) expect(g.protocol).toBe(`/api/games/${g.game}/protocol`);
  const res = await fetch(`${t.url}/api/games/chess/protocol`);
  expect(res.status).toBe(404);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unknown_game");
});

describe.each(gameBindings.map((b) => b.engine))("$game", (engine) => {
  it("serves JSON Schemas of its actions, events, outcome and room messages, with an ETag (304 when unchanged)", async () => {
    const { doc, etag } = await fetchProtocol(engine.game);
    expect(doc.game).toBe(engine.game);
    expect(doc.version).toBe(engine.version);
    for (const part of [doc.action, doc.event, doc.outcome]) expect((part as { $schema?: string }).$schema).toMatch(/2020-12/);
    expect(Object.keys(doc.messages).sort()).toEqual([
      "aborted",
      "act",
      "actReply",
      "events",
      "finished",
      "rejected",
      "rematch",
      "rematchReady",
      "rematchReply",
      "stops",
      "stopsReply",
      "stored",
      "welcome",
    ]);
    const again = await fetch(`${t.url}/api/games/${engine.game}/protocol`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    // The room's own outcome reason is part of the enum, next to the engine's.
    expect(JSON.stringify(doc.outcome)).toContain('"abandoned"');
  });

  it("every message a real match sent its clients, and every legal action offered, validates against the served schemas", async () => {
    const { doc } = await fetchProtocol(engine.game);
    const ajv = new Ajv2020({ strict: false });
    const validators: Record<string, ValidateFunction> = {};
    for (const [type, schema] of Object.entries(doc.messages)) validators[type] = ajv.compile(schema);
    const action = ajv.compile(doc.action);
    const problems: string[] = [];
    const counts: Record<string, number> = {};
    const check = (what: string, validate: ValidateFunction | undefined, value: unknown) => {
      counts[what] = (counts[what] ?? 0) + 1;
      if (!validate) problems.push(`no schema for message ${what}`);
      else if (!validate(value) && problems.length < 5) problems.push(`${what} ${JSON.stringify(value).slice(0, 300)}: ${JSON.stringify(validate.errors)}`);
    };
    const presets = Object.values(engine.presets?.() ?? {});
    const config = defaultConfig(engine);
    const seatCount = engine.seatCount(engine.parseConfig(config));
    await playBotMatch(t, engine.game, {
      config,
      seats: Array.from({ length: seatCount }, (_, i) => presets[i % presets.length]),
      names: Array.from({ length: seatCount }, (_, i) => `P${i}`),
      seedPrefix: `protocol-${engine.game}`,
      onMessage: (type, message) => check(type, validators[type], message),
      onState: (state) => {
        for (const slot of state.seats ?? []) {
          if (slot.you && typeof slot.legal === "string") for (const a of JSON.parse(slot.legal) as unknown[]) check("legal action", action, a);
        }
      },
    });
    expect(problems).toEqual([]);
    expect(counts.welcome).toBe(seatCount);
    expect(counts.finished).toBe(seatCount);
    expect(counts.events).toBeGreaterThan(0);
    expect(counts.actReply).toBeGreaterThan(0);
    expect(counts["legal action"]).toBeGreaterThan(0);
  }, 180_000);
});
