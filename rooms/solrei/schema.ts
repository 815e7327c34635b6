/**
 * SolRei's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `solreiEngine.view()`; never holds a hand, a face-down Action Card before the
 * reveal, a never-readied Rival Art, or any deck order. The match result is the room's root `result`.
 */
import { schema, t } from "@colyseus/schema";

export const SolReiArt = schema(
  {
    slot: t.uint8().default(0),
    /** "" while face-down and never readied this Act (its owner sees it in its private `arts`). */
    id: t.string().default(""),
    state: t.string().default("down"),
  },
  "SolReiArt",
);

export const SolReiDamage = schema({ card: t.string().default(""), state: t.string().default("up") }, "SolReiDamage");

export const SolReiStackItem = schema(
  {
    uid: t.uint16().default(0),
    seat: t.uint8().default(0),
    source: t.string().default(""),
    card: t.string().default(""),
    name: t.string().default(""),
    automatic: t.boolean().default(false),
    /** NEGATE: the targeted stack item's uid; absent when this item targets nothing. */
    target: t.uint16().optional(),
    negated: t.boolean().default(false),
  },
  "SolReiStackItem",
);

export const SolReiActResult = schema(
  {
    /** The seat that won the Act; absent when nobody won it. */
    winner: t.uint8().optional(),
    reason: t.string().default(""),
  },
  "SolReiActResult",
);

/** The Showdown result of the current round (present once decided). */
export const SolReiShowdown = schema(
  {
    /** The seat with the higher Power; absent on a tie. */
    winner: t.uint8().optional(),
  },
  "SolReiShowdown",
);

export const SolReiPlayer = schema(
  {
    seat: t.uint8().default(0),
    /** "" while face down (the first Act's set-up, before the opening draw). */
    muse: t.string().default(""),
    advantage: t.string().default(""),
    position: t.string().default("defense"),
    arts: t.array(SolReiArt),
    handCount: t.uint8().default(0),
    deckCount: t.uint8().default(0),
    discard: t.array("string"),
    damage: t.array(SolReiDamage),
    cultivatedCount: t.uint8().default(0),
    checkingCount: t.uint8().default(0),
    placed: t.boolean().default(false),
    confirmed: t.boolean().default(false),
    /** The Action Card after the reveal, else "". */
    actionCard: t.string().default(""),
    /** The Action Card's Power after the reveal; absent when there is none (not revealed yet, or a CHARGE card). Signed: bonuses may be negative. */
    power: t.int16().optional(),
    powerBonus: t.int16().default(0),
    incoming: t.uint8().default(0),
    canGainDamage: t.boolean().default(true),
    grappled: t.boolean().default(false),
    mulligan: t.string().default("pending"),
    used: t.array("string"),
  },
  "SolReiPlayer",
);

export const SolReiPublic = schema(
  {
    act: t.uint8().default(1),
    round: t.uint16().default(0),
    wins: t.array("uint8"),
    acts: t.array(SolReiActResult),
    chooser: t.uint8().default(0),
    offense: t.uint8().default(0),
    stage: t.string().default(""),
    /** "" when no ability window is open. */
    windowTiming: t.string().default(""),
    /** The seat with priority in the open ability window; absent when no window is open. */
    windowPriority: t.uint8().optional(),
    windowPasses: t.uint8().default(0),
    stack: t.array(SolReiStackItem),
    resolving: t.array(SolReiStackItem),
    revealed: t.boolean().default(false),
    /** This round's Showdown result; absent until it is decided (`winner` absent on a tie). */
    showdown: t.ref(SolReiShowdown).optional(),
    promptKind: t.string().default(""),
    promptSeats: t.array("uint8"),
    promptPurpose: t.string().default(""),
    promptLeft: t.uint8().default(0),
    actors: t.array("uint8"),
    players: t.array(SolReiPlayer),
  },
  "SolReiPublic",
);

export const SolReiRei = schema({ S: t.uint8().default(0), H: t.uint8().default(0), D: t.uint8().default(0), C: t.uint8().default(0) }, "SolReiRei");

export const SolReiPrivate = schema(
  {
    seat: t.uint8().default(0),
    /** Your own Muse and Advantage (the public ones are "" while face down, III.2.D). */
    muse: t.string().default(""),
    advantage: t.string().default(""),
    /** Your own Arts by slot, face-down ones included (the public table shows those as ""). */
    arts: t.array("string"),
    hand: t.array("string"),
    /** Your face-down (or revealed) Action Card, "" for none. */
    placed: t.string().default(""),
    rei: t.ref(SolReiRei),
    /** CHECK: the cards you are looking at. */
    checking: t.array("string"),
    promptKind: t.string().default(""),
    promptPurpose: t.string().default(""),
    promptLeft: t.uint8().default(0),
    /** The choices of your pending select prompt. */
    options: t.array("string"),
  },
  "SolReiPrivate",
);

export type SolReiPublicState = InstanceType<typeof SolReiPublic>;
export type SolReiPrivateState = InstanceType<typeof SolReiPrivate>;
