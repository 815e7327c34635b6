/** The event log in words, latest first. */
export function EventLog({ lines }: { lines: string[] }) {
  const shown = lines.slice().reverse();
  if (shown.length === 0) return <p class="none">Nothing yet.</p>;
  return (
    <ul class="events" data-testid="events">
      {shown.map((line, i) => (
        <li key={lines.length - i}>{line}</li>
      ))}
    </ul>
  );
}
