/**
 * The web client: hash routes `#/` (lobby), `#/table/<roomId>` (a table), `#/watch/<roomId>`
 * (a match as a spectator), `#/history[/<playerId>]`
 * (finished matches), `#/replay/<matchId>` (a stored match step by step) and `#/admin...` (admins only).
 */
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Admin, type AdminView } from "./admin.tsx";
import { roleOf } from "./adminApi.ts";
import { History } from "./History.tsx";
import { Lobby } from "./Lobby.tsx";
import { Replay } from "./Replay.tsx";
import { loadIdentity } from "./session.ts";
import { Table, Watch } from "./Table.tsx";
import "./style.css";

type Where =
  | { page: "lobby" }
  | { page: "table"; roomId: string }
  | { page: "watch"; roomId: string }
  | { page: "history"; player?: string }
  | { page: "replay"; matchId: string }
  | { page: "admin"; admin: AdminView };

function route(): Where {
  const m = /^#\/table\/([^/?#]+)/.exec(location.hash);
  if (m) return { page: "table", roomId: decodeURIComponent(m[1]!) };
  const w = /^#\/watch\/([^/?#]+)/.exec(location.hash);
  if (w) return { page: "watch", roomId: decodeURIComponent(w[1]!) };
  const h = /^#\/history(?:\/([^/?#]+))?\/?(?:[?#]|$)/.exec(location.hash);
  if (h) return h[1] ? { page: "history", player: decodeURIComponent(h[1]) } : { page: "history" };
  const r = /^#\/replay\/([^/?#]+)/.exec(location.hash);
  if (r) return { page: "replay", matchId: decodeURIComponent(r[1]!) };
  const a = /^#\/admin(?:\/(player|reports|audit)(?:\/([^/?#]+))?)?\/?(?:[?#]|$)/.exec(location.hash);
  if (a)
    return {
      page: "admin",
      admin: a[1] === "player" && a[2] ? { view: "player", playerId: decodeURIComponent(a[2]) } : a[1] === "reports" ? { view: "reports" } : a[1] === "audit" ? { view: "audit" } : { view: "live" },
    };
  return { page: "lobby" };
}

function App() {
  const [where, setWhere] = useState(route());
  useEffect(() => {
    const onHash = () => setWhere(route());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  return (
    <>
      <header class="top">
        <a href="#/" class="brand">
          Tabletop
        </a>
        <nav class="top-links">
          <a href="#/" data-testid="nav-play" aria-current={where.page === "lobby" || where.page === "table" || where.page === "watch" ? "page" : undefined}>
            Play
          </a>
          <a href="#/history" data-testid="nav-history" aria-current={where.page === "history" || where.page === "replay" ? "page" : undefined}>
            History
          </a>
          {roleOf(loadIdentity()) === "admin" && (
            <a href="#/admin" data-testid="nav-admin" aria-current={where.page === "admin" ? "page" : undefined}>
              Admin
            </a>
          )}
        </nav>
      </header>
      {where.page === "table" ? (
        <Table key={where.roomId} roomId={where.roomId} />
      ) : where.page === "watch" ? (
        <Watch key={where.roomId} roomId={where.roomId} />
      ) : where.page === "history" ? (
        <History key={where.player ?? ""} player={where.player} />
      ) : where.page === "admin" ? (
        <Admin where={where.admin} />
      ) : where.page === "replay" ? (
        <Replay key={where.matchId} matchId={where.matchId} />
      ) : (
        <Lobby />
      )}
    </>
  );
}

render(<App />, document.getElementById("app")!);
