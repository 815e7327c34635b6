/**
 * Re;ACT's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `reactEngine.view()`; the public part never holds a hand card or a deck order.
 */
import { schema, t } from "@colyseus/schema";

export const ReactUnit = schema(
  {
    id: t.string().default(""),
    owner: t.uint8().default(0),
    kind: t.string().default("artist"),
    /** Zone index, -1 when in the pool. */
    pos: t.int8().default(-1),
    exhausted: t.boolean().default(false),
    inked: t.boolean().default(false),
    /** Armament facing ("N", "E", "S", "W") or "". */
    armament: t.string().default(""),
  },
  "ReactUnit",
);

export const ReactTile = schema(
  {
    /** -1: no tile in this zone. */
    owner: t.int8().default(-1),
    kind: t.string().default(""),
  },
  "ReactTile",
);

export const ReactMpCard = schema(
  {
    /** -1: empty slot. */
    seat: t.int8().default(-1),
    part: t.int8().default(-1),
  },
  "ReactMpCard",
);

export const ReactChainEntry = schema(
  {
    seat: t.uint8().default(0),
    source: t.string().default(""),
    card: t.string().default(""),
    def: t.string().default(""),
    name: t.string().default(""),
    effect: t.uint8().default(0),
    /** -1: no target. */
    target: t.int8().default(-1),
    dir: t.string().default(""),
  },
  "ReactChainEntry",
);

export const ReactPlayer = schema(
  {
    seat: t.uint8().default(0),
    artist: t.string().default(""),
    damage: t.uint8().default(0),
    ascended: t.boolean().default(false),
    handCount: t.uint8().default(0),
    /** -1: no Action deck. */
    deckCount: t.int8().default(-1),
    discard: t.array("string"),
    mpUnplaced: t.array("uint8"),
  },
  "ReactPlayer",
);

export const ReactPublic = schema(
  {
    turn: t.uint16().default(1),
    turnPlayer: t.uint8().default(0),
    units: t.array(ReactUnit),
    scales: t.array("uint8"),
    tiles: t.array(ReactTile),
    /** Block token owner per zone, -1 for none. */
    blocks: t.array("int8"),
    mpZone: t.array(ReactMpCard),
    chain: t.array(ReactChainEntry),
    /** -1: no React Chain building. */
    reactor: t.int8().default(-1),
    passes: t.uint8().default(0),
    promptKind: t.string().default(""),
    promptSeat: t.int8().default(-1),
    players: t.array(ReactPlayer),
    /** JSON of the outcome once the game is over, else "". */
    outcome: t.string().default(""),
  },
  "ReactPublic",
);

export const ReactHandCard = schema({ id: t.string().default(""), name: t.string().default("") }, "ReactHandCard");

export const ReactPrivate = schema(
  {
    seat: t.uint8().default(0),
    hand: t.array(ReactHandCard),
    /** Your pending choices (Masterpiece progression), each an action as JSON. */
    pending: t.array("string"),
  },
  "ReactPrivate",
);

export type ReactPublicState = InstanceType<typeof ReactPublic>;
export type ReactPrivateState = InstanceType<typeof ReactPrivate>;
