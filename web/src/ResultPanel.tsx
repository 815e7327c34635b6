/** The match's result: won, lost or a tie for a seat, the reason, the ranks, a rematch. */
import type { Room } from "@colyseus/sdk";
import { nameOf, type CatalogIndex } from "./catalog.tsx";
import { Rematch } from "./PlayFlow.tsx";
import { leave, stopWatching } from "./session.ts";
import type { Outcome, SeatView } from "./tableState.ts";

export function ResultPanel(props: { result: Outcome; room: Room; game: string; seats: SeatView[]; mine: number; watching: boolean; cat: CatalogIndex | null; seatName: (seat: number) => string }) {
  const { result, room, game, seats, mine, watching, cat, seatName } = props;
  return (
    <section class="result" data-testid="result">
      <h3>{mine >= 0 ? (result.ranks[mine] === 1 ? (result.ranks.filter((r) => r === 1).length > 1 ? "A tie" : "You won") : "You lost") : "Match over"}</h3>
      {result.reason && <p>{nameOf(cat, result.reason, "outcome")}</p>}
      {/* Ranks are written out (ties share one), so no list numbering. */}
      <ul class="ranks">
        {result.ranks
          .map((rank, seat) => ({ rank, seat }))
          .sort((a, b) => a.rank - b.rank)
          .map(({ rank, seat }) => (
            <li key={seat}>
              {rank}. {seatName(seat)}
            </li>
          ))}
      </ul>
      <Rematch room={room} game={game} seats={seats} mine={watching ? -1 : mine} watching={watching} />
      {/* biome-ignore lint/a11y/useValidAnchor: a real link to the lobby; the click also takes the player out of the room on the way */}
      <a href="#/" onClick={() => void (watching ? stopWatching() : leave())}>
        Back to the lobby
      </a>
    </section>
  );
}
