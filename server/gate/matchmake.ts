/**
 * `POST /matchmake/<method>/<room name or id>`, answered here instead of by Colyseus' own route
 * (which answers client mistakes with 52x statuses): the same matchmaker call
 * (`matchMaker.controller.invokeMethod`, so `exposedMethods` and the rooms' `onAuth` apply as
 * before), with
 *
 *   - errors in the API's shape, 4xx for client mistakes (./matchmakeErrors.ts), plus a
 *     top-level `message` (and `code`) that @colyseus/sdk shows as the error's message;
 *   - a cap on rooms created per minute per client address (ROOMS_PER_MINUTE_PER_IP): what
 *     counts is rooms actually created by that address's `create` / `joinOrCreate` calls (a
 *     joinOrCreate that joins an open room costs nothing). The point is reserved before the
 *     call, so concurrent calls cannot overshoot, and given back if no room was created;
 *   - a ceiling on live rooms (MAX_ROOMS), counting every room of this process (ranked rooms
 *     made by the matchmaker too, which it never refuses);
 *   - a cap on `joinById` calls per minute per client address (JOINS_BY_ID_PER_MINUTE_PER_IP),
 *     the one call that reaches a match in play (spectators, players back by id);
 *   - a cap on the `joinById` reservations an address holds unused (PENDING_JOINS_PER_IP,
 *     ./pendingJoins.ts): a reservation is a place taken in its room until the client connects
 *     or it expires.
 *
 * Rooms of the types in `localRooms` (the ranked `queue` in a cluster) always live on the process the
 * client asked: a by-name call joins this process's room of that type, created here if there is
 * none, instead of whatever room Colyseus' shared listing would pick on another process. Each
 * process then holds the queue connections of its own clients (server/matchmaking/shared.ts).
 *
 * Over either cap `create` is refused (429 `rate_limited` with Retry-After / 503 `server_full`)
 * and `joinOrCreate` becomes a `join`: it still gets into an open room, and is refused the same
 * way only if there is none.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ErrorCode, RoomInternalState, createAuthContext, matchMaker } from "@colyseus/core";
import { RateLimiterRes } from "rate-limiter-flexible";
import { memoryLimiters, type Limiter, type LimiterFactory } from "../auth/limits.ts";
import type { Logger } from "../log.ts";
import { addressKey } from "./clientIp.ts";
import { isJsonRequest, parseJsonBody } from "./body.ts";
import { matchmakeAnswer } from "./matchmakeErrors.ts";
import { PendingJoins } from "./pendingJoins.ts";
import { PerCallStore } from "./perCallStore.ts";
import type { Penalties } from "./penalties.ts";
import type { RefusalLog } from "./refusalLog.ts";
import { errorBody, sendJson } from "./respond.ts";

export interface MatchmakeLimits {
  /** Rooms created per minute per client address; 0 = no cap. */
  roomsPerMinutePerIp: number;
  /** joinById calls per minute per client address; 0 = no cap. */
  joinsByIdPerMinutePerIp?: number;
  /** joinById seat reservations a client address may hold unused; 0 = no cap. */
  pendingJoinsPerIp?: number;
  /** Live rooms in this process; 0 = no cap. */
  maxRooms: number;
  /** Where the per-address counters live (default: this process's memory; Redis shares them between processes). */
  limiters?: LimiterFactory;
  /** Room types whose rooms live on the process the client asked (see the header). */
  localRooms?: readonly string[];
  /** Why the cluster cannot matchmake now (its Redis is unreachable: server/cluster/watch.ts), or null. */
  clusterUnavailable?: () => string | null;
}

interface Refusal {
  status: number;
  code: string;
  message: string;
  retryAfterS: number;
}

/** The matchmaking call to make for a request (after the caps): `call` may differ from the `method` asked. */
interface PlannedCall {
  method: string;
  call: string;
  target: string;
  options: Record<string, unknown>;
  /** A room creation was reserved for this address (given back if none was made). */
  reserved: boolean;
  /** joinOrCreate over a cap became a join: the refusal to give if there is no room to join. */
  fallback: Refusal | null;
  /** Joining this process's room of this type (`localRooms`). */
  localRoom?: string;
}

const CREATING = new Set(["create", "joinOrCreate"]);
const BY_ROOM_NAME = new Set(["create", "join", "joinOrCreate"]);

export class MatchmakeGate {
  private readonly limiter: Limiter | null;
  private readonly joinsById: Limiter | null;
  private readonly pendingJoins: PendingJoins;
  /** Calls that may create a room and have not finished yet (counted against MAX_ROOMS). */
  private pendingCreates = 0;
  /** Per matchmaking call: how many rooms it created (set by the room handlers' "create" events). */
  private readonly calls = new PerCallStore<{ created: number }>();
  private readonly unhook: Array<() => void> = [];
  /** Per local room type: this process's room being looked up or created (one at a time). */
  private readonly localRoom = new Map<string, Promise<string>>();

  constructor(
    private readonly limits: MatchmakeLimits,
    private readonly deps: {
      log: Logger;
      refusals: RefusalLog;
      transport: { protocol?: string; fingerprint?: unknown };
      penalties?: Penalties;
      /** Adds server-derived options (e.g. the normalised game config that rooms filter by) to a by-name call's options. */
      prepareOptions?: (roomName: string, options: Record<string, unknown>) => void;
    },
  ) {
    const limiters = limits.limiters ?? memoryLimiters;
    this.limiter = limits.roomsPerMinutePerIp > 0 ? limiters({ keyPrefix: "rooms-created", points: limits.roomsPerMinutePerIp, duration: 60 }) : null;
    const joinsById = limits.joinsByIdPerMinutePerIp ?? 0;
    this.joinsById = joinsById > 0 ? limiters({ keyPrefix: "joins-by-id", points: joinsById, duration: 60 }) : null;
    this.pendingJoins = new PendingJoins(limits.pendingJoinsPerIp ?? 0);
    const onCreate = () => {
      const call = this.calls.get();
      if (call) call.created++;
    };
    for (const handler of Object.values(matchMaker.getAllHandlers())) {
      handler.on("create", onCreate);
      this.unhook.push(() => handler.off("create", onCreate));
    }
  }

  close(): void {
    for (const undo of this.unhook.splice(0)) undo();
    this.pendingJoins.close();
  }

  async handle(req: IncomingMessage, res: ServerResponse, raw: Buffer | null, ip: string): Promise<void> {
    const route = matchRoute(req.url ?? "/");
    const fail = (status: number, code: string, message: string, headers?: Record<string, string>) => sendJson(req, res, status, errorBody(code, message, true), { headers });
    const refuse = (r: Refusal) => {
      this.deps.refusals.record(ip, `POST /matchmake/${route?.method ?? "?"}`, r.code);
      fail(r.status, r.code, r.message, { "retry-after": String(r.retryAfterS) });
    };

    if (!route) return fail(404, "not_found", "matchmaking requests are POST /matchmake/<method>/<room name or id>");
    const { method, target } = route;
    // First: every step below (penalties, limits, the call) would wait on the unreachable Redis.
    const unavailable = this.limits.clusterUnavailable?.();
    if (unavailable) return fail(503, "cluster_unavailable", unavailable, { "retry-after": "5" });
    const penaltyS = (await this.deps.penalties?.retryAfterS(ip)) ?? 0;
    if (penaltyS > 0) {
      return refuse({ status: 429, code: "rate_limited", message: `this address was disconnected for flooding a room; try again in ${penaltyS} s`, retryAfterS: penaltyS });
    }
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
      return fail(503, "shutting_down", "the server is shutting down; try again shortly", { "retry-after": "5" });
    }
    const exposed = matchMaker.controller.exposedMethods;
    if (!exposed.includes(method)) {
      return fail(404, "unknown_method", `no matchmaking method "${method}" (methods: ${exposed.join(", ")})`);
    }
    let options: Record<string, unknown> = {};
    if (raw !== null && raw.length > 0) {
      if (!isJsonRequest(req)) return fail(415, "unsupported_media_type", "matchmaking options are sent as application/json");
      const parsed = parseJsonBody(req, raw);
      if (!parsed.ok) return fail(parsed.status, parsed.code, parsed.message);
      if (typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value)) {
        return fail(400, "bad_request", "matchmaking options must be a JSON object");
      }
      options = parsed.value as Record<string, unknown>;
    }
    if (BY_ROOM_NAME.has(method) && !matchMaker.getRoomClass(target)) {
      const names = Object.keys(matchMaker.getAllHandlers()).join(", ");
      return fail(404, "unknown_room", `no room type "${target}" (rooms: ${names})`);
    }

    if (BY_ROOM_NAME.has(method)) this.deps.prepareOptions?.(target, options);

    if (method !== "joinById") {
      await this.reserve(req, res, ip, method, target, options, refuse);
      return;
    }
    // joinById reaches any room, a match in play included: the calls per minute and the
    // reservations held unused are capped per address. (A call by name reaches only rooms
    // waiting for players, where a reservation holds its seat only briefly: reservationHold.)
    const refusal = await this.consumeJoinById(ip);
    if (refusal) return refuse(refusal);
    const waitS = this.pendingJoins.begin(ip);
    if (waitS !== null) {
      const max = this.limits.pendingJoinsPerIp;
      return refuse({
        status: 429,
        code: "rate_limited",
        message: `this address holds ${max} seat reservations by room id it has not used: connect with one, or try again in ${waitS} s`,
        retryAfterS: waitS,
      });
    }
    let reservation: Record<string, unknown> | null = null;
    try {
      reservation = await this.reserve(req, res, ip, method, target, options, refuse);
    } finally {
      this.pendingJoins.end(ip, reservation ?? undefined);
    }
  }

  /** The caps on room creation, then the call; the reservation answered, or null. */
  private async reserve(
    req: IncomingMessage,
    res: ServerResponse,
    ip: string,
    method: string,
    target: string,
    options: Record<string, unknown>,
    refuse: (r: Refusal) => void,
  ): Promise<Record<string, unknown> | null> {
    if (BY_ROOM_NAME.has(method) && this.limits.localRooms?.includes(target)) {
      // Never counted as a creation by the client: the room is this process's own.
      return this.answer(req, res, ip, { method, call: "joinById", target: await this.localRoomOf(target), options, reserved: false, fallback: null, localRoom: target });
    }

    let call = method;
    let reserved = false;
    let fallback: Refusal | null = null;
    if (CREATING.has(method)) {
      const refusal = await this.reserveCreate(ip);
      if (refusal === null) reserved = true;
      else if (method === "create") {
        refuse(refusal);
        return null;
      } else {
        call = "join";
        fallback = refusal;
      }
    }

    return this.answer(req, res, ip, { method, call, target, options, reserved, fallback });
  }

  /**
   * Makes the matchmaking call and answers it (the reservation, or the error in the API's
   * shape); returns the reservation answered, or null.
   */
  private async answer(req: IncomingMessage, res: ServerResponse, ip: string, c: PlannedCall): Promise<Record<string, unknown> | null> {
    const { method, call, options, reserved, fallback } = c;
    let target = c.target;
    const fail = (status: number, code: string, message: string, headers?: Record<string, string>) => sendJson(req, res, status, errorBody(code, message, true), { headers });
    const refuse = (r: Refusal) => {
      this.deps.refusals.record(ip, `POST /matchmake/${method}`, r.code);
      fail(r.status, r.code, r.message, { "retry-after": String(r.retryAfterS) });
    };
    const auth = createAuthContext({ headers: req.headers as Record<string, string | undefined>, req, remoteAddress: ip });
    auth.ip = ip; // not X-Forwarded-For unless TRUST_PROXY says so (Colyseus trusts it blindly)
    const store = { created: 0 };
    const startedAt = Date.now();
    if (reserved) this.pendingCreates++;
    try {
      const invoke = () => this.calls.run(store, () => matchMaker.controller.invokeMethod(call, target, options, auth) as Promise<Record<string, unknown>>);
      let reservation: Record<string, unknown>;
      try {
        reservation = await invoke();
      } catch (error) {
        // This process's room began disposing (its last client left) while the join was being
        // authenticated: join the next one (a fresh lookup skips it, or creates one).
        if (!c.localRoom || (error as object)?.constructor?.name !== "SeatReservationError") throw error;
        target = await this.localRoomOf(c.localRoom);
        reservation = await invoke();
      }
      if (reserved && store.created === 0) store.created = await createdElsewhere(call, reservation, startedAt);
      const { protocol, fingerprint } = this.deps.transport;
      if (protocol !== undefined) reservation.protocol = protocol;
      if (fingerprint !== undefined) reservation.fingerprint = fingerprint;
      if (typeof reservation.sessionId === "string") this.deps.penalties?.recordSession(reservation.sessionId, ip);
      sendJson(req, res, 200, reservation);
      return reservation;
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      const message = String((error as Error)?.message ?? error);
      if (fallback && code === ErrorCode.MATCHMAKE_INVALID_CRITERIA) {
        refuse(fallback);
        return null;
      }
      const answer = matchmakeAnswer(code, message);
      if (answer.fault) this.deps.log.error({ ip, route: `POST /matchmake/${method}`, room: target, code, err: message }, "matchmaking failed");
      fail(answer.status, answer.code, answer.message);
      return null;
    } finally {
      if (reserved) {
        this.pendingCreates--;
        if (store.created === 0 && this.limiter) await this.limiter.reward(addressKey(ip), 1).catch(() => {});
      }
    }
  }

  /**
   * The id of this process's room of type `name` that takes joiners (not locked, full or being
   * disposed: a room whose last client just left is), created here if there is none.
   */
  private localRoomOf(name: string): Promise<string> {
    const pending = this.localRoom.get(name);
    if (pending) return pending;
    const lookup = (async () => {
      for (const listed of await matchMaker.query({ name, processId: matchMaker.processId })) {
        const room = matchMaker.getLocalRoomById(listed.roomId);
        const disposing = (room as unknown as { _internalState?: number } | undefined)?._internalState === RoomInternalState.DISPOSING;
        if (room && !disposing && !room.locked && !room.hasReachedMaxClients()) return room.roomId;
      }
      return (await matchMaker.handleCreateRoom(name, {})).roomId;
    })().finally(() => this.localRoom.delete(name));
    this.localRoom.set(name, lookup);
    return lookup;
  }

  /** Counts one joinById call of `ip`; null if admitted, else why not. */
  private consumeJoinById(ip: string): Promise<Refusal | null> {
    const max = this.limits.joinsByIdPerMinutePerIp;
    return spend(this.joinsById, ip, (retryAfterS) => `at most ${max} joins by room id per minute from one address; try again in ${retryAfterS} s`);
  }

  /** Reserves one room creation for `ip`; null if admitted, else why not. */
  private async reserveCreate(ip: string): Promise<Refusal | null> {
    const { maxRooms, roomsPerMinutePerIp } = this.limits;
    if (maxRooms > 0 && matchMaker.stats.local.roomCount + this.pendingCreates >= maxRooms) {
      return { status: 503, code: "server_full", message: `the server is at its limit of ${maxRooms} rooms; join an open room or try again later`, retryAfterS: 30 };
    }
    return spend(this.limiter, ip, (retryAfterS) => `at most ${roomsPerMinutePerIp} new rooms per minute from one address; try again in ${retryAfterS} s`);
  }
}

/** Takes one point of `ip` from `limiter` (none: no cap): null if there was one, else the 429 refusal. */
async function spend(limiter: Limiter | null, ip: string, message: (retryAfterS: number) => string): Promise<Refusal | null> {
  if (!limiter) return null;
  try {
    await limiter.consume(addressKey(ip), 1);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfterS = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return { status: 429, code: "rate_limited", message: message(retryAfterS), retryAfterS };
  }
}

/**
 * With several processes (REDIS_URL) Colyseus may create the room on another process, whose
 * "create" event this process never sees. A successful `create` always made a room; a
 * `joinOrCreate` answered by a room of another process made it if that room is no older than
 * the call, give or take 1 s of clock skew between hosts (a room someone else created just
 * before counts too: the error is on the strict side).
 */
async function createdElsewhere(method: string, reservation: Record<string, unknown>, since: number): Promise<number> {
  if (method === "create") return 1;
  if (method !== "joinOrCreate" || reservation.processId === matchMaker.processId || typeof reservation.roomId !== "string") return 0;
  // By id: one HGET in Redis. A query() would read every room of the cluster (RedisDriver's HGETALL).
  const listing = await matchMaker.driver.findOne({ roomId: reservation.roomId });
  const createdAt = listing?.createdAt ? new Date(listing.createdAt).getTime() : 0;
  return createdAt >= since - 1_000 ? 1 : 0;
}

/** `/matchmake/<method>/<target>` (target URL-decoded; "matchmake" is Colyseus' `controller.matchmakeRoute`); null if the path is not of that form. */
export function matchRoute(url: string): { method: string; target: string } | null {
  const path = url.split("?")[0]!;
  const prefix = `/${matchMaker.controller.matchmakeRoute}/`;
  if (!path.startsWith(prefix)) return null;
  const m = /^(\w+)\/([^/]+)\/?$/.exec(path.slice(prefix.length));
  if (!m) return null;
  try {
    return { method: m[1]!, target: decodeURIComponent(m[2]!) };
  } catch {
    return null;
  }
}
