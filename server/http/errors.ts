/**
 * JSON errors for the HTTP API: `{ error: { code, message } }` with the right status.
 */
import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { ZodType } from "zod";
import type { Logger } from "../log.ts";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** Parses `input` with `schema` or throws a 400 `bad_request` naming the first bad field. */
export function parseOrThrow<T>(schema: ZodType<T>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  throw new HttpError(400, "bad_request", `invalid ${what}: ${field}${issue?.message ?? "malformed"}`);
}

/**
 * Takes one point of `limiter` for `key`; past its limit, a 429 rate_limited HttpError (with
 * Retry-After on `res`) whose message `message(seconds)` gives.
 */
export async function takeOrRefuse(limiter: { consume(key: string): Promise<unknown> }, key: string, res: Response, message: (retryAfterS: number) => string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfterS = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    res.setHeader("Retry-After", String(retryAfterS));
    throw new HttpError(429, "rate_limited", message(retryAfterS));
  }
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, "not_found", `no route for ${req.method} ${req.path}`));
};

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof HttpError) {
      res.status(err.status).json({ error: { code: err.code, message: err.message } });
      return;
    }
    // express.json() body errors carry a status (400 malformed JSON, 413 too large).
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) log.error({ err, path: req.path }, "request failed");
    const code = status === 413 ? "payload_too_large" : status === 500 ? "internal_error" : "bad_request";
    const message = status === 500 ? "internal server error" : String(err?.message ?? "bad request");
    res.status(status).json({ error: { code, message } });
  };
}
