/**
 * SolRei card data: original Muses, Advantages and Arts for this engine (no text or names
 * from the printed product). Mechanics live once per keyword in engine.ts; cards only
 * compose keyword steps (`EffectStep`), costs (`Cost`) and conditions.
 */

export type Suit = "S" | "H" | "D" | "C";
export const SUITS: readonly Suit[] = ["S", "H", "D", "C"];
export const SUIT_SYMBOL: Record<Suit, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const RED: readonly Suit[] = ["H", "D"];
export const BLACK: readonly Suit[] = ["S", "C"];

/** Ability windows (the step in which an ability may be activated). */
export type Timing = "START_OF_ROUND" | "BEFORE_SHOWDOWN" | "SHOWDOWN" | "AFTER_SHOWDOWN" | "BEFORE_DAMAGE" | "AFTER_DAMAGE" | "CHARGE" | "END_OF_ROUND";

/** One keyword step. Each keyword is implemented once in engine.ts (`execStep`). */
export type EffectStep =
  | { k: "gain_power"; n: number } // GAIN +n Power
  | { k: "gain_damage"; n: number } // GAIN +n Damage
  | { k: "draw"; n: number } // DRAW X
  | { k: "retaliate"; n: number } // RETALIATE X
  | { k: "counter"; n: number } // COUNTER X
  | { k: "block"; n: number } // BLOCK X
  | { k: "cultivate"; n: number } // CULTIVATE X
  | { k: "ready"; n: number } // READY X (your own exhausted/face-down Arts or Damage)
  | { k: "exhaust"; n: number } // EXHAUST X (the Rival's face-up Arts or Damage)
  | { k: "discard"; n: number } // DISCARD X (from the Rival's hand; the Rival picks)
  | { k: "swap" } // SWAP
  | { k: "break" } // BREAK (a Rival's face-up Art or face-up Damage)
  | { k: "grapple" } // GRAPPLE
  | { k: "check"; n: number } // CHECK X
  | { k: "negate" }; // NEGATE (the Rival's topmost ability in the Exchange)

/**
 * A cost in Rei plus keyword costs. Suit letters need Rei of that suit, `red`/`black` Rei of
 * a suit of that colour, `any` Rei of any suit (green circle); `spend` is SPEND X (X more
 * Rei of any suit); `harvest` is HARVEST X (remove X cultivated cards from your Muse).
 */
export interface Cost {
  S?: number;
  H?: number;
  D?: number;
  C?: number;
  red?: number;
  black?: number;
  any?: number;
  spend?: number;
  harvest?: number;
}

export interface Trigger {
  on: "reveal";
  /** Only when your revealed Action Card has this suit. */
  suit?: Suit;
  /** Only for an Attack card (true) / a CHARGE card (false). */
  attack?: boolean;
  /** Only for an Attack card whose printed Power is at most this. */
  maxPower?: number;
}

export interface Ability {
  text: string;
  /** Windows in which it may be activated ([] for a purely automatic ability). */
  timings: Timing[];
  /** Automatic ability: put on the Exchange by the engine when the trigger happens. */
  trigger?: Trigger;
  cost: Cost;
  /** CRISIS n: needs at least n cards in your Damage Zone. */
  crisis?: number;
  /** Muse and Advantage abilities may be activated once per round. */
  oncePerRound?: boolean;
  effect: EffectStep[];
}

export interface Requirements {
  skills?: string[];
  type?: string;
}

export interface MuseCard {
  id: string;
  name: string;
  title: string;
  alignment: Suit;
  type: string;
  skills: string[];
  serial: string;
  ability: Ability;
  chargeBonus: { suits: Suit[]; text: string; effect: EffectStep[] };
  defaultAdvantage: string;
  defaultArts: string[];
}

export interface AdvantageCard {
  id: string;
  name: string;
  kind: string;
  serial: string;
  requires: Requirements;
  ability: Ability;
}

export interface ArtCard {
  id: string;
  name: string;
  kind: string;
  serial: string;
  requires: Requirements;
  /** SIGNATURE MOVE: only this Muse may activate it. */
  signature?: string;
  /** AUGMENT: turned sideways when activated; continuous bonus while augmented. */
  augment?: { power?: number; damage?: number };
  ability: Ability;
}

export const MUSES: Record<string, MuseCard> = {
  vesper: {
    id: "vesper",
    name: "Vesper Kade",
    title: "the Ash Duelist",
    alignment: "S",
    type: "Human",
    skills: ["Blade", "Shadow"],
    serial: "VK-01",
    ability: {
      text: "(AFTER SHOWDOWN) Once per round, pay ♠: GAIN +1 Power.",
      timings: ["AFTER_SHOWDOWN"],
      cost: { S: 1 },
      oncePerRound: true,
      effect: [{ k: "gain_power", n: 1 }],
    },
    chargeBonus: { suits: ["S"], text: "(♠) CULTIVATE 1.", effect: [{ k: "cultivate", n: 1 }] },
    defaultAdvantage: "whetstone-vow",
    defaultArts: ["crescent-rend", "shade-step", "grave-hold", "edge-focus"],
  },
  liora: {
    id: "liora",
    name: "Liora Venn",
    title: "the Ember Choir",
    alignment: "H",
    type: "Spirit",
    skills: ["Song", "Flame"],
    serial: "LV-01",
    ability: {
      text: "(SHOWDOWN!) Automatic: when you reveal a ♥ Attack card, GAIN +1 Power.",
      timings: [],
      trigger: { on: "reveal", suit: "H", attack: true },
      cost: {},
      effect: [{ k: "gain_power", n: 1 }],
    },
    chargeBonus: { suits: ["H"], text: "(♥) DRAW 1.", effect: [{ k: "draw", n: 1 }] },
    defaultAdvantage: "hearthglow",
    defaultArts: ["encore", "cinder-veil", "rekindle", "choirs-crescendo"],
  },
  tamsin: {
    id: "tamsin",
    name: "Tamsin Orr",
    title: "the Glass Broker",
    alignment: "D",
    type: "Human",
    skills: ["Trade", "Insight"],
    serial: "TO-01",
    ability: {
      text: "(BEFORE SHOWDOWN) Once per round, pay ♦: CHECK 2.",
      timings: ["BEFORE_SHOWDOWN"],
      cost: { D: 1 },
      oncePerRound: true,
      effect: [{ k: "check", n: 2 }],
    },
    chargeBonus: { suits: ["D"], text: "(♦) DRAW 1.", effect: [{ k: "draw", n: 1 }] },
    defaultAdvantage: "ledger-of-debts",
    defaultArts: ["sleight", "audit", "foreclose", "prism-ward"],
  },
  brannoc: {
    id: "brannoc",
    name: "Brannoc Hale",
    title: "the Rootbound",
    alignment: "C",
    type: "Giant",
    skills: ["Grapple", "Earth"],
    serial: "BH-01",
    ability: {
      text: "(BEFORE DAMAGE) Once per round, HARVEST 1: BLOCK 1.",
      timings: ["BEFORE_DAMAGE"],
      cost: { harvest: 1 },
      oncePerRound: true,
      effect: [{ k: "block", n: 1 }],
    },
    chargeBonus: { suits: ["C"], text: "(♣) CULTIVATE 2.", effect: [{ k: "cultivate", n: 2 }] },
    defaultAdvantage: "deep-roots",
    defaultArts: ["bear-hug", "stonebreak", "null-stance", "verdant-wall"],
  },
};

export const ADVANTAGES: Record<string, AdvantageCard> = {
  "whetstone-vow": {
    id: "whetstone-vow",
    name: "Whetstone Vow",
    kind: "Discipline",
    serial: "VK-02",
    requires: { skills: ["Blade"] },
    ability: {
      text: "(BEFORE SHOWDOWN) Once per round, HARVEST 1: GAIN +1 Power.",
      timings: ["BEFORE_SHOWDOWN"],
      cost: { harvest: 1 },
      oncePerRound: true,
      effect: [{ k: "gain_power", n: 1 }],
    },
  },
  hearthglow: {
    id: "hearthglow",
    name: "Hearthglow",
    kind: "Blessing",
    serial: "LV-02",
    requires: { type: "Spirit" },
    ability: {
      text: "(SHOWDOWN!) Automatic: when you reveal an Attack card of Power 5 or less, GAIN +1 Power.",
      timings: [],
      trigger: { on: "reveal", attack: true, maxPower: 5 },
      cost: {},
      effect: [{ k: "gain_power", n: 1 }],
    },
  },
  "ledger-of-debts": {
    id: "ledger-of-debts",
    name: "Ledger of Debts",
    kind: "Contract",
    serial: "TO-02",
    requires: { skills: ["Trade"] },
    ability: {
      text: "(AFTER SHOWDOWN) Once per round, pay ♦ and a red Rei: SWAP.",
      timings: ["AFTER_SHOWDOWN"],
      cost: { D: 1, red: 1 },
      oncePerRound: true,
      effect: [{ k: "swap" }],
    },
  },
  "deep-roots": {
    id: "deep-roots",
    name: "Deep Roots",
    kind: "Terrain",
    serial: "BH-02",
    requires: { type: "Giant" },
    ability: {
      text: "(END OF ROUND) Once per round, pay ♣: CULTIVATE 1.",
      timings: ["END_OF_ROUND"],
      cost: { C: 1 },
      oncePerRound: true,
      effect: [{ k: "cultivate", n: 1 }],
    },
  },
};

export const ARTS: Record<string, ArtCard> = {
  // Vesper Kade (VK)
  "crescent-rend": {
    id: "crescent-rend",
    name: "Crescent Rend",
    kind: "Technique",
    serial: "VK-03",
    requires: { skills: ["Blade"] },
    ability: {
      text: "(AFTER SHOWDOWN) Pay ♠ and any Rei: GAIN +1 Power and GAIN +1 Damage.",
      timings: ["AFTER_SHOWDOWN"],
      cost: { S: 1, any: 1 },
      effect: [
        { k: "gain_power", n: 1 },
        { k: "gain_damage", n: 1 },
      ],
    },
  },
  "shade-step": {
    id: "shade-step",
    name: "Shade Step",
    kind: "Movement",
    serial: "VK-04",
    requires: {},
    signature: "vesper",
    ability: {
      text: "SIGNATURE-Vesper Kade. (BEFORE DAMAGE) Pay a black Rei: BLOCK 1.",
      timings: ["BEFORE_DAMAGE"],
      cost: { black: 1 },
      effect: [{ k: "block", n: 1 }],
    },
  },
  "grave-hold": {
    id: "grave-hold",
    name: "Grave Hold",
    kind: "Technique",
    serial: "VK-05",
    requires: { skills: ["Grapple"] },
    ability: {
      text: "[Skill:Grapple] (BEFORE SHOWDOWN) Pay ♣: GRAPPLE.",
      timings: ["BEFORE_SHOWDOWN"],
      cost: { C: 1 },
      effect: [{ k: "grapple" }],
    },
  },
  "edge-focus": {
    id: "edge-focus",
    name: "Edge Focus",
    kind: "Stance",
    serial: "VK-06",
    requires: { skills: ["Blade"] },
    augment: { damage: 1 },
    ability: {
      text: "AUGMENT. (START OF ROUND) SPEND 2: while augmented, when you win the Showdown GAIN +1 Damage.",
      timings: ["START_OF_ROUND"],
      cost: { spend: 2 },
      effect: [],
    },
  },
  // Liora Venn (LV)
  encore: {
    id: "encore",
    name: "Encore",
    kind: "Song",
    serial: "LV-03",
    requires: { skills: ["Song"] },
    ability: {
      text: "(AFTER DAMAGE) Pay ♥: RETALIATE 1.",
      timings: ["AFTER_DAMAGE"],
      cost: { H: 1 },
      effect: [{ k: "retaliate", n: 1 }],
    },
  },
  "cinder-veil": {
    id: "cinder-veil",
    name: "Cinder Veil",
    kind: "Ward",
    serial: "LV-04",
    requires: { skills: ["Flame"] },
    ability: {
      text: "(BEFORE DAMAGE) Pay a red Rei: COUNTER 1.",
      timings: ["BEFORE_DAMAGE"],
      cost: { red: 1 },
      effect: [{ k: "counter", n: 1 }],
    },
  },
  rekindle: {
    id: "rekindle",
    name: "Rekindle",
    kind: "Song",
    serial: "LV-05",
    requires: { skills: ["Song"] },
    ability: {
      text: "(CHARGE) SPEND 1: READY 1.",
      timings: ["CHARGE"],
      cost: { spend: 1 },
      effect: [{ k: "ready", n: 1 }],
    },
  },
  "choirs-crescendo": {
    id: "choirs-crescendo",
    name: "Choir's Crescendo",
    kind: "Finale",
    serial: "LV-06",
    requires: {},
    signature: "liora",
    ability: {
      text: "SIGNATURE-Liora Venn. CRISIS 3. (AFTER SHOWDOWN) Pay ♥♥: GAIN +2 Power.",
      timings: ["AFTER_SHOWDOWN"],
      cost: { H: 2 },
      crisis: 3,
      effect: [{ k: "gain_power", n: 2 }],
    },
  },
  // Tamsin Orr (TO)
  sleight: {
    id: "sleight",
    name: "Sleight",
    kind: "Trick",
    serial: "TO-03",
    requires: { skills: ["Insight"] },
    ability: {
      text: "(BEFORE SHOWDOWN) Pay ♦: SWAP.",
      timings: ["BEFORE_SHOWDOWN"],
      cost: { D: 1 },
      effect: [{ k: "swap" }],
    },
  },
  audit: {
    id: "audit",
    name: "Audit",
    kind: "Trick",
    serial: "TO-04",
    requires: { skills: ["Trade"] },
    ability: {
      text: "(AFTER SHOWDOWN) Pay a red Rei and any Rei: EXHAUST 1.",
      timings: ["AFTER_SHOWDOWN"],
      cost: { red: 1, any: 1 },
      effect: [{ k: "exhaust", n: 1 }],
    },
  },
  foreclose: {
    id: "foreclose",
    name: "Foreclose",
    kind: "Contract",
    serial: "TO-05",
    requires: { skills: ["Trade"] },
    ability: {
      text: "(BEFORE SHOWDOWN) Pay ♦♦: DISCARD 1 (the Rival discards a card of their choice).",
      timings: ["BEFORE_SHOWDOWN"],
      cost: { D: 2 },
      effect: [{ k: "discard", n: 1 }],
    },
  },
  "prism-ward": {
    id: "prism-ward",
    name: "Prism Ward",
    kind: "Stance",
    serial: "TO-06",
    requires: { skills: ["Insight"] },
    augment: { power: 1 },
    ability: {
      text: "AUGMENT. (START OF ROUND) SPEND 1: while augmented, your Attack card has +1 Power.",
      timings: ["START_OF_ROUND"],
      cost: { spend: 1 },
      effect: [],
    },
  },
  // Brannoc Hale (BH)
  "bear-hug": {
    id: "bear-hug",
    name: "Bear Hug",
    kind: "Hold",
    serial: "BH-03",
    requires: { skills: ["Grapple"] },
    ability: {
      text: "(BEFORE SHOWDOWN) Pay ♣ and a black Rei: GRAPPLE.",
      timings: ["BEFORE_SHOWDOWN"],
      cost: { C: 1, black: 1 },
      effect: [{ k: "grapple" }],
    },
  },
  stonebreak: {
    id: "stonebreak",
    name: "Stonebreak",
    kind: "Strike",
    serial: "BH-04",
    requires: { skills: ["Earth"] },
    ability: {
      text: "(AFTER SHOWDOWN) Pay ♣♣: BREAK a Rival's face-up Art or face-up Damage.",
      timings: ["AFTER_SHOWDOWN"],
      cost: { C: 2 },
      effect: [{ k: "break" }],
    },
  },
  "null-stance": {
    id: "null-stance",
    name: "Null Stance",
    kind: "Ward",
    serial: "BH-05",
    requires: { skills: ["Earth"] },
    ability: {
      text: "(SHOWDOWN!, BEFORE/AFTER SHOWDOWN, BEFORE/AFTER DAMAGE, CHARGE) Pay a black Rei and any Rei: NEGATE the Rival's ability on top of the Exchange.",
      timings: ["SHOWDOWN", "BEFORE_SHOWDOWN", "AFTER_SHOWDOWN", "BEFORE_DAMAGE", "AFTER_DAMAGE", "CHARGE"],
      cost: { black: 1, any: 1 },
      effect: [{ k: "negate" }],
    },
  },
  "verdant-wall": {
    id: "verdant-wall",
    name: "Verdant Wall",
    kind: "Ward",
    serial: "BH-06",
    requires: {},
    signature: "brannoc",
    ability: {
      text: "SIGNATURE-Brannoc Hale. CRISIS 2. (BEFORE DAMAGE) Pay ♣: COUNTER 2.",
      timings: ["BEFORE_DAMAGE"],
      cost: { C: 1 },
      crisis: 2,
      effect: [{ k: "counter", n: 2 }],
    },
  },
};

export const MUSE_IDS = Object.keys(MUSES);

/** Serial letters ("VK" in "VK-03"): Arcade Mode set-ups share them with the Muse. */
export function serialLetters(serial: string): string {
  return serial.split("-")[0];
}

export function meetsRequirements(muse: MuseCard, req: Requirements): boolean {
  if (req.type !== undefined && req.type !== muse.type) return false;
  for (const skill of req.skills ?? []) if (!muse.skills.includes(skill)) return false;
  return true;
}

export function costText(cost: Cost): string {
  const parts: string[] = [];
  for (const s of SUITS) for (let i = 0; i < (cost[s] ?? 0); i++) parts.push(SUIT_SYMBOL[s]);
  if (cost.red) parts.push(`${cost.red} red`);
  if (cost.black) parts.push(`${cost.black} black`);
  if (cost.any) parts.push(`${cost.any} any`);
  if (cost.spend) parts.push(`SPEND ${cost.spend}`);
  if (cost.harvest) parts.push(`HARVEST ${cost.harvest}`);
  return parts.length ? parts.join(" + ") : "free";
}
