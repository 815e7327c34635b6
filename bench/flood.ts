/**
 * One client floods, another room plays on: a SolRei match played at a person's pace (each
 * seat acts `paceMs` after it is asked), its act -> patch latency measured without a flood
 * (baseline), with a flooding client in its own process (bench/flooder.ts: `act` as fast as
 * the socket takes it, coming back whenever it is disconnected), then without again; all in
 * one run against one server process with its default limits.
 */
import { spawn } from "node:child_process";
import { Client, type Room } from "@colyseus/sdk";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import type { ChildServer } from "./childServer.ts";
import { summarize } from "./stats.ts";

interface Seat {
  room: Room;
  seat: number;
}

/** Two seats of a fresh SolRei room, started. */
async function startMatch(wsUrl: string): Promise<Seat[]> {
  const client = new Client(wsUrl);
  const seated = (room: Room) => {
    const seat = new Promise<number>((resolve) => room.onMessage("welcome", (w: { seat: number }) => resolve(w.seat)));
    room.onMessage("*", () => {});
    return seat.then((s) => ({ room, seat: s }));
  };
  const a = seated(await client.create("solrei", { name: "paced", seat: sampleSeatConfig(0) }));
  const first = await a;
  const b = seated(await client.joinById(first.room.roomId, { name: "paced", seat: sampleSeatConfig(1) }));
  return [first, await b];
}

function legal(s: Seat): unknown[] {
  const slot = (s.room.state as any)?.seats?.[s.seat];
  return slot?.acting ? (JSON.parse(slot.legal) as unknown[]) : [];
}

/** Plays paced decisions for `durationMs`; returns each decision's act -> patch time (ms). */
async function pacedSamples(wsUrl: string, durationMs: number, paceMs: number): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + durationMs;
  let seats = await startMatch(wsUrl);
  let turn = 0;
  while (performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, paceMs));
    if ((seats[0]!.room.state as any).status === "finished") {
      await Promise.all(seats.map((s) => s.room.leave().catch(() => {})));
      seats = await startMatch(wsUrl);
    }
    const actor = seats.find((s) => legal(s).length > 0);
    if (!actor) continue;
    const options = legal(actor);
    // Prefer moves that end a prompt, so the match moves on at a person's pace.
    const action = options.find((a: any) => a.type !== "place") ?? options[turn++ % options.length];
    const sentAt = performance.now();
    const patched = new Promise<number>((resolve) => actor.room.onStateChange.once(() => resolve(performance.now())));
    try {
      await actor.room.request("act", { id: turn, action }, { timeout: 30_000 });
      samples.push((await patched) - sentAt);
    } catch {
      // a refused move is not a sample
    }
  }
  await Promise.all(seats.map((s) => s.room.leave().catch(() => {})));
  return samples;
}

function runFlooder(wsUrl: string, durationMs: number): Promise<{ sent: number; disconnects: number; refusedJoins: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", "bench/flooder.ts", wsUrl, String(durationMs)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    proc.stdout!.on("data", (d) => (out += d));
    proc.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`flooder exited ${code}`))));
  });
}

export async function floodIsolation(server: ChildServer, phaseMs: number, paceMs = 50) {
  const before = await pacedSamples(server.wsUrl, phaseMs, paceMs);
  const flooding = runFlooder(server.wsUrl, phaseMs + 1000);
  await new Promise((r) => setTimeout(r, 500)); // the flood is under way
  const during = await pacedSamples(server.wsUrl, phaseMs, paceMs);
  const flooder = await flooding;
  const after = await pacedSamples(server.wsUrl, phaseMs, paceMs);
  return { baseline: summarize([...before, ...after]), flooded: summarize(during), flooder };
}
