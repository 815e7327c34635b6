/** @jsxImportSource preact */
/**
 * The SolRei board: the two players' sides of the table (the viewer's own nearest, the Rival's
 * across), the Exchange between them, and a status bar (Act, round, score, stage, ability
 * window, pending decision). Every field of the public state (`game`) and, for a seat, of its
 * `secret` is shown in words (docs/solrei.md "## State"); cards are boxes from the catalog.
 * A spectator (`me` null) sees no private part: hands, face-down Arts, the Muse and Advantage
 * while face down and face-down Action Cards are backs with counts.
 *
 * Parts (solrei/): status.tsx the status bar, exchange.tsx the Exchange, seat.tsx a player's side
 * (Muse, Advantage, Arts, Action Card, Damage, Deck, Discard pile, hand), private.tsx the Rei pool
 * and your decision; cards.tsx the drawing pieces, words.ts ids in words, state.ts the state's shapes.
 */
import { arr } from "./json.ts";
import { StackList } from "./solrei/exchange.tsx";
import { SeatArea } from "./solrei/seat.tsx";
import type { Ctx, Player, Secret, StackItem } from "./solrei/state.ts";
import { Status } from "./solrei/status.tsx";
import type { BoardProps } from "./types.ts";
import "./solrei.css";

export function Board(props: BoardProps) {
  const { game, seats, cat } = props;
  const me = props.me;
  // A spectator never reads a secret, even if one was passed by mistake.
  const priv = me !== null && props.secret ? (props.secret as Secret) : null;
  const players = arr<Player>(game.players);
  const seatInfo = (seat: number) => seats.find((s) => s.seat === seat);
  const seatName = (seat: number) => seatInfo(seat)?.name || `Seat ${seat + 1}`;
  const ctx: Ctx = { cat, seatName, seatInfo };
  const nearSeat = me !== null && players.some((p) => p.seat === me) ? me : (players[0]?.seat ?? 0);
  const far = players.filter((p) => p.seat !== nearSeat);
  const near = players.find((p) => p.seat === nearSeat);

  return (
    <div class="solrei-board" data-testid="board" data-game="solrei" data-me={me ?? ""}>
      <Status ctx={ctx} game={game} players={players} />
      {far.map((p) => (
        <SeatArea key={p.seat} ctx={ctx} p={p} game={game} priv={null} near={false} me={me} said={props.said?.get(p.seat)} />
      ))}
      <section class="solrei-exchange" data-testid="board-exchange">
        <StackList ctx={ctx} items={arr<StackItem>(game.stack)} players={players} priv={priv} title="The Exchange" empty="empty" />
        {arr<StackItem>(game.resolving).length > 0 && <StackList ctx={ctx} items={arr<StackItem>(game.resolving)} players={players} priv={priv} title="Resolving now" empty="nothing" />}
      </section>
      {near && <SeatArea ctx={ctx} p={near} game={game} priv={priv} near={true} me={me} said={props.said?.get(near.seat)} />}
    </div>
  );
}
