/** What a seat (or a spectator) may see. Hands are private; deck orders are hidden from everyone. */
import { CARDS, defOf } from "./cards.ts";
import { promptOptions } from "./engine.ts";
import { mpUnplaced } from "./masterpiece.ts";
import type { Action, ArtistId, ChainEntry, Dir, MpCard, Seat, State, Tile, Unit } from "./types.ts";

export interface PlayerView {
  artist: ArtistId;
  damage: number;
  ascended: boolean;
  handCount: number;
  deckCount: number | null;
  discard: string[];
  mpUnplaced: number[];
}

export interface View {
  turn: number;
  turnPlayer: Seat;
  units: Unit[];
  scales: number[];
  tiles: (Tile | null)[];
  blocks: (Seat | null)[];
  mpZone: (MpCard | null)[];
  chain: (ChainEntry & { name: string })[];
  reactor: Seat | null;
  passes: number;
  prompt: { kind: "progress" | "swap"; seat: Seat } | null;
  players: PlayerView[];
  /** The viewer's own part: hand, and the choices of a pending prompt of theirs (Masterpiece progression, Pivoting Step's swap). */
  you: { seat: Seat; hand: { id: string; name: string }[]; pending: Action[] } | null;
  outcome: { ranks: number[]; reason: string } | null;
}

/** Every viewer's view at once: the table, which everyone sees alike, is built once and shared (read-only). */
export function viewsOf(s: State, viewers: readonly (Seat | null)[]): View[] {
  const table = {
    turn: s.turn,
    turnPlayer: s.turnPlayer,
    units: Object.keys(s.units)
      .sort()
      .map((id) => ({ ...s.units[id] })),
    scales: [...s.scales],
    tiles: s.tiles.map((t) => (t ? { ...t } : null)),
    blocks: [...s.blocks],
    mpZone: s.mpZone.map((c) => (c ? { ...c } : null)),
    chain: s.chain.map((e) => ({ ...e, name: CARDS[e.def].effects[e.effect].name })),
    reactor: s.reactor,
    passes: s.passes,
    prompt: s.prompt ? { kind: s.prompt.kind, seat: s.prompt.seat } : null,
    players: s.players.map((p, i) => ({
      artist: p.artist,
      damage: p.damage,
      ascended: p.ascended,
      handCount: p.hand.length,
      deckCount: p.deck ? p.deck.length : null,
      discard: [...p.discard],
      mpUnplaced: mpUnplaced(s, i as Seat),
    })),
    outcome: s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null,
    // Filled in per viewer below. Present here because in Node 20 a spread followed by a key the
    // source lacks (`{ ...table, you }`) costs ~1 µs per object; overwriting one is nearly free.
    you: null as View["you"],
  };
  return viewers.map((viewer) => ({
    ...table,
    you:
      viewer === null
        ? null
        : {
            seat: viewer,
            hand: s.players[viewer].hand.map((id) => ({ id, name: defOf(id).name })),
            pending: s.prompt && s.prompt.seat === viewer && !s.outcome ? promptOptions(s, viewer) : [],
          },
  }));
}

export function viewOf(s: State, viewer: Seat | null): View {
  return viewsOf(s, [viewer])[0]!;
}
export type { Dir };
