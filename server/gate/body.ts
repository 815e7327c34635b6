/**
 * Request bodies, bounded: every body on the HTTP server is read here, at most `limit` bytes,
 * before any route sees the request. A declared Content-Length over the limit is refused
 * without reading a byte; a chunked body is counted as it arrives and reading stops at the
 * first byte over the limit (the socket is then paused, so the kernel's flow control holds the
 * sender back while the refusal goes out).
 *
 * JSON bodies are parsed here the way express.json() would (strict: an object or an array;
 * empty means `{}`) and set as `req.body`, so express.json() and Colyseus' router find the body
 * read and do not read again. A body with a reserved key (`__proto__`, `constructor`,
 * `prototype`: match/text.ts) at any depth is refused, whatever route it is for.
 */
import type { IncomingMessage } from "node:http";
import { RESERVED_KEYS, reservedKeyMessage } from "../../match/text.ts";

export type BodyRead = { kind: "none" } | { kind: "read"; raw: Buffer } | { kind: "too_large" } | { kind: "aborted" };

/** Content-Length as a number; null when absent or malformed. */
export function declaredLength(req: IncomingMessage): number | null {
  const value = req.headers["content-length"];
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Whether the request carries a body at all (by its framing headers). */
export function hasBody(req: IncomingMessage): boolean {
  const length = declaredLength(req);
  return req.headers["transfer-encoding"] !== undefined || (length !== null && length > 0);
}

/** Reads the whole body if it fits in `limit` bytes; never holds more than that. */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyRead> {
  if (!hasBody(req)) return Promise.resolve({ kind: "none" });
  const length = declaredLength(req);
  if (length !== null && length > limit) return Promise.resolve({ kind: "too_large" });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.pause();
        settle({ kind: "too_large" });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle({ kind: "read", raw: Buffer.concat(chunks, size) });
    const onAbort = () => settle({ kind: "aborted" });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onAbort);
  });
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 415; code: string; message: string };

/** Whether the request's media type is application/json (what express.json() parses). */
export function isJsonRequest(req: IncomingMessage): boolean {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  return type === "application/json";
}

/**
 * Parses a JSON body as express.json() does by default: empty is `{}`, the top level must be an
 * object or an array, the charset must be UTF-8. Compressed bodies are not accepted.
 */
export function parseJsonBody(req: IncomingMessage, raw: Buffer): JsonBody {
  const encoding = String(req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") {
    return { ok: false, status: 415, code: "unsupported_media_type", message: `content encoding "${encoding}" is not accepted; send the body uncompressed` };
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(String(req.headers["content-type"] ?? ""))?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    return { ok: false, status: 415, code: "unsupported_media_type", message: `unsupported charset "${charset.toUpperCase()}"` };
  }
  const text = raw.toString("utf8");
  const first = text.trimStart()[0];
  if (first === undefined) return { ok: true, value: {} };
  if (first !== "{" && first !== "[") {
    return { ok: false, status: 400, code: "bad_request", message: "malformed JSON body: the top level must be an object or an array" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, status: 400, code: "bad_request", message: `malformed JSON body: ${(error as Error).message}` };
  }
  const reserved = reservedKeyIn(value);
  if (reserved) return { ok: false, status: 400, code: "bad_request", message: `JSON body: ${reservedKeyMessage(reserved)}` };
  return { ok: true, value };
}

/** The first reserved key (RESERVED_KEYS) at any depth of a parsed JSON value, or null. */
function reservedKeyIn(value: unknown): string | null {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== "object" || next === null) continue;
    if (Array.isArray(next)) pending.push(...next);
    else {
      for (const key of Object.keys(next)) if (RESERVED_KEYS.has(key)) return key;
      pending.push(...Object.values(next));
    }
  }
  return null;
}
