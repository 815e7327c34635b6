/** The seat's connection while it is away: dropped, the server restarting, retrying, lost. */
import { useEffect, useState } from "preact/hooks";
import type { SeatLink } from "./session.ts";

/** The seat's connection in words while it is away (nothing while connected). */
export function ConnectionBanner({ link }: { link: SeatLink }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (link.state !== "rejoining") return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [link.state]);
  if (link.state === "connected") return null;
  if (link.state === "lost") {
    return (
      <div class="banner connection lost" data-testid="connection" data-state="lost" role="alert">
        <p>Your seat is lost: {link.why} The match may go on without you (your turns time out).</p>
        <a href="#/" data-testid="back">
          Back to the lobby
        </a>
      </div>
    );
  }
  const text =
    link.state === "restarting"
      ? "The server is restarting — your match will resume."
      : link.state === "dropped"
        ? "Connection lost — reconnecting…"
        : `Connection lost — still trying to take your seat back (${Math.max(0, Math.ceil((link.until - now) / 1000))} s left)…`;
  return (
    <p class="banner connection" data-testid="connection" data-state={link.state} role="status">
      {text}
    </p>
  );
}
