/**
 * SolRei's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `solreiEngine.view()`; never holds a hand, a face-down Action Card before the
 * reveal, a never-readied Rival Art, or any deck order. The match result is the room's root `result`.
 *
 * Small lists are JSON arrays in a string, as `legal` is: each schema collection or object costs
 * a match about 0.9 KB of server memory (its change tree, its dirty-index map, its proxy), and a
 * mid-game match had 24 collections and 22 objects. A changed list is resent whole; they hold a
 * few short ids (and the four Arts). The lists that grow with play or hold larger items (the
 * Exchange, damage, the Acts) stay schema arrays.
 */
import { schema, t } from "@colyseus/schema";

/** A JSON array in a string ("[]" when empty); `jsonList` in rooms/client.ts reads it. */
const list = () => t.string().default("[]");

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
    /**
     * JSON array of the four Arts by slot, `{ slot, id, state }`: `id` is null while face down and
     * never readied this Act (its owner sees it in its private `arts`).
     */
    arts: list(),
    handCount: t.uint8().default(0),
    deckCount: t.uint8().default(0),
    /** JSON array of card ids. */
    discard: list(),
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
    /** JSON array of the abilities used this round. */
    used: list(),
  },
  "SolReiPlayer",
);

export const SolReiPublic = schema(
  {
    act: t.uint8().default(1),
    round: t.uint16().default(0),
    /** JSON array: Acts won per seat. */
    wins: list(),
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
    /** JSON array of the seats the pending decision waits on. */
    promptSeats: list(),
    promptPurpose: t.string().default(""),
    promptLeft: t.uint8().default(0),
    /** JSON array of the seats that owe a decision now. */
    actors: list(),
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
    /** JSON array: your own Arts by slot, face-down ones included (the public table shows their id as null). */
    arts: list(),
    /** JSON array of the card ids in your hand. */
    hand: list(),
    /** Your face-down (or revealed) Action Card, "" for none. */
    placed: t.string().default(""),
    rei: t.ref(SolReiRei),
    /** JSON array: CHECK, the cards you are looking at. */
    checking: list(),
    promptKind: t.string().default(""),
    promptPurpose: t.string().default(""),
    promptLeft: t.uint8().default(0),
    /** JSON array: the choices of your pending select prompt. */
    options: list(),
  },
  "SolReiPrivate",
);

export type SolReiPublicState = InstanceType<typeof SolReiPublic>;
export type SolReiPrivateState = InstanceType<typeof SolReiPrivate>;
