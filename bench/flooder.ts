/**
 * A hostile client, in its own process (so its sending does not slow the measuring process):
 * takes both seats of a fresh SolRei room and sends `act` as fast as the socket takes it;
 * when the server disconnects it (or refuses its room), it comes back, until its time is up.
 *   node --import tsx bench/flooder.ts <wsUrl> <durationMs> [messagesPerSecond=10000]
 * It says it comes from another address (X-Forwarded-For; the bench server trusts one proxy hop),
 * so the per-address limits apply to it and not to the measured players.
 * Prints one JSON line: how many messages it sent, how often it was disconnected or refused.
 */
import { Client, type Room } from "@colyseus/sdk";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { WebSocket as WS } from "ws";

(globalThis as { WebSocket?: unknown }).WebSocket ??= WS;

const [wsUrl, durationArg, rateArg] = process.argv.slice(2);
/** The issue measured one client sending 6,600-9,800 act/s; send that much, not as much as the CPU allows. */
const perTick = Math.max(1, Math.round(Number(rateArg ?? 10_000) / 100));
const deadline = performance.now() + Number(durationArg ?? 10_000);
let sent = 0;
let disconnects = 0;
let refusedJoins = 0;

async function floodOnce(): Promise<void> {
  const client = new Client(wsUrl!, { headers: { "x-forwarded-for": "198.51.100.7" } });
  let a: Room;
  let b: Room;
  try {
    a = await client.create("solrei", { name: "flood", seat: sampleSeatConfig(0) });
    b = await client.joinById(a.roomId, { name: "flood", seat: sampleSeatConfig(1) });
  } catch {
    refusedJoins++;
    await new Promise((r) => setTimeout(r, 200));
    return;
  }
  for (const room of [a, b]) {
    room.reconnection.enabled = false;
    room.onMessage("welcome", () => {});
    room.onMessage("*", () => {});
  }
  let open = true;
  const closed = new Promise<void>((resolve) => {
    a.onLeave(() => {
      open = false;
      resolve();
    });
    b.onLeave(() => {
      open = false;
      resolve();
    });
  });
  const pump = () => {
    if (!open || performance.now() > deadline) return;
    for (let i = 0; i < perTick; i++) {
      a.send("act", { id: sent, action: { type: "pass" } });
      sent++;
    }
    setTimeout(pump, 10);
  };
  pump();
  await Promise.race([closed, new Promise((r) => setTimeout(r, Math.max(0, deadline - performance.now())))]);
  if (!open) disconnects++;
  // A room the server already closed never answers leave(): only leave what is still open.
  for (const room of [a, b]) if (room.connection.isOpen) void room.leave(true).catch(() => {});
}

while (performance.now() < deadline) await floodOnce();
process.stdout.write(`${JSON.stringify({ sent, disconnects, refusedJoins })}\n`);
process.exit(0);
