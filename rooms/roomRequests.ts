/**
 * The messages a game room handles, `act`, `stops` and `rematch`: each checked as it arrives
 * (rooms/actRequests.ts, rooms/roomInput.ts), then handed to the match or the rematch. One
 * table shared by every room (Colyseus binds it to each room): no closures per room. A failed
 * handler is reported (rooms/roomLink.ts guarded), not thrown.
 */
import type { Client } from "@colyseus/core";
import { checkAct, rejecter, type ActContext } from "./actRequests.ts";
import { answerRematch } from "./rematch.ts";
import type { RoomCore } from "./roomCore.ts";
import { checkStops, RoomErrorCodes, rematchMessageSchema, stopsMessageSchema } from "./roomInput.ts";
import { guarded } from "./roomLink.ts";

export const MESSAGES = {
  act(this: RoomCore, client: Client, payload: unknown, ctx: ActContext) {
    return guarded(this, "onMessage", () => handleAct(this, client, payload, ctx), true);
  },
  rematch(this: RoomCore, client: Client, payload: unknown, ctx: ActContext) {
    return guarded(this, "onMessage", () => handleRematch(this, client, payload, ctx), true);
  },
  stops(this: RoomCore, client: Client, payload: unknown, ctx: ActContext) {
    return guarded(this, "onMessage", () => handleStops(this, client, payload, ctx), true);
  },
};

/** The message types a room handles (its inbox refuses the others). */
export const HANDLED: ReadonlySet<string> = new Set(Object.keys(MESSAGES));

/** An `act` request: checked as it arrives (rooms/actRequests.ts), then in turn by the match. */
function handleAct(room: RoomCore, client: Client, payload: unknown, ctx: ActContext) {
  const seat = room.sessions.slotOf(client)?.seat;
  const reject = rejecter(client, ctx, seat, room.link);
  const act = checkAct(payload, seat, room.services.settings.maxActionBytes);
  if (!act.ok) return reject(act.rejection.id, act.rejection.code, act.rejection.message);
  const metrics = room.services.metrics;
  if (!metrics) return room.match.act(act.seat, act.id, act.action, reject);
  const receivedAt = performance.now();
  return room.match.act(act.seat, act.id, act.action, reject).then((reply) => {
    if ((reply as { ok?: unknown } | undefined)?.ok === true) metrics.decided(room.engine.game, performance.now() - receivedAt);
    return reply;
  });
}

/** `stops`: the seat's stops from now on (rooms/roomInput.ts STOPS). */
function handleStops(room: RoomCore, client: Client, payload: unknown, ctx: ActContext) {
  const seat = room.sessions.slotOf(client)?.seat;
  const reject = rejecter(client, ctx, seat, room.link);
  const id = (payload as { id?: unknown } | null)?.id;
  const replyId = typeof id === "string" || typeof id === "number" ? id : null;
  if (seat === undefined) return reject(replyId, RoomErrorCodes.wrongSeat, "only a seated player has stops");
  const parsed = stopsMessageSchema.safeParse(payload);
  if (!parsed.success) return reject(replyId, RoomErrorCodes.badMessage, `stops must be {id?, stops: [names]}: ${parsed.error.issues[0]?.message}`);
  const wrong = checkStops(room.engine, parsed.data.stops);
  if (wrong) return reject(replyId, RoomErrorCodes.badMessage, wrong);
  return room.match.setStops(seat, parsed.data.stops).then(() => ({ id: replyId, ok: true, stops: [...new Set(parsed.data.stops)] }));
}

/** `rematch` { accept }: casual, once the match is over (rooms/rematch.ts). */
function handleRematch(room: RoomCore, client: Client, payload: unknown, ctx: ActContext) {
  const seat = room.sessions.slotOf(client)?.seat;
  const reject = rejecter(client, ctx, seat, room.link);
  const parsed = rematchMessageSchema.safeParse(payload);
  const id = parsed.success ? (parsed.data.id ?? null) : null;
  if (!parsed.success) return reject(null, RoomErrorCodes.badMessage, `rematch must be {id?, accept: boolean}: ${parsed.error.issues[0]?.message}`);
  return answerRematch(room, client, parsed.data.accept).then((answer) => (answer.ok ? { id, ok: true, started: answer.started } : reject(id, answer.code, answer.message)));
}
