/**
 * Resonance's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `resonanceEngine.view()`; the public part never holds a hand card, the Main Deck
 * order or a Personal Codex Deck order (counts only).
 */
import { schema, t } from "@colyseus/schema";

export const ResonanceTag = schema(
  {
    id: t.string().default(""),
    /** Lingering (8.7): removable after this turn number; -1 when not locked. */
    lockedUntilTurn: t.int16().default(-1),
  },
  "ResonanceTag",
);

/** A Unit (2.2): a Player (`p<seat>`), an Animation (its card id) or an Echo token. */
export const ResonanceUnit = schema(
  {
    id: t.string().default(""),
    /** Animation card id; "" for a Player or an Echo. */
    card: t.string().default(""),
    owner: t.uint8().default(0),
    damage: t.uint8().default(0),
    power: t.uint8().default(0),
    focus: t.uint8().default(0),
    spent: t.boolean().default(false),
    suppressed: t.boolean().default(false),
    untargetable: t.boolean().default(false),
    skipReady: t.boolean().default(false),
    tags: t.array(ResonanceTag),
    /** Equipped Item card ids. */
    items: t.array("string"),
    /** Active static keyword ids ("C.D"). */
    keywords: t.array("string"),
  },
  "ResonanceUnit",
);

export const ResonancePlayer = schema(
  {
    seat: t.uint8().default(0),
    primary: t.uint8().default(0),
    secondary: t.array("uint8"),
    hp: t.int8().default(10),
    maxHp: t.uint8().default(10),
    en: t.uint8().default(0),
    focus: t.uint8().default(1),
    karma: t.uint8().default(0),
    handCount: t.uint8().default(0),
    codexCount: t.uint8().default(0),
    codexActive: t.array("string"),
    spentTokens: t.uint8().default(0),
    immunized: t.array("string"),
    /** -1 while in the game, else the elimination order (1 = first out). */
    eliminated: t.int8().default(-1),
    self: ResonanceUnit,
    animations: t.array(ResonanceUnit),
  },
  "ResonancePlayer",
);

export const ResonancePublic = schema(
  {
    phase: t.string().default("draft"),
    turn: t.uint16().default(0),
    turnSeat: t.uint8().default(0),
    playerActions: t.uint8().default(0),
    actors: t.array("uint8"),
    /** World Weaving (3.2), as JSON: d10 rolls, pool, picks, Chaos Slots (changes only during the draft). */
    draft: t.string().default(""),
    mainDeckCount: t.uint8().default(0),
    discard: t.array("string"),
    players: t.array(ResonancePlayer),
    /** The Opposed Roll / Support in progress, as JSON ("" when none); a pending choice's options only in the chooser's private part. */
    combat: t.string().default(""),
    slowQueue: t.array("string"),
  },
  "ResonancePublic",
);

export const ResonancePrivate = schema(
  {
    seat: t.uint8().default(0),
    hand: t.array("string"),
    /** Sensor (5.1): the top card of the Main Deck, seen only by the chooser; "" otherwise. */
    peek: t.string().default(""),
    /** Options of the choice this seat must make now, as JSON ("" when none). */
    choiceOptions: t.string().default(""),
  },
  "ResonancePrivate",
);

export type ResonancePublicState = InstanceType<typeof ResonancePublic>;
export type ResonancePrivateState = InstanceType<typeof ResonancePrivate>;
