/**
 * Card data for Re;ACT: ORIGINAL card text written for this engine (not the product's).
 * Mechanics are the `Step` operations, implemented once in engine.ts and composed here.
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
  | { op: "summon"; summon: "spirit" | "fish" }
  /** Place a Scale token in the target zone. */
  | { op: "scale_target" }
  /** Swap my Artist with an adjacent unit (ruling R9). */
  | { op: "swap_adjacent" }
  /** Swap my Artist with my Sealbrush Spirit. */
  | { op: "swap_spirit" }
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
    id: "calligrapher", name: "The Calligrapher", artist: "calligrapher", type: "ability", unit: "calligrapher",
    effects: [
      { kind: "intention", name: "Brush to Life", cost: { ...mv, target: "adjacent" }, steps: [{ op: "summon", summon: "spirit" }], text: "Exhaust me; target an adjacent zone. Summon your Sealbrush Spirit there." },
      { kind: "intention", name: "Patient Study", cost: { ...mv }, steps: [{ op: "progress" }], text: "Exhaust me. Progress your Masterpiece." },
      { kind: "intention", name: "Final Stroke", ascended: true, cost: { ...mv, target: "inked" }, steps: [{ op: "damage_target" }, { op: "descend" }], text: "(Ascended) Exhaust me; target a zone holding an inked unit. Deal 1 damage to it, then descend." },
    ],
  },
  spirit: {
    id: "spirit", name: "Sealbrush Spirit", artist: "calligrapher", type: "ability", unit: "spirit",
    effects: [
      { kind: "intention", name: "Glide", cost: { ...mv, dir: true }, steps: [{ op: "move_me" }, { op: "ink", who: "me" }], text: "Exhaust me; choose a direction. Move me 1 space that way, then add an Ink to me." },
      { kind: "intention", name: "Seal Strike", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target_if_inked" }], text: "Exhaust me; target an adjacent zone. If I am inked, deal 1 damage to it." },
    ],
  },
  sheathing_respite: {
    id: "sheathing_respite", name: "Sheathing Respite", artist: "calligrapher", type: "ability", unit: "spirit",
    effects: [
      { kind: "reaction", name: "Sheathing Respite", cost: { ...mv }, steps: [{ op: "swap_spirit" }], text: "Exhaust your Sealbrush Spirit. Swap your Calligrapher and your Sealbrush Spirit." },
    ],
  },
  flowing_ink: {
    id: "flowing_ink", name: "Flowing Ink", artist: "calligrapher", type: "action", quantity: 8,
    effects: [{ kind: "reaction", name: "Flowing Ink", cost: { dir: true }, steps: [{ op: "ink", who: "spirit" }, { op: "move_inked" }], text: "Choose a direction. Add an Ink to your Sealbrush Spirit, then move every inked unit 1 space that way." }],
  },
  ink_slash: {
    id: "ink_slash", name: "Ink Slash", artist: "calligrapher", type: "action", quantity: 8,
    effects: [{ kind: "intention", name: "Ink Slash", cost: { target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Target a zone adjacent to your Calligrapher. Deal 1 damage to it." }],
  },
  splatter: {
    id: "splatter", name: "Splatter", artist: "calligrapher", type: "action", quantity: 7,
    effects: [{ kind: "reaction", name: "Splatter", cost: { target: "adjacent" }, steps: [{ op: "ink", who: "target_unit" }], text: "Target a zone adjacent to your Calligrapher. Add an Ink to the unit there." }],
  },
  retreating_step: {
    id: "retreating_step", name: "Retreating Step", artist: "calligrapher", type: "action", quantity: 7,
    effects: [{ kind: "reaction", name: "Retreating Step", cost: { dir: true }, steps: [{ op: "move_me" }], text: "Choose a direction. Move your Calligrapher 1 space that way." }],
  },
  // ------------------------------------------------------------ Dancer
  dancer: {
    id: "dancer", name: "The Dancer", artist: "dancer", type: "ability", unit: "dancer",
    effects: [
      { kind: "intention", name: "Tidal Spin", cost: { ...mv, dir: true }, steps: [{ op: "move_me", leaveScale: true }], text: "Exhaust me; choose a direction. Move me 1 space that way and place a Scale in the zone I left." },
      { kind: "intention", name: "Rehearsal", cost: { ...mv }, steps: [{ op: "progress" }], text: "Exhaust me. Progress your Masterpiece." },
      { kind: "intention", name: "Grand Finale", ascended: true, cost: { ...mv }, steps: [{ op: "damage_adjacent" }, { op: "descend" }], text: "(Ascended) Exhaust me. Deal 1 damage to every adjacent zone, then descend." },
    ],
  },
  fish1: {
    id: "fish1", name: "Dancing Fish (I)", artist: "dancer", type: "ability", unit: "fish1",
    effects: [{ kind: "intention", name: "Fin Slap", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Exhaust me; target an adjacent zone. Deal 1 damage to it." }],
  },
  fish2: {
    id: "fish2", name: "Dancing Fish (II)", artist: "dancer", type: "ability", unit: "fish2",
    effects: [{ kind: "intention", name: "Fin Slap", cost: { ...mv, target: "adjacent" }, steps: [{ op: "damage_target" }], text: "Exhaust me; target an adjacent zone. Deal 1 damage to it." }],
  },
  pivoting_step: {
    id: "pivoting_step", name: "Pivoting Step", artist: "dancer", type: "action", quantity: 8,
    effects: [{ kind: "reaction", name: "Pivoting Step", cost: {}, steps: [{ op: "swap_adjacent" }], text: "Swap your Dancer with an adjacent Artist or Summon." }],
  },
  scale_flurry: {
    id: "scale_flurry", name: "Scale Flurry", artist: "dancer", type: "action", quantity: 8,
    effects: [{ kind: "intention", name: "Scale Flurry", cost: { target: "adjacent" }, steps: [{ op: "damage_target" }, { op: "scale_target" }], text: "Target a zone adjacent to your Dancer. Deal 1 damage to it, then place a Scale there." }],
  },
  sidestep: {
    id: "sidestep", name: "Sidestep", artist: "dancer", type: "action", quantity: 7,
    effects: [{ kind: "reaction", name: "Sidestep", cost: { dir: true }, steps: [{ op: "move_me" }], text: "Choose a direction. Move your Dancer 1 space that way." }],
  },
  ripple: {
    id: "ripple", name: "Ripple", artist: "dancer", type: "action", quantity: 7,
    effects: [{ kind: "reaction", name: "Ripple", cost: { target: "scaled" }, steps: [{ op: "scale_target" }], text: "Target a zone holding a Scale. Place a Scale there." }],
  },
};

export interface ArtistDef {
  id: ArtistId;
  name: string;
  summons: string[];
  abilities: string[];
  /** Action card definition ids (null: no deck). */
  deck: string[] | null;
  inkTokens: number;
  scaleTokens: number;
}

export const ARTISTS: Record<ArtistId, ArtistDef> = {
  calligrapher: { id: "calligrapher", name: "Calligrapher", summons: ["spirit"], abilities: ["calligrapher", "spirit", "sheathing_respite"], deck: ["flowing_ink", "ink_slash", "splatter", "retreating_step"], inkTokens: 3, scaleTokens: 0 },
  dancer: { id: "dancer", name: "Dancer", summons: ["fish1", "fish2"], abilities: ["dancer", "fish1", "fish2"], deck: ["pivoting_step", "scale_flurry", "sidestep", "ripple"], inkTokens: 0, scaleTokens: 6 },
};

/** The 30 instance ids of an Artist's deck, in a fixed order: `<def>#<n>`. */
export function deckList(artist: ArtistId): string[] | null {
  const a = ARTISTS[artist];
  if (!a.deck) return null;
  const out: string[] = [];
  for (const d of a.deck) for (let i = 1; i <= (CARDS[d].quantity ?? 0); i++) out.push(`${d}#${i}`);
  return out;
}

export const defOf = (cardId: string): CardDef => CARDS[cardId.split("#")[0]];
