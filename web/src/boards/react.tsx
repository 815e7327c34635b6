/**
 * Re;ACT's board: the 5×5 Field (units, Scales, Murals, Block tokens), the Masterpiece Zone, the
 * React Chain being built, and each seat's area (Artist, damage, Ascended, hand, Action deck,
 * discard, pool, unplaced Masterpiece parts). The viewer's own area is drawn nearest (below the
 * Field) and the Field is turned so that the viewer's side is at the bottom; a spectator sees it
 * from seat 0. The viewer's hand and pending choices come from `secret`; other hands are backs
 * with a count. Field by field, the state is documented in docs/react.md ("## State").
 *
 * Parts (react/): words.ts ids and positions in words, pieces.tsx the drawing pieces, area.tsx a
 * player's area, field.tsx the Field, the Masterpiece Zone and the React Chain.
 */
import { PlayerArea } from "./react/area.tsx";
import { Chain, Field, MasterpieceZone } from "./react/field.tsx";
import type { ReactGame, ReactPlayer } from "./react/state.ts";
import { seatTitle, textOf, nm } from "./react/words.ts";
import type { BoardProps } from "./types.ts";
import "./react.css";

export { zoneLabel } from "./react/words.ts";

export function Board(props: BoardProps) {
  const { seats, me, cat } = props;
  const game = props.game as ReactGame;
  const players: ReactPlayer[] = game.players ?? [];
  const bottomSeat = me ?? 0;
  const flipped = bottomSeat === 1;
  const mine = players.find((p) => p.seat === bottomSeat);
  const others = players.filter((p) => p.seat !== bottomSeat);
  const turnName = seatTitle(seats, game.turnPlayer ?? 0, me);
  const deciding = seats.filter((s) => s.acting).map((s) => seatTitle(seats, s.seat, me));
  return (
    <div class="react-board" data-testid="board" data-game="react" data-flipped={flipped ? "1" : "0"}>
      <div class="react-status" data-testid="react-status">
        <span>
          <b>Turn {game.turn}</b> · {game.turnPlayer === me ? "your turn" : `${turnName}'s turn`}
        </span>
        {(game.chain ?? []).length > 0 && (
          <span>
            React Chain of {game.chain!.length}
            {game.reactor !== undefined && <>: {seatTitle(seats, game.reactor, me)} may react</>}
          </span>
        )}
        {game.promptKind && (
          <span class="react-prompt" title={textOf(cat, game.promptKind, "prompt")}>
            Prompt: {nm(cat, game.promptKind, "prompt")}
            {game.promptSeat !== undefined && <> · waiting on {seatTitle(seats, game.promptSeat, me)}</>}
          </span>
        )}
        {deciding.length > 0 && <span class="react-muted">deciding: {deciding.join(", ")}</span>}
        {me === null && <span class="react-muted">watching ({seatTitle(seats, 0, me)}'s side below)</span>}
      </div>
      <div class="react-opponents">
        {others.map((p) => (
          <PlayerArea key={p.seat} props={props} player={p} mine={false} />
        ))}
      </div>
      <div class="react-middle">
        <Field props={props} flipped={flipped} />
        <div class="react-side">
          <MasterpieceZone props={props} />
          <Chain props={props} />
        </div>
      </div>
      {mine && <PlayerArea props={props} player={mine} mine={me !== null} />}
    </div>
  );
}
