/** @jsxImportSource preact */
/** What only the seat sees: its Rei pool and its own decision with the options in words. */
import { nameOf } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { Term } from "./cards.tsx";
import { SUITS, type Ctx, type Player, type Secret } from "./state.ts";
import { optionWords } from "./words.ts";

export function Private({ ctx, priv, mine, game }: { ctx: Ctx; priv: Secret; mine: Player; game: Record<string, unknown> }) {
  const rival = arr<Player>(game.players).find((q) => q.seat !== mine.seat);
  const rei = priv.rei ?? {};
  const options = arr<string>(priv.options);
  const total = SUITS.reduce((n, s) => n + (rei[s] ?? 0), 0);
  return (
    <section class="solrei-private" data-testid="board-private">
      <div class="solrei-rei">
        <span class="solrei-stat-label">Your Rei pool ({total})</span>
        {SUITS.map((s) => (
          <span key={s} class={`solrei-rei-suit solrei-suit-${s}`} title={ctx.cat?.catalog.sections.suit?.[s]?.text ?? ""}>
            {nameOf(ctx.cat, s, "suit")} <b>{rei[s] ?? 0}</b>
          </span>
        ))}
      </div>
      <div class="solrei-your-prompt">
        {priv.promptKind ? (
          <>
            Your decision: <Term ctx={ctx} id={priv.promptKind} section="prompt" />
            {priv.promptPurpose && (
              <>
                {" "}
                (<Term ctx={ctx} id={priv.promptPurpose} section="purpose" />)
              </>
            )}
            {priv.promptLeft ? ` · ${priv.promptLeft} pick${priv.promptLeft === 1 ? "" : "s"} left` : ""}
            {options.length > 0 && (
              <ul class="solrei-options" aria-label="Options">
                {options.map((o) => (
                  <li key={o}>{optionWords(ctx, o, priv.promptPurpose ?? "", mine, rival, priv)}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <span>No decision of yours pending</span>
        )}
      </div>
    </section>
  );
}
