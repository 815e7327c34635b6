import { arr } from "../json.ts";
import { Row } from "./cards.tsx";
import { str, type Ctx } from "./instances.ts";
import { optionWords, seatName } from "./words.tsx";

/** The viewer's private part beyond the hand: their decision's options and RESEARCH cards. */
export function Private({ ctx, game, secret }: { ctx: Ctx; game: Record<string, unknown>; secret: Record<string, unknown> }) {
  const options = arr(secret.options).map(str);
  const looking = arr(secret.looking).map(str);
  const kind = str(game.promptSeat === secret.seat ? game.promptKind : "");
  const step = str(game.promptSeat === secret.seat ? game.promptStep : "");
  return (
    <section class="achroma-private" data-testid="achroma-private">
      <h4 class="achroma-zone-title">Only you see this ({seatName(ctx, Number(secret.seat ?? ctx.me ?? 0))})</h4>
      <div>
        <b>Your options:</b>{" "}
        {options.length ? (
          options.map((o, i) => (
            <span key={i} class="achroma-option">
              {optionWords(ctx, o, kind, step)}
            </span>
          ))
        ) : (
          <span class="achroma-dim">no pending choice</span>
        )}
      </div>
      <div>
        <b>Top of your Palette (RESEARCH), in order:</b> {looking.length ? <Row ctx={ctx} refs={looking} /> : <span class="achroma-dim">not looking at any</span>}
      </div>
    </section>
  );
}
