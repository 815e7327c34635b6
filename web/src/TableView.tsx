/**
 * The table once its room is known, for a seat or a spectator: the head, the seats, the game's
 * board (web/src/boards/<game>.tsx), this seat's decisions as buttons (labels parallel to
 * `legal`; the board's outlined things make the same decisions, picking.tsx), the result, the
 * event log in words, and what the others just did beside their areas (opponentWords.ts).
 */
import type { Room } from "@colyseus/sdk";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { BOARDS } from "./boards/index.ts";
import type { BoardSeat } from "./boards/types.ts";
import { useBoardInSight } from "./boardScroll.ts";
import { fetchCatalog } from "./api.ts";
import { indexCatalog, type CatalogIndex } from "./catalog.tsx";
import { ConnectionBanner } from "./ConnectionBanner.tsx";
import { EventLog } from "./EventLog.tsx";
import { gameTitle } from "./games.ts";
import { playerName } from "./names.ts";
import { freshCount, opponentWords } from "./opponentWords.ts";
import { ConfirmDialog, DecisionMenu, decisionsByKey, useTableMarks, type Menu, type Ref } from "./picking.tsx";
import { Stops } from "./PlayFlow.tsx";
import { ResultPanel } from "./ResultPanel.tsx";
import { SeatList } from "./SeatList.tsx";
import { feedOf, leave, stopWatching, type SeatLink } from "./session.ts";
import { parseList, resultOf, STATUS_WORDS, type Outcome, type StateView } from "./tableState.ts";
import { describeEvents, learnInstances, wordsContext, type GameEvent } from "./words.ts";
import { Tree, type ViewContext } from "./view.tsx";

/** At most one decision every 60 ms: the server takes 20 messages per second per client. */
const PACE_MS = 60;
/** How long what another seat just did stays in words beside its area. */
const SAID_MS = 4000;

export function TableView({ room, game, watching, link }: { room: Room; game: string; watching: boolean; link?: SeatLink }) {
  const [cat, setCat] = useState<CatalogIndex | null>(null);
  const [rawOpen, setRawOpen] = useState(false);
  const [, setVersion] = useState(0);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [left, setLeft] = useState(false);
  // How many of `events` the latest message brought (what one step did), and the newest seen.
  const [fresh, setFresh] = useState(0);
  const newest = useRef<unknown>(undefined);
  const [said, setSaid] = useState<Map<number, string>>(new Map());
  const saidTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
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
      const all = feed.events;
      // The history the table opens with is not news; every later message is.
      setFresh(newest.current === undefined ? 0 : freshCount(all, newest.current));
      newest.current = all.length > 0 ? all[all.length - 1] : null;
      setEvents(all.slice() as GameEvent[]);
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
  const allLines = useMemo(() => {
    const words = wordsContext(game, cat, seatName, state.game);
    if (me?.secret && typeof me.secret === "object") learnInstances(me.secret, words.instances);
    return describeEvents(words, events);
  }, [events, cat, names, state.step]);
  const logLines = allLines.slice(-80);
  // What the other seats just did, beside their areas for a moment (a later step adds to it):
  // worked out once per message, not again when the state alone moves on.
  const found = useMemo(() => (fresh === 0 ? new Map<number, string>() : opponentWords(events.slice(-fresh), allLines.slice(-fresh), watching ? null : mine, seatName)), [events]);
  useEffect(() => {
    if (found.size === 0) return;
    setSaid((before) => new Map([...before, ...found]));
    if (saidTimer.current) clearTimeout(saidTimer.current);
    saidTimer.current = setTimeout(() => setSaid(new Map()), SAID_MS);
  }, [found]);
  useEffect(() => () => void (saidTimer.current && clearTimeout(saidTimer.current)), []);
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
  // The latest line beside the first thing it changed, unless it is another seat's: that one is in their area.
  useTableMarks(boardRef, involved, state.step, canAct, said.size > 0 || found.size > 0 ? "" : lastLine);
  useBoardInSight(boardRef, state.game !== undefined && !watching, canAct, [state.step, me?.legal, state.game === undefined]);
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
    <main
      class={`table${watching ? " watch" : ""}${away ? " away" : ""}`}
      data-testid="table"
      data-link={link?.state}
      data-status={state.status ?? ""}
      data-seat={mine}
      data-step={state.step ?? ""}
      data-watching={watching ? "true" : undefined}
    >
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

      <SeatList seats={seats} mine={mine} />

      {result && <ResultPanel result={result} room={room} game={game} seats={seats} mine={mine} watching={watching} cat={cat} seatName={seatName} />}

      <div class="table-main">
        {state.game !== undefined && (
          // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; every decision is also a button in the decision list
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the board scrolls, so it must take focus for the keyboard to scroll it
          <section class="board" data-testid="board-area" data-game={game} ref={boardRef} onClick={onBoardClick} tabIndex={0} aria-label="The table">
            {BoardOf ? (
              <BoardOf
                game={state.game as Record<string, unknown>}
                secret={!watching && me?.secret && typeof me.secret === "object" ? (me.secret as Record<string, unknown>) : null}
                seats={boardSeats}
                me={watching || mine < 0 ? null : mine}
                cat={cat}
                said={said}
              />
            ) : (
              <Tree value={state.game} ctx={ctx} />
            )}
          </section>
        )}
        <aside class="table-side">
          {/* On a phone this part is pinned to the bottom of the screen: what just happened and your choice. */}
          <div class="pinned" data-testid="decision-bar">
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
              </section>
            )}
          </div>
          {me && !watching && !result && <Stops room={room} cat={cat} stops={me.stops} />}
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
        {rawOpen && (
          <div class="boards">
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
          </div>
        )}
      </details>
    </main>
  );
}
