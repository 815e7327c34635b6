/**
 * The seat's play-flow controls (docs/play-flow.md): its stops ("pass when I have no choice" and
 * the game's "pass until ..."), and at a casual match's end the rematch (who accepted, then the
 * move to the next table). Both speak the room's own messages: `stops`, `rematch`, `rematchReady`.
 */
import type { Room } from "@colyseus/sdk";
import { useEffect, useState } from "preact/hooks";
import type { CatalogIndex } from "./catalogIndex.ts";
import { playerName } from "./names.ts";
import { takeReservedSeat } from "./session.ts";

const NO_CHOICE = "no_choice";

function parseNames(json: string | undefined): string[] {
  try {
    const v = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Checkboxes for the seat's stops, from the catalog's `stop` section; the seat's slot says which are on. */
export function Stops({ room, cat, stops }: { room: Room; cat: CatalogIndex | null; stops: string | undefined }) {
  const on = parseNames(stops);
  const [problem, setProblem] = useState("");
  const entries = Object.values(cat?.catalog.sections.stop ?? {});
  if (entries.length === 0) return null;
  const set = async (id: string, wanted: boolean) => {
    // At most one "pass until" stop: choosing one replaces the other.
    const next = wanted ? [...on.filter((s) => s === NO_CHOICE || id === NO_CHOICE), id] : on.filter((s) => s !== id);
    try {
      setProblem("");
      await room.request("stops", { stops: [...new Set(next)] });
    } catch (e) {
      setProblem((e as { reason?: { message?: string } })?.reason?.message ?? String(e));
    }
  };
  return (
    <fieldset class="stops" data-testid="stops">
      <legend>Automatic passes</legend>
      {entries.map((e) => (
        <label key={e.id} title={e.text}>
          <input type="checkbox" data-testid={`stop-${e.id}`} checked={on.includes(e.id)} onChange={(ev) => void set(e.id, ev.currentTarget.checked)} /> {e.name}
        </label>
      ))}
      {problem && <p class="problem">{problem}</p>}
    </fieldset>
  );
}

interface RematchSeat {
  seat: number;
  name?: string;
  bot?: boolean;
  rematch?: boolean;
}

/** At the end of a casual match: accept a rematch, see who did, and follow to the next table. */
export function Rematch({ room, game, seats, mine, watching }: { room: Room; game: string; seats: RematchSeat[]; mine: number; watching: boolean }) {
  const [problem, setProblem] = useState("");
  const [moving, setMoving] = useState(false);
  useEffect(
    () =>
      room.onMessage("rematchReady", (m: { roomId: string; reservation?: unknown }) => {
        setMoving(true);
        if (!m.reservation) {
          location.hash = `#/watch/${m.roomId}`;
          return;
        }
        takeReservedSeat(game, m.reservation).then(
          (next) => (location.hash = `#/table/${next.roomId}`),
          (e: unknown) => {
            setMoving(false);
            setProblem(`Could not take your seat at the rematch: ${(e as Error).message}`);
          },
        );
      }),
    [room, game],
  );
  const people = seats.filter((s) => !s.bot);
  const accepted = people.filter((s) => s.rematch).map((s) => playerName(s.name) || `Seat ${s.seat + 1}`);
  const mineAccepted = seats[mine]?.rematch === true;
  const answer = async (accept: boolean) => {
    try {
      setProblem("");
      await room.request("rematch", { accept });
    } catch (e) {
      setProblem((e as { reason?: { message?: string } })?.reason?.message ?? String(e));
    }
  };
  return (
    <div class="rematch" data-testid="rematch">
      {moving ? (
        <p role="status">Rematch: taking your seat at the next table…</p>
      ) : (
        <>
          {!watching && mine >= 0 && (
            <button type="button" data-testid="rematch-button" onClick={() => void answer(!mineAccepted)}>
              {mineAccepted ? "Take back the rematch" : "Rematch"}
            </button>
          )}
          {accepted.length > 0 && (
            <p role="status" data-testid="rematch-status">
              Rematch accepted by {accepted.join(", ")} ({accepted.length} of {people.length}).
            </p>
          )}
        </>
      )}
      {problem && <p class="problem">{problem}</p>}
    </div>
  );
}
