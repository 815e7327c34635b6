/**
 * Requests Node's HTTP parser refuses before any route sees them (a request line or headers
 * over Node's limit, a malformed request line, Content-Length with Transfer-Encoding, bytes
 * outside the grammar): answered in the API's error shape instead of Node's bare
 * `400 Bad Request` / `431` with no body, counted in the refusal log, and the socket closed.
 */
import { maxHeaderSize, type Server } from "node:http";
import type { Socket } from "node:net";
import { normalizeAddress } from "./clientIp.ts";
import type { RefusalLog } from "./refusalLog.ts";
import { errorBody, refuseSocket } from "./respond.ts";

interface ParseError extends Error {
  code?: string;
}

/** The answer for a parser error: status, code, message. */
export function parseErrorAnswer(err: ParseError, maxHeaderBytes: number): { status: number; code: string; message: string } {
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, code: "headers_too_large", message: `the request line and headers are limited to ${maxHeaderBytes} bytes together` };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, code: "request_timeout", message: "the request did not arrive in time" };
    default:
      return { status: 400, code: "bad_request", message: "the request is not valid HTTP/1.1" };
  }
}

export function answerBadRequests(server: Server, refusals: RefusalLog): void {
  server.on("clientError", (err: ParseError, socket: Socket) => {
    // As Node's own handler: nothing to answer on a reset socket, or once a response has begun.
    const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === "ECONNRESET" || !socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = parseErrorAnswer(err, maxHeaderSize);
    refusals.record(normalizeAddress(socket.remoteAddress), "http", answer.code);
    refuseSocket(socket, answer.status, errorBody(answer.code, answer.message, false));
  });
}
