/**
 * The web client (web/, built into web/dist by `node web/build.mjs`, which `npm start` runs):
 *   GET /assets/<name>-<hash>.<ext>   hashed build output: Cache-Control immutable, one year;
 *                                     gzipped at build, sent so to clients that take gzip
 *   GET / and client routes           index.html, Cache-Control no-cache (always revalidated)
 *   no build                          503 text/html saying how to build
 * Never answers for /api, /health or /matchmake (those fall through to their routes or to the
 * JSON 404), nor for methods other than GET and HEAD, nor for a missing file with an extension.
 */
import { existsSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router, type Request, type Response } from "express";

export const DEFAULT_WEB_DIR = fileURLToPath(new URL("../../web/dist", import.meta.url));

const RESERVED = /^\/(api|health|matchmake)(\/|$)/;
/** Client routes have no file extension; `/favicon.ico`, `/x.js` that do not exist stay 404. */
const CLIENT_ROUTE = /^\/(?:[^.]*)$/;

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web client not built</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem">
<h1>The web client is not built</h1>
<p>This server runs, but its web page (<code>web/dist</code>) has not been built.
<code>npm start</code> builds it before starting; to build it by hand, run</p>
<pre>node web/build.mjs</pre>
<p>in the server's directory, then reload this page. The HTTP API (<a href="/api/games">/api/games</a>)
and the game rooms work meanwhile.</p>
</body></html>
`;

function wantsPage(req: Request): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !RESERVED.test(req.path) && CLIENT_ROUTE.test(req.path);
}

/** Hashed build output never changes under its name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * A hashed asset's `.gz` (made by web/build.mjs), when there is one and the client takes gzip;
 * null otherwise (the file is then sent as it is).
 */
function gzippedAsset(req: Request, dir: string): string | null {
  if (!req.path.startsWith("/assets/") || req.path.includes("..") || req.acceptsEncodings("gzip", "identity") !== "gzip") return null;
  const packed = `${join(dir, req.path)}.gz`;
  return existsSync(packed) ? packed : null;
}

export function webRouter(options: { dir?: string } = {}): Router {
  const dir = options.dir ?? DEFAULT_WEB_DIR;
  const index = join(dir, "index.html");
  const assets = `${join(dir, "assets")}/`;
  const files = express.static(dir, {
    index: false,
    redirect: false,
    fallthrough: true,
    setHeaders(res, path) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Cache-Control", path.startsWith(assets) ? IMMUTABLE : "no-cache");
    },
  });
  const router = Router();
  router.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || RESERVED.test(req.path)) return next();
    // Either encoding may be sent for an asset: a cache must not give one client's to another.
    if (req.path.startsWith("/assets/")) res.vary("Accept-Encoding");
    const packed = gzippedAsset(req, dir);
    if (!packed) return serve(req, res, next);
    res.set({ "Content-Encoding": "gzip", "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff" }).type(extname(req.path));
    res.sendFile(packed, { etag: true, lastModified: true, cacheControl: false }, (err) => {
      if (!err || res.headersSent) return; // sent, or the client went away mid-way
      // Gone meanwhile (a rebuild swapped web/dist): the file as it is, or what comes after.
      res.removeHeader("Content-Encoding");
      serve(req, res, next);
    });
  });
  /** The built page and its files as they are; the page itself for client routes. */
  const serve = (req: Request, res: Response, next: (err?: unknown) => void) => {
    if (!existsSync(index)) {
      if (!wantsPage(req)) return next();
      res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "10" }).type("html").send(NOT_BUILT);
      return;
    }
    files(req, res, () => {
      if (!wantsPage(req)) return next();
      res.set({ "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff" });
      res.sendFile(index, (err) => err && next(err));
    });
  };
  return router;
}
