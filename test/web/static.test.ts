/**
 * server/http/web.ts on its own (no browser): the built page with its cache headers, the SPA
 * fallback, the 503 page while unbuilt, and the routes it must never answer for.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webRouter } from "../../server/http/web.ts";

const dirs: string[] = [];
const BIG = `console.log(${JSON.stringify("a fairly repetitive line of script ".repeat(400))});\n`;

/** A GET with exactly these headers (fetch would add and undo gzip itself); the body as bytes. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
const servers: http.Server[] = [];

async function serve(dir: string): Promise<string> {
  const app = express();
  app.use(webRouter({ dir }));
  app.get("/api/games", (_req, res) => void res.json({ games: [] }));
  app.use((_req, res) => void res.status(404).json({ error: { code: "not_found", message: "no route" } }));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("a built page", () => {
  let url: string;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "web-dist-"));
    dirs.push(dir);
    mkdirSync(join(dir, "assets"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>t</title>");
    writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log(1)");
    writeFileSync(join(dir, "assets", "big-def456.js"), BIG);
    writeFileSync(join(dir, "assets", "big-def456.js.gz"), gzipSync(BIG));
    // A .gz that cannot be sent (here a directory; in life, one a rebuild removed meanwhile).
    writeFileSync(join(dir, "assets", "odd-ghi789.js"), BIG);
    mkdirSync(join(dir, "assets", "odd-ghi789.js.gz"));
    url = await serve(dir);
  });

  it("an asset built with a .gz beside it goes gzipped to a client that takes gzip, as it is to one that does not; Vary says so", async () => {
    const gz = await rawGet(`${url}/assets/big-def456.js`, { "accept-encoding": "gzip, deflate, br" });
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-type"]).toContain("text/javascript");
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.body.length).toBeLessThan(BIG.length / 10);
    expect(gunzipSync(gz.body).toString()).toBe(BIG);
    const plain = await rawGet(`${url}/assets/big-def456.js`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
    const refused = await rawGet(`${url}/assets/big-def456.js`, { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    // A .gz that cannot be sent: the file as it is, not a hung request.
    const odd = await rawGet(`${url}/assets/odd-ghi789.js`, { "accept-encoding": "gzip" });
    expect(odd.status).toBe(200);
    expect(odd.headers["content-encoding"]).toBeUndefined();
    expect(odd.body.toString()).toBe(BIG);
    // Without a .gz it is the file as it is.
    expect((await rawGet(`${url}/assets/index-abc123.js`, { "accept-encoding": "gzip" })).headers["content-encoding"]).toBeUndefined();
  });

  it("/ is index.html, revalidated every time", async () => {
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("<title>t</title>");
  });

  it("hashed assets are immutable for a year", async () => {
    const res = await fetch(`${url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("client routes get the page; a missing file with an extension stays a 404", async () => {
    const route = await fetch(`${url}/table/abc`);
    expect(route.status).toBe(200);
    expect(route.headers.get("cache-control")).toBe("no-cache");
    expect((await fetch(`${url}/assets/gone-000.js`)).status).toBe(404);
    expect((await fetch(`${url}/favicon.ico`)).status).toBe(404);
  });

  it("never answers for /api, /health, /matchmake, nor for other methods", async () => {
    expect(await (await fetch(`${url}/api/games`)).json()).toEqual({ games: [] });
    for (const path of ["/api/nope", "/api", "/health", "/matchmake/joinOrCreate/solrei"]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
    }
    expect((await fetch(`${url}/`, { method: "POST" })).status).toBe(404);
    // a path that merely starts like a reserved one is a client route
    expect((await fetch(`${url}/apiary`)).headers.get("content-type")).toContain("text/html");
  });
});

describe("no build yet", () => {
  it("/ and client routes answer 503 saying how to build; the API is untouched", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "web-none-")), "dist");
    dirs.push(dir);
    const url = await serve(dir);
    const res = await fetch(`${url}/`);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("node web/build.mjs");
    expect((await fetch(`${url}/table/x`)).status).toBe(503);
    expect((await fetch(`${url}/assets/index-abc.js`)).status).toBe(404);
    expect((await fetch(`${url}/api/games`)).status).toBe(200);
  });
});
