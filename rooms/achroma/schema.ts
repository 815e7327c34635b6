/**
 * Achroma's Colyseus schema: the public table (everyone) and one seat's private part.
 * Built from `achromaEngine.view()`; never holds a hand (other than your own), a Palette order
 * or the options of a private choice. The match result is the room's root `result`.
 */
import { schema, t } from "@colyseus/schema";

export const AchromaCard = schema(
  {
    uid: t.string().default(""),
    def: t.string().default(""),
    owner: t.uint8().default(0),
    /** For Objects, Riders and PARASITES: the Character they are attached to, else "". */
    attachedTo: t.string().default(""),
    /** "" (a Character or Location in its row), "object", "rider" (MOUNT) or "parasite" (INFEST). */
    role: t.string().default(""),
    value: t.int16().default(0),
    damage: t.uint8().default(0),
    strength: t.uint8().default(0),
    frozen: t.boolean().default(false),
    attacksLeft: t.uint8().default(0),
    resolved: t.boolean().default(false),
    /** SECRET: number of face-down cards under this Keeper. */
    secrets: t.uint8().default(0),
    cursed: t.boolean().default(false),
    /** SPLAT/SQUISH given to this card, as "gain:2:0" (kind:shards:giver), oldest first. */
    given: t.array("string"),
    /** COPY: the copied card's definition id, else "". */
    copy: t.string().default(""),
    /** Keywords given to this card (GIVE). */
    gifts: t.array("string"),
    /** RESTRAINED cards held under this card, "uid:def" (face up). */
    restrained: t.array("string"),
  },
  "AchromaCard",
);

export const AchromaPlayer = schema(
  {
    seat: t.uint8().default(0),
    bank: t.uint16().default(0),
    out: t.boolean().default(false),
    mulligan: t.string().default("pending"),
    handCount: t.uint8().default(0),
    paletteCount: t.uint8().default(0),
    dregs: t.array("string"),
    /** Characters and their attached Objects (attachedTo set). */
    characters: t.array(AchromaCard),
    locations: t.array(AchromaCard),
  },
  "AchromaPlayer",
);

/** A card named by the table: its uid, definition id and owner seat. */
export const AchromaCardRef = schema(
  {
    uid: t.string().default(""),
    def: t.string().default(""),
    owner: t.uint8().default(0),
  },
  "AchromaCardRef",
);

/** A declared Deploy / ability / attack waiting for Reactions (R35). */
export const AchromaReaction = schema(
  {
    /** The seat that declared it. */
    seat: t.uint8().default(0),
    /** What opened the window ("deploy", "ability", "attack", ...). */
    trigger: t.string().default(""),
    /**
     * The declared action as JSON, the same shape as an entry of the seat's `legal` list (an Achroma
     * Action: `{ type, card?, target?, attacker?, defender?, ... }`); kept as JSON like `legal`.
     */
    action: t.string().default(""),
    /** The card a declared Deploy (or MOUNT) shows face up; absent for other actions. */
    declared: t.ref(AchromaCardRef).optional(),
  },
  "AchromaReaction",
);

/** The last REVEAL: whose Palette and the definitions turned over, in order. */
export const AchromaReveal = schema(
  {
    seat: t.uint8().default(0),
    defs: t.array("string"),
  },
  "AchromaReveal",
);

/** RESEARCH in progress (public part; the cards looked at are in the researcher's private `looking`). */
export const AchromaResearch = schema(
  {
    seat: t.uint8().default(0),
    /** How many Palette cards are being looked at. */
    count: t.uint8().default(0),
    /** How many of them are already placed back. */
    placed: t.uint8().default(0),
    /** True while the kept cards are being ordered. */
    ordering: t.boolean().default(false),
  },
  "AchromaResearch",
);

export const AchromaPublic = schema(
  {
    active: t.uint8().default(0),
    first: t.uint8().default(0),
    turn: t.uint16().default(0),
    phase: t.string().default(""),
    deployed: t.uint8().default(0),
    traded: t.uint8().default(0),
    resolving: t.array("string"),
    promptKind: t.string().default(""),
    /** The seat that must decide; absent when no prompt is pending. */
    promptSeat: t.uint8().optional(),
    promptStep: t.string().default(""),
    /** Public prompt options (empty for private choices). */
    promptOptions: t.array("string"),
    /** A `prevent` prompt: the most Shards the deciding seat may Prevent (its legal amounts are 0..max); 0 otherwise. */
    promptMax: t.uint16().default(0),
    /** A `prevent` prompt: the Shards being Drained or Stolen; 0 otherwise. */
    promptAmount: t.uint16().default(0),
    /** A `prevent` prompt: the seat Draining or Stealing; absent for other prompts. */
    promptFrom: t.uint8().optional(),
    combatAttacker: t.string().default(""),
    combatDefender: t.string().default(""),
    players: t.array(AchromaPlayer),
    /** Unveiled SECRET cards about to be Deployed, "uid:def". */
    unveiling: t.array("string"),
    /** The declared action waiting for Reactions; absent when no Reaction window is open. */
    reaction: t.ref(AchromaReaction).optional(),
    /** Cards a DISPOSE Reaction Deploys once everything else has concluded, "uid:def". */
    deferred: t.array("string"),
    /** Pending HUNTs as "seat:hunter:target". */
    hunts: t.array("string"),
    /** The last REVEAL; absent until a Palette has been revealed. */
    lastReveal: t.ref(AchromaReveal).optional(),
    /** The RESEARCH in progress; absent when none. */
    research: t.ref(AchromaResearch).optional(),
  },
  "AchromaPublic",
);

export const AchromaPrivate = schema(
  {
    seat: t.uint8().default(0),
    /** Your hand as "uid:def". */
    hand: t.array("string"),
    /** The options of your pending prompt (private choices included). */
    options: t.array("string"),
    /** The top of your Palette you are looking at with RESEARCH, "uid:def". */
    looking: t.array("string"),
  },
  "AchromaPrivate",
);

export type AchromaPublicState = InstanceType<typeof AchromaPublic>;
export type AchromaPrivateState = InstanceType<typeof AchromaPrivate>;
