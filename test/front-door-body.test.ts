/**
 * The front door's body limit over the real server: every route, Colyseus' matchmaking route
 * included, refuses a body over MAX_BODY_BYTES (16 KiB) with 413 `payload_too_large` in the
 * API's shape, answering before the client has finished sending (a declared Content-Length
 * before a byte of the body), without the server's memory growing with the body.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { highCardBinding } from "./fixtures/highcard.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
let port: number;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding] });
  port = t.server.port;
});
afterAll(async () => {
  await t?.close();
});

const MB = 1024 * 1024;

interface Outcome {
  status: number;
  body: any;
  /** Bytes the client had handed to its socket when the answer arrived. */
  sentWhenAnswered: number;
  /** Whether the client had sent its whole body when the answer arrived. */
  uploadFinished: boolean;
  /** Whether the server asked for the body (100 Continue). */
  continued: boolean;
}

/**
 * POSTs `bytes` of body (streamed in 64 KiB chunks, never allocated at once), chunked or with a
 * Content-Length; stops sending as soon as an answer arrives. `send: false` sends only the headers.
 */
function post(path: string, bytes: number, options: { chunked?: boolean; send?: boolean; expectContinue?: boolean; timeoutMs?: number } = {}): Promise<Outcome> {
  const { chunked = false, send = true, expectContinue = false, timeoutMs = 20_000 } = options;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (!chunked) headers["content-length"] = String(bytes);
    if (expectContinue) headers.expect = "100-continue";
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path, headers, agent: false });
    let sent = 0;
    let answered = false;
    let uploadFinished = false;
    let continued = false;
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms (${sent} bytes sent)`));
    }, timeoutMs);
    const chunk = Buffer.alloc(64 * 1024, "x".charCodeAt(0));
    const pump = () => {
      while (!answered && sent < bytes) {
        const piece = bytes - sent >= chunk.length ? chunk : chunk.subarray(0, bytes - sent);
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!answered) {
        uploadFinished = true;
        req.end();
      }
    };
    req.on("continue", () => {
      continued = true;
      pump();
    });
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const finished = uploadFinished;
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        clearTimeout(timer);
        req.destroy();
        const text = Buffer.concat(parts).toString("utf8");
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered, uploadFinished: finished, continued });
      });
    });
    req.on("error", (err) => {
      if (!answered) {
        clearTimeout(timer);
        reject(err);
      }
    });
    if (expectContinue) req.flushHeaders();
    else if (send) pump();
    else req.flushHeaders();
  });
}

const routes = ["/matchmake/joinOrCreate/highcard", "/api/auth/login"];

function expectTooLarge(o: Outcome, path: string) {
  expect(o.status, path).toBe(413);
  expect(o.body.error.code).toBe("payload_too_large");
  expect(o.body.error.message).toMatch(/16384 bytes/);
  // The SDK reads data.message: the matchmaking route carries it at the top level too.
  if (path.startsWith("/matchmake/")) expect(o.body.message).toBe(o.body.error.message);
}

describe("request bodies over the limit", () => {
  it.each(routes)("%s: 1 MB with a Content-Length and 1 MB chunked -> 413 payload_too_large", async (path) => {
    expectTooLarge(await post(path, MB), path);
    expectTooLarge(await post(path, MB, { chunked: true }), path);
  });

  it.each(routes)("%s: a Content-Length over the limit is refused before any of the body is sent", async (path) => {
    const o = await post(path, 50 * MB, { send: false, timeoutMs: 5_000 });
    expectTooLarge(o, path);
    expect(o.sentWhenAnswered).toBe(0);
  });

  it.each(routes)("%s: Expect: 100-continue with a body over the limit is refused without asking for it", async (path) => {
    const o = await post(path, 50 * MB, { expectContinue: true, timeoutMs: 5_000 });
    expectTooLarge(o, path);
    expect(o.continued).toBe(false);
  });

  it.each(routes)("%s: 50 MB bodies (declared and chunked) are answered before the client has sent them; the server's memory does not follow", async (path) => {
    const before = process.memoryUsage().rss;
    for (const chunked of [false, true]) {
      const o = await post(path, 50 * MB, { chunked });
      expect(o.uploadFinished, `answered only once all was sent (chunked=${chunked})`).toBe(false);
      expect(o.sentWhenAnswered).toBeLessThan(50 * MB);
      expectTooLarge(o, path);
    }
    // Client and server share this process: the bound covers both, far below one 50 MB body per request.
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * MB);
  });
});

describe("bodies within the limit still reach their routes", () => {
  it("a body just under the limit is parsed by the route (here: refused by validation, not by size)", async () => {
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "x".repeat(16_000), password: "long enough" }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe("bad_request");
  });

  it("malformed JSON is 400 bad_request; a matchmaking call with a small body gets its seat", async () => {
    const bad = await fetch(`${t.url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.code).toBe("bad_request");
    const ok = await fetch(`${t.url}/matchmake/joinOrCreate/highcard`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(ok.status).toBe(200);
    const seat = (await ok.json()) as any;
    expect(typeof seat.sessionId).toBe("string");
    expect(seat.name).toBe("highcard");
  });
});

describe("requests Node's HTTP parser refuses are answered in the API's shape", () => {
  /** Writes `raw` on a fresh socket; resolves with the status and the body once the server closes it. */
  function rawRequest(raw: string): Promise<{ status: number; body: any }> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let got = "";
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer; got so far: ${got.slice(0, 200)}`));
      }, 20_000);
      socket.setEncoding("utf8");
      socket.on("data", (d: string) => (got += d));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearTimeout(timer);
        const [head, body] = [got.slice(0, got.indexOf("\r\n\r\n")), got.slice(got.indexOf("\r\n\r\n") + 4)];
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(body);
        } catch {
          parsed = body;
        }
        resolve({ status, body: parsed });
      });
      socket.end(raw);
    });
  }

  it.each([
    ["a request line over the header limit", `GET /api/rooms?${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, "headers_too_large"],
    ["a header over the limit", `GET /api/rooms HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`, 431, "headers_too_large"],
    ["a garbage request line", "HELLO THERE\r\n\r\n", 400, "bad_request"],
    ["Content-Length with Transfer-Encoding", "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "bad_request"],
    ["a control character in a header", "GET /api/rooms HTTP/1.1\r\nHost: x\r\nX-Evil: a\u0001b\r\n\r\n", 400, "bad_request"],
  ])("%s: %i %s as JSON", async (_what, raw, status, code) => {
    const answer = await rawRequest(raw);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ error: { code, message: expect.any(String) } });
    // The server still answers everyone else.
    expect((await fetch(`${t.url}/api/rooms`)).status).toBe(200);
  });
});
