/** The seats above the table: name, you, bot, disconnected, deciding with its clock, time bank. */
import { useEffect, useState } from "preact/hooks";
import { botWords, playerName } from "./names.ts";
import { seconds, type SeatView } from "./tableState.ts";

export function SeatList({ seats, mine }: { seats: SeatView[]; mine: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);
  return (
    <ol class="seats">
      {seats.map((s, i) => {
        const remaining = s.deadline ? s.deadline - now : 0;
        return (
          <li key={i} class={`seat${s.acting ? " acting" : ""}${i === mine ? " you" : ""}`} data-testid="seat" data-you={i === mine ? "true" : undefined} data-bot={s.bot ? "true" : undefined}>
            <b>{playerName(s.name) || (s.occupied ? `Player ${i + 1}` : "empty seat")}</b>
            {i === mine && <span class="tag">you</span>}
            {s.bot && (
              <span class="tag bot" data-testid="bot-tag">
                {botWords(s.botLevel)}
              </span>
            )}
            {s.occupied && !s.connected && <span class="tag warn">disconnected</span>}
            {s.acting && <span class="tag act">deciding</span>}
            {s.acting && remaining > 0 && (
              <span class="clock" title="Time left for this decision">
                <ClockIcon /> {seconds(remaining)}
              </span>
            )}
            {typeof s.bank === "number" && s.bank > 0 && s.occupied && (
              <span class="bank" title="Time bank: extra time for your decisions this match">
                time bank {seconds(s.bank)}
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A stopwatch drawn in SVG: the ⏱/⏳ glyphs need an emoji font, which Debian's Chromium lacks. */
function ClockIcon() {
  return (
    <svg class="clock-icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" stroke-width="1.6" />
      <path d="M8 9V5.5M6.5 1.5h3" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
    </svg>
  );
}
