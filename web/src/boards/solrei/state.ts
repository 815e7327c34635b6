/**
 * The shapes of the public state and of a seat's `secret` as this board reads them
 * (docs/solrei.md "## State"), and what every part of the board is given (`Ctx`).
 */
import type { CatalogIndex } from "../../catalog.tsx";
import type { BoardSeat } from "../types.ts";

export interface Art {
  slot: number;
  id: string;
  state: string;
}
export interface Damage {
  card: string;
  state: string;
}
/** A list: a JSON array in a string in the room state, an array in a replay's view; read it with `arr` (../json.ts). */
export type List<T> = T[] | string;

export interface Player {
  seat: number;
  muse: string;
  advantage: string;
  position: string;
  arts: List<Art>;
  handCount: number;
  deckCount: number;
  discard: List<string>;
  damage: Damage[];
  cultivatedCount: number;
  checkingCount: number;
  placed: boolean;
  confirmed: boolean;
  actionCard: string;
  power?: number;
  powerBonus: number;
  incoming: number;
  canGainDamage: boolean;
  grappled: boolean;
  mulligan: string;
  used: List<string>;
}
export interface StackItem {
  uid: number;
  seat: number;
  source: string;
  card: string;
  name: string;
  automatic: boolean;
  negated: boolean;
  target?: number;
}
export interface Secret {
  seat?: number;
  muse?: string;
  advantage?: string;
  arts?: List<string>;
  hand?: List<string>;
  placed?: string;
  rei?: Record<string, number>;
  checking?: List<string>;
  promptKind?: string;
  promptPurpose?: string;
  promptLeft?: number;
  options?: List<string>;
}

export const SUITS = ["S", "H", "D", "C"] as const;

export interface Ctx {
  cat: CatalogIndex | null;
  seatName: (seat: number) => string;
  seatInfo: (seat: number) => BoardSeat | undefined;
}

export const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
