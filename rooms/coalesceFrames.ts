/**
 * One socket write per client per decision instead of one per frame.
 *
 * A decision sends each client its patch and its events, and the acting client its reply: three
 * WebSocket frames, which `ws` writes to the TCP socket one by one (one system call each, the
 * biggest single cost of a decision at 500 clients). Corking each client's socket while the
 * frames are produced, and uncorking once the current run of callbacks is over, hands them to
 * the kernel in one `writev`. Nothing is delayed past the current turn of the event loop.
 *
 * The socket is reached through `ws` internals (`WebSocket._socket`, a net.Socket); a transport
 * without it is simply not corked.
 */
import type { Client } from "@colyseus/core";

interface Corkable {
  cork(): void;
  uncork(): void;
}

function socketOf(client: Client): Corkable | null {
  const socket = (client as unknown as { ref?: { _socket?: Partial<Corkable> } }).ref?._socket;
  return socket && typeof socket.cork === "function" && typeof socket.uncork === "function" ? (socket as Corkable) : null;
}

/**
 * Runs `produce` (which sends frames to `clients`) with their sockets corked; they are uncorked
 * after the callbacks queued meanwhile (promise reactions such as a request's reply) have run.
 */
export function coalesceFrames<T>(clients: readonly Client[], produce: () => T): T {
  const corked: Corkable[] = [];
  for (const client of clients) {
    const socket = socketOf(client);
    if (socket) {
      socket.cork();
      corked.push(socket);
    }
  }
  try {
    return produce();
  } finally {
    // nextTick runs once the current microtasks are drained: a reply resolved by `produce` goes in the same write.
    if (corked.length > 0) process.nextTick(() => corked.forEach(uncork));
  }
}

/** One socket that fails to uncork (destroyed meanwhile) must not leave the others corked. */
function uncork(socket: Corkable): void {
  try {
    socket.uncork();
  } catch {
    // its connection is gone; the others still get their frames
  }
}
