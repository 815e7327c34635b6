/**
 * What a seat (or a spectator) may see. Hidden: other hands, the Main Deck order, every
 * Personal Codex Deck order (its owner's too: it is shuffled face down) — counts only.
 * Public: everything on the table, the Discard Pile (in order), the draft, the roll in progress.
 */
import { actors, clone, focusOf, hpLeft, maxHp, powerOf, staticKeywords } from "./engine.ts";
import type { Color, Combat, KeywordId, Phase, State, Tag, TagId, Unit } from "./types.ts";

export interface UnitView {
  id: string;
  card: string | null;
  owner: number;
  damage: number;
  power: number;
  focus: number;
  spent: boolean;
  suppressed: boolean;
  tags: Tag[];
  items: string[];
  keywords: KeywordId[];
  untargetable: boolean;
  skipReady: boolean;
}

export interface PlayerView {
  seat: number;
  primary: number;
  secondary: number[];
  hp: number;
  maxHp: number;
  en: number;
  focus: number;
  karma: number;
  handCount: number;
  codexCount: number;
  codexActive: string[];
  spentTokens: number;
  immunized: TagId[];
  /** Bane (R26): the colour chosen for each Bane source (public). */
  bane: Record<string, Color>;
  eliminated: number | null;
  self: UnitView;
  animations: UnitView[];
}

export interface CombatView extends Omit<Combat, "choice" | "queue"> {
  /** The pending choice: its options only for the seat deciding. */
  choice: { purpose: string; seat: number; options: string[] | null } | null;
  waitingChoices: number;
}

export interface View {
  seat: number | null;
  phase: Phase;
  turn: number;
  turnSeat: number;
  playerActions: number;
  actors: number[];
  draft: { rolls: State["rolls"]; firstPicker: number; picker: number; pool: number[]; picks: number[][]; chaos: number[] };
  mainDeckCount: number;
  discard: string[];
  /** Cards revealed from the Main Deck by the last decision. */
  shown: string[];
  players: PlayerView[];
  combat: CombatView | null;
  slowQueue: string[];
  /** Sentry: `looked.cards` is the hand of seat `looked.of` as it was shown to you. */
  you: { seat: number; hand: string[]; peek: string | null; looked: { of: number; cards: string[] } | null } | null;
  outcome: State["outcome"];
}

function unitView(s: State, u: Unit): UnitView {
  return {
    id: u.id,
    card: u.card,
    owner: u.owner,
    damage: u.damage,
    power: powerOf(s, u),
    focus: focusOf(s, u),
    spent: u.spent,
    suppressed: u.suppressed,
    tags: u.tags.map((t) => ({ ...t })),
    items: [...u.items],
    keywords: staticKeywords(s, u),
    untargetable: u.untargetable,
    skipReady: u.skipReady,
  };
}

/** What every viewer of one state sees alike. */
function publicPart(s: State) {
  const c = s.combat;
  let combatBase: CombatView | null = null;
  if (c) {
    const { choice: _choice, queue, ...rest } = c;
    combatBase = clone(rest) as CombatView;
    combatBase.waitingChoices = queue.length;
    combatBase.choice = null; // filled in per viewer by viewsOf (see `shared` below)
  }
  // The per-viewer fields (seat, combat, you) are filled in by viewsOf. Present here because in
  // Node 20 a spread followed by keys the source lacks costs ~1 µs per object; overwriting them
  // is nearly free.
  const shared = {
    seat: null as View["seat"],
    phase: s.phase,
    turn: s.turn,
    turnSeat: s.turnSeat,
    playerActions: s.playerActions,
    actors: actors(s),
    draft: { rolls: clone(s.rolls), firstPicker: s.firstPicker, picker: s.picker, pool: [...s.pool], picks: s.picks.map((x) => [...x]), chaos: [...s.chaos] },
    mainDeckCount: s.mainDeck.length,
    discard: [...s.discard],
    shown: [...s.shown],
    players: s.players.map((p) => ({
      seat: p.seat,
      primary: p.primary,
      secondary: [...p.secondary],
      hp: hpLeft(s, p.seat),
      maxHp: maxHp(s, p.seat),
      en: p.en,
      focus: p.focus,
      karma: p.karma,
      handCount: p.hand.length,
      codexCount: p.codexDeck.length,
      codexActive: [...p.codexActive],
      spentTokens: p.spentTokens,
      immunized: [...p.immunized],
      bane: { ...p.bane },
      eliminated: p.eliminated,
      self: unitView(s, p.self),
      animations: p.animations.map((u) => unitView(s, u)),
    })),
    slowQueue: [...s.slowQueue],
    outcome: s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null,
    combat: null as View["combat"],
    you: null as View["you"],
  };
  return { shared, combatBase };
}

/**
 * The views of several viewers of one state (what the room asks for after each decision): the
 * public part is built once and shared by all of them, so these views are read-only.
 */
export function viewsOf(s: State, viewers: readonly (number | null)[]): View[] {
  const { shared, combatBase } = publicPart(s);
  const choice = s.combat?.choice;
  return viewers.map((viewer) => {
    const me = viewer !== null ? s.players[viewer] : null;
    const sensor = choice?.purpose === "sensor" && choice.seat === viewer;
    return {
      ...shared,
      seat: viewer,
      combat: combatBase ? { ...combatBase, choice: choice ? { purpose: choice.purpose, seat: choice.seat, options: viewer === choice.seat ? [...choice.options] : null } : null } : null,
      you: me
        ? { seat: me.seat, hand: [...me.hand], peek: sensor ? (s.mainDeck[0] ?? null) : null, looked: s.looked && s.looked.seat === me.seat ? { of: s.looked.of, cards: [...s.looked.cards] } : null }
        : null,
    };
  });
}

export function viewOf(s: State, viewer: number | null): View {
  return viewsOf(s, [viewer])[0]!;
}
