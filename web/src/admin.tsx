/**
 * The admin page (`#/admin`, `#/admin/player/<id>`, `#/admin/reports`, `#/admin/audit`), for
 * admins only: live matches with their players (abort a match, remove a player), a player's
 * page (matches, ratings, reports, bans; ban and unban; void a ranked match), the open reports,
 * and the audit log. Every action asks for a reason, which the audit log keeps. The server
 * checks the role on every call; this page only hides itself from others.
 */
import { useEffect, useState } from "preact/hooks";
import { ApiError, login, type Identity } from "./api.ts";
import { adminApi, roleOf, type AuditRow, type LiveRoom, type PlayerPage, type Report } from "./adminApi.ts";
import { gameTitle } from "./games.ts";
import { loadIdentity, saveIdentity } from "./session.ts";
import "./admin.css";

export type AdminView = { view: "live" } | { view: "player"; playerId: string } | { view: "reports" } | { view: "audit" };

const BAN_LENGTHS: [string, number | null][] = [
  ["1 hour", 3600],
  ["1 day", 86_400],
  ["7 days", 7 * 86_400],
  ["30 days", 30 * 86_400],
  ["for good", null],
];

function when(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function problemText(error: unknown): string {
  return error instanceof ApiError ? `${error.message} (${error.code})` : String((error as Error)?.message ?? error);
}

/** Runs an admin call, keeping its error for the page; `done` reloads what it changed. */
function useAction(done: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem("");
    try {
      await action();
      done();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

export function Admin({ where }: { where: AdminView }) {
  const [identity, setIdentity] = useState<Identity | null>(loadIdentity());
  if (roleOf(identity) !== "admin") return <AdminSignIn identity={identity} onIdentity={setIdentity} />;
  return (
    <main class="admin">
      <nav class="admin-tabs" aria-label="Admin">
        <a href="#/admin" aria-current={where.view === "live" ? "page" : undefined} data-testid="admin-tab-live">
          Live matches
        </a>
        <a href="#/admin/reports" aria-current={where.view === "reports" ? "page" : undefined} data-testid="admin-tab-reports">
          Reports
        </a>
        <a href="#/admin/audit" aria-current={where.view === "audit" ? "page" : undefined} data-testid="admin-tab-audit">
          Audit log
        </a>
        <FindPlayer />
      </nav>
      {where.view === "player" ? <PlayerView key={where.playerId} playerId={where.playerId} /> : where.view === "reports" ? <Reports /> : where.view === "audit" ? <Audit /> : <Live />}
    </main>
  );
}

function AdminSignIn({ identity, onIdentity }: { identity: Identity | null; onIdentity: (i: Identity) => void }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState("");
  return (
    <main class="admin">
      <h2>Admin</h2>
      <p data-testid="admin-only">
        {identity && !identity.player.guest ? `Signed in as ${identity.player.username}, who is not an admin.` : "Admins only."} Sign in with an admin account.
      </p>
      <form
        class="controls"
        onSubmit={(e) => {
          e.preventDefault();
          setProblem("");
          login(username.trim(), password).then(
            (i) => {
              saveIdentity(i);
              onIdentity(i);
              if (roleOf(i) !== "admin") setProblem("this account is not an admin");
            },
            (error: unknown) => setProblem(problemText(error)),
          );
        }}
      >
        <input data-testid="admin-username" value={username} placeholder="username" autocomplete="username" aria-label="Username" onInput={(e) => setUsername(e.currentTarget.value)} />
        <input data-testid="admin-password" type="password" value={password} placeholder="password" autocomplete="current-password" aria-label="Password" onInput={(e) => setPassword(e.currentTarget.value)} />
        <button type="submit" data-testid="admin-login" disabled={!username.trim() || !password}>
          Sign in
        </button>
      </form>
      {problem && <p class="problem">{problem}</p>}
    </main>
  );
}

function FindPlayer() {
  const [name, setName] = useState("");
  const [found, setFound] = useState<{ id: string; name: string; kind: string }[] | null>(null);
  return (
    <form
      class="admin-find"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) adminApi.findPlayers(name.trim()).then((r) => setFound(r.players), () => setFound([]));
      }}
    >
      <input value={name} placeholder="find a player" aria-label="Find a player by name" data-testid="admin-find" onInput={(e) => setName(e.currentTarget.value)} />
      {found && (
        <ul class="admin-found">
          {found.length === 0 ? <li class="muted">nobody</li> : found.map((p) => (
            <li key={p.id}>
              <a href={`#/admin/player/${p.id}`} onClick={() => setFound(null)}>
                {p.name}
              </a>{" "}
              <span class="muted">{p.kind}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/** A reason input and a button: the action runs with the reason typed. */
function ReasonButton({ label, testid, onRun, busy }: { label: string; testid: string; onRun: (reason: string) => void; busy: boolean }) {
  const [reason, setReason] = useState("");
  return (
    <span class="reason-button">
      <input value={reason} placeholder="reason" aria-label={`Reason to ${label.toLowerCase()}`} data-testid={`${testid}-reason`} onInput={(e) => setReason(e.currentTarget.value)} />
      <button type="button" class="danger" data-testid={testid} disabled={busy || !reason.trim()} onClick={() => onRun(reason.trim())}>
        {label}
      </button>
    </span>
  );
}

function Live() {
  const [rooms, setRooms] = useState<LiveRoom[] | null>(null);
  const [problem, setProblem] = useState("");
  const load = () => adminApi.live().then((r) => (setRooms(r.rooms), setProblem("")), (e: unknown) => setProblem(problemText(e)));
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

function PlayerView({ playerId }: { playerId: string }) {
  const [page, setPage] = useState<PlayerPage | null>(null);
  const [problem, setProblem] = useState("");
  const [length, setLength] = useState(0);
  const load = () => adminApi.player(playerId).then((p) => (setPage(p), setProblem("")), (e: unknown) => setProblem(problemText(e)));
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
                {gameTitle(r.game)}: <b>{r.display}</b> <span class="muted">({r.games} games{r.provisional ? ", provisional" : ""})</span>
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
                    <td>{m.mode === "ranked" && m.status !== "voided" && <ReasonButton label="Void" testid="void-match" busy={action.busy} onRun={(reason) => void action.run(() => adminApi.voidMatch(m.id, reason))} />}</td>
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

function ReportList({ reports, onResolve, busy }: { reports: Report[]; onResolve?: (id: number, resolution: string) => void; busy?: boolean }) {
  if (reports.length === 0) return <p class="none">None.</p>;
  return (
    <ul class="admin-list">
      {reports.map((r) => (
        <li key={r.id} data-testid="report">
          <b>{r.reason.replace(/_/g, " ")}</b>: <a href={`#/admin/player/${r.reporter.id}`}>{r.reporter.name}</a> reported <a href={`#/admin/player/${r.reported.id}`}>{r.reported.name}</a> in{" "}
          <a href={`#/replay/${r.matchId}`}>a {gameTitle(r.game)} match</a> <span class="muted">{when(r.createdAt)}</span>
          {r.details && <div class="muted">“{r.details}”</div>}
          {r.resolvedAt ? <div class="muted">resolved {when(r.resolvedAt)}: {r.resolution}</div> : onResolve && <ReasonButton label="Resolve" testid="resolve-report" busy={busy ?? false} onRun={(note) => onResolve(r.id, note)} />}
        </li>
      ))}
    </ul>
  );
}

function Reports() {
  const [reports, setReports] = useState<Report[] | null>(null);
  const [problem, setProblem] = useState("");
  const load = () => adminApi.reports().then((r) => setReports(r.items), (e: unknown) => setProblem(problemText(e)));
  const action = useAction(() => void load());
  useEffect(() => void load(), []);
  return (
    <section>
      <h2>Open reports</h2>
      {(problem || action.problem) && <p class="problem">{problem || action.problem}</p>}
      {reports === null ? <p class="muted">Loading…</p> : <ReportList reports={reports} busy={action.busy} onResolve={(id, note) => void action.run(() => adminApi.resolve(id, note))} />}
    </section>
  );
}

function Audit() {
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState("");
  const more = (before?: string) =>
    adminApi.audit(before).then(
      (page) => {
        setRows((old) => (before ? [...old, ...page.items] : page.items));
        setNext(page.next);
      },
      (e: unknown) => setProblem(problemText(e)),
    );
  useEffect(() => void more(), []);
  return (
    <section>
      <h2>Audit log</h2>
      {problem && <p class="problem">{problem}</p>}
      <table class="admin-table" data-testid="audit-log">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Target</th>
            <th>Reason</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="audit-row">
              <td class="muted">{when(r.at)}</td>
              <td>{r.actor ? <a href={`#/admin/player/${r.actor}`}>{r.actorName}</a> : r.actorName}</td>
              <td>{r.action.replace(/_/g, " ")}</td>
              <td class="small">{r.target}</td>
              <td>{r.reason}</td>
              <td class={r.status >= 400 ? "warn" : ""}>{r.status || ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && (
        <button type="button" class="quiet" onClick={() => void more(next)}>
          Load more
        </button>
      )}
    </section>
  );
}
