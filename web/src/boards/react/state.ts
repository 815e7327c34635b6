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
