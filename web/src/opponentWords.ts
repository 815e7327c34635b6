/**
 * What the other seats just did, in words, for the table to show inside each one's area for a
 * moment (the log keeps every line). Pure, so the choice of words and place is tested without a
 * browser (test/web/opponent-words.test.ts).
 */
import type { GameEvent } from "./words.ts";

/**
 * From the latest batch of events (what one step sent) and their lines in words (parallel to it):
 * each seat other than `me` whose line it is, with its first line of the batch (the decision
 * itself comes before what followed from it), without the "Name: " the log starts it with (the
 * area already names the seat). A spectator (`me` null) sees every seat's.
 */
export function opponentWords(batch: GameEvent[], lines: string[], me: number | null, seatName: (seat: number) => string): Map<number, string> {
  const out = new Map<number, string>();
  batch.forEach((event, i) => {
    const seat = event?.seat;
    const line = lines[i];
    if (typeof seat !== "number" || seat === me || out.has(seat) || !line) return;
    const prefix = `${seatName(seat)}: `;
    out.set(seat, line.startsWith(prefix) ? line.slice(prefix.length) : line);
  });
  return out;
}

/**
 * How many events at the end of `all` arrived after `last`, the newest one seen before (null:
 * none had arrived; one no longer in `all` gives 0, since the batch is then unknown).
 */
export function freshCount(all: readonly unknown[], last: unknown): number {
  if (last === null) return all.length;
  const at = all.lastIndexOf(last);
  return at >= 0 ? all.length - at - 1 : 0;
}
