/**
 * The ranked queue as the lobby shows it: one queue connection per tab (room `queue`, an
 * account's bearer token), its latest status, and what happened (matched, requeued, forfeit).
 * Kept outside the lobby component, so leaving the lobby page does not drop the queue.
 * On `matched` the seat reservation is consumed at once and the page goes to the table.
 */
import type { Room } from "@colyseus/sdk";
import { joinQueue, takeReservedSeat } from "./session.ts";
import type { QueueStatus } from "../../rooms/client.ts";

/** The queue's `queue` message (the server's type, via the client typings). */
export type { QueueStatus } from "../../rooms/client.ts";

export interface QueueView {
  phase: "idle" | "joining" | "queued" | "matched" | "seated" | "over";
  game: string;
  seats: number;
  status: QueueStatus | null;
  /** When the last status arrived (the page counts the wait on from it). */
  statusAt: number;
  note: string;
  roomId?: string;
}

let room: Room | null = null;
let view: QueueView = { phase: "idle", game: "", seats: 0, status: null, statusAt: 0, note: "" };
const listeners = new Set<() => void>();

function set(change: Partial<QueueView>): void {
  view = { ...view, ...change };
  listeners.forEach((l) => l());
}

export function queueView(): QueueView {
  return view;
}

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function enterQueue(game: string, seats: number, seat: unknown): Promise<void> {
  if (room) return;
  set({ phase: "joining", game, seats, status: null, note: "", roomId: undefined });
  let joined: Room;
  try {
    joined = await joinQueue(game, seats, seat);
  } catch (e) {
    const text = String((e as Error)?.message ?? e);
    set({ phase: "idle", note: /guest_not_allowed/.test(text) ? "Ranked play needs an account: sign in or register first." : `Could not join the queue: ${text}` });
    return;
  }
  room = joined;
  set({ phase: "queued" });
  joined.onMessage("queue", (s: QueueStatus) => set({ status: s, statusAt: Date.now() }));
  joined.onMessage("requeued", (s: QueueStatus & { reason?: string }) =>
    set({ phase: "queued", status: s, statusAt: Date.now(), note: "Someone did not take their seat: you are back at the front of the queue." }),
  );
  joined.onMessage("matched", (m: { roomId: string; reservation: unknown; game: string }) => {
    set({ phase: "matched", note: "Matched! Taking your seat…", roomId: m.roomId });
    takeReservedSeat(m.game ?? game, m.reservation).then(
      (seated) => {
        set({ phase: "seated", note: "", roomId: seated.roomId });
        location.hash = `#/table/${seated.roomId}`;
      },
      (e: unknown) => set({ phase: "over", note: `Could not take the reserved seat: ${String((e as Error)?.message ?? e)}` }),
    );
  });
  joined.onMessage("started", () => {});
  joined.onMessage("forfeit", (f: { cooldownMs?: number }) => set({ phase: "over", note: `You did not take your seat in time: you may queue again in ${Math.ceil((f.cooldownMs ?? 0) / 1000)} s.` }));
  joined.onMessage("left", () => set({ phase: "idle", status: null, note: "You left the queue." }));
  joined.onMessage("*", () => {});
  joined.onLeave(() => {
    if (room === joined) room = null;
    if (view.phase === "queued" || view.phase === "joining") set({ phase: "idle", status: null });
    else if (view.phase === "seated") set({ phase: "idle", status: null, note: "" });
  });
}

export async function leaveQueue(): Promise<void> {
  const r = room;
  if (!r) return set({ phase: "idle", status: null });
  try {
    r.send("leave");
  } catch {
    await r.leave(true).catch(() => {});
  }
}
