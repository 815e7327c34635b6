/**
 * The table: seats (name, connected, acting, turn clock, bot), the game's board
 * (web/src/boards/<game>.tsx), this seat's decisions as buttons (labels parallel to `legal`),
 * the event log in words, and the result (`finished` message). `Table` is a seat at it (taken
 * back after a reload); `Watch` is the same table for a spectator: no seat, no hand, no
 * decisions (a reload joins again as a spectator).
 */
import type { Room } from "@colyseus/sdk";
import type { ComponentType } from "preact";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { BOARDS } from "./boards/index.ts";
import { playerName } from "./names.ts";
import type { BoardSeat } from "./boards/types.ts";
import { fetchCatalog } from "./api.ts";
import { indexCatalog, nameOf, type CatalogIndex } from "./catalog.tsx";
import { describeEvents, learnInstances, wordsContext, type GameEvent } from "./words.ts";
import { gameTitle } from "./games.ts";
import { feedOf, leave, onSeatChange, reconnect, seatStatus, stopWatching, watchRoom, type SeatLink } from "./session.ts";
import { Tree, type ViewContext } from "./view.tsx";
import { Rematch, Stops } from "./PlayFlow.tsx";
import { ConfirmDialog, DecisionMenu, decisionsByKey, useTableMarks, type Menu, type Ref } from "./picking.tsx";

/** At most one decision every 60 ms: the server takes 20 messages per second per client. */
const PACE_MS = 60;


interface SeatView {
  seat: number;
  name?: string;
  occupied?: boolean;
  connected?: boolean;
  acting?: boolean;
  deadline?: number;
  bank?: number;
  bot?: boolean;
  you?: boolean;
  legal?: string;
  labels?: string;
  stops?: string;
  rematch?: boolean;
  refs?: string;
  confirms?: string;
  secret?: unknown;
}

interface StateView {
  status?: string;
  matchId?: string;
  step?: number;
  result?: unknown;
  game?: unknown;
  seats?: SeatView[];
  spectators?: number;
}

interface Outcome {
  ranks: number[];
  reason?: string;
}

function parseList<T>(json: string | undefined): T[] {
  try {
    const v = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The result from the state, before or after it became a schema child (JSON string then). */
function resultOf(state: StateView): Outcome | null {
  let r = state.result;
  if (typeof r === "string") {
    try {
      r = r ? JSON.parse(r) : null;
    } catch {
      r = null;
    }
  }
  const ranks = (r as Outcome | null)?.ranks;
  return Array.isArray(ranks) && ranks.length > 0 ? (r as Outcome) : null;
}

const STATUS_WORDS: Record<string, string> = { waiting: "Waiting for players", playing: "Playing", finished: "Match over" };

function seconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`;
}

export function Table({ roomId }: { roomId: string }) {
  const [room, setRoom] = useState<Room | null>(null);
  const [game, setGame] = useState("");
  const [link, setLink] = useState<SeatLink>(seatStatus().link);
  const [problem, setProblem] = useState("");

  // Take the room: the one just joined, or the saved seat after a reload.
  useEffect(() => {
    let cancelled = false;
    // The seat's room changes when the page takes it back after the SDK gave up (same room id,
    // a new Room object): the table follows it; while it is away the last one stays on screen.
    const follow = () => {
      const seat = seatStatus();
      setLink(seat.link);
      if (seat.room?.roomId === roomId) {
        setRoom(seat.room);
        setGame(seat.game);
      }
    };
    const stop = onSeatChange(follow);
    reconnect(roomId).then(
      (found) => {
        if (cancelled) return;
        if (!found) return setProblem("You have no seat at this table (or it was already taken back). Join it from the lobby.");
        setGame(found.game);
        follow();
      },
      (e: unknown) => !cancelled && setProblem(`Could not take your seat back: ${(e as Error).message}`),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [roomId]);

  if (problem) {
    return (
      <main class="table">
        <p class="problem" data-testid="problem">
          {problem}
        </p>
        <a href="#/">Back to the lobby</a>
      </main>
    );
  }
  if (!room) return <main class="table">{link.state === "rejoining" ? <ConnectionBanner link={link} /> : "Taking your seat…"}</main>;
  return <TableView room={room} game={game} watching={false} link={link} />;
}

/** The seat's connection in words while it is away (nothing while connected). */
function ConnectionBanner({ link }: { link: SeatLink }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (link.state !== "rejoining") return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [link.state]);
  if (link.state === "connected") return null;
  if (link.state === "lost") {
    return (
      <div class="banner connection lost" data-testid="connection" data-state="lost" role="alert">
        <p>Your seat is lost: {link.why} The match may go on without you (your turns time out).</p>
        <a href="#/" data-testid="back">
          Back to the lobby
        </a>
      </div>
    );
  }
  const text =
    link.state === "restarting"
      ? "The server is restarting — your match will resume."
      : link.state === "dropped"
        ? "Connection lost — reconnecting…"
        : `Connection lost — still trying to take your seat back (${Math.max(0, Math.ceil((link.until - now) / 1000))} s left)…`;
  return (
    <p class="banner connection" data-testid="connection" data-state={link.state} role="status">
      {text}
    </p>
  );
}

/** Why a spectator could not join, in words. */
function watchProblem(e: unknown): string {
  const text = String((e as Error)?.message ?? e);
  if (/spectators_full/.test(text)) return "This match already has as many spectators as it takes. Try again later.";
  if (/not_started/.test(text)) return "This match has not started yet: it can be watched once every seat is taken.";
  if (/not found|no rooms found|not exist|invalid|expired/i.test(text)) return "This match is over or gone: there is nothing to watch here any more.";
  return `Could not watch this match: ${text}`;
}

export function Watch({ roomId }: { roomId: string }) {
  const [room, setRoom] = useState<Room | null>(null);
  const [game, setGame] = useState("");
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let cancelled = false;
    watchRoom(roomId).then(
      (w) => {
        if (cancelled) return;
        setRoom(w.room);
        setGame(w.game);
      },
      (e: unknown) => !cancelled && setProblem(watchProblem(e)),
    );
    return () => {
      cancelled = true;
      void stopWatching();
    };
  }, [roomId]);

  if (problem) {
    return (
      <main class="table">
        <p class="banner watching" data-testid="watching">
          Watching
        </p>
        <p class="problem" data-testid="problem">
          {problem}
        </p>
        <a href="#/" data-testid="back">
          Back to the lobby
        </a>
      </main>
    );
  }
  if (!room) return <main class="table">Joining as a spectator…</main>;
  return <TableView room={room} game={game} watching={true} />;
}

function TableView({ room, game, watching, link }: { room: Room; game: string; watching: boolean; link?: SeatLink }) {
  const [cat, setCat] = useState<CatalogIndex | null>(null);
  const [rawOpen, setRawOpen] = useState(false);
  const [, setVersion] = useState(0);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [left, setLeft] = useState(false);
  const [now, setNow] = useState(Date.now());
  const lastSent = useRef(0);
  const boardRef = useRef<HTMLElement>(null);
  const [menu, setMenu] = useState<Menu | null>(null);
  const [asking, setAsking] = useState<number | null>(null);

  useEffect(() => {
    if (!game) return;
    fetchCatalog(game).then(
      (c) => setCat(indexCatalog(c)),
      () => setCat(null),
    );
  }, [game]);

  useEffect(() => {
    if (!room) return;
    const bump = () => setVersion((v) => v + 1);
    const onLeft = () => setLeft(true);
    const feed = feedOf(room);
    const read = () => {
      setEvents(feed.events.slice() as GameEvent[]);
      const f = feed.finished as { outcome?: Outcome } | null;
      if (f?.outcome) setOutcome(f.outcome);
    };
    feed.listeners.add(read);
    room.onStateChange(bump);
    room.onLeave(onLeft);
    room.onDrop(bump);
    room.onReconnect(bump);
    read();
    bump();
    return () => {
      feed.listeners.delete(read);
      room.onStateChange.remove(bump);
      room.onLeave.remove(onLeft);
      room.onDrop.remove(bump);
      room.onReconnect.remove(bump);
    };
  }, [room]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, []);

  const state = ((room.state as { toJSON?: () => unknown } | undefined)?.toJSON?.() ?? {}) as StateView;
  const seats = state.seats ?? [];
  // Your seat is the one whose `you` is true; a match resumed by a restarted server may not mark
  // it again, so the seat number from `welcome` (kept across reconnections) stands in.
  const feedSeat = watching ? null : feedOf(room).seat;
  const marked = seats.findIndex((s) => s.you);
  const mine = marked >= 0 ? marked : feedSeat !== null && seats[feedSeat]?.occupied ? feedSeat : -1;
  const me = seats[mine];
  // Named as everywhere on the page: the player's name, else "Player N" (seat + 1).
  const seatName = (seat: number) => playerName(seats[seat]?.name) || `Player ${seat + 1}`;
  const ctx: ViewContext = { cat, seatName, game };
  const names = seats.map((s) => s.name ?? "").join("\n");
  // The log in words: cards by name (what the table and your hand show, and what earlier lines showed).
  const logLines = useMemo(() => {
    const words = wordsContext(game, cat, seatName, state.game);
    if (me?.secret && typeof me.secret === "object") learnInstances(me.secret, words.instances);
    return describeEvents(words, events).slice(-80);
  }, [events, cat, names, state.step]);
  const result = outcome ?? resultOf(state);
  // The latest thing that happened, in words, above the board (the log keeps the rest).
  const lastLine = logLines.length > 0 ? logLines[logLines.length - 1] : "";
  const legal = parseList<unknown>(me?.legal);
  const labels = parseList<string>(me?.labels);
  const refs = parseList<Ref[]>(me?.refs);
  const confirms = parseList<string | null>(me?.confirms);
  const away = !!link && link.state !== "connected";
  const canAct = !watching && !away && state.status === "playing" && !!me?.acting && !pending && !result;
  const BoardOf = BOARDS[game];
  const boardSeats: BoardSeat[] = seats.map((s, i) => ({ seat: i, name: seatName(i), connected: !!s.connected, acting: !!s.acting, bot: !!s.bot }));

  const involved = useMemo(() => decisionsByKey(canAct ? refs : []), [me?.refs, canAct]);
  useTableMarks(boardRef, involved, state.step, canAct, lastLine);
  // The board opens at your own area (drawn last, at the bottom) when it scrolls inside the page;
  // when your decisions involve things on it and none is in sight, it brings the first into view.
  const opened = useRef(false);
  useLayoutEffect(() => {
    const el = boardRef.current;
    if (!el || state.game === undefined || watching) return;
    if (!opened.current && el.scrollHeight > el.clientHeight) {
      opened.current = true;
      el.scrollTop = el.scrollHeight;
    }
    if (!canAct || el.scrollHeight <= el.clientHeight) return;
    const box = el.getBoundingClientRect();
    const marked = [...el.querySelectorAll<HTMLElement>("[data-involved]")].filter((n) => n.getClientRects().length > 0);
    // In sight: what is drawn at a point of it is it (an inner scroller may clip it out of view).
    const inSight = marked.some((n) => {
      const r = n.getBoundingClientRect();
      const top = Math.max(r.top, box.top) + 4;
      const bottom = Math.min(r.bottom, box.bottom) - 4;
      if (bottom <= top) return false;
      const hit = document.elementFromPoint(r.left + Math.min(12, r.width / 2), (top + bottom) / 2);
      return !!hit && n.contains(hit);
    });
    if (marked.length > 0 && !inSight) marked[0].scrollIntoView({ block: "nearest" });
  }, [state.step, me?.legal, canAct, state.game === undefined]);
  // A menu or a question about an earlier step is stale once the state moves on.
  useEffect(() => {
    setMenu(null);
    setAsking(null);
  }, [state.step, me?.legal]);

  /** A decision from the list, the table or a menu: marked ones ask first. */
  const choose = (i: number) => {
    setMenu(null);
    if (confirms[i]) setAsking(i);
    else void act(i);
  };
  const onBoardClick = (e: MouseEvent) => {
    if (!canAct) return;
    let node = e.target instanceof Element ? e.target.closest<HTMLElement>("[data-ref]") : null;
    // The innermost thing that a decision involves (a card on a unit, else the unit...).
    while (node && !involved.has(node.dataset.ref!)) node = node.parentElement?.closest<HTMLElement>("[data-ref]") ?? null;
    if (!node) return;
    const options = involved.get(node.dataset.ref!)!;
    if (options.length === 1) return choose(options[0]);
    const box = node.getBoundingClientRect();
    setMenu({ key: node.dataset.ref!, options, x: box.left, y: Math.min(box.bottom + 4, innerHeight - 40 * Math.min(options.length + 1, 8)) });
  };

  const act = async (i: number) => {
    if (!canAct) return;
    const wait = lastSent.current + PACE_MS - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    setPending(true);
    setRefusal("");
    lastSent.current = Date.now();
    try {
      await room.request("act", { id: (room.state as { step?: number }).step, action: legal[i] });
    } catch (e) {
      const reason = (e as { reason?: { code?: string; message?: string } }).reason;
      // The connection broke with the request in flight: the banner says so, and the state is re-read on return.
      if (!reason && /connection closed/i.test(String((e as Error).message ?? e))) return;
      setRefusal(reason ? `${reason.code}: ${reason.message ?? ""}` : String((e as Error).message ?? e));
    } finally {
      setPending(false); // the state may have changed meanwhile: the buttons are re-read from it
    }
  };

  return (
    <main class={`table${watching ? " watch" : ""}${away ? " away" : ""}`} data-testid="table" data-link={link?.state} data-status={state.status ?? ""} data-seat={mine} data-step={state.step ?? ""} data-watching={watching ? "true" : undefined}>
      <header class="table-head">
        <h2>{gameTitle(game)}</h2>
        <span class="room-id">
          room <code data-testid="room-id">{room.roomId}</code>
        </span>
        <span class="status" data-testid="status">
          {STATUS_WORDS[state.status ?? ""] ?? "Connecting…"}
        </span>
        {!watching && !!state.spectators && (
          <span class="hint" data-testid="spectators">
            {state.spectators} watching
          </span>
        )}
        <button type="button" class="quiet" onClick={() => void (watching ? stopWatching() : leave()).then(() => (location.hash = "#/"))}>
          {watching ? "Stop watching" : "Leave"}
        </button>
      </header>
      {watching && (
        <p class="banner watching" data-testid="watching">
          Watching: you see what every player sees (the table and the public events), never a hand. {state.spectators ? `${state.spectators} watching.` : ""}
        </p>
      )}

      {state.status === "waiting" && (
        <p class="hint" data-testid="waiting">
          Waiting for players. Others join with the room id <code>{room.roomId}</code> from the lobby.
        </p>
      )}
      {link && !result && <ConnectionBanner link={link} />}
      {left && !result && watching && <p class="problem">You are no longer watching (the match closed or the connection was lost).</p>}

      <ol class="seats">
        {seats.map((s, i) => {
          const remaining = s.deadline ? s.deadline - now : 0;
          return (
            <li key={i} class={`seat${s.acting ? " acting" : ""}${i === mine ? " you" : ""}`} data-testid="seat" data-you={i === mine ? "true" : undefined} data-bot={s.bot ? "true" : undefined}>
              <b>{playerName(s.name) || (s.occupied ? `Player ${i + 1}` : "empty seat")}</b>
              {i === mine && <span class="tag">you</span>}
              {s.bot && (
                <span class="tag bot" data-testid="bot-tag">
                  bot
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

      {result && (
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
          <a href="#/" onClick={() => void (watching ? stopWatching() : leave())}>
            Back to the lobby
          </a>
        </section>
      )}

      <div class="table-main">
          {state.game !== undefined && (
            <section class="board" data-testid="board-area" data-game={game} ref={boardRef} onClick={onBoardClick} tabIndex={0} aria-label="The table">
              {BoardOf ? (
                <BoardOf game={state.game as Record<string, any>} secret={!watching && me?.secret && typeof me.secret === "object" ? (me.secret as Record<string, any>) : null} seats={boardSeats} me={watching || mine < 0 ? null : mine} cat={cat} />
              ) : (
                <Tree value={state.game} ctx={ctx} />
              )}
            </section>
          )}
        <aside class="table-side">
          {lastLine && (
            <p class="last-play" data-testid="last-play" aria-live="polite">
              {lastLine}
            </p>
          )}
          {me && !watching && !result && (
            <section class="decisions" aria-live="polite">
              <h3>{me.acting ? "Your decision" : "Waiting for the others"}</h3>
              <div class="buttons">
                {me.acting &&
                  legal.map((action, i) => (
                    <button key={`${state.step}-${i}`} type="button" data-testid="decision" disabled={!canAct} data-confirm={confirms[i] ? "true" : undefined} onClick={() => choose(i)}>
                      {labels[i] ?? JSON.stringify(action)}
                    </button>
                  ))}
              </div>
              {refusal && <p class="problem">Refused: {refusal}</p>}
              <Stops room={room} cat={cat} stops={me.stops} />
            </section>
          )}
          <section class="log" data-testid="log">
            <h3>What happened (latest first)</h3>
            <EventLog lines={logLines} />
          </section>
        </aside>
      </div>
      {menu && <DecisionMenu menu={menu} labels={labels} onPick={(i) => choose(i)} onClose={() => setMenu(null)} />}
      {asking !== null && (
        <ConfirmDialog
          label={labels[asking] ?? "This decision"}
          reason={confirms[asking] ?? ""}
          onNo={() => setAsking(null)}
          onYes={() => {
            const i = asking;
            setAsking(null);
            void act(i);
          }}
        />
      )}

      <details class="raw" data-testid="raw" onToggle={(e) => setRawOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary>Raw state (for developers)</summary>
        {rawOpen && <div class="boards">
          {me?.secret !== undefined && (
            <section class="board private" data-testid="private">
              <h3>Yours (only you see this)</h3>
              <Tree value={me.secret} ctx={ctx} />
            </section>
          )}
          {state.game !== undefined && (
            <section class="board public" data-testid="public">
              <h3>Table</h3>
              <Tree value={state.game} ctx={ctx} />
            </section>
          )}
        </div>}
      </details>
    </main>
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

function EventLog({ lines }: { lines: string[] }) {
  const shown = lines.slice().reverse();
  if (shown.length === 0) return <p class="none">Nothing yet.</p>;
  return (
    <ul class="events" data-testid="events">
      {shown.map((line, i) => (
        <li key={lines.length - i}>{line}</li>
      ))}
    </ul>
  );
}
