/**
 * Card data for Re;ACT: ORIGINAL card text written for this engine (not the product's).
 * Mechanics are the `Step` operations, implemented once in effects.ts and composed here.
 */
import type { ArtistId } from "./types.ts";

/** Where a cost may target (relative to the card's unit, "me"). */
export type TargetRule = "adjacent" | "any" | "scaled" | "inked";

export type Step =
  /** Deal 1 damage to the target zone. */
  | { op: "damage_target" }
  /** Deal 1 damage to every zone adjacent to me. */
  | { op: "damage_adjacent" }
  /** Deal 1 damage to the target zone if me is inked. */
  | { op: "damage_target_if_inked" }
  /** Move me 1 space in the chosen direction (leaveScale: place a Scale in the zone left). */
  | { op: "move_me"; leaveScale?: boolean }
  /** Move every inked unit 1 space in the chosen direction. */
  | { op: "move_inked" }
  /** Add an Ink to a unit. */
  | { op: "ink"; who: "me" | "spirit" | "target_unit" }
  /** Summon one of my available summons of this kind into the target zone. */
  | { op: "summon"; summon: "spirit" | "fish" | "drone" | "sketch" }
  /** Place a Scale token in the target zone. */
  | { op: "scale_target" }
  /** Swap my Artist with an adjacent unit chosen when it resolves (ruling R9; a decision, always the last step). */
  | { op: "swap_adjacent" }
  /** Swap my Artist with one of my units (when it is on the board). */
  | { op: "swap_with"; unit: string }
  /** Jump me in the chosen direction (R18). */
  | { op: "jump_me" }
  /** Place one of my Murals (a Zone Tile) in the target zone (R20). */
  | { op: "mural_target" }
  /** Deal 1 damage to every zone holding one of my Murals. */
  | { op: "damage_murals" }
  /** Exhaust the unit in the target zone (nothing if it is already exhausted, R23). */
  | { op: "exhaust_target" }
  /** Place one of my Block tokens in the target zone (R21). */
  | { op: "block_target" }
  /** Take up (or turn) my Armament to face the chosen direction (R22). */
  | { op: "arm" }
  /** Deal 1 damage to the zone my Armament lies in (beyond: the zone after it, the same way). */
  | { op: "damage_armament"; beyond?: boolean }
  /** Descend my Artist (then re-ascend if the masterpiece is still connected). */
  | { op: "descend" }
  /** Progress my Masterpiece (a decision; always the last step of an effect). */
  | { op: "progress" };

export interface Effect {
  kind: "intention" | "reaction";
  name: string;
  /** Only usable while my Artist is ascended (the flipped Ability Card). */
  ascended?: boolean;
  cost: { exhaust?: boolean; target?: TargetRule; dir?: boolean };
  steps: Step[];
  text: string;
}

export interface CardDef {
  id: string;
  name: string;
  artist: ArtistId;
  type: "action" | "ability";
  /** Ability cards: the unit "me" refers to (the Artist for action cards). */
  unit?: string;
  /** Action cards: copies in the 30-card deck. */
  quantity?: number;
  effects: Effect[];
}

const mv = { exhaust: true } as const;

export const CARDS: Record<string, CardDef> = {
  // ------------------------------------------------------------ Calligrapher
  calligrapher: {
    id: "calligrapher",
    name: "The Calligrapher",
    artist: "calligrapher",
    type: "ability",
    unit: "calligrapher",
    effects: [
      {
        kind: "intention",
        name: "Brush to Life",
        cost: { ...mv, target: "adjacent" },
        steps: [{ op: "summon", summon: "spirit" }],
        text: "Exhaust me; target an adjacent zone. Summon your Sealbrush Spirit there.",
      },
      { kind: "intention", name: "Patient Study", cost: { ...mv }, steps: [{ op: "progress" }], text: "Exhaust me. Progress your Masterpiece." },
      {
        kind: "intention",
        name: "Final Stroke",
        ascended: true,
        cost: { ...mv, target: "inked" },
        steps: [{ op: "damage_target" }, { op: "descend" }],
        text: "(Ascended) Exhaust me; target a zone holding an inked unit. Deal 1 damage to it, then descend.",
      },
    ],
  },
  spirit: {
    id: "spirit",
    name: "Sealbrush Spirit",
    artist: "calligrapher",
    type: "ability",
    unit: "spirit",
    effects: [
      {
        kind: "intention",
        name: "Glide",
        cost: { ...mv, dir: true },
        steps: [{ op: "move_me" }, { op: "ink", who: "me" }],
        text: "Exhaust me; choose a direction. Move me 1 space that way, then add an Ink to me.",
      },
      {
        kind: "intention",
        name: "Seal Strike",
        cost: { ...mv, target: "adjacent" },
        steps: [{ op: "damage_target_if_inked" }],
        text: "Exhaust me; target an adjacent zone. If I am inked, deal 1 damage to it.",
      },
    ],
  },
  sheathing_respite: {
    id: "sheathing_respite",
    name: "Sheathing Respite",
    artist: "calligrapher",
    type: "ability",
    unit: "spirit",
    effects: [
      {
        kind: "reaction",
        name: "Sheathing Respite",
        cost: { ...mv },
        steps: [{ op: "swap_with", unit: "spirit" }],
        text: "Exhaust your Sealbrush Spirit. Swap your Calligrapher and your Sealbrush Spirit.",
      },
    ],
  },
  flowing_ink: {
    id: "flowing_ink",
    name: "Flowing Ink",
    artist: "calligrapher",
    type: "action",
    quantity: 8,
    effects: [
      {
        kind: "reaction",
        name: "Flowing Ink",
        cost: { dir: true },
        steps: [{ op: "ink", who: "spirit" }, { op: "move_inked" }],
        text: "Choose a direction. Add an Ink to your Sealbrush Spirit, then move every inked unit 1 space that way.",
      },
    ],
  },
  ink_slash: {
    id: "ink_slash",
    name: "Ink Slash",
    artist: "calligrapher",
    type: "action",
    quantity: 8,
    effects: [{ kind: "intention", name: "Ink Slash", cost: { target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Target a zone adjacent to your Calligrapher. Deal 1 damage to it." }],
  },
  splatter: {
    id: "splatter",
    name: "Splatter",
    artist: "calligrapher",
    type: "action",
    quantity: 7,
    effects: [
      {
        kind: "reaction",
        name: "Splatter",
        cost: { target: "adjacent" },
        steps: [{ op: "ink", who: "target_unit" }],
        text: "Target a zone adjacent to your Calligrapher. Add an Ink to the unit there.",
      },
    ],
  },
  retreating_step: {
    id: "retreating_step",
    name: "Retreating Step",
    artist: "calligrapher",
    type: "action",
    quantity: 7,
    effects: [{ kind: "reaction", name: "Retreating Step", cost: { dir: true }, steps: [{ op: "move_me" }], text: "Choose a direction. Move your Calligrapher 1 space that way." }],
  },
  // ------------------------------------------------------------ Dancer
  dancer: {
    id: "dancer",
    name: "The Dancer",
    artist: "dancer",
    type: "ability",
    unit: "dancer",
    effects: [
      {
        kind: "intention",
        name: "Tidal Spin",
        cost: { ...mv, dir: true },
        steps: [{ op: "move_me", leaveScale: true }],
        text: "Exhaust me; choose a direction. Move me 1 space that way and place a Scale in the zone I left.",
      },
      { kind: "intention", name: "Rehearsal", cost: { ...mv }, steps: [{ op: "progress" }], text: "Exhaust me. Progress your Masterpiece." },
      {
        kind: "intention",
        name: "Grand Finale",
        ascended: true,
        cost: { ...mv },
        steps: [{ op: "damage_adjacent" }, { op: "descend" }],
        text: "(Ascended) Exhaust me. Deal 1 damage to every adjacent zone, then descend.",
      },
    ],
  },
  fish1: {
    id: "fish1",
    name: "Dancing Fish (I)",
    artist: "dancer",
    type: "ability",
    unit: "fish1",
    effects: [{ kind: "intention", name: "Fin Slap", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Exhaust me; target an adjacent zone. Deal 1 damage to it." }],
  },
  fish2: {
    id: "fish2",
    name: "Dancing Fish (II)",
    artist: "dancer",
    type: "ability",
    unit: "fish2",
    effects: [{ kind: "intention", name: "Fin Slap", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Exhaust me; target an adjacent zone. Deal 1 damage to it." }],
  },
  pivoting_step: {
    id: "pivoting_step",
    name: "Pivoting Step",
    artist: "dancer",
    type: "action",
    quantity: 8,
    effects: [{ kind: "reaction", name: "Pivoting Step", cost: {}, steps: [{ op: "swap_adjacent" }], text: "Swap your Dancer with an adjacent Artist or Summon." }],
  },
  scale_flurry: {
    id: "scale_flurry",
    name: "Scale Flurry",
    artist: "dancer",
    type: "action",
    quantity: 8,
    effects: [
      {
        kind: "intention",
        name: "Scale Flurry",
        cost: { target: "adjacent" },
        steps: [{ op: "damage_target" }, { op: "scale_target" }],
        text: "Target a zone adjacent to your Dancer. Deal 1 damage to it, then place a Scale there.",
      },
    ],
  },
  sidestep: {
    id: "sidestep",
    name: "Sidestep",
    artist: "dancer",
    type: "action",
    quantity: 7,
    effects: [{ kind: "reaction", name: "Sidestep", cost: { dir: true }, steps: [{ op: "move_me" }], text: "Choose a direction. Move your Dancer 1 space that way." }],
  },
  ripple: {
    id: "ripple",
    name: "Ripple",
    artist: "dancer",
    type: "action",
    quantity: 7,
    effects: [{ kind: "reaction", name: "Ripple", cost: { target: "scaled" }, steps: [{ op: "scale_target" }], text: "Target a zone holding a Scale. Place a Scale there." }],
  },
  // ------------------------------------------------------------ Tagger (no Action deck)
  tagger: {
    id: "tagger",
    name: "The Tagger",
    artist: "tagger",
    type: "ability",
    unit: "tagger",
    effects: [
      { kind: "intention", name: "Throw-Up", cost: { ...mv, target: "adjacent" }, steps: [{ op: "mural_target" }], text: "Exhaust me; target an adjacent zone. Paint a Mural there." },
      {
        kind: "intention",
        name: "Whistle Up",
        cost: { ...mv, target: "adjacent" },
        steps: [{ op: "summon", summon: "drone" }],
        text: "Exhaust me; target an adjacent zone. Summon your Spray Drone there.",
      },
      { kind: "intention", name: "Blackbook", cost: { ...mv }, steps: [{ op: "progress" }], text: "Exhaust me. Progress your Masterpiece." },
      {
        kind: "intention",
        name: "Burner",
        ascended: true,
        cost: { ...mv },
        steps: [{ op: "damage_murals" }, { op: "descend" }],
        text: "(Ascended) Exhaust me. Deal 1 damage to every zone holding one of your Murals, then descend.",
      },
    ],
  },
  drone: {
    id: "drone",
    name: "Spray Drone",
    artist: "tagger",
    type: "ability",
    unit: "drone",
    effects: [
      { kind: "intention", name: "Hover", cost: { ...mv, dir: true }, steps: [{ op: "move_me" }], text: "Exhaust me; choose a direction. Move me 1 space that way." },
      { kind: "intention", name: "Mist Burst", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Exhaust me; target an adjacent zone. Deal 1 damage to it." },
      {
        kind: "intention",
        name: "Stencil Stun",
        cost: { ...mv, target: "adjacent" },
        steps: [{ op: "exhaust_target" }],
        text: "Exhaust me; target an adjacent zone. Exhaust the Artist or Summon there.",
      },
      { kind: "reaction", name: "Quick Tag", cost: { ...mv, target: "adjacent" }, steps: [{ op: "mural_target" }], text: "Exhaust me; target an adjacent zone. Paint a Mural there." },
    ],
  },
  rooftop_run: {
    id: "rooftop_run",
    name: "Rooftop Run",
    artist: "tagger",
    type: "ability",
    unit: "tagger",
    effects: [{ kind: "reaction", name: "Rooftop Run", cost: { dir: true }, steps: [{ op: "jump_me" }], text: "Choose a direction. Your Tagger Jumps that way." }],
  },
  // ------------------------------------------------------------ Painter (Armament, Block tokens)
  painter: {
    id: "painter",
    name: "The Painter",
    artist: "painter",
    type: "ability",
    unit: "painter",
    effects: [
      { kind: "intention", name: "Take Up the Brush", cost: { ...mv, dir: true }, steps: [{ op: "arm" }], text: "Exhaust me; choose a direction. Turn my Brush-Spear Armament to face that way." },
      { kind: "intention", name: "Lunge", cost: { ...mv }, steps: [{ op: "damage_armament" }], text: "Exhaust me. Deal 1 damage to the zone my Armament lies in." },
      { kind: "intention", name: "Underdrawing", cost: { ...mv }, steps: [{ op: "progress" }], text: "Exhaust me. Progress your Masterpiece." },
      {
        kind: "intention",
        name: "Masterstroke",
        ascended: true,
        cost: { ...mv },
        steps: [{ op: "damage_armament" }, { op: "damage_armament", beyond: true }, { op: "descend" }],
        text: "(Ascended) Exhaust me. Deal 1 damage to the zone my Armament lies in, then 1 damage to the next zone beyond it, then descend.",
      },
    ],
  },
  sketch: {
    id: "sketch",
    name: "Living Sketch",
    artist: "painter",
    type: "ability",
    unit: "sketch",
    effects: [
      { kind: "intention", name: "Scribble", cost: { ...mv, dir: true }, steps: [{ op: "move_me" }], text: "Exhaust me; choose a direction. Move me 1 space that way." },
      { kind: "intention", name: "Smudge", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Exhaust me; target an adjacent zone. Deal 1 damage to it." },
      { kind: "reaction", name: "Trade Places", cost: { ...mv }, steps: [{ op: "swap_with", unit: "sketch" }], text: "Exhaust me. Swap me and your Painter." },
    ],
  },
  prime_canvas: {
    id: "prime_canvas",
    name: "Prime the Canvas",
    artist: "painter",
    type: "action",
    quantity: 8,
    effects: [
      { kind: "reaction", name: "Prime the Canvas", cost: { target: "adjacent" }, steps: [{ op: "block_target" }], text: "Target a zone adjacent to your Painter. Place a Block token there." },
    ],
  },
  bold_stroke: {
    id: "bold_stroke",
    name: "Bold Stroke",
    artist: "painter",
    type: "action",
    quantity: 9,
    effects: [{ kind: "intention", name: "Bold Stroke", cost: {}, steps: [{ op: "damage_armament" }], text: "Deal 1 damage to the zone your Painter's Armament lies in." }],
  },
  quick_sketch: {
    id: "quick_sketch",
    name: "Quick Sketch",
    artist: "painter",
    type: "action",
    quantity: 6,
    effects: [
      {
        kind: "intention",
        name: "Quick Sketch",
        cost: { target: "adjacent" },
        steps: [{ op: "summon", summon: "sketch" }],
        text: "Target a zone adjacent to your Painter. Summon your Living Sketch there.",
      },
    ],
  },
  step_back: {
    id: "step_back",
    name: "Step Back",
    artist: "painter",
    type: "action",
    quantity: 7,
    effects: [{ kind: "reaction", name: "Step Back", cost: { dir: true }, steps: [{ op: "move_me" }], text: "Choose a direction. Move your Painter 1 space that way (the Armament comes along)." }],
  },
};

/**
 * A Reference Sheet passive that runs at the start or the end of a turn (R26): "each" turn or only
 * "yours". Start-of-turn passives run before the Masterpiece Phase, end-of-turn ones after Refresh;
 * the Turn Player's first.
 */
export interface TurnPassive {
  when: "each" | "yours";
  op: "mural_under_me" | "return_scale_under_me" | "ink_dries";
  name: string;
  text: string;
}

/** An Artist's Reference Sheet and components. */
export interface ArtistDef {
  id: ArtistId;
  name: string;
  summons: string[];
  abilities: string[];
  /** Action card definition ids (null: no deck). */
  deck: string[] | null;
  inkTokens: number;
  scaleTokens: number;
  /** Mural Zone Tiles in the Artist's supply (R20). */
  muralTiles: number;
  /** Block tokens in the Artist's supply (R21). */
  blockTokens: number;
  /** The Artist starts with its Armament facing the opponent (R22). */
  armament: boolean;
  /** The 3 Masterpiece cards, left to right. */
  masterpiece: [string, string, string];
  passive: string;
  setup: string;
  /** What the Artist does instead of drawing (deck-less Artists). */
  noDeck?: string;
  startOfTurn?: TurnPassive;
  endOfTurn?: TurnPassive;
}

export const ARTISTS: Record<ArtistId, ArtistDef> = {
  calligrapher: {
    id: "calligrapher",
    name: "Calligrapher",
    summons: ["spirit"],
    abilities: ["calligrapher", "spirit", "sheathing_respite"],
    deck: ["flowing_ink", "ink_slash", "splatter", "retreating_step"],
    inkTokens: 3,
    scaleTokens: 0,
    muralTiles: 0,
    blockTokens: 0,
    armament: false,
    masterpiece: ["First Stroke", "Flowing Line", "Seal of the Master"],
    passive: "Ink: you have 3 Ink tokens. An Ink sits on a unit (one each) and moves with it; it returns when a Summon leaves the board.",
    setup: "Put your Sealbrush Spirit and your 3 Ink tokens in front of you.",
    endOfTurn: { when: "yours", op: "ink_dries", name: "Ink Dries", text: "At the end of your turn, the Ink on each of your opponent's units returns to you." },
  },
  dancer: {
    id: "dancer",
    name: "Dancer",
    summons: ["fish1", "fish2"],
    abilities: ["dancer", "fish1", "fish2"],
    deck: ["pivoting_step", "scale_flurry", "sidestep", "ripple"],
    inkTokens: 0,
    scaleTokens: 6,
    muralTiles: 0,
    blockTokens: 0,
    armament: false,
    masterpiece: ["Opening Pose", "Turning Tide", "Final Bow"],
    passive: "Scales: you have 6 Scale tokens. When a third Scale is placed in a zone, return the three and summon a Dancing Fish there.",
    setup: "Put your two Dancing Fish and your 6 Scale tokens in front of you.",
    startOfTurn: { when: "each", op: "return_scale_under_me", name: "Warm-Up", text: "At the start of each turn, if your Dancer stands in a zone holding Scales, one of them returns to you." },
  },
  tagger: {
    id: "tagger",
    name: "Tagger",
    summons: ["drone"],
    abilities: ["tagger", "drone", "rooftop_run"],
    deck: null,
    inkTokens: 0,
    scaleTokens: 0,
    muralTiles: 4,
    blockTokens: 0,
    armament: false,
    masterpiece: ["Outline", "Fill", "Crown Piece"],
    passive:
      "Murals: you have 4 Mural Zone Tiles. When an opponent's Artist or Summon enters a zone holding your Mural (moving, jumping, swapping or being summoned), deal 1 damage to that zone, then return that Mural to you.",
    setup: "Paint one Mural in the zone directly in front of your starting zone (toward your opponent). You have no Action deck and no hand.",
    noDeck: "When you would draw, nothing happens (you never deck out).",
    startOfTurn: {
      when: "yours",
      op: "mural_under_me",
      name: "Fresh Can",
      text: "At the start of your turn, if none of your Murals is on the board, paint one in your Tagger's zone (it does not trigger).",
    },
  },
  painter: {
    id: "painter",
    name: "Painter",
    summons: ["sketch"],
    abilities: ["painter", "sketch"],
    deck: ["prime_canvas", "bold_stroke", "quick_sketch", "step_back"],
    inkTokens: 0,
    scaleTokens: 0,
    muralTiles: 0,
    blockTokens: 2,
    armament: true,
    masterpiece: ["Primed Canvas", "Underpainting", "Varnished Portrait"],
    passive:
      "Brush-Spear Armament: it lies in the zone next to your Painter in the direction it faces and moves (and swaps) with your Painter. A move, jump or swap that would put it off the board fails. It does not fill its zone. Gesso: you have 2 Block tokens.",
    setup: "Your Painter starts with the Brush-Spear facing your opponent. Put your Living Sketch and 2 Block tokens in front of you.",
  },
};

/** The 30 instance ids of an Artist's deck, in a fixed order: `<def>#<n>`. */
export function deckList(artist: ArtistId): string[] | null {
  const a = ARTISTS[artist];
  if (!a.deck) return null;
  const out: string[] = [];
  for (const d of a.deck) for (let i = 1; i <= (CARDS[d].quantity ?? 0); i++) out.push(`${d}#${i}`);
  return out;
}

const defCache = new Map<string, CardDef>();
/** The definition of a card id (an ability card id, or an action card instance `<def>#<n>`). */
export function defOf(cardId: string): CardDef {
  let d = defCache.get(cardId);
  if (d === undefined) {
    const hash = cardId.indexOf("#");
    d = CARDS[hash < 0 ? cardId : cardId.slice(0, hash)];
    if (d !== undefined) defCache.set(cardId, d);
  }
  return d!;
}
