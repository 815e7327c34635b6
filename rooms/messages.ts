/**
 * The messages of a game room, as zod schemas: what a client sends (`act`) and what the room
 * sends back (`welcome`, `events`, `rejected`, `finished`, `stored`, `aborted`, the `act`
 * reply). GameRoom sends values of these types; the served protocol document (per game, with
 * that game's event and outcome schemas) and the client typings come from here.
 */
import { z } from "zod";
import { section, type Catalog, type CatalogEntry } from "../rules/core/catalog.ts";
import type { AnyEngine } from "../rules/core/engine.ts";
import { outcomeSchema } from "../rules/core/protocol.ts";
import { protocolDocument, type ProtocolDocument } from "../rules/core/protocolDocument.ts";
import { actEnvelope, NO_CHOICE, rematchMessageSchema, stopNames, stopsMessageSchema } from "./roomInput.ts";
import { ABANDONED } from "../match/abandoned.ts";

const RequestId = z.union([z.string().max(64), z.number().int()]).nullable();

/** Outcome reasons the room itself gives (besides the engine's): a ranked match a player abandoned. */
export const ROOM_OUTCOME_REASONS = [ABANDONED] as const;

/** The catalog's words for the room's own outcome reasons, added to every game's `outcome` section. */
const ROOM_OUTCOMES: readonly Omit<CatalogEntry, "kind">[] = [
  {
    id: ABANDONED,
    name: "Abandoned",
    text: "A ranked match ended because players left it (or did not come back in time) until one was left: that player ranks first, the leavers below, the earliest leaver last.",
  },
];

/** The stops a seat may ask for in `engine`'s rooms, in words (the `stops` message). */
function stopEntries(engine: AnyEngine): Omit<CatalogEntry, "kind">[] {
  return [
    {
      id: NO_CHOICE,
      name: "Pass when I have no choice",
      text: "Every decision that is your only one is made for you at once. The table sees that you had no choice, as an instant pass shows at a real table. Decisions forced by what everyone can see are always made at once, stop or not.",
    },
    ...Object.entries(engine.passStops ?? {}).map(([id, stop]) => ({ id, name: stop.label, text: `${stop.label}. It ends by itself; you can turn it off at any time.` })),
  ];
}

/** What `GET /api/games/:game/catalog` serves: the engine's catalog plus the room's outcome reasons and stops. */
export function gameCatalogDocument(engine: AnyEngine): { game: string; version: string; sections: Catalog["sections"] } {
  const sections = engine.catalog?.().sections ?? {};
  return {
    game: engine.game,
    version: engine.version,
    sections: { ...sections, outcome: { ...sections.outcome, ...section("outcome", ROOM_OUTCOMES) }, stop: section("stop", stopEntries(engine)) },
  };
}

/** The messages, built around one game's event and outcome schemas. */
export function roomMessages(event: z.ZodType, outcome: z.ZodType, stops: [string, ...string[]] = ["no_choice"]) {
  const stopList = z.array(z.enum(stops)).max(8);
  return {
    /** Client -> room: `room.request("act", ...)` or `room.send("act", ...)`. */
    act: actEnvelope.meta({ description: "One decision: `action` is one of the game's actions; `id` is echoed in the reply or rejection; `seat`, if sent, must be yours." }),
    /** Room -> client: the reply to an accepted `room.request("act")`. */
    actReply: z
      .object({ id: RequestId, ok: z.literal(true), step: z.number().int().min(1) })
      .strict()
      .meta({ description: "The decision was applied; `step` is the match's step count after it." }),
    /** Client -> room: `room.request("stops", ...)` or `room.send("stops", ...)`. */
    stops: stopsMessageSchema.extend({ stops: stopList }).meta({
      description:
        'Your seat\'s stops from now on (an empty list: none; also the join option `stops`). "no_choice": every decision that is your only one is made for you at once, which tells the table you had no choice, as an instant pass does. The others (at most one): the game\'s "pass until ..." stops (catalog section `stop`), which end by themselves. Shown on your own seat as `stops`.',
    }),
    /** Room -> client: the reply to an accepted `room.request("stops")`. */
    stopsReply: z
      .object({ id: RequestId, ok: z.literal(true), stops: stopList })
      .strict()
      .meta({ description: "Your stops are now `stops`." }),
    /** Client -> room: `room.request("rematch", ...)`, once a casual match is over. */
    rematch: rematchMessageSchema.meta({
      description:
        "Accept (or take back) a rematch once a casual match is over; every seat sees who accepted (`seats[i].rematch`). When every person at the table has, each gets `rematchReady`. Ranked matches have none (code `no_rematch`: queue again).",
    }),
    /** Room -> client: the reply to an accepted `room.request("rematch")`. */
    rematchReply: z
      .object({ id: RequestId, ok: z.literal(true), started: z.boolean() })
      .strict()
      .meta({ description: "Your answer is counted; `started`: every person accepted and `rematchReady` is on its way." }),
    rematchReady: z
      .object({ roomId: z.string(), reservation: z.object({ name: z.string(), sessionId: z.string(), roomId: z.string() }).passthrough().optional() })
      .strict()
      .meta({
        description:
          "The rematch's room: players get their seat reservation there (same seat and set-up; `client.consumeSeatReservation(reservation)`), spectators only its id (join it by id with `spectate: true`).",
      }),
    welcome: z
      .object({ seat: z.number().int().min(0), playerId: z.string(), matchId: z.string(), seedHash: z.string() })
      .strict()
      .meta({ description: "Sent once after you join (after the first state): your seat, player id, the match id and sha256 of the seed." }),
    events: z
      .object({ step: z.number().int().min(1), events: z.array(event) })
      .strict()
      .meta({ description: "What the decision of `step` caused, only the events you may see, in order." }),
    rejected: z
      .object({ id: RequestId, code: z.string(), message: z.string() })
      .strict()
      .meta({ description: "A message that changed nothing: `code` is machine-readable, `message` says why in words. Also the `reason` of a rejected request." }),
    finished: z
      .object({ matchId: z.string(), outcome, seed: z.string(), finalHash: z.string(), stored: z.boolean() })
      .strict()
      .meta({ description: "The match is over: ranks and reason, the seed (re-derive every shuffle), the final state hash, and whether it is stored yet." }),
    stored: z.object({ matchId: z.string() }).strict().meta({ description: "The finished match is now stored (sent when storing took longer than the finish notice)." }),
    aborted: z.union([z.object({ reason: z.literal("no_show"), missing: z.array(z.string()) }).strict(), z.object({ reason: z.literal("admin"), message: z.string() }).strict()]).meta({
      description:
        "The match is over without a result: `no_show`, a ranked match called off before it started (the listed players never joined); `admin`, ended by an admin (`message` says why). Nothing is stored; no rating changes.",
    }),
  };
}

/** Every message schema for `engine`'s rooms. */
export function gameMessages(engine: AnyEngine) {
  const p = engine.protocol!();
  return roomMessages(p.event, outcomeSchema([...p.outcomeReasons, ...ROOM_OUTCOME_REASONS]), stopNames(engine));
}

export type RoomMessages = ReturnType<typeof roomMessages>;

export interface GameProtocolDocument extends ProtocolDocument {
  /** JSON Schema of each room message, by message type (`act` is what the client sends). */
  messages: Record<string, object>;
}

/** What `GET /api/games/:game/protocol` serves: the engine's schemas plus the room's messages. */
export function gameProtocolDocument(engine: AnyEngine): GameProtocolDocument {
  const doc = protocolDocument(engine, ROOM_OUTCOME_REASONS);
  const messages: Record<string, object> = {};
  for (const [type, schema] of Object.entries(gameMessages(engine))) {
    messages[type] = z.toJSONSchema(schema as z.ZodType, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  }
  return { ...doc, messages };
}

type Messages = RoomMessages;
export type WelcomeMessage = z.infer<Messages["welcome"]>;
export type RejectedMessage = z.infer<Messages["rejected"]>;
export type ActReply = z.infer<Messages["actReply"]>;
export type StopsMessage = z.infer<Messages["stops"]>;
export type RematchMessage = z.infer<Messages["rematch"]>;
export type RematchReply = z.infer<Messages["rematchReply"]>;
export type RematchReady = z.infer<Messages["rematchReady"]>;
export type StopsReply = z.infer<Messages["stopsReply"]>;
export type FinishedMessage = z.infer<Messages["finished"]>;
export type StoredMessage = z.infer<Messages["stored"]>;
export type AbortedMessage = z.infer<Messages["aborted"]>;
