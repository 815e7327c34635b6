/**
 * The lobby's ranked queue (accounts only): choose a game, player count and set-up, join the
 * queue, then follow its status (position, time waited, the estimate) until a match is found.
 */
import { useEffect, useState } from "preact/hooks";
import type { GameInfo, Identity } from "./api.ts";
import { useCatalog } from "./catalog.tsx";
import { gameTitle, playerCounts, seatCount } from "./games.ts";
import { presetName } from "./presets.ts";
import { enterQueue, leaveQueue, onQueueChange, queueView } from "./queue.ts";

function seconds(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

export function RankedQueue({ games, identity }: { games: GameInfo[]; identity: Identity | null }) {
  const [q, setQ] = useState(queueView());
  const [game, setGame] = useState(games[0]?.game ?? "");
  const [players, setPlayers] = useState(2);
  const [, setTick] = useState(0);
  useEffect(() => onQueueChange(() => setQ(queueView())), []);
  useEffect(() => {
    if (q.phase !== "queued") return;
    const t = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [q.phase]);

  const account = identity && !identity.player.guest;
  const info = games.find((g) => g.game === game);
  const counts = playerCounts(game);
  const presetNames = Object.keys(info?.presets ?? {});
  const [preset, setPreset] = useState("");
  const queueCat = useCatalog(info?.game);
  const chosen = counts ? (counts.includes(players) ? players : counts[0]!) : 2;
  const active = q.phase !== "idle" && q.phase !== "over";
  const s = q.status;
  const waited = s ? s.waitedMs + (q.phase === "queued" ? Date.now() - q.statusAt : 0) : 0;

  return (
    <section class="ranked" data-testid="ranked">
      <h2>Ranked</h2>
      {!account ? (
        <p class="hint">Sign in with an account to play ranked matches: players of a similar rating are matched, and the result moves your rating.</p>
      ) : active ? (
        <div data-testid="queue-status" data-phase={q.phase}>
          <p>
            In the queue for <b>{gameTitle(q.game)}</b> ({q.seats} players).
          </p>
          {s ? (
            <ul class="queue-facts">
              <li>
                Position <b data-testid="queue-position">{s.position}</b> of <b data-testid="queue-size">{s.size}</b>
              </li>
              <li>
                Waited <span data-testid="queue-waited">{seconds(waited)}</span>
              </li>
              <li data-testid="queue-estimate">
                {s.estimatedWaitMs === null ? "No estimate yet" : `About ${seconds(Math.max(0, s.estimatedWaitMs - (q.phase === "queued" ? Date.now() - q.statusAt : 0)))} left`}
              </li>
            </ul>
          ) : (
            <p>Joining the queue…</p>
          )}
          {q.note && <p class="hint">{q.note}</p>}
          {q.phase === "queued" && (
            <button type="button" class="quiet" data-testid="queue-leave" onClick={() => void leaveQueue()}>
              Leave queue
            </button>
          )}
        </div>
      ) : (
        <form
          class="controls"
          onSubmit={(e) => {
            e.preventDefault();
            const seat = info?.presets[presetNames.includes(preset) ? preset : (presetNames[0] ?? "")] ?? {};
            void enterQueue(game, seatCount(game, chosen), seat);
          }}
        >
          <label>
            Game{" "}
            <select data-testid="queue-game" value={game} onChange={(e) => setGame(e.currentTarget.value)}>
              {games.map((g) => (
                <option key={g.game} value={g.game}>
                  {gameTitle(g.game)}
                </option>
              ))}
            </select>
          </label>
          {counts && (
            <label>
              Players{" "}
              <select data-testid="queue-players" value={chosen} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
                {counts.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {presetNames.length > 1 && (
            <label>
              Set-up{" "}
              <select data-testid="queue-preset" value={presetNames.includes(preset) ? preset : presetNames[0]} onChange={(e) => setPreset(e.currentTarget.value)}>
                {presetNames.map((p) => (
                  <option key={p} value={p}>
                    {presetName(queueCat, p, info?.presets[p])}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" data-testid="queue-join">
            Join the ranked queue
          </button>
          {q.note && <p class="hint">{q.note}</p>}
        </form>
      )}
    </section>
  );
}
