/**
 * Match history (`#/history`, or `#/history/<playerId>` for one player's matches): the newest
 * finished matches from `GET /api/matches` (keyset paging: the page's `next` is the following
 * page's `before`, behind "Load more"), filtered by game; each row links to its replay.
 */
import { useEffect, useState } from "preact/hooks";
import { fetchGames } from "./api.ts";
import { useCatalogs, type CatalogIndex } from "./catalog.tsx";
import { gameTitle } from "./games.ts";
import { listMatches, type MatchPlayer, type MatchSummary } from "./matches.ts";
import { clock, reasonWords } from "./replayWords.ts";
import { botWords } from "./names.ts";
import { loadIdentity } from "./session.ts";
import "./history.css";

const PAGE = 20;

export function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function kindWords(kind: MatchPlayer["kind"]): string {
  return kind === "account" ? "account" : kind === "bot" ? "bot" : "guest";
}

export function History({ player }: { player?: string }) {
  const me = loadIdentity()?.player ?? null;
  const [games, setGames] = useState<string[]>([]);
  const [game, setGame] = useState("");
  const [items, setItems] = useState<MatchSummary[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState("");
  const cats = useCatalogs(items.map((m) => m.game));

  useEffect(() => {
    fetchGames().then(
      (g) => setGames(g.map((x) => x.game)),
      () => {},
    );
  }, []);

  // A new filter starts from the newest page again.
  useEffect(() => {
    let live = true;
    setBusy(true);
    setProblem("");
    listMatches({ game: game || undefined, player, limit: PAGE }).then(
      (page) => {
        if (!live) return;
        setItems(page.items);
        setNext(page.next);
        setLoaded(true);
        setBusy(false);
      },
      (e: unknown) => {
        if (!live) return;
        setProblem(`Could not list the matches: ${(e as Error).message}`);
        setBusy(false);
      },
    );
    return () => {
      live = false;
    };
  }, [game, player]);

  const more = () => {
    if (!next || busy) return;
    setBusy(true);
    listMatches({ game: game || undefined, player, limit: PAGE, before: next }).then(
      (page) => {
        setItems((prev) => {
          const seen = new Set(prev.map((m) => m.id));
          return [...prev, ...page.items.filter((m) => !seen.has(m.id))];
        });
        setNext(page.next);
        setBusy(false);
      },
      (e: unknown) => {
        setProblem(`Could not load more: ${(e as Error).message}`);
        setBusy(false);
      },
    );
  };

  const whose = player ? (player === me?.id ? "Your matches" : `Matches of ${items[0]?.players.find((p) => p.playerId === player)?.name ?? "one player"}`) : "Latest matches";

  return (
    <main class="history" data-testid="history">
      <header class="history-head">
        <h2>{whose}</h2>
        <div class="history-filters">
          <label>
            Game{" "}
            <select data-testid="game-filter" value={game} onChange={(e) => setGame((e.currentTarget as HTMLSelectElement).value)}>
              <option value="">all games</option>
              {games.map((g) => (
                <option key={g} value={g}>
                  {gameTitle(g)}
                </option>
              ))}
            </select>
          </label>
          {player ? (
            <a href="#/history" data-testid="all-matches">
              Everyone's matches
            </a>
          ) : me ? (
            <a href={`#/history/${encodeURIComponent(me.id)}`} data-testid="my-matches">
              My matches
            </a>
          ) : (
            <span class="muted">Sign in on the Play page to see your own matches.</span>
          )}
        </div>
      </header>

      {problem && <p class="problem">{problem}</p>}
      {!loaded && !problem && <p class="muted">Loading…</p>}
      {loaded && items.length === 0 && (
        <p class="muted" data-testid="no-matches">
          No finished match yet{game ? ` of ${gameTitle(game)}` : ""}.
        </p>
      )}
      {loaded && items.length === 0 && player && player === me?.id && (
        <p class="muted">
          The server stores each casual seat under a new player id, not your guest identity's, so your casual matches are not listed here yet; find them in <a href="#/history">everyone's matches</a>.
        </p>
      )}

      <ol class="match-list">
        {items.map((m) => (
          <MatchRow key={m.id} match={m} cat={cats[m.game] ?? null} highlight={player ?? me?.id} />
        ))}
      </ol>

      {next && (
        <button type="button" class="load-more" data-testid="load-more" disabled={busy} onClick={more}>
          {busy ? "Loading…" : "Load more"}
        </button>
      )}
    </main>
  );
}

function MatchRow({ match: m, cat, highlight }: { match: MatchSummary; cat: CatalogIndex | null; highlight?: string }) {
  const players = m.players.slice().sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const lasted = Date.parse(m.endedAt) - Date.parse(m.startedAt);
  return (
    <li class="match-row" data-testid="match-row" data-match-id={m.id} data-game={m.game}>
      <div class="match-top">
        <b class="match-game">{gameTitle(m.game)}</b>
        {m.mode === "ranked" && <span class="tag">ranked</span>}
        <time dateTime={m.endedAt}>{when(m.endedAt)}</time>
        {Number.isFinite(lasted) && <span class="muted">{clock(lasted)}</span>}
      </div>
      <ol class="match-players">
        {players.map((p) => (
          <li key={p.seat} class={p.playerId === highlight ? "me" : ""} data-testid="match-player">
            <span class="rank">{p.rank}.</span> <a href={`#/history/${encodeURIComponent(p.playerId)}`}>{p.name}</a>{" "}
            <span class={`kind kind-${kindWords(p.kind)}`}>{p.kind === "bot" ? botWords(p.botLevel) : kindWords(p.kind)}</span>
          </li>
        ))}
      </ol>
      <div class="match-bottom">
        <span class="reason" data-testid="reason">
          {reasonWords(cat, m.outcome.reason)}
        </span>
        <a class="replay-link" href={`#/replay/${encodeURIComponent(m.id)}`} data-testid="replay-link">
          Watch the replay
        </a>
      </div>
    </li>
  );
}
