/** The event log in words, latest first. */
export function EventLog({ lines }: { lines: string[] }) {
  const shown = lines.slice().reverse();
  if (shown.length === 0) return <p class="none">Nothing yet.</p>;
  return (
    // It scrolls when long: focusable, so a keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take focus for the keyboard to scroll it
    <ul class="events" data-testid="events" tabIndex={0} aria-label="What happened, latest first">
      {shown.map((line, i) => (
        <li key={lines.length - i}>{line}</li>
      ))}
    </ul>
  );
}
