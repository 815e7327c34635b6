/**
 * The catalog over HTTP and the labels of legal decisions in a seat's state (client protocol
 * issue): a game's catalog is served with an ETag (304 on If-None-Match), unknown games are 404,
 * and each seat receives a label in words beside each of its legal actions.
 */
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { joinBot } from "./support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding, ...gameBindings], env: { PROMPT_TIMEOUT_MS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

it("GET /api/games/:game/catalog serves the catalog with an ETag; If-None-Match gets 304; unknown or unsafe game ids are refused", async () => {
  const games = (await (await fetch(`${t.url}/api/games`)).json()) as { games: { game: string; catalog: string }[] };
  expect(games.games.map((g) => g.catalog)).toContain("/api/games/highcard/catalog");
  const res = await fetch(`${t.url}/api/games/highcard/catalog`);
  expect(res.status).toBe(200);
  const etag = res.headers.get("etag");
  expect(etag).toBeTruthy();
  const body = (await res.json()) as any;
  expect(body).toMatchObject({ game: "highcard", version: "test-1" });
  expect(body.sections.card["7"]).toMatchObject({ id: "7", kind: "card", name: "Card 7" });
  expect((await fetch(`${t.url}/api/games/highcard/catalog`, { headers: { "if-none-match": etag! } })).status).toBe(304);
  const unknown = await fetch(`${t.url}/api/games/chess/catalog`);
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as any).error.code).toBe("unknown_game");
  expect((await fetch(`${t.url}/api/games/high%00card/catalog`)).status).toBe(400);
});

it("each seat's labels name its legal actions in words, in the same order", async () => {
  const a = await joinBot(t.wsUrl, "highcard", { name: "A" }, { seed: "lab-a", idle: true });
  const b = await joinBot(t.wsUrl, "highcard", { name: "B" }, { seed: "lab-b", idle: true }, a.room.roomId);
  const mover = await waitFor(() => [a, b].find((x) => x.legal().length > 0), "a seat to act");
  const slot = mover.room.state.seats[mover.seat!];
  const legal = JSON.parse(slot.legal) as { card: number }[];
  const labels = JSON.parse(slot.labels) as string[];
  expect(labels).toEqual(legal.map((l) => `Play card ${l.card}`));
  const other = [a, b].find((x) => x !== mover)!;
  expect(other.room.state.seats[mover.seat!].labels).toBeUndefined(); // private to its seat
  await a.room.leave();
  await b.room.leave();
});

it("every outcome reason a room can give, the room's own (abandoned) included, is in each game's catalog", async () => {
  for (const binding of gameBindings) {
    const game = binding.engine.game;
    const catalog = (await (await fetch(`${t.url}/api/games/${game}/catalog`)).json()) as any;
    const protocol = (await (await fetch(`${t.url}/api/games/${game}/protocol`)).json()) as any;
    const reasons: string[] = protocol.outcome.properties.reason.enum;
    expect(reasons, game).toContain("abandoned");
    for (const reason of reasons) expect(catalog.sections.outcome[reason], `${game} ${reason}`).toMatchObject({ id: reason, kind: "outcome", name: expect.any(String) });
  }
});

it("a catalog goes gzipped (compressed once, with its own ETag) to a client that takes gzip, and as it is to one that does not", async () => {
  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${t.url}/api/games/resonance/catalog`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  const plain = await get({});
  const gz = await get({ "accept-encoding": "gzip, br" });
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(gz.headers["content-encoding"]).toBe("gzip");
  expect(gz.headers.vary).toMatch(/accept-encoding/i);
  expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  expect(gz.body.length).toBeLessThan(plain.body.length / 4);
  expect(gz.headers.etag).not.toBe(plain.headers.etag);
  expect((await get({ "accept-encoding": "gzip", "if-none-match": gz.headers.etag! })).status).toBe(304);
  expect((await get({ "if-none-match": plain.headers.etag! })).status).toBe(304);
  expect((await get({ "if-none-match": gz.headers.etag! })).status).toBe(200);
});
