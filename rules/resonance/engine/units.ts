/**
 * 2.1 Game Zones, 2.2 Unit: Players and Animations as units, finding units, cards and Players.
 */
import { card } from "../catalog.ts";
import type { PlayerState, State, Unit } from "../types.ts";

export const playerUnitId = (seat: number): string => `p${seat}`;
export const isPlayerUnit = (u: Unit): boolean => u.card === null && u.id.startsWith("p");
export const isEcho = (u: Unit): boolean => u.id.startsWith("echo-");
export const isAnimation = (u: Unit): boolean => !isPlayerUnit(u);

export function newUnit(id: string, cardId: string | null, owner: number): Unit {
  return { id, card: cardId, owner, damage: 0, spent: false, suppressed: false, tags: [], items: [], skipReady: false, untargetable: false, powerBonus: 0, growthActive: false };
}

export function cardPower(id: string): number {
  return card(id).power;
}
export function isItemCard(id: string): boolean {
  return card(id).kind === "item";
}

export function unitById(s: State, id: string): Unit | null {
  if (/^p\d$/.test(id)) return s.players[Number(id[1])]?.self ?? null;
  for (const p of s.players) for (const u of p.animations) if (u.id === id) return u;
  return null;
}
export function unitOfItem(s: State, itemId: string): Unit | null {
  for (const p of s.players) for (const u of [p.self, ...p.animations]) if (u.items.includes(itemId)) return u;
  return null;
}
export function livePlayers(s: State): PlayerState[] {
  return s.players.filter((p) => p.eliminated === null);
}
export function opponentsOf(s: State, seat: number): PlayerState[] {
  return livePlayers(s).filter((p) => p.seat !== seat);
}
