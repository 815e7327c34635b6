/** Live matches with their players: abort a match, remove a player (each with a reason). */
import { useEffect, useState } from "preact/hooks";
import { adminApi, type LiveRoom } from "../adminApi.ts";
import { gameTitle } from "../games.ts";
import { problemText, ReasonButton, useAction } from "./actions.tsx";

export function Live() {
  const [rooms, setRooms] = useState<LiveRoom[] | null>(null);
  const [problem, setProblem] = useState("");
  const load = () =>
    adminApi.live().then(
      (r) => {
        setRooms(r.rooms);
        setProblem("");
      },
      (e: unknown) => setProblem(problemText(e)),
    );
  const action = useAction(() => void load());
  useEffect(() => void load(), []);
  return (
    <section>
      <div class="admin-head">
        <h2>Live matches</h2>
        <button type="button" class="quiet" onClick={() => void load()} data-testid="admin-refresh">
          Refresh
        </button>
      </div>
      {problem && <p class="problem">{problem}</p>}
      {action.problem && <p class="problem">{action.problem}</p>}
      {rooms === null ? (
        <p class="muted">Loading…</p>
      ) : rooms.length === 0 ? (
        <p class="none">No live matches.</p>
      ) : (
        <table class="admin-table" data-testid="live-matches">
          <thead>
            <tr>
              <th>Game</th>
              <th>Status</th>
              <th>Players</th>
              <th>End it</th>
            </tr>
          </thead>
          <tbody>
            {rooms.map((r) => (
              <tr key={r.roomId} data-testid="live-match" data-room={r.roomId}>
                <td>
                  {gameTitle(r.game)} <span class="tag">{r.mode}</span>
                  <div class="muted small">room {r.roomId}</div>
                </td>
                <td>
                  {r.unreachable ? "unreachable" : r.status} <span class="muted">step {r.step}</span>
                </td>
                <td>
                  <ul class="admin-seats">
                    {r.seats.map((s) => (
                      <li key={s.seat}>
                        {s.kind === "open" ? (
                          <span class="muted">seat {s.seat + 1} open</span>
                        ) : s.kind === "bot" ? (
                          <span>{s.name} (bot)</span>
                        ) : (
                          <a href={`#/admin/player/${s.playerId}`} data-testid="live-player">
                            {s.name}
                          </a>
                        )}{" "}
                        {s.removed ? <span class="tag warn">removed</span> : !s.connected && s.kind !== "open" && s.kind !== "bot" ? <span class="tag">away</span> : null}
                        {s.kind !== "open" && s.kind !== "bot" && !s.removed && (
                          <ReasonButton label="Remove" testid="remove-player" busy={action.busy} onRun={(reason) => void action.run(() => adminApi.remove(r.roomId, s.playerId, reason))} />
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <ReasonButton label="Abort" testid="abort-match" busy={action.busy} onRun={(reason) => void action.run(() => adminApi.abort(r.roomId, reason))} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
