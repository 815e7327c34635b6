/**
 * II.1 ACTION CARDS: the 52-card Action Deck. Attack Cards are 2-10 (their number is their
 * Power); CHARGE cards are J, Q, K, A (no Power, cannot gain Power).
 */
import { SUITS, SUIT_SYMBOL, type Suit } from "./cards.ts";

export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] as const;

export function cardId(seat: number, rank: string, suit: Suit): string {
  return `p${seat}-${rank}${suit}`;
}
export function cardSuit(id: string): Suit {
  return id[id.length - 1] as Suit;
}
export function cardRank(id: string): string {
  return id.slice(id.indexOf("-") + 1, -1);
}
/** Printed Power of an Attack card (2-10), null for a CHARGE card (J, Q, K, A). */
export function attackPower(id: string): number | null {
  const n = Number(cardRank(id));
  return Number.isInteger(n) && n >= 2 && n <= 10 ? n : null;
}
export function isCharge(id: string): boolean {
  return attackPower(id) === null;
}
export function cardLabel(id: string): string {
  return `${cardRank(id)}${SUIT_SYMBOL[cardSuit(id)]}`;
}
/**
 * Each seat's 52 card ids, built once: every match's deck (a fresh array, shuffled in place)
 * holds these same strings, instead of 104 new ones per match (heap per live match).
 */
const DECKS = new Map<number, readonly string[]>();

export function fullDeck(seat: number): string[] {
  let deck = DECKS.get(seat);
  if (!deck) {
    const out: string[] = [];
    for (const suit of SUITS) for (const rank of RANKS) out.push(cardId(seat, rank, suit));
    deck = Object.freeze(out);
    DECKS.set(seat, deck);
  }
  return deck.slice();
}
