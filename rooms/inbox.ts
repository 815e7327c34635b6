/**
 * The room's front door for client frames: every WebSocket frame a seated client sends passes
 * here before Colyseus decodes it. Colyseus alone would (a) answer a frame it cannot decode, or
 * a message type with no handler, by closing the client (its seat lost) and logging a stack
 * trace per frame, (b) keep applying frames that were already buffered from a client it has
 * closed, and (c) take any number of messages per second. Here instead:
 *
 * - a closed or closing client's frames are dropped;
 * - each client has a token bucket (`ratePerS`, `burst`): a message beyond it gets a
 *   `rate_limited` rejection without reaching the game, and a client that keeps going past
 *   `floodLimit` rejected messages within a window of `floodWindowMs` is disconnected;
 * - a frame that does not decode, or names a message type the room does not handle, gets a
 *   `bad_frame` / `unknown_message` rejection (a reply to a request, else a `rejected`
 *   message) and the client keeps its seat;
 * - bad frames and rate-limit hits are logged as one summary per client per `logEveryMs`.
 */
import { CloseCode, Protocol, ResponseStatus, Room, getMessageBytes, type Client } from "@colyseus/core";
import { decode } from "@colyseus/schema";
import { unpack } from "msgpackr";
import type { Logger } from "../match/log.ts";

export interface InboxSettings {
  /** Sustained messages per second per client. */
  ratePerS: number;
  /** Messages a client may send at once above the sustained rate. */
  burst: number;
  /** Rejected-for-rate messages within `floodWindowMs` after which the client is disconnected. */
  floodLimit: number;
  floodWindowMs: number;
  /** At most one summary log line per client per this many ms. */
  logEveryMs: number;
}

export const DEFAULT_INBOX: InboxSettings = { ratePerS: 20, burst: 40, floodLimit: 200, floodWindowMs: 10_000, logEveryMs: 30_000 };

/** The codes a client sees for frames refused here. */
export const InboxCodes = {
  rateLimited: "rate_limited",
  badFrame: "bad_frame",
  unknownMessage: "unknown_message",
} as const;

interface ClientInbox {
  tokens: number;
  refilledAt: number;
  closed: boolean;
  floodWindowStart: number;
  floodCount: number;
  /** Counts since the last summary line. */
  pending: Record<string, number>;
  loggedAt: number;
}

const WS_OPEN = 1;

function seatOf(client: Client): number | undefined {
  return (client.userData as { seat?: number } | undefined)?.seat;
}
const PROTOCOL_CODE_MASK = 31;

type FrameHandler = (client: Client, buffer: Buffer) => void;

/**
 * Puts the inbox in front of `room`'s frame handler. Colyseus binds `room._onMessage` to
 * each client at join time, so an own property set before the first join takes its place.
 */
/** What an inbox calls back: its room's logger, and who penalises a flooder's address. */
export interface InboxHost {
  log(): Logger;
  /** Told when a client is disconnected for flooding (the front door penalises its address); returns that address, if known. */
  penalizeFlooder?(client: Client): string | null;
  /** Counts a refused frame by its code (the server's metrics). */
  refused?(code: string): void;
}

export function installInbox(room: Room, opts: { settings: InboxSettings; handled: ReadonlySet<string>; host: InboxHost }): Inbox {
  const original = (Room.prototype as unknown as { _onMessage?: FrameHandler })._onMessage;
  if (typeof original !== "function") {
    throw new Error("@colyseus/core changed: Room.prototype._onMessage is gone; rooms/inbox.ts must be updated");
  }
  const inbox = new Inbox(opts.settings, opts.handled, opts.host);
  (room as unknown as { _onMessage: FrameHandler })._onMessage = function (this: Room, client: Client, buffer: Buffer) {
    if (inbox.admit(client, buffer, Date.now())) original.call(this, client, buffer);
  };
  return inbox;
}

export class Inbox {
  private readonly clients = new WeakMap<Client, ClientInbox>();

  constructor(
    private readonly settings: InboxSettings,
    private readonly handled: ReadonlySet<string>,
    private readonly host: InboxHost,
  ) {}

  /** Whether this inbox closed the client for flooding (it gets no reconnection). */
  expelled(client: Client): boolean {
    return this.clients.get(client)?.closed === true;
  }

  /** Whether the client's input is still taken (false once it was closed for flooding). */
  isOpen(client: Client): boolean {
    return !this.clients.get(client)?.closed && (client.ref as { readyState?: number } | undefined)?.readyState === WS_OPEN;
  }

  /** True: hand the frame to Colyseus. False: it was answered or dropped here. */
  admit(client: Client, buffer: Buffer, now: number): boolean {
    const state = this.stateOf(client, now);
    if (state.closed || (client.ref as { readyState?: number } | undefined)?.readyState !== WS_OPEN) return false;
    if (!buffer || buffer.length === 0) {
      this.note(client, state, "empty_frame", now);
      return false;
    }
    const code = buffer[0]! & PROTOCOL_CODE_MASK;
    // Leaving ends the client's input: always let it through. Everything else costs a token,
    // the join acknowledgement too (one per connection, while the bucket is full): Colyseus
    // ignores a JOIN_ROOM once joined, so a stream of them must meet the flood limit.
    if (code === Protocol.LEAVE_ROOM) return true;

    if (!this.takeToken(state, now)) {
      this.note(client, state, InboxCodes.rateLimited, now);
      if (this.flooding(state, now)) {
        this.disconnect(client, state, now);
        return false;
      }
      this.refuse(client, buffer, code, InboxCodes.rateLimited, `too many messages: at most ${this.settings.ratePerS} per second (bursts of ${this.settings.burst})`);
      return false;
    }
    if (code === Protocol.PING || code === Protocol.JOIN_ROOM) return true;
    if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_REQUEST) {
      this.note(client, state, `frame_${code}`, now);
      this.refuse(client, buffer, code, InboxCodes.unknownMessage, `this room takes only ${[...this.handled].map((t) => `"${t}"`).join(", ")} messages (protocol code ${code} is not used here)`);
      return false;
    }
    const problem = this.inspect(buffer, code);
    if (problem) {
      this.note(client, state, problem.code, now);
      this.refuse(client, buffer, code, problem.code, problem.message);
      return false;
    }
    return true;
  }

  private stateOf(client: Client, now: number): ClientInbox {
    let state = this.clients.get(client);
    if (!state) {
      state = { tokens: this.settings.burst, refilledAt: now, closed: false, floodWindowStart: now, floodCount: 0, pending: {}, loggedAt: Number.NEGATIVE_INFINITY };
      this.clients.set(client, state);
    }
    return state;
  }

  private takeToken(state: ClientInbox, now: number): boolean {
    const { ratePerS, burst } = this.settings;
    state.tokens = Math.min(burst, state.tokens + ((now - state.refilledAt) * ratePerS) / 1000);
    state.refilledAt = now;
    if (state.tokens < 1) return false;
    state.tokens -= 1;
    return true;
  }

  private flooding(state: ClientInbox, now: number): boolean {
    if (now - state.floodWindowStart > this.settings.floodWindowMs) {
      state.floodWindowStart = now;
      state.floodCount = 0;
    }
    return ++state.floodCount > this.settings.floodLimit;
  }

  /** Why a data or request frame cannot be handled, or null when it decodes to a handled type. */
  private inspect(buffer: Buffer, code: number): { code: string; message: string } | null {
    const it = { offset: 1 };
    let type: string | number;
    try {
      if (code === Protocol.ROOM_REQUEST) decode.number(buffer, it);
      type = decode.stringCheck(buffer, it) ? decode.string(buffer, it) : decode.number(buffer, it);
      if (buffer.byteLength > it.offset) unpack(buffer.subarray(it.offset));
    } catch {
      return { code: InboxCodes.badFrame, message: "the frame could not be decoded (expected a Colyseus message with a msgpack payload)" };
    }
    if (typeof type !== "string" || !this.handled.has(type)) {
      return { code: InboxCodes.unknownMessage, message: `unknown message type ${JSON.stringify(String(type)).slice(0, 40)}: this room takes ${[...this.handled].map((t) => `"${t}"`).join(", ")}` };
    }
    return null;
  }

  /** Answers the frame: a request gets its rejection as the reply, anything else a `rejected` message. */
  private refuse(client: Client, buffer: Buffer, code: number, reason: string, message: string): void {
    const rejection = { id: null, code: reason, message };
    if (code === Protocol.ROOM_REQUEST) {
      try {
        const requestId = decode.number(buffer, { offset: 1 });
        if (Number.isSafeInteger(requestId) && requestId >= 0) {
          client.enqueueRaw(getMessageBytes[Protocol.ROOM_RESPONSE](requestId, ResponseStatus.REJECTED, rejection));
          return;
        }
      } catch {
        // no readable request id: answer with a message instead
      }
    }
    client.send("rejected", rejection);
  }

  private disconnect(client: Client, state: ClientInbox, now: number): void {
    state.closed = true;
    const address = this.host.penalizeFlooder?.(client) ?? undefined;
    this.host
      .log()
      .warn(
        { client: client.sessionId, seat: seatOf(client), ip: address, counts: state.pending, windowMs: this.settings.floodWindowMs },
        "client disconnected for flooding: it kept sending past its message rate limit",
      );
    state.pending = {};
    state.loggedAt = now;
    client.send("rejected", { id: null, code: InboxCodes.rateLimited, message: "disconnected: too many messages past the rate limit" });
    client.leave(CloseCode.WITH_ERROR, "rate_limited: too many messages");
  }

  /** Counts a refused frame; logs one summary line per client per `logEveryMs`. */
  private note(client: Client, state: ClientInbox, what: string, now: number): void {
    this.host.refused?.(what);
    state.pending[what] = (state.pending[what] ?? 0) + 1;
    if (now - state.loggedAt < this.settings.logEveryMs) return;
    this.host.log().warn({ client: client.sessionId, seat: seatOf(client), counts: state.pending, everyMs: this.settings.logEveryMs }, "client frames refused (summary)");
    state.pending = {};
    state.loggedAt = now;
  }
}
