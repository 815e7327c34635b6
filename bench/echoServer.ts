/**
 * Baseline: a raw `ws` echo server in a process of its own, the floor any WebSocket game
 * server's action round trip is compared with (one frame in, the same frame back).
 *
 *   node --import tsx bench/echoServer.ts     PORT (0: any), HOST; prints the ready line
 *   {"msg":"game server listening","port":N} on stdout, as the real server logs it.
 */
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1", maxPayload: 64 * 1024 });
await new Promise<void>((r) => wss.once("listening", () => r()));
wss.on("connection", (ws) => ws.on("message", (data, binary) => ws.send(data, { binary })));
process.stdout.write(`${JSON.stringify({ msg: "game server listening", port: (wss.address() as AddressInfo).port })}\n`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => process.exit(0));
