/**
 * Achroma card data (original cards, not the real product's). Mechanics live once in engine.ts
 * (keywords, effect steps); cards only compose them.
 */
export type CardType = "character" | "location" | "object" | "action";
export type Rarity = "common" | "uncommon" | "rare" | "legendary";
export type Realm = "emberwild" | "tidehollow" | "stormreach" | "verdance" | "gloamfen";
/** Character types (MENAGERIE counts unique ones; MOUNT needs a Dragon or Drake). */
export type Kind = "human" | "beast" | "spirit" | "dragon" | "drake" | "insect" | "construct" | "merfolk";
/** Keywords a card can GIVE (R32). */
export type Giftable = "protection" | "poisonous" | "defend" | "divert";
/** Which cards a counting step counts. */
export interface Filter {
  cursed?: boolean;
  achrom?: boolean;
  chroma?: boolean;
  type?: CardType;
}
export type AchromaKind = "gain" | "drain" | "steal" | "prevent";

/** One step of an ACTION effect (or of a resolved Achroma effect). */
export type Step = StepBody & {
  /** "you may": the player can pass this step (R41). */
  may?: boolean;
};
type StepBody =
  | { k: "gain"; n: number }
  | { k: "drain"; n: number }
  | { k: "steal"; n: number }
  | { k: "draw"; n: number }
  /** Deal n Shard damage to a Character on another player's Canvas (the deployer chooses). */
  | { k: "damage"; n: number }
  /** FREEZE a card on any Canvas (the deployer chooses). */
  | { k: "freeze" }
  /** FIND a card of this type in your Palette, then shuffle it. */
  | { k: "find"; type: CardType }
  /** DIG a card of this type out of your Dregs. */
  | { k: "dig"; type: CardType }
  /** Give one of your Characters RAGE for this turn. */
  | { k: "rage" }
  /** TRADE keyword: discard a card from hand for its Shard Value, outside the 6-Shard limit. */
  | { k: "trade" }
  /** Deploy a Character with Shard Value <= max from your hand for free (not counted in the 3). */
  | { k: "deploy_free"; max: number }
  /** SECRET: hide the top card of any Palette (the deployer chooses which) under the source card, its Keeper. */
  | { k: "secret" }
  /** REVEAL: turn over your Palette's top cards until one of this type; it goes to hand, the rest are shuffled back. */
  | { k: "reveal"; type: CardType }
  /** RESEARCH X: look at your top X cards; pay 1 Shard each to keep; order the rest on top. */
  | { k: "research"; n: number }
  /** SACRIFICE: Erase a card from your Canvas; with none, the rest of the ability does not happen. */
  | { k: "sacrifice" }
  /** SPLAT X (gain) / SQUISH X (drain): you may give another card on any Canvas this Achroma effect until the start of your next turn. */
  | { k: "splat"; kind: "gain" | "drain"; n: number }
  /** CLAIM: take a card of this type from another Canvas onto yours, under your control. */
  | { k: "claim"; type: "character" | "location" }
  /** CURSE a card on any Canvas (not already CURSED). */
  | { k: "curse" }
  /** Gain 1 per matching card on all Canvases ("all") or yours ("mine"). */
  | { k: "gain_count"; filter: Filter; scope: "all" | "mine" }
  /** RESTRAIN a Character or Location on another Canvas under the source card (R30). */
  | { k: "restrain" }
  /** COPY another Character on any Canvas: the source becomes it except for its Shards (R31). */
  | { k: "copy" }
  /** SWAP the source Character with a Character on another Canvas (R33). */
  | { k: "swap" }
  /** REPLACE the card this ability Erased with a card of the same type from your hand, not a Deploy (R33). */
  | { k: "replace" }
  /** GIVE one of your Characters a keyword that stays while it is on a Canvas (R32). */
  | { k: "give"; kw: Giftable }
  /** (internal) Deploy an unveiled SECRET card for free. */
  | { k: "unveiled"; card: string };

export interface CardDef {
  id: string;
  name: string;
  realm: Realm | null;
  rarity: Rarity;
  type: CardType;
  /** Shard Value (filled Shards of the Hex), 1..6. */
  shards: number;
  /** Strength (Characters and Objects). */
  strength: number;
  achroma: { kind: AchromaKind; n: number } | null;
  /** ACTION: effect resolved once right after Deploy (Action cards: the card's whole effect). */
  action: Step[];
  protection?: boolean;
  poisonous?: boolean;
  rage?: boolean;
  defend?: boolean;
  shieldWall?: number;
  heroic?: boolean;
  relic?: boolean;
  /** Location: your Characters cost this much less to Deploy (not below 0). */
  characterDiscount?: number;
  /** HUNT: Shard damage dealt to the hunted Character at the start of your next turn. */
  hunt?: number;
  /** Character type. */
  kind?: Kind;
  /** How many of the filled Shards are Achrom (the rest are Chroma). */
  achrom?: number;
  /** INFEST: may be Deployed for 1 Shard as a PARASITE on a Character; these steps replace the HOST's resolve (R37). */
  infest?: Step[];
  /** MOUNT: this Rider may mount an unmounted Dragon/Drake on your Canvas (R38). */
  mount?: boolean;
  /** MENAGERIE ability; `onDeploy`: "ACTION: MENAGERIE:" (R39). */
  menagerie?: { steps: Step[]; onDeploy?: boolean };
  /** DISPOSE: Erase this card, then these steps happen (R36). */
  dispose?: Step[];
  /** DIVERT: once per turn, an Action/ability targeting a card on your Canvas may be diverted to this card (R35). */
  divert?: boolean;
  /** "Pay X Shards": once per turn in your Main step (R34). */
  paid?: { cost: number; steps: Step[] };
  /** Erase-triggered ability (R40): when a matching card is Erased from these Canvases, these steps happen. */
  onErase?: { from: "others" | "mine" | "any"; type?: CardType; steps: Step[] };
  text: string;
}

type Opt = Partial<Omit<CardDef, "id" | "name" | "realm" | "rarity" | "type" | "shards">>;
function card(id: string, name: string, realm: Realm | null, rarity: Rarity, type: CardType, shards: number, opt: Opt): CardDef {
  return { id, name, realm, rarity, type, shards, strength: opt.strength ?? 0, achroma: opt.achroma ?? null, action: opt.action ?? [], text: opt.text ?? "", ...opt } as CardDef;
}
const gain = (n: number) => ({ kind: "gain" as const, n });
const drain = (n: number) => ({ kind: "drain" as const, n });
const steal = (n: number) => ({ kind: "steal" as const, n });
const prevent = (n: number) => ({ kind: "prevent" as const, n });

const LIST: CardDef[] = [
  // ---------------------------------------------------------------- Emberwild
  card("ember-sovereign", "Cinder Sovereign Vaelra", "emberwild", "legendary", "character", 6, { strength: 4, achroma: steal(2), rage: true, heroic: true, text: "RAGE. HEROIC." }),
  card("ash-warden", "Ash Warden", "emberwild", "rare", "character", 4, { strength: 2, achroma: prevent(2), defend: true, text: "DEFEND." }),
  card("kiln-oracle", "Kiln Oracle", "emberwild", "rare", "character", 3, { strength: 1, achroma: gain(2), action: [{ k: "find", type: "object" }], text: "ACTION: FIND an Object." }),
  card("scorch-viper", "Scorch Viper", "emberwild", "rare", "character", 3, { strength: 1, achroma: drain(1), poisonous: true, text: "POISONOUS." }),
  card("forge-heart", "Forgeheart Crown", "emberwild", "rare", "object", 3, { strength: 2, achroma: gain(1), relic: true, text: "Realm Relic." }),
  card("pyre-citadel", "Pyre Citadel", "emberwild", "rare", "location", 4, { achroma: gain(2), characterDiscount: 1, text: "Your Characters cost 1 less to Deploy." }),
  card("ember-scout", "Ember Scout", "emberwild", "common", "character", 2, { strength: 2, achroma: gain(1) }),
  card("cinder-hound", "Cinder Hound", "emberwild", "common", "character", 3, { strength: 3, achroma: drain(1) }),
  card("flame-tender", "Flame Tender", "emberwild", "common", "character", 1, { strength: 1, achroma: gain(1) }),
  card("blaze-raider", "Blaze Raider", "emberwild", "uncommon", "character", 4, { strength: 3, achroma: steal(1), rage: true, text: "RAGE." }),
  card("smoke-shield", "Smokeshield Sentry", "emberwild", "uncommon", "character", 3, { strength: 1, achroma: prevent(1), shieldWall: 1, text: "SHIELD WALL 1." }),
  card("ember-brand", "Ember Brand", "emberwild", "common", "object", 2, { strength: 1, text: "" }),
  card("spark-burst", "Spark Burst", "emberwild", "common", "action", 2, { action: [{ k: "damage", n: 2 }], text: "Deal 2 Shard damage to a Character on another Canvas." }),
  card("kindle", "Kindle", "emberwild", "common", "action", 1, { action: [{ k: "gain", n: 2 }], text: "Gain 2." }),
  card("war-drums", "War Drums", "emberwild", "uncommon", "action", 1, { action: [{ k: "rage" }], text: "Give a Character on your Canvas RAGE this turn." }),
  card("ashfall-market", "Ashfall Market", "emberwild", "uncommon", "location", 3, { achroma: gain(1), text: "" }),
  card("cinder-rites", "Cinder Rites", "emberwild", "uncommon", "action", 2, {
    action: [
      { k: "dig", type: "character" },
      { k: "gain", n: 1 },
    ],
    text: "DIG a Character. Gain 1.",
  }),
  card("cinder-augur", "Cinder Augur", "emberwild", "uncommon", "character", 2, { strength: 1, achroma: gain(1), action: [{ k: "reveal", type: "character" }], text: "ACTION: REVEAL a Character." }),
  card("paint-sprite", "Paint Sprite", "emberwild", "uncommon", "character", 2, { strength: 1, achroma: gain(1), action: [{ k: "splat", kind: "gain", n: 2 }], text: "ACTION: SPLAT 2." }),
  card("ash-stalker", "Ash Stalker", "emberwild", "uncommon", "character", 3, { strength: 2, achroma: gain(1), hunt: 3, text: "HUNT: deal 3 Shard damage to the hunted Character." }),
  card("ember-lure", "Ember Lure", "emberwild", "uncommon", "action", 4, { action: [{ k: "claim", type: "character" }], text: "CLAIM a Character." }),
  card("ember-offering", "Ember Offering", "emberwild", "common", "action", 1, { action: [{ k: "sacrifice" }, { k: "gain", n: 4 }], text: "SACRIFICE: Gain 4." }),
  // ---------------------------------------------------------------- Tidehollow
  card("tide-matriarch", "Deepcall Matriarch Ondis", "tidehollow", "legendary", "character", 6, { strength: 3, achroma: drain(3), protection: true, heroic: true, text: "PROTECTION. HEROIC." }),
  card("reef-guardian", "Reef Guardian", "tidehollow", "rare", "character", 5, { strength: 2, achroma: prevent(2), defend: true, shieldWall: 2, text: "DEFEND. SHIELD WALL 2." }),
  card("brine-seer", "Brine Seer", "tidehollow", "rare", "character", 3, { strength: 1, achroma: gain(1), action: [{ k: "freeze" }], text: "ACTION: FREEZE a card." }),
  card("eel-assassin", "Eel Assassin", "tidehollow", "rare", "character", 2, { strength: 1, achroma: steal(1), poisonous: true, text: "POISONOUS." }),
  card("pearl-trident", "Pearl Trident", "tidehollow", "rare", "object", 3, { strength: 2, achroma: drain(1), relic: true, text: "Realm Relic." }),
  card("sunken-vault", "Sunken Vault", "tidehollow", "rare", "location", 4, { achroma: prevent(3), text: "" }),
  card("kelp-runner", "Kelp Runner", "tidehollow", "common", "character", 2, { strength: 1, achroma: gain(1) }),
  card("shoal-brute", "Shoal Brute", "tidehollow", "common", "character", 4, { strength: 3, achroma: gain(1) }),
  card("tide-caller", "Tide Caller", "tidehollow", "common", "character", 2, { strength: 1, achroma: drain(1) }),
  card("harbor-thief", "Harbor Thief", "tidehollow", "uncommon", "character", 3, { strength: 2, achroma: steal(1) }),
  card("coral-ward", "Coral Ward", "tidehollow", "uncommon", "object", 2, { strength: 0, achroma: prevent(1), text: "" }),
  card("undertow", "Undertow", "tidehollow", "common", "action", 2, { action: [{ k: "drain", n: 2 }], text: "Drain 2." }),
  card("tidal-gift", "Tidal Gift", "tidehollow", "common", "action", 1, { action: [{ k: "draw", n: 2 }], text: "Draw 2." }),
  card("riptide", "Riptide", "tidehollow", "uncommon", "action", 3, { action: [{ k: "damage", n: 3 }], text: "Deal 3 Shard damage to a Character on another Canvas." }),
  card("salt-bazaar", "Salt Bazaar", "tidehollow", "uncommon", "location", 2, { achroma: gain(1), action: [{ k: "trade" }], text: "ACTION: TRADE." }),
  card("call-the-deep", "Call the Deep", "tidehollow", "uncommon", "action", 2, {
    action: [{ k: "deploy_free", max: 2 }],
    text: "Deploy a Character of Shard Value 2 or less from your hand for free.",
  }),
  card("drowned-scholar", "Drowned Scholar", "tidehollow", "uncommon", "character", 3, { strength: 1, achroma: gain(1), action: [{ k: "research", n: 2 }], text: "ACTION: RESEARCH 2." }),
  card("ink-squid", "Ink Squid", "tidehollow", "uncommon", "character", 2, { strength: 1, achroma: drain(1), action: [{ k: "splat", kind: "drain", n: 2 }], text: "ACTION: SQUISH 2." }),
  card("brine-hex", "Brine Hex", "tidehollow", "common", "action", 1, {
    action: [{ k: "curse" }, { k: "gain_count", filter: { cursed: true }, scope: "all" }],
    text: "CURSE a card. Gain 1 for each CURSED card on all Canvases.",
  }),
  card("abyssal-tithe", "Abyssal Tithe", "tidehollow", "common", "action", 1, { action: [{ k: "sacrifice" }, { k: "drain", n: 3 }], text: "SACRIFICE: Drain 3." }),
  // ---------------------------------------------------------------- Realmless
  card("wandering-tinker", "Wandering Tinker", null, "common", "character", 2, { strength: 1, achroma: gain(1) }),
  card("iron-buckler", "Iron Buckler", null, "common", "object", 2, { strength: 1, achroma: prevent(1) }),
  card("old-map", "Old Map", null, "uncommon", "action", 1, { action: [{ k: "find", type: "location" }], text: "FIND a Location." }),
  card("frost-charm", "Frost Charm", null, "common", "action", 1, { action: [{ k: "freeze" }], text: "FREEZE a card." }),
  card("crossroads-inn", "Crossroads Inn", null, "common", "location", 2, { achroma: gain(1) }),
  card("hired-blade", "Hired Blade", null, "uncommon", "character", 3, { strength: 2, achroma: steal(1) }),
  card("hushed-archivist", "Hushed Archivist", null, "uncommon", "character", 3, { strength: 1, achroma: gain(1), action: [{ k: "secret" }], text: "ACTION: SECRET." }),
  card("sealed-reliquary", "Sealed Reliquary", null, "uncommon", "location", 3, { achroma: gain(1), action: [{ k: "secret" }], text: "ACTION: SECRET." }),
  card("chart-reading", "Chart Reading", null, "common", "action", 1, { action: [{ k: "research", n: 3 }], text: "RESEARCH 3." }),
  card("grave-robber", "Grave Robber", null, "rare", "character", 3, { strength: 2, achroma: gain(1), action: [{ k: "dig", type: "object" }], text: "ACTION: DIG an Object." }),
  card("debt-lantern", "Lantern of Old Debts", null, "uncommon", "object", 2, { strength: 0, achroma: gain(1), action: [{ k: "gain", n: 2 }], text: "ACTION: Gain 2." }),
  // ---------------------------------------------------------------- Stormreach (Dragons, Drakes and their Riders)
  card("storm-tyrant", "Thunderhoard Wyrm Azkarel", "stormreach", "legendary", "character", 6, { kind: "dragon", strength: 4, achroma: steal(2), heroic: true, text: "HEROIC." }),
  card("gale-drake", "Galeborn Drake", "stormreach", "rare", "character", 4, { kind: "drake", strength: 3, achroma: gain(1) }),
  card("sky-lancer", "Skylance Captain", "stormreach", "rare", "character", 3, {
    kind: "human",
    strength: 2,
    achroma: gain(1),
    mount: true,
    action: [{ k: "give", kw: "defend" }],
    text: "MOUNT. ACTION: GIVE a Character on your Canvas DEFEND.",
  }),
  card("mirror-adept", "Mirror Adept", "stormreach", "rare", "character", 3, {
    kind: "human",
    strength: 1,
    achroma: gain(1),
    action: [{ k: "copy" }],
    text: "ACTION: COPY another Character on any Canvas.",
  }),
  card("drake-hatchling", "Drake Hatchling", "stormreach", "common", "character", 2, { kind: "drake", strength: 1, achroma: gain(1) }),
  card("wind-rider", "Windcrest Rider", "stormreach", "common", "character", 2, { kind: "human", strength: 1, achroma: gain(1), mount: true, text: "MOUNT." }),
  card("tempest-shifter", "Tempest Shifter", "stormreach", "uncommon", "character", 3, {
    kind: "spirit",
    strength: 2,
    achroma: drain(1),
    action: [{ k: "swap" }],
    text: "ACTION: SWAP this card with a Character on another Canvas.",
  }),
  card("stormforge", "Stormforge Anvil", "stormreach", "uncommon", "location", 3, {
    achroma: gain(1),
    paid: { cost: 2, steps: [{ k: "give", kw: "protection" }] },
    text: "Pay 2 Shards: GIVE a Character on your Canvas PROTECTION.",
  }),
  card("static-charge", "Static Charge", "stormreach", "common", "action", 1, {
    action: [
      { k: "gain", n: 1 },
      { k: "freeze", may: true },
    ],
    text: "Gain 1. You may FREEZE a card.",
  }),
  // ---------------------------------------------------------------- Verdance (many kinds of creature)
  card("grove-mother", "Grovemother Ilwen", "verdance", "legendary", "character", 6, {
    kind: "spirit",
    strength: 3,
    achroma: gain(2),
    heroic: true,
    menagerie: { steps: [{ k: "gain", n: 3 }] },
    text: "HEROIC. MENAGERIE: Gain 3.",
  }),
  card("thornback", "Thornback Boar", "verdance", "rare", "character", 4, { kind: "beast", strength: 3, achroma: gain(1) }),
  card("hive-queen", "Amberhive Queen", "verdance", "rare", "character", 4, {
    kind: "insect",
    strength: 2,
    achroma: gain(2),
    menagerie: { onDeploy: true, steps: [{ k: "draw", n: 2 }] },
    text: "ACTION: MENAGERIE: Draw 2.",
  }),
  card("root-golem", "Rootbound Golem", "verdance", "rare", "character", 5, { kind: "construct", strength: 4, achroma: prevent(1) }),
  card("fern-sprite", "Fern Sprite", "verdance", "common", "character", 1, { kind: "spirit", strength: 1, achroma: gain(1) }),
  card("moss-hound", "Moss Hound", "verdance", "common", "character", 2, { kind: "beast", strength: 2, achroma: gain(1) }),
  card("canopy-scout", "Canopy Scout", "verdance", "uncommon", "character", 2, {
    kind: "human",
    strength: 1,
    achroma: gain(1),
    menagerie: { steps: [{ k: "draw", n: 1 }] },
    text: "MENAGERIE: Draw 1.",
  }),
  card("wild-gathering", "Wild Gathering", "verdance", "uncommon", "action", 2, {
    action: [
      { k: "dig", type: "character", may: true },
      { k: "gain", n: 1 },
    ],
    text: "You may DIG a Character. Gain 1.",
  }),
  card("bramble-ward", "Bramble Ward", "verdance", "common", "object", 2, { strength: 1, achroma: prevent(1) }),
  // ---------------------------------------------------------------- Gloamfen (Achrom)
  card("fen-widow", "Gloam Widow Sethra", "gloamfen", "legendary", "character", 5, {
    kind: "insect",
    achrom: 5,
    strength: 3,
    achroma: drain(2),
    action: [{ k: "restrain" }],
    text: "ACTION: RESTRAIN a card on another Canvas.",
  }),
  card("bog-warden", "Bog Warden", "gloamfen", "rare", "character", 4, { kind: "human", achrom: 2, strength: 2, achroma: prevent(2), divert: true, text: "DIVERT." }),
  card("carrion-crow", "Carrion Crow Oracle", "gloamfen", "rare", "character", 3, {
    kind: "beast",
    achrom: 1,
    strength: 1,
    achroma: gain(1),
    onErase: { from: "others", type: "character", steps: [{ k: "gain", n: 1 }] },
    text: "When a Character is Erased from another Canvas, Gain 1.",
  }),
  card("mire-leech", "Mire Leech", "gloamfen", "rare", "character", 3, { kind: "insect", achrom: 2, strength: 1, achroma: drain(1), infest: [{ k: "gain", n: 2 }], text: "INFEST: Gain 2." }),
  card("rot-grub", "Rot Grub", "gloamfen", "common", "character", 2, { kind: "insect", achrom: 1, strength: 1, achroma: gain(1), infest: [{ k: "drain", n: 1 }], text: "INFEST: Drain 1." }),
  card("sinkhole", "Sinkhole", "gloamfen", "uncommon", "location", 2, {
    achrom: 1,
    achroma: gain(1),
    dispose: [{ k: "damage", n: 2 }],
    text: "DISPOSE: deal 2 Shard damage to a Character on another Canvas.",
  }),
  card("spore-carrier", "Spore Carrier", "gloamfen", "uncommon", "character", 2, {
    kind: "insect",
    achrom: 1,
    strength: 1,
    achroma: gain(1),
    dispose: [{ k: "deploy_free", max: 2 }],
    text: "DISPOSE: Deploy a Character of Shard Value 2 or less from your hand for free.",
  }),
  card("shade-binder", "Shade Binder", "gloamfen", "common", "character", 3, {
    kind: "spirit",
    achrom: 2,
    strength: 1,
    achroma: gain(1),
    action: [{ k: "restrain" }],
    text: "ACTION: RESTRAIN a card on another Canvas.",
  }),
  card("gloam-tithe", "Gloam Tithe", "gloamfen", "common", "action", 1, {
    achrom: 1,
    action: [{ k: "gain_count", filter: { achrom: true }, scope: "mine" }],
    text: "Gain 1 for each Achrom card on your Canvas.",
  }),
  card("hollow-rite", "Hollow Rite", "gloamfen", "uncommon", "action", 2, {
    achrom: 2,
    action: [{ k: "sacrifice" }, { k: "replace" }],
    text: "SACRIFICE, then REPLACE it with a card of the same type from your hand.",
  }),
];

/** Character types of the first two Realms' and the Realmless Characters. */
const KINDS: Record<string, Kind> = {
  "ember-sovereign": "human",
  "ash-warden": "human",
  "kiln-oracle": "spirit",
  "scorch-viper": "beast",
  "ember-scout": "human",
  "cinder-hound": "beast",
  "flame-tender": "human",
  "blaze-raider": "human",
  "smoke-shield": "construct",
  "cinder-augur": "spirit",
  "paint-sprite": "spirit",
  "ash-stalker": "beast",
  "tide-matriarch": "merfolk",
  "reef-guardian": "merfolk",
  "brine-seer": "merfolk",
  "eel-assassin": "beast",
  "kelp-runner": "merfolk",
  "shoal-brute": "beast",
  "tide-caller": "merfolk",
  "harbor-thief": "human",
  "drowned-scholar": "spirit",
  "ink-squid": "beast",
  "wandering-tinker": "human",
  "hired-blade": "human",
  "hushed-archivist": "human",
  "grave-robber": "human",
};
for (const c of LIST) if (c.type === "character" && !c.kind) c.kind = KINDS[c.id];

export const CARDS: Record<string, CardDef> = Object.fromEntries(LIST.map((c) => [c.id, c]));

const rep = (ids: string[], n: number) => ids.flatMap((id) => Array(n).fill(id) as string[]);

/** Pre-constructed, legal Palettes: three each for Emberwild and Tidehollow, one each for the other Realms. */
export const PALETTES: Record<string, string[]> = {
  "emberwild-blaze": [
    "ember-sovereign",
    "ash-warden",
    "kiln-oracle",
    "scorch-viper",
    "forge-heart",
    ...rep(["ember-scout", "cinder-hound", "flame-tender", "blaze-raider", "smoke-shield", "ember-brand", "spark-burst", "kindle", "war-drums", "ashfall-market", "cinder-rites"], 2),
    "wandering-tinker",
    "iron-buckler",
    "hired-blade",
  ],
  "emberwild-kiln": [
    "ash-warden",
    "kiln-oracle",
    "pyre-citadel",
    "grave-robber",
    ...rep(["ember-scout", "cinder-hound", "flame-tender", "blaze-raider", "smoke-shield", "ember-brand", "spark-burst", "kindle", "ashfall-market", "cinder-rites"], 2),
    ...rep(["wandering-tinker", "iron-buckler", "crossroads-inn"], 2),
  ],
  "tidehollow-depths": [
    "tide-matriarch",
    "reef-guardian",
    "brine-seer",
    "eel-assassin",
    "pearl-trident",
    ...rep(["kelp-runner", "shoal-brute", "tide-caller", "harbor-thief", "coral-ward", "undertow", "tidal-gift", "riptide", "salt-bazaar", "call-the-deep", "wandering-tinker"], 2),
    "old-map",
    "frost-charm",
    "crossroads-inn",
  ],
  "tidehollow-shoals": [
    "reef-guardian",
    "sunken-vault",
    "eel-assassin",
    "brine-seer",
    ...rep(["kelp-runner", "shoal-brute", "tide-caller", "harbor-thief", "coral-ward", "undertow", "tidal-gift", "riptide", "salt-bazaar", "call-the-deep"], 2),
    ...rep(["hired-blade", "iron-buckler", "old-map"], 2),
  ],
  "emberwild-veil": [
    "scorch-viper",
    "kiln-oracle",
    ...rep(["ember-scout", "cinder-hound", "ash-stalker", "blaze-raider", "ember-lure", "ember-brand", "spark-burst", "kindle", "paint-sprite"], 2),
    ...rep(["cinder-augur", "ember-offering", "hushed-archivist", "sealed-reliquary", "chart-reading"], 2),
  ],
  "tidehollow-veil": [
    "reef-guardian",
    "brine-seer",
    "eel-assassin",
    "pearl-trident",
    ...rep(["kelp-runner", "shoal-brute", "tide-caller", "harbor-thief", "brine-hex", "undertow", "ink-squid", "riptide"], 2),
    ...rep(["drowned-scholar", "abyssal-tithe", "hushed-archivist", "sealed-reliquary", "chart-reading"], 2),
  ],
  "stormreach-skyriders": [
    "storm-tyrant",
    "gale-drake",
    "sky-lancer",
    "mirror-adept",
    ...rep(["drake-hatchling", "wind-rider", "tempest-shifter", "stormforge", "static-charge"], 2),
    ...rep(["wandering-tinker", "iron-buckler", "old-map", "frost-charm", "crossroads-inn", "hired-blade", "chart-reading", "hushed-archivist"], 2),
  ],
  "gloamfen-mire": [
    "fen-widow",
    "bog-warden",
    "carrion-crow",
    "mire-leech",
    ...rep(["rot-grub", "sinkhole", "spore-carrier", "shade-binder", "gloam-tithe", "hollow-rite"], 2),
    ...rep(["wandering-tinker", "iron-buckler", "old-map", "crossroads-inn", "hired-blade", "chart-reading", "frost-charm"], 2),
  ],
  "verdance-menagerie": [
    "grove-mother",
    "thornback",
    "hive-queen",
    "root-golem",
    ...rep(["fern-sprite", "moss-hound", "canopy-scout", "wild-gathering", "bramble-ward"], 2),
    ...rep(["wandering-tinker", "iron-buckler", "old-map", "frost-charm", "crossroads-inn", "hired-blade", "chart-reading", "hushed-archivist"], 2),
  ],
};
