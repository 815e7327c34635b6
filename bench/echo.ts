/**
 * Baseline: a raw `ws` echo round trip on loopback at a given concurrency, the floor any
 * WebSocket game server's action round trip is compared with.
 */
import { WebSocketServer, WebSocket } from "ws";
import type { AddressInfo } from "node:net";
import { summarize } from "./stats.ts";

export async function startEchoServer(): Promise<{ url: string; close(): Promise<void> }> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((r) => wss.once("listening", () => r()));
  wss.on("connection", (ws) => ws.on("message", (data, binary) => ws.send(data, { binary })));
  const port = (wss.address() as AddressInfo).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

/** `clients` connections each doing closed-loop echoes for `durationMs`; returns RTT stats in ms. */
export async function echoRoundTrips(url: string, clients: number, durationMs: number) {
  const samples: number[] = [];
  const sockets = await Promise.all(
    Array.from({ length: clients }, () => new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    })),
  );
  const until = performance.now() + durationMs;
  const payload = Buffer.from(JSON.stringify({ id: 1, action: { type: "place", card: "H7" } }));
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          let sent = 0;
          const send = () => {
            if (performance.now() > until) return resolve();
            sent = performance.now();
            ws.send(payload);
          };
          ws.on("message", () => {
            samples.push(performance.now() - sent);
            send();
          });
          send();
        }),
    ),
  );
  for (const ws of sockets) ws.terminate();
  return summarize(samples);
}
