/**
 * Re;ACT's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `reactEngine.view()`; the public part never holds a hand card or a deck order.
 * The match result is the room's root `result`.
 */
import { schema, t } from "@colyseus/schema";

export const ReactUnit = schema(
  {
    id: t.string().default(""),
    owner: t.uint8().default(0),
    kind: t.string().default("artist"),
    /** Zone index (row * width + col); absent while the unit is in its pool (not on the board). */
    pos: t.uint8().optional(),
    exhausted: t.boolean().default(false),
    inked: t.boolean().default(false),
    /** Armament facing ("N", "E", "S", "W") or "". */
    armament: t.string().default(""),
  },
  "ReactUnit",
);

export const ReactTile = schema(
  {
    /** The tile's owner seat; absent when this zone has no tile. */
    owner: t.uint8().optional(),
    /** The tile's kind ("mural"), "" when this zone has no tile. */
    kind: t.string().default(""),
  },
  "ReactTile",
);

export const ReactMpCard = schema(
  {
    /** The card's seat; absent when the slot is empty. */
    seat: t.uint8().optional(),
    /** 0, 1, 2: left, middle, right part of the art; absent when the slot is empty. */
    part: t.uint8().optional(),
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
    /** The targeted zone; absent when the effect has no target. */
    target: t.uint8().optional(),
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
    /** Cards left in the Action deck; absent when this player has no Action deck. */
    deckCount: t.uint8().optional(),
    discard: t.array("string"),
    mpUnplaced: t.array("uint8"),
  },
  "ReactPlayer",
);

/** A zone's Block token slot. */
export const ReactBlock = schema(
  {
    /** The Block token's owner seat; absent when the zone has no Block token. */
    owner: t.uint8().optional(),
  },
  "ReactBlock",
);

export const ReactPublic = schema(
  {
    turn: t.uint16().default(1),
    turnPlayer: t.uint8().default(0),
    units: t.array(ReactUnit),
    scales: t.array("uint8"),
    tiles: t.array(ReactTile),
    /** One entry per zone: the Block token there (its `owner` absent when the zone has none). */
    blocks: t.array(ReactBlock),
    mpZone: t.array(ReactMpCard),
    chain: t.array(ReactChainEntry),
    /** The seat to answer the React Chain being built; absent when no chain is building. */
    reactor: t.uint8().optional(),
    passes: t.uint8().default(0),
    promptKind: t.string().default(""),
    /** The seat the pending mid-step prompt waits on; absent when none. */
    promptSeat: t.uint8().optional(),
    players: t.array(ReactPlayer),
  },
  "ReactPublic",
);

export const ReactHandCard = schema({ id: t.string().default(""), name: t.string().default("") }, "ReactHandCard");

export const ReactPrivate = schema(
  {
    seat: t.uint8().default(0),
    hand: t.array(ReactHandCard),
    /**
     * The choices of your pending prompt (Masterpiece progression, Pivoting Step's swap), each an
     * action as JSON: they are actions you send back as-is, so like `legal` they keep the game's
     * own Action shape rather than a schema class.
     */
    pending: t.array("string"),
  },
  "ReactPrivate",
);

export type ReactPublicState = InstanceType<typeof ReactPublic>;
export type ReactPrivateState = InstanceType<typeof ReactPrivate>;
