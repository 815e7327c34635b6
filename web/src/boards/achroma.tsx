/**
 * The Achroma board (2–6 players): every seat's Canvas (Locations, Characters with the Objects,
 * Riders and PARASITES attached to them), Bank, hand and Palette as backs with counts, Dregs face
 * up; the turn, step, pending decision, attack, Reaction window, RESEARCH, REVEAL, HUNTs and the
 * cards being resolved; and, for a seated viewer, their hand, the options of their decision and the
 * Palette cards they look at (from `secret`). The viewer's own area is drawn last (nearest);
 * opponents come first, in turn order from the viewer's left. A spectator sees no private part.
 *
 * Fields: docs/achroma.md ("## State"); cards are looked up in the catalog's `card` section,
 * the other ids in the section their field names.
 *
 * Parts (achroma/): turn.tsx the turn and pending decision, stack.tsx attack / Reaction window /
 * resolving / HUNTs / RESEARCH / REVEAL, seat.tsx a player's Bank, hand, Palette and Dregs,
 * canvas.tsx their Canvas cards, private.tsx the viewer's options and RESEARCH cards; cards.tsx the
 * drawing pieces, words.tsx ids in words, instances.ts uid -> card and what each card is doing.
 */
import { arr } from "./json.ts";
import { collectDefs, collectFocus, type Ctx } from "./achroma/instances.ts";
import { Private } from "./achroma/private.tsx";
import { SeatArea } from "./achroma/seat.tsx";
import { Stack } from "./achroma/stack.tsx";
import { TurnPanel } from "./achroma/turn.tsx";
import type { BoardProps } from "./types.ts";
import "./achroma.css";

export function Board(props: BoardProps) {
  const { game, cat, seats, me } = props;
  const secret = me === null ? null : props.secret;
  const ctx: Ctx = { cat, seats, me, defs: collectDefs(game, secret), focus: collectFocus(game, secret) };
  const players = arr<Record<string, unknown>>(game.players);
  const n = players.length;
  const mineIdx = me === null ? -1 : players.findIndex((p) => p.seat === me);
  // Opponents in turn order starting after the viewer; the viewer last (nearest the bottom).
  const ordered = mineIdx < 0 ? players : [...players.slice(mineIdx + 1), ...players.slice(0, mineIdx), players[mineIdx]];
  return (
    <div class="achroma-board" data-testid="achroma-board" data-players={n}>
      <TurnPanel ctx={ctx} game={game} />
      <Stack ctx={ctx} game={game} />
      <div class="achroma-seats">
        {ordered.map((p) => (
          <SeatArea key={p.seat} ctx={ctx} game={game} player={p} mine={p.seat === me} secret={p.seat === me ? secret : null} said={props.said?.get(p.seat as number)} />
        ))}
      </div>
      {secret && <Private ctx={ctx} game={game} secret={secret} />}
    </div>
  );
}
