/**
 * The table, generic for every game: seats (name, connected, acting, turn clock), this seat's
 * decisions as buttons (labels parallel to `legal`), the public and private state through the
 * catalog, the event log in words, and the result (`finished` message).
 */
import type { Room } from "@colyseus/sdk";
import { useEffect, useRef, useState } from "preact/hooks";
import { fetchCatalog } from "./api.ts";
import { indexCatalog, nameOf, type CatalogIndex } from "./catalog.tsx";
import { describeEvent, type GameEvent } from "./events.ts";
import { gameTitle } from "./games.ts";
import { feedOf, leave, reconnect } from "./session.ts";
import { Tree, type ViewContext } from "./view.tsx";

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
  you?: boolean;
  legal?: string;
  labels?: string;
  secret?: unknown;
}

interface StateView {
  status?: string;
  matchId?: string;
  step?: number;
  result?: unknown;
  game?: unknown;
  seats?: SeatView[];
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

function seconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`;
}

export function Table({ roomId }: { roomId: string }) {
  const [room, setRoom] = useState<Room | null>(null);
  const [game, setGame] = useState("");
  const [problem, setProblem] = useState("");
  const [cat, setCat] = useState<CatalogIndex | null>(null);
  const [, setVersion] = useState(0);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [left, setLeft] = useState(false);
  const [now, setNow] = useState(Date.now());
  const lastSent = useRef(0);

  // Take the room: the one just joined, or the saved seat after a reload.
  useEffect(() => {
    let cancelled = false;
    reconnect(roomId).then(
      (found) => {
        if (cancelled) return;
        if (!found) return setProblem("You have no seat at this table (or it was already taken back). Join it from the lobby.");
        setRoom(found.room);
        setGame(found.game);
      },
      (e: unknown) => !cancelled && setProblem(`Could not take your seat back: ${(e as Error).message}`),
    );
    return () => {
      cancelled = true;
    };
  }, [roomId]);

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
  if (!room) return <main class="table">Taking your seat…</main>;

  const state = ((room.state as { toJSON?: () => unknown } | undefined)?.toJSON?.() ?? {}) as StateView;
  const seats = state.seats ?? [];
  const mine = seats.findIndex((s) => s.you);
  const me = seats[mine];
  const seatName = (seat: number) => seats[seat]?.name || `Seat ${seat}`;
  const ctx: ViewContext = { cat, seatName };
  const result = outcome ?? resultOf(state);
  const legal = parseList<unknown>(me?.legal);
  const labels = parseList<string>(me?.labels);
  const canAct = state.status === "playing" && !!me?.acting && !pending && !result;

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
      setRefusal(reason ? `${reason.code}: ${reason.message ?? ""}` : String((e as Error).message ?? e));
    } finally {
      setPending(false); // the state may have changed meanwhile: the buttons are re-read from it
    }
  };

  return (
    <main class="table" data-testid="table" data-status={state.status ?? ""} data-seat={mine}>
      <header class="table-head">
        <h2>{gameTitle(game)}</h2>
        <span class="room-id">
          room <code data-testid="room-id">{room.roomId}</code>
        </span>
        <span class="status" data-testid="status">
          {state.status ?? "connecting"}
          {typeof state.step === "number" && state.status === "playing" ? ` · step ${state.step}` : ""}
        </span>
        <button type="button" class="quiet" onClick={() => void leave().then(() => (location.hash = "#/"))}>
          Leave
        </button>
      </header>

      {state.status === "waiting" && (
        <p class="hint" data-testid="waiting">
          Waiting for players. Others join with the room id <code>{room.roomId}</code> from the lobby.
        </p>
      )}
      {left && !result && <p class="problem">You left the table (or the connection was lost for good).</p>}

      <ol class="seats">
        {seats.map((s, i) => {
          const remaining = s.deadline ? s.deadline - now : 0;
          return (
            <li key={i} class={`seat${s.acting ? " acting" : ""}${s.you ? " you" : ""}`} data-testid="seat" data-you={s.you ? "true" : undefined}>
              <b>{s.name || (s.occupied ? `Seat ${i}` : "empty seat")}</b>
              {s.you && <span class="tag">you</span>}
              {s.occupied && !s.connected && <span class="tag warn">disconnected</span>}
              {s.acting && <span class="tag act">deciding</span>}
              {s.acting && remaining > 0 && <span class="clock">⏱ {seconds(remaining)}</span>}
              {typeof s.bank === "number" && s.occupied && <span class="bank">bank {seconds(s.bank)}</span>}
            </li>
          );
        })}
      </ol>

      {result && (
        <section class="result" data-testid="result">
          <h3>{mine >= 0 ? (result.ranks[mine] === 1 ? (result.ranks.filter((r) => r === 1).length > 1 ? "A tie" : "You won") : "You lost") : "Match over"}</h3>
          {result.reason && <p>{nameOf(cat, result.reason, "outcome")}</p>}
          <ol>
            {result.ranks
              .map((rank, seat) => ({ rank, seat }))
              .sort((a, b) => a.rank - b.rank)
              .map(({ rank, seat }) => (
                <li key={seat}>
                  {rank}. {seatName(seat)}
                </li>
              ))}
          </ol>
          <a href="#/" onClick={() => void leave()}>
            Back to the lobby
          </a>
        </section>
      )}

      {me && !result && (
        <section class="decisions" aria-live="polite">
          <h3>{me.acting ? "Your decision" : "Waiting for the others"}</h3>
          <div class="buttons">
            {me.acting &&
              legal.map((action, i) => (
                <button key={`${state.step}-${i}`} type="button" data-testid="decision" disabled={!canAct} onClick={() => void act(i)}>
                  {labels[i] ?? JSON.stringify(action)}
                </button>
              ))}
          </div>
          {refusal && <p class="problem">Refused: {refusal}</p>}
        </section>
      )}

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

      <section class="log" data-testid="log">
        <h3>What happened (latest first)</h3>
        <EventLog lines={events.slice(-80).map((e) => describeEvent(cat, e, seatName))} />
      </section>
    </main>
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
