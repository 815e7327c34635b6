/**
 * The replay viewer (`#/replay/<matchId>`, optionally `?step=N&seat=S`): any stored match, step
 * by step, as one seat saw it or as a spectator. The match (`GET /api/matches/:id`) gives the
 * players, the replay record (`GET /api/matches/:id/replay`) the decisions; each step's view and
 * event log come from `GET /api/matches/:id/replay?step=N[&seat=S]`, through a small cache (one
 * request at a time, the newest wish first, the next step fetched ahead). While a step loads the
 * previous one stays on screen. Keys: ← → one step, Home / End the first / last.
 */
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { fetchCatalog } from "./api.ts";
import { indexCatalog, lookup, Ref, type CatalogIndex } from "./catalog.tsx";
import { gameTitle } from "./games.ts";
import { kindWords, when } from "./History.tsx";
import { fetchMatch, fetchReplay, StepCache, type MatchSummary, type ReplayRecord, type StepEvents, type StepView } from "./matches.ts";
import { clock, handEntry, reasonWords, splitHand } from "./replayWords.ts";
import { describeAction, describeEvents, learnInstances, wordsContext, type GameEvent, type WordsContext } from "./words.ts";
import { Tree, type ViewContext } from "./view.tsx";
import { BOARDS } from "./boards/index.ts";
import { botWords, playerName } from "./names.ts";
import "./history.css";

/** Events shown in the log (the newest ones; a long match has thousands). */
const LOG_LINES = 200;

function initialFromHash(): { step: number | null; seat: number | null } {
  const q = new URLSearchParams(location.hash.split("?")[1] ?? "");
  const step = q.get("step");
  const seat = q.get("seat");
  return {
    step: step !== null && /^\d+$/.test(step) ? Number(step) : null,
    seat: seat !== null && /^\d+$/.test(seat) ? Number(seat) : null,
  };
}

export function Replay({ matchId }: { matchId: string }) {
  const [match, setMatch] = useState<MatchSummary | null>(null);
  const [record, setRecord] = useState<ReplayRecord | null>(null);
  const [cat, setCat] = useState<CatalogIndex | null>(null);
  const [problem, setProblem] = useState("");
  const initial = useMemo(initialFromHash, [matchId]);
  const [step, setStep] = useState(initial.step ?? 0);
  const [seat, setSeat] = useState<number | null>(initial.seat);
  const [, setTick] = useState(0);
  const bump = () => setTick((n) => n + 1);

  useEffect(() => {
    let live = true;
    Promise.all([fetchMatch(matchId), fetchReplay(matchId)]).then(
      ([m, r]) => {
        if (!live) return;
        setMatch(m);
        setRecord(r);
        setStep((s) => Math.min(s, r.steps.length));
        setSeat((s) => (s !== null && s < r.seats.length ? s : null));
        fetchCatalog(m.game).then(
          (c) => live && setCat(indexCatalog(c)),
          () => {},
        );
      },
      (e: unknown) => live && setProblem(`Could not load match ${matchId}: ${(e as Error).message}`),
    );
    return () => {
      live = false;
    };
  }, [matchId]);

  const total = record?.steps.length ?? 0;
  const cache = useMemo(() => (record ? new StepCache(matchId, total, bump) : null), [record, matchId]);

  useEffect(() => {
    cache?.want(step, seat);
    // The address follows the step and seat (a link to this very moment), without a new route.
    if (record) {
      const q = new URLSearchParams({ step: String(step) });
      if (seat !== null) q.set("seat", String(seat));
      window.history.replaceState(null, "", `#/replay/${encodeURIComponent(matchId)}?${q}`);
    }
  }, [cache, step, seat]);

  const go = (to: number) => setStep(Math.max(0, Math.min(total, to)));

  // Keyboard: arrows step, Home/End jump (not while a field has the focus: it has its own keys).
  const stepRef = useRef(step);
  stepRef.current = step;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const to = e.key === "ArrowLeft" ? stepRef.current - 1 : e.key === "ArrowRight" ? stepRef.current + 1 : e.key === "Home" ? 0 : e.key === "End" ? Infinity : null;
      if (to === null) return;
      e.preventDefault();
      setStep(Math.max(0, Math.min(total, to)));
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [total]);

  // What is on screen: this step's view once here, else the last one shown from the same
  // perspective (marked as loading): another seat's private part is never shown under this one.
  const shown = useRef<StepView | null>(null);
  const current = cache?.get(step, seat);
  if (current) shown.current = current;
  const view = shown.current && shown.current.seat === seat ? shown.current : null;
  const loadError = cache?.error(step, seat);

  // Instances by card, per perspective (a spectator never learns a hand's instances this way).
  const known = useRef(new Map<string, Map<string, string>>());
  const instances = useMemo(() => {
    const key = String(seat);
    const map = known.current.get(key) ?? new Map<string, string>();
    known.current.set(key, map);
    if (view && view.seat === seat) learnInstances(view.view, map);
    return map;
  }, [view, seat]);

  if (problem) {
    return (
      <main class="replay">
        <p class="problem" data-testid="problem">
          {problem}
        </p>
        <a href="#/history">Back to the history</a>
      </main>
    );
  }
  if (!match || !record || !cache) return <main class="replay">Loading the match…</main>;

  const nameBySeat = new Map(match.players.map((p) => [p.seat, p.name]));
  const seatName = (s: number) => nameBySeat.get(s) ?? `Seat ${s + 1}`;
  const ctx: ViewContext = { cat, seatName, game: match.game };
  const words = wordsContext(match.game, cat, seatName, view?.view);
  for (const [uid, def] of instances) words.instances.set(uid, def);
  const acted = step > 0 ? record.steps[step - 1] : null;
  const loading = !current && !loadError;
  const atEnd = step === total;
  const { hand, rest } = splitHand(view?.view);
  // The same board as the live table, for any step and perspective (the raw view stays under it).
  const BoardOf = BOARDS[match.game];
  const boardSeats = match.players.map((p) => ({ seat: p.seat, name: playerName(p.name) || `Player ${p.seat + 1}`, connected: true, acting: false, bot: false }));
  const timings = cache.timings;
  const avg = timings.length ? timings.reduce((a, b) => a + b, 0) / timings.length : 0;

  return (
    <main class="replay" data-testid="replay" data-step={step} data-seat={seat ?? ""} data-loading={loading ? "true" : "false"}>
      <header class="replay-head">
        <h2>
          {gameTitle(match.game)} <span class="muted">replay</span>
        </h2>
        <span class="muted">
          <time dateTime={match.endedAt}>{when(match.endedAt)}</time> · {match.mode} · {clock(Date.parse(match.endedAt) - Date.parse(match.startedAt))}
        </span>
        <a href="#/history">All matches</a>
      </header>

      <ol class="replay-players">
        {match.players
          .slice()
          .sort((a, b) => a.seat - b.seat)
          .map((p) => (
            <li key={p.seat} class={`${p.seat === seat ? "viewer" : ""}${acted?.seat === p.seat ? " acting" : ""}`}>
              <b>{p.name}</b> <span class={`kind kind-${kindWords(p.kind)}`}>{p.kind === "bot" ? botWords(p.botLevel) : kindWords(p.kind)}</span>
              {atEnd && <span class="rank">rank {p.rank}</span>}
            </li>
          ))}
      </ol>

      <section class="replay-controls" aria-label="Step">
        <div class="replay-buttons">
          <button type="button" data-testid="first" disabled={step === 0} onClick={() => go(0)} title="First step (Home)" aria-label="First step">
            «
          </button>
          <button type="button" data-testid="back" disabled={step === 0} onClick={() => go(step - 1)} title="Back (←)" aria-label="Back one step">
            ◀
          </button>
          <span class="step-number" data-testid="step-number" data-step={step} aria-live="polite">
            {step} / {total}
          </span>
          <button type="button" data-testid="forward" disabled={atEnd} onClick={() => go(step + 1)} title="Forward (→)" aria-label="Forward one step">
            ▶
          </button>
          <button type="button" data-testid="last" disabled={atEnd} onClick={() => go(total)} title="Last step (End)" aria-label="Last step">
            »
          </button>
        </div>
        <input type="range" class="replay-slider" data-testid="slider" min={0} max={total} value={step} aria-label="Step" onInput={(e) => go(Number((e.currentTarget as HTMLInputElement).value))} />
        <label class="perspective">
          Seen by{" "}
          <select
            data-testid="perspective"
            value={seat === null ? "" : String(seat)}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLSelectElement).value;
              setSeat(v === "" ? null : Number(v));
            }}
          >
            <option value="">a spectator</option>
            {record.seats.map((_, s) => (
              <option key={s} value={String(s)}>
                {seatName(s)}
              </option>
            ))}
          </select>
        </label>
        <span class={`loading${loading ? " on" : ""}`} data-testid="loading" aria-hidden={!loading}>
          {loading ? "loading…" : timings.length ? `${Math.round(avg)} ms a step` : ""}
        </span>
      </section>

      <p class="acted" data-testid="acted">
        {acted ? (
          <>
            <b>Step {step}:</b> {seatName(acted.seat)} chose <span data-testid="acted-action">{describeAction(words, acted.action, acted.seat)}</span>
            {acted.auto === true && <span class="tag warn"> time ran out: default decision</span>}
            {acted.auto === "forced" && <span class="tag"> the only possible decision: made at once</span>}
            {acted.auto === "stop" && <span class="tag"> made by the player's stop</span>}
            {typeof acted.at === "number" && <span class="muted"> at {clock(acted.at)}</span>}
          </>
        ) : (
          <>Start of the match: nobody has decided yet.</>
        )}
      </p>

      {loadError && (
        <p class="problem">
          Could not load step {step}: {loadError}
        </p>
      )}

      {atEnd && (
        <section class="result replay-result" data-testid="result">
          <h3>Result: {reasonWords(cat, match.outcome.reason)}</h3>
          <ol>
            {match.players
              .slice()
              .sort((a, b) => a.rank - b.rank || a.seat - b.seat)
              .map((p) => (
                <li key={p.seat}>
                  {p.rank}. {p.name}
                </li>
              ))}
          </ol>
        </section>
      )}

      <div class={`replay-body${loading ? " stale" : ""}`}>
        <div class="boards">
          {seat !== null && (
            <section class="board private" data-testid="hand" data-seat={seat}>
              <h3>{seatName(seat)}'s hand</h3>
              {hand && hand.length > 0 ? (
                <div class="hand-cards">
                  {hand.map((x, i) => {
                    const { key, card, name } = handEntry(x);
                    return (
                      <span key={`${key}-${i}`} data-testid="hand-card" data-key={key}>
                        <HandCard cat={cat} card={card} name={name} />
                      </span>
                    );
                  })}
                </div>
              ) : (
                <p class="none">{view ? "No card in hand." : "…"}</p>
              )}
            </section>
          )}
          <section class="board public" data-testid="replay-view">
            <h3>{seat === null ? "The table, as a spectator saw it" : `The table, as ${seatName(seat)} saw it`}</h3>
            {view?.board && BoardOf ? (
              <>
                <BoardOf game={view.board.game} secret={view.board.secret} seats={boardSeats} me={seat} cat={cat} />
                <details class="raw">
                  <summary>Raw view (for developers)</summary>
                  <Tree value={rest} ctx={ctx} />
                </details>
              </>
            ) : view ? (
              <Tree value={rest} ctx={ctx} />
            ) : (
              <p class="muted">Loading…</p>
            )}
          </section>
        </div>

        <section class="log" data-testid="replay-log">
          <h3>What happened (latest first)</h3>
          <EventLog events={view?.events ?? []} step={view?.step ?? 0} words={words} />
        </section>
      </div>
    </main>
  );
}

/** A card in hand: its catalog box (a copy number `#5` ignored), else its name. */
function HandCard({ cat, card, name }: { cat: CatalogIndex | null; card: string; name?: string }) {
  const base = card.replace(/#\d+$/, "");
  if (!lookup(cat, card) && base !== card && lookup(cat, base)) return <Ref cat={cat} id={base} />;
  if (!lookup(cat, card) && name) return <span class="term">{name}</span>;
  return <Ref cat={cat} id={card} />;
}

function EventLog({ events: groups, step, words }: { events: StepEvents[]; step: number; words: WordsContext }) {
  const events = groups.flatMap((g) => g.events.map(({ to: _to, ...event }) => ({ at: g.step, event: event as GameEvent })));
  if (events.length === 0) return <p class="none">Nothing yet.</p>;
  // Every line is described (earlier ones name cards for later ones); the newest are shown.
  const lines = describeEvents(
    words,
    events.map((e) => e.event),
  );
  const shown = events
    .map((e, i) => ({ at: e.at, line: lines[i]! }))
    .slice(-LOG_LINES)
    .reverse();
  return (
    <ul class="events replay-events" data-testid="replay-events" data-count={events.length}>
      {shown.map(({ at, line }, i) => (
        <li key={events.length - i} class={at === step ? "now" : ""} data-step={at}>
          {typeof at === "number" && <span class="at">{at}</span>}
          {line}
        </li>
      ))}
    </ul>
  );
}
