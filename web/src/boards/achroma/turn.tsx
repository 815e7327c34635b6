/**
 * The turn (rulebook "TAKING YOUR TURN"): turn, step, active and first player, Deploys and Trades,
 * and the pending decision (with a Prevent's bounds).
 */
import { arr } from "../json.ts";
import { Stat } from "./cards.tsx";
import { str, type Ctx } from "./instances.ts";
import { optionWords, seatName, Term } from "./words.tsx";

/** The most Deploys a player may make in a turn (rulebook: "Deploy up to 3 cards"). */
const DEPLOYS_PER_TURN = 3;

export function TurnPanel({ ctx, game }: { ctx: Ctx; game: Record<string, unknown> }) {
  const promptKind = str(game.promptKind);
  const promptStep = str(game.promptStep);
  const promptOptions = arr(game.promptOptions).map(str);
  const hasPrompt = promptKind !== "" || typeof game.promptSeat === "number";
  return (
    <section class="achroma-status" data-testid="achroma-status">
      <div class="achroma-status-line">
        <Stat label="Turn" value={game.turn ?? 0} />
        <Stat label="Step" value={<Term ctx={ctx} id={str(game.phase)} section="phase" />} />
        <Stat label="Active player" value={typeof game.active === "number" ? seatName(ctx, game.active) : "—"} />
        <Stat label="First player" value={typeof game.first === "number" ? seatName(ctx, game.first) : "—"} />
        <Stat label="Deploys this turn" value={`${game.deployed ?? 0} of ${DEPLOYS_PER_TURN}`} />
        <Stat label="Trades this turn" value={game.traded ?? 0} />
      </div>
      <div class="achroma-prompt" data-testid="achroma-prompt">
        {hasPrompt ? (
          <>
            <b>{typeof game.promptSeat === "number" ? seatName(ctx, game.promptSeat) : "Someone"}</b> must decide: <Term ctx={ctx} id={promptKind} section="prompt" />
            {promptStep && (
              <>
                {" — "}
                <Term ctx={ctx} id={promptStep} section={promptKind === "react" ? "trigger" : "step"} />
              </>
            )}
            {promptKind === "prevent" && (
              <span class="achroma-prevent" data-testid="achroma-prevent">
                {" "}
                (up to {Number(game.promptMax ?? 0)} of {Number(game.promptAmount ?? 0)} Shards
                {typeof game.promptFrom === "number" ? ` from ${seatName(ctx, game.promptFrom)}` : ""})
              </span>
            )}
            {promptOptions.length > 0 ? (
              <span class="achroma-options">
                {" "}
                Options:{" "}
                {promptOptions.map((o, i) => (
                  <span key={i} class="achroma-option">
                    {optionWords(ctx, o, promptKind, promptStep)}
                  </span>
                ))}
              </span>
            ) : promptKind === "prevent" ? null : (
              <span class="achroma-dim"> (the options are private to the chooser)</span>
            )}
          </>
        ) : (
          <span class="achroma-dim">No decision pending beyond the active player's turn.</span>
        )}
      </div>
    </section>
  );
}
