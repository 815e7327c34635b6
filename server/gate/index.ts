/**
 * The front door: what every connection and request passes before Colyseus or express see it.
 *
 *   - connections: a global ceiling and a per-address cap (./connections.ts);
 *   - request bodies: at most MAX_BODY_BYTES on every route, read here, streaming (./body.ts);
 *     over it: 413 `payload_too_large`, answered without reading the rest;
 *   - matchmaking (`POST /matchmake/...`): answered here, with API-shaped errors, the caps on
 *     room creation and on joins by id, and on seat reservations an address holds unused
 *     (./matchmake.ts, ./pendingJoins.ts);
 *   - requests Node's parser refuses (malformed, headers over its limit): answered in the API's
 *     error shape (./badRequests.ts);
 *   - refusals logged as one summary line per address per interval (./refusalLog.ts).
 *
 * Installed on the HTTP server after `gameServer.listen()`: it takes the server's "request"
 * (and "connection") listeners, which by then include Colyseus' router and express, and calls
 * them itself once a request has passed.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "../log.ts";
import { isJsonRequest, parseJsonBody, readBody, declaredLength } from "./body.ts";
import { clientAddress } from "./clientIp.ts";
import { ConnectionGate } from "./connections.ts";
import { MatchmakeGate } from "./matchmake.ts";
import type { LimiterFactory } from "../auth/limits.ts";
import { PenaltyBox, type Penalties } from "./penalties.ts";
import { answerBadRequests } from "./badRequests.ts";
import { RefusalLog } from "./refusalLog.ts";
import { errorBody, sendJson } from "./respond.ts";

export interface FrontDoorSettings {
  /** Largest request body on any route (bytes). */
  maxBodyBytes: number;
  /** Proxy hops whose X-Forwarded-For is trusted (0: the socket's address is the client's). */
  trustProxyHops: number;
  /** Rooms a client address may create per minute; 0 = no cap. */
  roomsPerMinutePerIp: number;
  /** joinById calls a client address may make per minute; 0 = no cap. */
  joinsByIdPerMinutePerIp: number;
  /** joinById seat reservations a client address may hold unused at once; 0 = no cap. */
  pendingJoinsPerIp: number;
  /** Live rooms in this process; 0 = no cap. */
  maxRooms: number;
  /** Open connections per client address; 0 = no cap. */
  maxConnectionsPerIp: number;
  /** Open connections on the server; 0 = no cap. */
  maxConnections: number;
  /** Period of the refusal summary lines (default 10 s). */
  refusalLogIntervalMs?: number;
  /** How long an address disconnected for flooding may not matchmake (ms; 0: no penalty). */
  floodCooldownMs?: number;
  /** Where the rooms-per-minute counters live (default: this process's memory; Redis in a cluster). */
  limiters?: LimiterFactory;
  /** The flood penalty box (default: in this process's memory; Redis in a cluster). */
  penalties?: Penalties;
  /** Told each refusal's code (the server's metrics). */
  onRefusal?: (code: string) => void;
  /** Room types whose rooms live on the process the client asked (the ranked queue in a cluster; ./matchmake.ts). */
  localRooms?: readonly string[];
  /** Why the cluster cannot matchmake now (503 `cluster_unavailable`), or null (./matchmake.ts). */
  clusterUnavailable?: () => string | null;
}

export interface FrontDoor {
  readonly connections: ConnectionGate;
  /** A room disconnected the client of `sessionId` for flooding: its address may not matchmake for a while. */
  penalizeSession(sessionId: string): string | null;
  /** Writes the refusal summary of the interval so far (tests, shutdown). */
  flushRefusalLog(): void;
  /** Stops the log timer and writes its last summary. */
  close(): void;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export function installFrontDoor(
  server: Server,
  deps: {
    log: Logger;
    settings: FrontDoorSettings;
    transport: { protocol?: string; fingerprint?: unknown };
    prepareOptions?: (roomName: string, options: Record<string, unknown>) => void;
  },
): FrontDoor {
  const { log, settings } = deps;
  const refusals = new RefusalLog(log, settings.refusalLogIntervalMs ?? 10_000, undefined, settings.onRefusal);
  const connections = new ConnectionGate({ maxConnections: settings.maxConnections, maxConnectionsPerIp: settings.maxConnectionsPerIp, trustProxyHops: settings.trustProxyHops }, refusals);
  connections.install(server);
  answerBadRequests(server, refusals);
  const penalties = settings.penalties ?? new PenaltyBox(settings.floodCooldownMs ?? 0);
  const matchmake = new MatchmakeGate(
    {
      roomsPerMinutePerIp: settings.roomsPerMinutePerIp,
      joinsByIdPerMinutePerIp: settings.joinsByIdPerMinutePerIp,
      pendingJoinsPerIp: settings.pendingJoinsPerIp,
      maxRooms: settings.maxRooms,
      limiters: settings.limiters,
      localRooms: settings.localRooms,
      clusterUnavailable: settings.clusterUnavailable,
    },
    { log, refusals, transport: deps.transport, penalties, prepareOptions: deps.prepareOptions },
  );

  const originals = server.listeners("request") as RequestListener[];
  server.removeAllListeners("request");
  const pass: RequestListener = (req, res) => {
    for (const listener of originals) listener.call(server, req, res);
  };

  const tooLarge = (req: IncomingMessage, res: ServerResponse, ip: string, matchmaking: boolean) => {
    refusals.record(ip, routeOf(req), "payload_too_large");
    const message = `request bodies are limited to ${settings.maxBodyBytes} bytes`;
    sendJson(req, res, 413, errorBody("payload_too_large", message, matchmaking), { close: true });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const ip = clientAddress(req, settings.trustProxyHops);
    const matchmaking = isMatchmaking(req);
    const body = await readBody(req, settings.maxBodyBytes);
    if (body.kind === "aborted") return;
    if (body.kind === "too_large") return tooLarge(req, res, ip, matchmaking);
    const raw = body.kind === "read" ? body.raw : null;
    if (matchmaking) return matchmake.handle(req, res, raw, ip);
    if (raw !== null && isJsonRequest(req)) {
      const parsed = parseJsonBody(req, raw);
      if (!parsed.ok) return sendJson(req, res, parsed.status, errorBody(parsed.code, parsed.message, false));
      // Read and parsed: express.json() sees a finished request and leaves req.body alone.
      (req as IncomingMessage & { body?: unknown }).body = parsed.value;
    }
    // Other media types: the body was read (within the limit) and dropped, as express 5 does
    // without a parser for them: req.body stays undefined.
    pass(req, res);
  };

  const onRequest: RequestListener = (req, res) => {
    handle(req, res).catch((err) => {
      log.error({ err, route: routeOf(req) }, "request failed at the front door");
      sendJson(req, res, 500, errorBody("internal_error", "internal server error", false));
    });
  };
  server.on("request", onRequest);
  // `Expect: 100-continue`: refuse an oversized body before the client sends it.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const length = declaredLength(req);
    if (length !== null && length > settings.maxBodyBytes) {
      return tooLarge(req, res, clientAddress(req, settings.trustProxyHops), isMatchmaking(req));
    }
    res.writeContinue();
    onRequest(req, res);
  });

  return {
    connections,
    penalizeSession: (sessionId) => penalties.penalizeSession(sessionId),
    flushRefusalLog: () => refusals.flush(),
    close: () => {
      matchmake.close();
      refusals.close();
    },
  };
}

/** `POST /matchmake/...` (Colyseus' matchmaking route, answered by ./matchmake.ts). */
function isMatchmaking(req: IncomingMessage): boolean {
  return req.method === "POST" && (req.url ?? "").startsWith(`/${matchMaker.controller.matchmakeRoute}/`);
}

/** "METHOD /path" for logs: the matchmaking method without the room, other paths cut short. */
function routeOf(req: IncomingMessage): string {
  const path = (req.url ?? "/").split("?")[0]!;
  const route = matchMaker.controller.matchmakeRoute;
  const method = path.startsWith(`/${route}/`) ? /^\w+/.exec(path.slice(route.length + 2))?.[0] : undefined;
  return `${req.method ?? "?"} ${method ? `/${route}/${method}` : path.slice(0, 64)}`;
}
