/**
 * Colyseus' matchmaking errors (a 52x code and a message) as HTTP answers in the API's shape.
 *
 * Colyseus answers them with its own code as the HTTP status (520 to 526), which proxies,
 * monitors and browsers read as server faults. Here every client mistake is a 4xx with a code a
 * program can test; a room's refusal keeps its "<code>: <message>" text, and the code before
 * the colon becomes `error.code`. Only what is left is a 500 `internal_error`, logged.
 */
import { ErrorCode } from "@colyseus/core";

export interface MatchmakeAnswer {
  status: number;
  code: string;
  message: string;
  /** A server fault: log it (the client sees a generic message). */
  fault?: boolean;
}

/** Token problems are 401 (authenticate and try again); other refusals of identity are 403. */
const TOKEN_CODES = new Set(["missing_token", "invalid_token", "expired_token", "bad_token"]);

/** `"<code>: <message>"` → the code, when the message is in that form. */
export function messageCode(message: string): string | undefined {
  return /^([a-z][a-z0-9_]{0,63}):\s/.exec(message)?.[1];
}

export function matchmakeAnswer(code: unknown, message: string): MatchmakeAnswer {
  const prefixed = messageCode(message);
  switch (code) {
    case ErrorCode.MATCHMAKE_NO_HANDLER: // 520
      return /invalid method/.test(message) ? { status: 404, code: "unknown_method", message } : { status: 404, code: "unknown_room", message };
    case ErrorCode.MATCHMAKE_INVALID_CRITERIA: // 521: join found no open room
      return { status: 404, code: "room_not_found", message };
    case ErrorCode.MATCHMAKE_INVALID_ROOM_ID: // 522: joinById / reconnect
      return /" is locked$/.test(message) ? { status: 409, code: "room_locked", message } : { status: 404, code: "room_not_found", message };
    case ErrorCode.MATCHMAKE_EXPIRED: // 524: seat reservation or reconnection token expired
      return { status: 410, code: prefixed ?? "seat_expired", message };
    case ErrorCode.AUTH_FAILED: {
      // 525: onAuth refused
      const c = prefixed ?? "auth_failed";
      return { status: TOKEN_CODES.has(c) ? 401 : 403, code: c, message };
    }
    case ErrorCode.APPLICATION_ERROR: // 526: the room refused (bad options...)
      return { status: 422, code: prefixed ?? "refused", message };
    case ErrorCode.MATCHMAKE_UNHANDLED: // 523: anything else Colyseus caught, plus a few known client cases
      if (/is already full/.test(message)) return { status: 409, code: "room_full", message };
      if (/reconnectionToken/.test(message)) return { status: 400, code: "bad_request", message };
      if (/is not available|no processId available/.test(message)) return { status: 503, code: "unavailable", message };
      if (prefixed === "cluster_unavailable") return { status: 503, code: prefixed, message }; // Redis went away mid-call (server/cluster/guard.ts)
      break;
  }
  // A room's own error: a string code (Colyseus would answer it with 200), or a numeric
  // application code (4xxx, or an HTTP 4xx status).
  if (typeof code === "string" && /^[a-z][a-z0-9_]{0,63}$/.test(code)) return { status: 422, code, message };
  if (typeof code === "number" && code >= 400 && code < 500) return { status: code, code: prefixed ?? "refused", message };
  if (code === 503) return { status: 503, code: prefixed ?? "unavailable", message }; // try again shortly
  if (typeof code === "number" && code >= 4000 && code < 5000) return { status: 422, code: prefixed ?? "refused", message };
  return { status: 500, code: "internal_error", message: "internal server error", fault: true };
}
