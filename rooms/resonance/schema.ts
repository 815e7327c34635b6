/**
 * Resonance's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `resonanceEngine.view()`; the public part never holds a hand card, the Main Deck
 * order or a Personal Codex Deck order (counts only).
 */
import { schema, t } from "@colyseus/schema";

export const ResonanceTag = schema(
  {
    id: t.string().default(""),
    /** Lingering (8.7): removable after this turn number; absent when the tag is not locked. */
    lockedUntilTurn: t.uint16().optional(),
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

/** Bane (R26): the colour named for one Bane source (public). */
export const ResonanceBane = schema(
  {
    /** The Bane source: a Codex card (`codex-<c>-<n>`) or a card id. */
    source: t.string().default(""),
    /** The colour named (0..9). */
    color: t.uint8().default(0),
  },
  "ResonanceBane",
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
    /** The elimination order (1 = first out); absent while the player is in the game. */
    eliminated: t.uint8().optional(),
    /** Bane (R26): the colour named for each Bane source, sorted by source; empty when none. */
    bane: t.array(ResonanceBane),
    self: ResonanceUnit,
    animations: t.array(ResonanceUnit),
  },
  "ResonancePlayer",
);

/** One World Weaving d10 round: the seats that rolled and their values, same order. */
export const ResonanceRoll = schema(
  {
    seats: t.array("uint8"),
    values: t.array("uint8"),
  },
  "ResonanceRoll",
);

/** One seat's drafted module numbers, in pick order. */
export const ResonancePicks = schema({ modules: t.array("uint8") }, "ResonancePicks");

/** World Weaving (3.2). */
export const ResonanceDraft = schema(
  {
    /** Every d10 round rolled, re-rolls included. */
    rolls: t.array(ResonanceRoll),
    firstPicker: t.uint8().default(0),
    /** Seat to pick next. */
    picker: t.uint8().default(0),
    /** Module numbers still in the pool. */
    pool: t.array("uint8"),
    /** picks[seat]: that seat's modules. */
    picks: t.array(ResonancePicks),
    /** Chaos Slot module numbers. */
    chaos: t.array("uint8"),
  },
  "ResonanceDraft",
);

/** The pending optional choice of an action (public part: who decides and why; options are private). */
export const ResonanceChoice = schema(
  {
    purpose: t.string().default(""),
    seat: t.uint8().default(0),
  },
  "ResonanceChoice",
);

/** An Attack / Critical Strike / Support being resolved (4.3), step by step. */
export const ResonanceCombat = schema(
  {
    /** "attack", "critical" or "support". */
    kind: t.string().default(""),
    seat: t.uint8().default(0),
    /** The acting unit (spent, pays, takes retaliation). */
    actor: t.string().default(""),
    /** Channel (9.9): the unit whose Focus and keywords resolve the action (else the actor). */
    source: t.string().default(""),
    targets: t.array("string"),
    /** Index into `targets` of the roll being resolved. */
    current: t.uint8().default(0),
    /** "augment", "fuel", "gamble", "defend", "defend_extra", "resolve" or "choice". */
    step: t.string().default(""),
    innate: t.array("string"),
    augmented: t.array("string"),
    gained: t.array("string"),
    fuel: t.array("string"),
    /** Reckless: the revealed top card; absent when none. */
    revealed: t.string().optional(),
    ev: t.int16().default(0),
    rvBonus: t.int16().default(0),
    /** Absent when no Defend card was played. */
    defendCard: t.string().optional(),
    /** Absent when no extra Defend card was played. */
    defendExtra: t.string().optional(),
    /** Absent when nothing was sacrificed. */
    sacrificed: t.string().optional(),
    gambled: t.uint8().default(0),
    /** Damage dealt per target index. */
    dealt: t.array("uint16"),
    /** The pending choice; absent when none. */
    choice: t.ref(ResonanceChoice).optional(),
    /** How many follow-up choices are queued after the current one. */
    waitingChoices: t.uint8().default(0),
    /** Deadeye: the Item aimed at; absent when none. */
    aimItem: t.string().optional(),
    /** Support: where Boost Tags go ("target" or "self"). */
    boostTo: t.string().default("target"),
    karmaGiven: t.boolean().default(false),
    ended: t.boolean().default(false),
    /** A record holding only a choice outside any action (Sensor, Charismatic, Immunized). */
    standalone: t.boolean().default(false),
    /** Where resolution continues once the pending choices are answered. */
    resume: t.string().default(""),
    /** Decisions already taken in this action (e.g. "potent:0", "material", "rapid"). */
    flags: t.array("string"),
  },
  "ResonanceCombat",
);

export const ResonancePublic = schema(
  {
    phase: t.string().default("draft"),
    turn: t.uint16().default(0),
    turnSeat: t.uint8().default(0),
    playerActions: t.uint8().default(0),
    actors: t.array("uint8"),
    /** World Weaving (3.2): d10 rolls, pool, picks, Chaos Slots (changes only during the draft). */
    draft: ResonanceDraft,
    mainDeckCount: t.uint8().default(0),
    discard: t.array("string"),
    /** Cards revealed from the Main Deck by the last decision (in order); empty when none. */
    shown: t.array("string"),
    players: t.array(ResonancePlayer),
    /** The Opposed Roll / Support in progress; absent when none. A pending choice's options are only in the chooser's private part. */
    combat: t.ref(ResonanceCombat).optional(),
    slowQueue: t.array("string"),
  },
  "ResonancePublic",
);

/** Sentry (2.2): a hand shown to this seat only (private part; never in the public schema). */
export const ResonanceLooked = schema(
  {
    /** The seat whose hand it is. */
    of: t.uint8().default(0),
    /** That hand as it was shown. */
    cards: t.array("string"),
  },
  "ResonanceLooked",
);

export const ResonancePrivate = schema(
  {
    seat: t.uint8().default(0),
    hand: t.array("string"),
    /** Sensor (5.1): the top card of the Main Deck, seen only by the chooser; "" otherwise. */
    peek: t.string().default(""),
    /** Options of the choice this seat must make now (`game.combat.choice` names it); empty when none. */
    choiceOptions: t.array("string"),
    /** Sentry (2.2): the hand of seat `of` as the last decision showed it to you; absent when none. */
    looked: t.ref(ResonanceLooked).optional(),
  },
  "ResonancePrivate",
);

export type ResonancePublicState = InstanceType<typeof ResonancePublic>;
export type ResonancePrivateState = InstanceType<typeof ResonancePrivate>;
