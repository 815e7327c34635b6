/** @jsxImportSource preact */
/** The status bar: Act, round, score, stage, OFFENSE, Showdown, the ability window, the pending decision and the finished Acts. */
import { arr } from "../json.ts";
import { Term } from "./cards.tsx";
import { num, type Ctx, type Player } from "./state.ts";
import { seatList } from "./words.ts";

/** The public fields the status panel reads (docs/solrei.md "## State"). */
interface StatusGame {
  wins?: unknown;
  acts?: unknown;
  actors?: unknown;
  promptSeats?: unknown;
  windowPriority?: unknown;
  showdown?: { winner?: number } | null;
  stage?: string;
  act?: number;
  round?: number;
  offense?: number;
  chooser?: number;
  revealed?: boolean;
  windowTiming?: string;
  windowPasses?: number;
  promptKind?: string;
  promptPurpose?: string;
  promptLeft?: number;
}

export function Status({ ctx, game, players }: { ctx: Ctx; game: StatusGame; players: Player[] }) {
  const wins = arr<number>(game.wins);
  const acts = arr<{ winner?: number; reason?: string }>(game.acts);
  const actors = arr<number>(game.actors);
  const promptSeats = arr<number>(game.promptSeats);
  const priority = num(game.windowPriority);
  const showdown = game.showdown;
  const started = !!game.stage && game.stage !== "choose_first";
  return (
    <header class="solrei-status" data-testid="board-status">
      <div class="solrei-status-main">
        <span class="solrei-act">
          Act <b>{game.act}</b> · Round <b>{game.round}</b>
        </span>
        <span class="solrei-score" title="Acts won (two win the Show)">
          {players.map((p, i) => (
            <span key={p.seat}>
              {i > 0 && " – "}
              {ctx.seatName(p.seat)} <b>{wins[p.seat] ?? 0}</b>
            </span>
          ))}
        </span>
        <span class="solrei-stage">
          <Term ctx={ctx} id={String(game.stage ?? "")} section="stage" />
        </span>
      </div>
      {/* Who is on OFFENSE means something once it is chosen (not while choosing, nor before anyone sat down). */}
      {started && (
        <div class="solrei-status-line">
          <span>
            OFFENSE: <b>{ctx.seatName(game.offense!)}</b>
          </span>
          <span>
            Chose OFFENSE this Act: <b>{ctx.seatName(game.chooser!)}</b>
          </span>
          {game.revealed && <span>Action Cards revealed</span>}
          {showdown && <span class="solrei-showdown">Showdown: {showdown.winner !== undefined && showdown.winner !== null ? `${ctx.seatName(showdown.winner)} wins` : "a tie"}</span>}
        </div>
      )}
      <div class="solrei-status-line">
        {game.windowTiming ? (
          <span class="solrei-window">
            Window <Term ctx={ctx} id={game.windowTiming} section="timing" />
            {priority !== undefined && (
              <>
                {" "}
                · priority <b>{ctx.seatName(priority)}</b>
              </>
            )}{" "}
            · {game.windowPasses ?? 0} pass{game.windowPasses === 1 ? "" : "es"}
          </span>
        ) : null}
        {game.promptKind ? (
          <span class="solrei-prompt" data-testid="board-prompt">
            Decision: <Term ctx={ctx} id={game.promptKind} section="prompt" />
            {game.promptPurpose && (
              <>
                {" "}
                (<Term ctx={ctx} id={game.promptPurpose} section="purpose" />)
              </>
            )}{" "}
            by {seatList(ctx, promptSeats)}
            {game.promptLeft ? ` · ${game.promptLeft} pick${game.promptLeft === 1 ? "" : "s"} left` : ""}
          </span>
        ) : null}
        {actors.length > 0 && (
          <span class="solrei-actors">
            Deciding now: <b>{seatList(ctx, actors)}</b>
          </span>
        )}
      </div>
      {acts.length > 0 && (
        <ol class="solrei-acts" aria-label="Finished Acts">
          {acts.map((a, i) => (
            <li key={i}>
              Act {i + 1}: {a.winner !== undefined && a.winner !== null ? `${ctx.seatName(a.winner)} won` : "nobody won"}
              {a.reason && (
                <>
                  {" "}
                  (<Term ctx={ctx} id={a.reason} section="outcome" />)
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </header>
  );
}
