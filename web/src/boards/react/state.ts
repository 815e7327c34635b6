/**
 * The shapes of Re;ACT's public state as this board reads them (docs/react.md "## State"):
 * plain JSON, so every list may be missing and optional fields may be absent.
 */

export interface ReactUnit {
  id: string;
  owner: number;
  kind: string;
  pos?: number;
  exhausted?: boolean;
  inked?: boolean;
  armament?: string;
}

export interface ReactChainEntry {
  seat: number;
  source: string;
  card: string;
  def: string;
  name: string;
  effect: number;
  target?: number;
  dir: string;
}

export interface ReactMpCard {
  seat?: number;
  part: number;
}

export interface ReactPlayer {
  seat: number;
  artist: string;
  damage: number;
  ascended: boolean;
  handCount: number;
  deckCount?: number;
  discard?: string[];
  mpUnplaced?: number[];
}

export interface ReactTile {
  owner?: number;
  kind: string;
}

/** The public state (`game`). A type alias, so that the board's JSON props convert to it. */
export type ReactGame = {
  turn?: number;
  turnPlayer?: number;
  units?: ReactUnit[];
  tiles?: ReactTile[];
  blocks?: { owner: number }[];
  scales?: number[];
  mpZone?: ReactMpCard[];
  chain?: ReactChainEntry[];
  reactor?: number;
  passes?: number;
  promptKind?: string;
  promptSeat?: number;
  players?: ReactPlayer[];
};

/** Your seat's private part (`secret`). */
export type ReactSecret = {
  seat?: number;
  hand?: { id: string; name: string }[];
  pending?: string[];
};
