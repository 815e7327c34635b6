/**
 * The front door's answers: JSON in the API's error shape, with Colyseus' CORS headers (the
 * routes it answers for are called from browsers), on a request or straight on a raw socket.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { matchMaker } from "@colyseus/core";

/** How long a refused connection may stay open so its client can read the answer. */
const LINGER_MS = 2_000;
/** Above this many lingering refused sockets, new ones are closed as soon as the answer is written. */
const MAX_LINGERING = 256;
let lingering = 0;

export interface ErrorBody {
  error: { code: string; message: string };
  /** Also at the top level on matchmaking routes: @colyseus/sdk shows `message`. */
  code?: string;
  message?: string;
}

export function errorBody(code: string, message: string, topLevel: boolean): ErrorBody {
  return topLevel ? { error: { code, message }, code, message } : { error: { code, message } };
}

/** The CORS headers Colyseus puts on every answer (see @colyseus/core router/index). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const controller = matchMaker.controller;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return { ...controller.DEFAULT_CORS_HEADERS, ...controller.getCorsHeaders(headers) } as Record<string, string>;
}

export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, options: { headers?: Record<string, string>; close?: boolean } = {}): void {
  if (res.headersSent || res.destroyed) return;
  const json = JSON.stringify(body);
  const headers: Record<string, string> = {
    ...corsHeaders(req),
    ...options.headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(json)),
  };
  if (options.close) {
    headers.connection = "close";
    lingerOnClose(req.socket);
  }
  res.writeHead(status, headers);
  res.end(json);
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written; if the client is
 * still sending (a body we refused), that close resets the connection and the client may lose
 * the answer. Instead: end our side, keep the socket (paused: nothing more is read) for a short
 * while or until the client closes, then destroy it.
 */
function lingerOnClose(socket: Socket): void {
  const s = socket as Socket & { destroySoon?: () => void };
  s.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    if (lingering >= MAX_LINGERING) {
      this.destroy();
      return;
    }
    lingering++;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => {
      lingering--;
      clearTimeout(timer);
    });
  };
}

/** Answers on a socket no HTTP parser owns (a refused connection or upgrade, a request Node could not parse), then closes it. */
export function refuseSocket(socket: Socket, status: number, body: unknown, retryAfterS?: number): void {
  const json = JSON.stringify(body);
  socket.on("error", () => {});
  if (socket.destroyed) return;
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(json)}`,
    ...(retryAfterS === undefined ? [] : [`Retry-After: ${retryAfterS}`]),
    "Access-Control-Allow-Origin: *",
    "Connection: close",
  ].join("\r\n");
  socket.end(`${head}\r\n\r\n${json}`);
  if (lingering >= MAX_LINGERING) {
    socket.destroySoon();
    return;
  }
  // Discard what the client sends meanwhile, so closing does not reset the answer away.
  lingering++;
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => {
    lingering--;
    clearTimeout(timer);
  });
}
