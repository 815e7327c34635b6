/**
 * What a seat just did, in words, inside its area (the table passes it for a few seconds after
 * the seat decided; the log keeps the line). Every board draws it in each seat's area.
 */
export function SeatSaid({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p class="seat-said" data-testid="seat-said">
      {text}
    </p>
  );
}
