/**
 * Where Prometheus scrapes GET /metrics:
 *   - METRICS_PORT set: a listener of its own on METRICS_HOST (default 127.0.0.1), no token
 *     (keep that port off the public network); the main port then has no /metrics;
 *   - else METRICS_TOKEN set: on the main port, with `Authorization: Bearer <METRICS_TOKEN>`;
 *   - neither: no metrics; GET /metrics on the main port answers 404 saying how to turn them on.
 * And the HTTP API's request counter (by method, route pattern and status).
 */
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RequestHandler } from "express";
import { Router } from "express";
import { bearerToken } from "../auth/tokens.ts";
import { HttpError } from "../http/errors.ts";
import type { ServerMetrics } from "./metrics.ts";

/** GET /metrics on the main port. */
export function metricsRouter(metrics: ServerMetrics, settings: { token: string | undefined; ownPort: boolean }): Router {
  const router = Router();
  const expected = settings.token ? Buffer.from(settings.token) : null;
  router.get("/metrics", async (req, res) => {
    if (settings.ownPort) throw new HttpError(404, "not_found", "metrics are served on METRICS_PORT, not here");
    if (!expected) throw new HttpError(404, "not_found", "metrics are off: set METRICS_TOKEN (scrape with that bearer token) or METRICS_PORT");
    const given = Buffer.from(bearerToken(req.get("authorization")) ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new HttpError(401, "invalid_token", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>");
    }
    const { contentType, body } = await metrics.exposition();
    res.type(contentType).send(body);
  });
  return router;
}

/** The METRICS_PORT listener: GET /metrics, nothing else. Resolves once listening. */
export async function startMetricsServer(metrics: ServerMetrics, port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("GET /metrics\n");
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => res.writeHead(200, { "content-type": contentType }).end(body),
      (error: unknown) => res.writeHead(500, { "content-type": "text/plain" }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Counts every request express answers, by method, route pattern (never the raw path) and status. */
export function countRequests(metrics: ServerMetrics): RequestHandler {
  return (req, res, next) => {
    res.once("finish", () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      metrics.httpAnswered(req.method, typeof route === "string" ? `${req.baseUrl}${route}` : "unmatched", res.statusCode);
    });
    next();
  };
}
