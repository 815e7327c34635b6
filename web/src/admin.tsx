/**
 * The admin page (`#/admin`, `#/admin/player/<id>`, `#/admin/reports`, `#/admin/audit`), for
 * admins only: live matches with their players (abort a match, remove a player), a player's
 * page (matches, ratings, reports, bans; ban and unban; void a ranked match), the open reports,
 * and the audit log. Every action asks for a reason, which the audit log keeps. The server
 * checks the role on every call; this page only hides itself from others.
 *
 * Here: the tabs, the admin sign-in and finding a player. Views (admin/): live.tsx, player.tsx,
 * reports.tsx (reports and the audit log); actions.tsx what they share.
 */
import { useState } from "preact/hooks";
import { login, type Identity } from "./api.ts";
import { problemText } from "./admin/actions.tsx";
import { adminApi, roleOf } from "./adminApi.ts";
import { Live } from "./admin/live.tsx";
import { PlayerView } from "./admin/player.tsx";
import { Audit, Reports } from "./admin/reports.tsx";
import { loadIdentity, saveIdentity } from "./session.ts";
import "./admin.css";

export type AdminView = { view: "live" } | { view: "player"; playerId: string } | { view: "reports" } | { view: "audit" };

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
      <p data-testid="admin-only">{identity && !identity.player.guest ? `Signed in as ${identity.player.username}, who is not an admin.` : "Admins only."} Sign in with an admin account.</p>
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
        <input
          data-testid="admin-password"
          type="password"
          value={password}
          placeholder="password"
          autocomplete="current-password"
          aria-label="Password"
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
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
        if (name.trim())
          adminApi.findPlayers(name.trim()).then(
            (r) => setFound(r.players),
            () => setFound([]),
          );
      }}
    >
      <input value={name} placeholder="find a player" aria-label="Find a player by name" data-testid="admin-find" onInput={(e) => setName(e.currentTarget.value)} />
      {found && (
        <ul class="admin-found">
          {found.length === 0 ? (
            <li class="muted">nobody</li>
          ) : (
            found.map((p) => (
              <li key={p.id}>
                <a href={`#/admin/player/${p.id}`} onClick={() => setFound(null)}>
                  {p.name}
                </a>{" "}
                <span class="muted">{p.kind}</span>
              </li>
            ))
          )}
        </ul>
      )}
    </form>
  );
}
