/**
 * A TCP proxy on loopback that can be cut and restored, to make a database "go away"
 * mid-test without touching the database itself. Cut means what a dead server looks like:
 * open connections are reset and new ones are refused (the port stops listening).
 */
import net from "node:net";
import { freePort } from "./serverProcess.ts";

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Tracks both ends of a proxied connection in `sockets`; an error on either end closes both. */
export function linkPair(client: net.Socket, upstream: net.Socket, sockets: Set<net.Socket>): void {
  for (const sock of [client, upstream]) {
    sockets.add(sock);
    sock.on("close", () => sockets.delete(sock));
    sock.on("error", () => {
      client.destroy();
      upstream.destroy();
    });
  }
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        linkPair(client, upstream, sockets);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        resolve((s.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const sock of sockets) sock.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  // Not a port the kernel picks (listen on 0): those are in the ephemeral range, and while the
  // proxy is cut a client's connection attempt to that port can be given the same port as its own
  // source and connect to itself (TCP self-connect), then hang until its connect timeout, after
  // the proxy is back. A database at a real address never does that.
  const port = await listen(await freePort());
  return {
    port,
    cut: stop,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
