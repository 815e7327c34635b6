/**
 * Client-supplied text in HTTP queries and path parameters: a control, invisible or
 * bidi-override character is a 400 `bad_request` naming the character, never a 500 (PostgreSQL
 * refuses U+0000 in text) nor a 404 that echoes it back.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { encodeCursor } from "../server/store/matchHistory.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding] });
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string) => {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
};

it.each([
  ["/api/matches?game=%00", "U+0000"],
  ["/api/matches?game=high%00card", "U+0000"],
  ["/api/matches?game=%E2%80%AEdracdhgih", "U+202E"],
  ["/api/matches?game=a%09b", "U+0009"],
  ["/api/matches?before=%00", "U+0000"],
  ["/api/matches?before=abc%07", "U+0007"],
  ["/api/matches?player=%00", "U+0000"],
  ["/api/matches?game=highcard&player=%0A", "U+000A"],
  ["/api/matches/%00", "U+0000"],
  ["/api/matches/%00/replay", "U+0000"],
  ["/api/matches/%E2%80%8B/replay?step=1", "U+200B"],
  ["/api/leaderboards/%00", "U+0000"],
  ["/api/leaderboards/high%7Fcard", "U+007F"],
  ["/api/leaderboards/highcard?after=%00", "U+0000"],
  ["/api/players/%00", "U+0000"],
  ["/api/players/%ED%A0%80", "U+FFFD"], // a lone surrogate in UTF-8 decodes to U+FFFD: refused by the uuid check instead
])("GET %s is 400 bad_request naming %s", async (path, ch) => {
  const { status, body } = await get(path);
  expect(status, JSON.stringify(body)).toBe(400);
  expect(body.error?.code).toBe("bad_request");
  if (ch !== "U+FFFD") expect(body.error?.message).toContain(ch);
});

it("a cursor of the right shape naming an impossible instant is 400 bad_cursor, not a database error", async () => {
  for (const ts of ["2025-02-30T10:00:00.000000Z", "2025-01-01T24:00:00.000000Z", "0000-01-01T00:00:00.000000Z"]) {
    const { status, body } = await get(`/api/matches?before=${encodeCursor(ts, randomUUID())}`);
    expect(status, ts).toBe(400);
    expect(body.error?.code, ts).toBe("bad_cursor");
  }
});

it("clean values still work", async () => {
  expect((await get("/api/matches?game=highcard")).status).toBe(200);
  expect((await get(`/api/matches?before=${encodeCursor("2025-01-01T00:00:00.000000Z", randomUUID())}`)).status).toBe(200);
  expect((await get("/api/leaderboards/highcard")).status).toBe(200);
  expect((await get("/api/leaderboards/nosuchgame")).status).toBe(404);
  expect((await get(`/api/players/${randomUUID()}`)).status).toBe(404);
  expect((await get(`/api/matches/${randomUUID()}`)).status).toBe(404);
});
