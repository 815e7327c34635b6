/**
 * The ranked queue over WebSocket (room `queue`). A thin adapter: the matchmaker
 * (server/matchmaking/service.ts) holds the queues and does the matching.
 *
 *   join     client.auth.token = <bearer token>; joinOrCreate("queue", { game, seats, seat })
 *            The token is verified in onAuth (guests are refused: ranked needs an account); the
 *            rating is read from the database, never from the options; `seat` is the game's
 *            set-up (deck...), validated here exactly as the game room will.
 *   server   `queue`    { queue, position, size, waitedMs, window, estimatedWaitMs }  at once and every tick
 *            `matched`  { game, seats, roomId, seat, joinBy, reservation, players, ratingSpread }
 *                       -> client.consumeSeatReservation(reservation) before joinBy
 *            `started`  every player joined; the server then closes the queue connection
 *            `requeued` { reason, ...queue status }  someone did not join: back at the front
 *            `forfeit`  { reason: "no_show", cooldownMs }  you did not join in time; closed
 *            `left`     after a `leave`; closed
 *   client   `leave`    leave the queue (closing the connection does the same while waiting)
 */
import { ErrorCode, Room, ServerError, type Client } from "@colyseus/core";
import { z } from "zod";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { RuleError } from "../../rules/core/errors.ts";
import type { RankedIdentity } from "../roomServices.ts";
import { MatchmakingError, type QueueService, type QueueSubscriber } from "../../match/rankedHooks.ts";
import type { Logger } from "../../match/log.ts";
import { installInbox, type InboxSettings } from "../inbox.ts";
import { unsafeTextIn } from "../../match/text.ts";

const joinOptions = z
  .object({
    game: z.string().min(1).max(32),
    seats: z.number().int().min(1).max(16),
    seat: z.unknown().optional(),
  })
  .passthrough();

interface QueueClientData {
  identity: RankedIdentity;
  subscriber: QueueSubscriber;
}

/** Error codes a refused queue join carries, as "<code>: <message>" in the error message. */
function refuse(code: string, message: string): ServerError {
  return new ServerError(ErrorCode.AUTH_FAILED, `${code}: ${message}`);
}

/** What the queue reports to the server's metrics: who waits here, since when, and how it ended. */
export interface QueueMetrics {
  joined(client: Client, game: string, seats: number): void;
  /** `matched`: the wait ended with a match (its length is observed); else the player left. */
  left(client: Client, matched: boolean): void;
  refused(code: string): void;
}

/** The one message a queue client sends. */
const HANDLED: ReadonlySet<string> = new Set(["leave"]);

export function defineQueueRoom(deps: {
  matchmaker: QueueService;
  engines: ReadonlyMap<string, AnyEngine>;
  log: Logger;
  /** Per-client frame limits, as in game rooms (rooms/inbox.ts). */
  inbox: InboxSettings;
  /** Told when a client is disconnected for flooding; returns its address (the front door's penalty box). */
  penalizeFlooder?(sessionId: string): string | null;
  /** Told when a player starts and stops waiting here, and refused frames (the server's metrics). */
  metrics?: QueueMetrics;
}) {
  const { matchmaker, engines } = deps;
  const log = deps.log.child({ component: "queue" });

  class QueueRoom extends Room {
    /** Runs in the matchmaking HTTP request: no valid token, no queue connection. */
    static override async onAuth(token: string | undefined): Promise<RankedIdentity> {
      if (!token) throw refuse("missing_token", "ranked queues need your bearer token (client.auth.token)");
      let identity: RankedIdentity;
      try {
        identity = await matchmaker.authenticate(token);
      } catch (error) {
        const code = (error as { code?: unknown })?.code;
        throw refuse(typeof code === "string" ? code : "invalid_token", (error as Error)?.message ?? "the token was refused");
      }
      if (identity.guest) throw refuse("guest_not_allowed", "guests play casual matches only; log in to play ranked");
      return identity;
    }

    override messages = {
      leave: (client: Client) => {
        const data = client.userData as QueueClientData | undefined;
        if (data) matchmaker.leave(data.identity.playerId, data.subscriber);
        client.send("left", {});
        client.leave(1000);
      },
    };

    override onCreate(): void {
      // One long-lived queue room per process: disposing it when its last player leaves raced
      // the next joinOrCreate, which found it listed but closing ("already full").
      this.autoDispose = false;
      // Frames pass the same front door as in game rooms: a rate limit with a flood disconnect,
      // and a frame that does not decode is answered bad_frame and summarised in the log, not
      // logged with a stack trace each (Colyseus' own handling).
      installInbox(this, {
        settings: deps.inbox,
        handled: HANDLED,
        host: {
          log: () => log,
          penalizeFlooder: (client) => deps.penalizeFlooder?.(client.sessionId) ?? null,
          refused: (code) => deps.metrics?.refused(code),
        },
      });
    }

    override async onJoin(client: Client, options: unknown, auth?: RankedIdentity): Promise<void> {
      if (!auth?.playerId) throw refuse("missing_token", "ranked queues need your bearer token");
      const unsafe = unsafeTextIn(options);
      if (unsafe) throw new ServerError(ErrorCode.APPLICATION_ERROR, `bad_request: queue options: ${unsafe}`);
      const parsed = joinOptions.safeParse(options ?? {});
      if (!parsed.success) throw new ServerError(ErrorCode.APPLICATION_ERROR, `bad_request: queue options are { game, seats, seat }: ${parsed.error.issues[0]?.message}`);
      const { game, seats, seat } = parsed.data;
      const spec = matchmaker.book.spec(game, seats);
      if (!spec) {
        const offered = matchmaker.book
          .queues()
          .map((q) => `${q.game}/${q.seats}`)
          .join(", ");
        throw new ServerError(ErrorCode.APPLICATION_ERROR, `unknown_queue: no ranked queue for ${game} with ${seats} seats (queues: ${offered})`);
      }
      let _seatConfig: unknown;
      try {
        const engine = engines.get(game)!;
        _seatConfig = engine.parseSeatConfig(seat ?? {}, engine.parseConfig(spec.config));
      } catch (error) {
        if (error instanceof RuleError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
        throw error;
      }
      const subscriber: QueueSubscriber = {
        send: (type, message) => {
          if (type === "matched") deps.metrics?.left(client, true);
          client.send(type, message);
        },
        close: () => client.leave(1000),
      };
      client.userData = { identity: auth, subscriber } satisfies QueueClientData;
      try {
        // The raw set-up goes to the game room, which validates it again at join.
        const status = await matchmaker.enqueue(auth, { game, seats, seatConfig: seat ?? {} }, subscriber);
        deps.metrics?.joined(client, game, seats);
        client.send("queue", status);
      } catch (error) {
        client.userData = undefined;
        if (error instanceof MatchmakingError) throw new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
        log.error({ err: error }, "queue join failed");
        throw error;
      }
    }

    override onLeave(client: Client): void {
      deps.metrics?.left(client, false);
      const data = client.userData as QueueClientData | undefined;
      if (data) matchmaker.leave(data.identity.playerId, data.subscriber);
    }
  }
  return QueueRoom;
}
