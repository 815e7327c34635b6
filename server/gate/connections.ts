/**
 * Caps on open connections: a global ceiling on the server's TCP sockets (HTTP and WebSocket
 * alike) and a cap per client address.
 *
 * Sockets are counted from accept to close. The server's own "connection" listeners (node's
 * HTTP parser) are wrapped, so a socket over a cap never reaches HTTP: it gets a JSON answer
 * (503 `server_full` / 429 `too_many_connections`) written straight on it, and is closed.
 *
 * Per address: without a trusted proxy (TRUST_PROXY=0) every socket counts against its peer
 * address. Behind trusted proxies every socket comes from a proxy, so the per-address cap
 * counts WebSocket upgrades by the forwarded client address instead (the proxy keeps one
 * upstream socket per WebSocket) and an upgrade over the cap is answered 429 and closed.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";
import { addressKey, clientAddress, normalizeAddress } from "./clientIp.ts";
import type { RefusalLog } from "./refusalLog.ts";
import { errorBody, refuseSocket } from "./respond.ts";

export interface ConnectionLimits {
  /** Open sockets on the server; 0 = no cap. */
  maxConnections: number;
  /** Open sockets (or, behind a trusted proxy, WebSockets) per client address; 0 = no cap. */
  maxConnectionsPerIp: number;
  trustProxyHops: number;
}

type Listener = (...args: unknown[]) => void;

export class ConnectionGate {
  private open = 0;
  private readonly perAddress = new Map<string, number>();
  private readonly restore: Array<() => void> = [];

  constructor(
    private readonly limits: ConnectionLimits,
    private readonly refusals: RefusalLog,
  ) {}

  get openConnections(): number {
    return this.open;
  }

  openFrom(address: string): number {
    return this.perAddress.get(addressKey(normalizeAddress(address))) ?? 0;
  }

  install(server: Server): void {
    this.wrap(server, "connection", (originals, socket: Socket) => {
      if (this.admitSocket(socket)) for (const l of originals) l.call(server, socket);
    });
    if (this.limits.trustProxyHops > 0 && this.limits.maxConnectionsPerIp > 0) {
      this.wrap(server, "upgrade", (originals, req: IncomingMessage, socket: Socket, head: Buffer) => {
        if (this.admitUpgrade(req, socket)) for (const l of originals) l.call(server, req, socket, head);
      });
    }
  }

  /** Puts the server's own listeners back. */
  uninstall(): void {
    for (const undo of this.restore.splice(0)) undo();
  }

  private wrap<A extends unknown[]>(server: Server, event: "connection" | "upgrade", handler: (originals: Listener[], ...args: A) => void): void {
    const originals = server.listeners(event) as Listener[];
    server.removeAllListeners(event);
    const gate = (...args: unknown[]) => handler(originals, ...(args as A));
    server.on(event, gate);
    this.restore.push(() => {
      server.removeListener(event, gate);
      for (const l of originals) server.on(event, l);
    });
  }

  private admitSocket(socket: Socket): boolean {
    const { maxConnections, maxConnectionsPerIp, trustProxyHops } = this.limits;
    const ip = normalizeAddress(socket.remoteAddress);
    if (maxConnections > 0 && this.open >= maxConnections) {
      this.refuse(socket, ip, "tcp", 503, "server_full", `the server is at its limit of ${maxConnections} open connections; try again later`, 10);
      return false;
    }
    const key = trustProxyHops > 0 ? null : addressKey(ip);
    if (key !== null && maxConnectionsPerIp > 0 && (this.perAddress.get(key) ?? 0) >= maxConnectionsPerIp) {
      this.refuse(socket, ip, "tcp", 429, "too_many_connections", `at most ${maxConnectionsPerIp} open connections per client address; close some and try again`, 5);
      return false;
    }
    this.open++;
    if (key !== null) this.count(key, +1);
    socket.once("close", () => {
      this.open--;
      if (key !== null) this.count(key, -1);
    });
    return true;
  }

  private admitUpgrade(req: IncomingMessage, socket: Socket): boolean {
    const max = this.limits.maxConnectionsPerIp;
    const ip = clientAddress(req, this.limits.trustProxyHops);
    const key = addressKey(ip);
    if ((this.perAddress.get(key) ?? 0) >= max) {
      this.refuse(socket, ip, "upgrade", 429, "too_many_connections", `at most ${max} open connections per client address; close some and try again`, 5);
      return false;
    }
    this.count(key, +1);
    socket.once("close", () => this.count(key, -1));
    return true;
  }

  private count(key: string, delta: number): void {
    const n = (this.perAddress.get(key) ?? 0) + delta;
    if (n > 0) this.perAddress.set(key, n);
    else this.perAddress.delete(key);
  }

  private refuse(socket: Socket, ip: string, route: string, status: number, code: string, message: string, retryAfterS: number): void {
    this.refusals.record(ip, route, code);
    refuseSocket(socket, status, errorBody(code, message, true), retryAfterS);
  }
}
