/**
 * Achroma card data (original cards, not the real product's). Mechanics live once in engine.ts
 * (keywords, effect steps); cards only compose them.
 */
export type CardType = "character" | "location" | "object" | "action";
export type Rarity = "common" | "uncommon" | "rare" | "legendary";
export type Realm = "emberwild" | "tidehollow";
export type AchromaKind = "gain" | "drain" | "steal" | "prevent";

/** One step of an ACTION effect (or of a resolved Achroma effect). */
export type Step =
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
  /** Gain 1 per CURSED card on all Canvases. */
  | { k: "gain_cursed" }
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
  card("cinder-rites", "Cinder Rites", "emberwild", "uncommon", "action", 2, { action: [{ k: "dig", type: "character" }, { k: "gain", n: 1 }], text: "DIG a Character. Gain 1." }),
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
  card("call-the-deep", "Call the Deep", "tidehollow", "uncommon", "action", 2, { action: [{ k: "deploy_free", max: 2 }], text: "Deploy a Character of Shard Value 2 or less from your hand for free." }),
  card("drowned-scholar", "Drowned Scholar", "tidehollow", "uncommon", "character", 3, { strength: 1, achroma: gain(1), action: [{ k: "research", n: 2 }], text: "ACTION: RESEARCH 2." }),
  card("ink-squid", "Ink Squid", "tidehollow", "uncommon", "character", 2, { strength: 1, achroma: drain(1), action: [{ k: "splat", kind: "drain", n: 2 }], text: "ACTION: SQUISH 2." }),
  card("brine-hex", "Brine Hex", "tidehollow", "common", "action", 1, { action: [{ k: "curse" }, { k: "gain_cursed" }], text: "CURSE a card. Gain 1 for each CURSED card on all Canvases." }),
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
];

export const CARDS: Record<string, CardDef> = Object.fromEntries(LIST.map((c) => [c.id, c]));

const rep = (ids: string[], n: number) => ids.flatMap((id) => Array(n).fill(id) as string[]);

/** Pre-constructed, legal Palettes: two per Realm. */
export const PALETTES: Record<string, string[]> = {
  "emberwild-blaze": [
    "ember-sovereign",
    "ash-warden", "kiln-oracle", "scorch-viper", "forge-heart",
    ...rep(["ember-scout", "cinder-hound", "flame-tender", "blaze-raider", "smoke-shield", "ember-brand", "spark-burst", "kindle", "war-drums", "ashfall-market", "cinder-rites"], 2),
    "wandering-tinker", "iron-buckler", "hired-blade",
  ],
  "emberwild-kiln": [
    "ash-warden", "kiln-oracle", "pyre-citadel", "grave-robber",
    ...rep(["ember-scout", "cinder-hound", "flame-tender", "blaze-raider", "smoke-shield", "ember-brand", "spark-burst", "kindle", "ashfall-market", "cinder-rites"], 2),
    ...rep(["wandering-tinker", "iron-buckler", "crossroads-inn"], 2),
  ],
  "tidehollow-depths": [
    "tide-matriarch",
    "reef-guardian", "brine-seer", "eel-assassin", "pearl-trident",
    ...rep(["kelp-runner", "shoal-brute", "tide-caller", "harbor-thief", "coral-ward", "undertow", "tidal-gift", "riptide", "salt-bazaar", "call-the-deep", "wandering-tinker"], 2),
    "old-map", "frost-charm", "crossroads-inn",
  ],
  "tidehollow-shoals": [
    "reef-guardian", "sunken-vault", "eel-assassin", "brine-seer",
    ...rep(["kelp-runner", "shoal-brute", "tide-caller", "harbor-thief", "coral-ward", "undertow", "tidal-gift", "riptide", "salt-bazaar", "call-the-deep"], 2),
    ...rep(["hired-blade", "iron-buckler", "old-map"], 2),
  ],
  "emberwild-veil": [
    "scorch-viper", "kiln-oracle",
    ...rep(["ember-scout", "cinder-hound", "ash-stalker", "blaze-raider", "ember-lure", "ember-brand", "spark-burst", "kindle", "paint-sprite"], 2),
    ...rep(["cinder-augur", "ember-offering", "hushed-archivist", "sealed-reliquary", "chart-reading"], 2),
  ],
  "tidehollow-veil": [
    "reef-guardian", "brine-seer", "eel-assassin", "pearl-trident",
    ...rep(["kelp-runner", "shoal-brute", "tide-caller", "harbor-thief", "brine-hex", "undertow", "ink-squid", "riptide"], 2),
    ...rep(["drowned-scholar", "abyssal-tithe", "hushed-archivist", "sealed-reliquary", "chart-reading"], 2),
  ],
};
