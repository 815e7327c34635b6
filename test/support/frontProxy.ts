/**
 * A test-only front door for several server processes behind one address, routing as
 * docker/nginx.conf does:
 *   /sN/...  (HTTP and WebSocket upgrade) -> replica N, with the `/sN` prefix stripped: each
 *            replica's PUBLIC_ADDRESS is `<front>/sN`, so a room's socket reaches its host;
 *   anything else                        -> the replicas in turn (round robin), the next one
 *                                           when a replica refuses the connection.
 * It adds X-Forwarded-For (the replicas run with TRUST_PROXY=1) and counts where it sent what,
 * so a test can tell which replica served a request.
 */
import http from "node:http";
import net from "node:net";
import { linkPair } from "./tcpProxy.ts";

export interface Upstream {
  host: string;
  port: number;
}

export interface FrontProxy {
  port: number;
  /** Per replica (index 0 = /s1): HTTP requests (attempts) and WebSocket upgrades it was sent. */
  counts: { http: number; upgrades: number; upgradePaths: string[] }[];
  close(): Promise<void>;
}

/** Replica N for a `/sN/...` path (the rest of the path), or null for a shared route. */
function pinned(url: string, replicas: number): { index: number; path: string } | null {
  const m = /^\/s(\d+)(\/.*)?$/.exec(url);
  if (!m) return null;
  const index = Number(m[1]) - 1;
  if (index < 0 || index >= replicas) return null;
  return { index, path: m[2] ?? "/" };
}

function forwardedFor(req: http.IncomingMessage): string {
  const prior = req.headers["x-forwarded-for"];
  const peer = req.socket.remoteAddress ?? "";
  return prior ? `${Array.isArray(prior) ? prior.join(", ") : prior}, ${peer}` : peer;
}

export async function startFrontProxy(upstreams: Upstream[], port = 0): Promise<FrontProxy> {
  let next = 0;
  const counts = upstreams.map(() => ({ http: 0, upgrades: 0, upgradePaths: [] as string[] }));
  const route = (url: string) => pinned(url, upstreams.length) ?? { index: next++ % upstreams.length, path: url };
  const sockets = new Set<net.Socket>();

  // A shared route whose replica refuses the connection goes to the next one, as nginx's
  // proxy_next_upstream does (the request was not sent, so even a POST may be passed on).
  const server = http.createServer((req, res) => {
    const pin = pinned(req.url ?? "/", upstreams.length);
    const first = pin ? pin.index : next++ % upstreams.length;
    const order = pin ? [first] : upstreams.map((_, k) => (first + k) % upstreams.length);
    const path = pin ? pin.path : (req.url ?? "/");
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => attempt(0, Buffer.concat(chunks)));
    const attempt = (k: number, body: Buffer) => {
      const index = order[k]!;
      counts[index]!.http++;
      const target = upstreams[index]!;
      const upstream = http.request(
        // A new connection per request: no pooled socket to a replica that died meanwhile.
        { host: target.host, port: target.port, method: req.method, path, agent: false, headers: { ...req.headers, "x-forwarded-for": forwardedFor(req) } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED" && k + 1 < order.length && !res.headersSent) return attempt(k + 1, body);
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end(`front proxy: replica ${index + 1} unreachable: ${error.message}`);
      });
      upstream.end(body);
    };
  });

  // A WebSocket upgrade: the request head, rewritten, then raw bytes both ways.
  server.on("upgrade", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const { index, path } = route(req.url ?? "/");
    counts[index]!.upgrades++;
    counts[index]!.upgradePaths.push(path);
    const target = upstreams[index]!;
    const upstream = net.connect(target.port, target.host);
    linkPair(client, upstream, sockets);
    upstream.on("connect", () => {
      const headers = { ...req.headers, "x-forwarded-for": forwardedFor(req) };
      const lines = [`${req.method} ${path} HTTP/${req.httpVersion}`];
      for (const [name, value] of Object.entries(headers)) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  });
  server.on("connection", (sock) => {
    sockets.add(sock);
    sock.on("close", () => sockets.delete(sock));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const sock of sockets) sock.destroy();
        server.close(() => resolve());
      }),
  };
}
