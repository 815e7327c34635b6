/** A player's page: matches, ratings, reports and bans; ban and unban; void a ranked match. */
import { useEffect, useState } from "preact/hooks";
import { adminApi, type PlayerPage } from "../adminApi.ts";
import { gameTitle } from "../games.ts";
import { problemText, ReasonButton, useAction, when } from "./actions.tsx";
import { ReportList } from "./reports.tsx";

const BAN_LENGTHS: [string, number | null][] = [
  ["1 hour", 3600],
  ["1 day", 86_400],
  ["7 days", 7 * 86_400],
  ["30 days", 30 * 86_400],
  ["for good", null],
];

export function PlayerView({ playerId }: { playerId: string }) {
  const [page, setPage] = useState<PlayerPage | null>(null);
  const [problem, setProblem] = useState("");
  const [length, setLength] = useState(0);
  const load = () =>
    adminApi.player(playerId).then(
      (p) => {
        setPage(p);
        setProblem("");
      },
      (e: unknown) => setProblem(problemText(e)),
    );
  const action = useAction(() => void load());
  useEffect(() => void load(), [playerId]);
  if (!page) return <section>{problem ? <p class="problem">{problem}</p> : <p class="muted">Loading…</p>}</section>;
  const { player, ban } = page;
  return (
    <section class="admin-player" data-testid="admin-player">
      <div class="admin-head">
        <h2 data-testid="admin-player-name">{player.name}</h2>
        <span class="tag">{player.kind}</span>
        {player.role === "admin" && <span class="tag act">admin</span>}
        <span class="muted">since {when(player.createdAt)}</span>
        {player.lastAddress && <span class="muted">last from {player.lastAddress}</span>}
        <a href={`#/history/${player.id}`}>public history</a>
      </div>
      {action.problem && <p class="problem">{action.problem}</p>}

      <div class="admin-card">
        <h3>Ban</h3>
        {ban ? (
          <p class="admin-ban" data-testid="active-ban">
            <b>Banned</b> {ban.until ? `until ${when(ban.until)}` : "for good"}: {ban.reason} <span class="muted">(since {when(ban.createdAt)})</span>{" "}
            <ReasonButton key="unban" label="Unban" testid="unban-player" busy={action.busy} onRun={(reason) => void action.run(() => adminApi.unban(player.id, reason))} />
          </p>
        ) : (
          <p data-testid="no-ban">
            Not banned.{" "}
            <select aria-label="Ban length" data-testid="ban-length" value={length} onChange={(e) => setLength(Number(e.currentTarget.value))}>
              {BAN_LENGTHS.map(([label], i) => (
                <option key={label} value={i}>
                  {label}
                </option>
              ))}
            </select>{" "}
            <ReasonButton key="ban" label="Ban" testid="ban-player" busy={action.busy} onRun={(reason) => void action.run(() => adminApi.ban(player.id, reason, BAN_LENGTHS[length]![1]))} />
          </p>
        )}
        {page.bans.length > 0 && (
          <ul class="admin-list" data-testid="ban-history">
            {page.bans.map((b) => (
              <li key={b.id}>
                {when(b.createdAt)}: {b.reason} — {b.active ? "active" : b.liftedAt ? `lifted ${when(b.liftedAt)}` : "ran out"}
                {b.until ? `, until ${when(b.until)}` : ", for good"}
              </li>
            ))}
          </ul>
        )}
      </div>

      <div class="admin-card">
        <h3>Ratings</h3>
        {page.ratings.length === 0 ? (
          <p class="none">No rated games.</p>
        ) : (
          <ul class="admin-list">
            {page.ratings.map((r) => (
              <li key={r.game}>
                {gameTitle(r.game)}: <b>{r.display}</b>{" "}
                <span class="muted">
                  ({r.games} games{r.provisional ? ", provisional" : ""})
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div class="admin-card">
        <h3>Matches</h3>
        {page.matches.items.length === 0 ? (
          <p class="none">No stored matches.</p>
        ) : (
          <table class="admin-table">
            <tbody>
              {page.matches.items.map((m) => {
                const me = m.players.find((p) => p.playerId === player.id);
                return (
                  <tr key={m.id} data-testid="player-match">
                    <td>
                      <a href={`#/replay/${m.id}`}>{gameTitle(m.game)}</a> <span class="tag">{m.mode}</span> {m.status === "voided" && <span class="tag warn">voided</span>}
                    </td>
                    <td class="muted">{when(m.endedAt)}</td>
                    <td>
                      {me ? `rank ${me.rank}` : ""} {me?.ratingBefore && me.ratingAfter ? `${me.ratingBefore.display} → ${me.ratingAfter.display}` : ""}
                    </td>
                    <td>
                      {m.mode === "ranked" && m.status !== "voided" && (
                        <ReasonButton label="Void" testid="void-match" busy={action.busy} onRun={(reason) => void action.run(() => adminApi.voidMatch(m.id, reason))} />
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>

      <div class="admin-card">
        <h3>Reports about this player</h3>
        <ReportList reports={page.reports.about} />
        <h3>Reports by this player</h3>
        <ReportList reports={page.reports.by} />
      </div>
    </section>
  );
}
