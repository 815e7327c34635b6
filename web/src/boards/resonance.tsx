/**
 * Resonance's board (docs/resonance.md "## State"): the turn bar (phase, turn, whose turn, player
 * actions, who decides, Main Deck, Discard Pile, Slow queue), World Weaving (rolls, pool, picks,
 * Chaos Slots), the Opposed Roll / Support in progress, and one area per seat: counters, colours,
 * Codex blocks, Immunized tags, the Player unit and its Animations with their Items, Tags and
 * keywords. The viewer's own area is last (nearest), with the hand, the Sensor peek and the options
 * of the viewer's pending choice from `secret`; other hands are card backs with their count.
 * Every id is named through the catalog in its own section (the same string can be a keyword and a
 * tag, a module and a colour).
 *
 * Parts (resonance/): words.tsx ids in words, cards.tsx the drawing pieces, unit.tsx a unit in
 * play, seat.tsx a seat's area and the viewer's private part, combat.tsx the roll in progress,
 * draft.tsx World Weaving.
 */
import { lookup } from "../catalog.tsx";
import { arr } from "./json.ts";
import { Back, Card, Stat } from "./resonance/cards.tsx";
import { Combat } from "./resonance/combat.tsx";
import { Draft } from "./resonance/draft.tsx";
import { SeatArea } from "./resonance/seat.tsx";
import { nameIn, seatName, Term, unitName, type Ctx, type Json } from "./resonance/words.tsx";
import type { BoardProps } from "./types.ts";
import "./resonance.css";

export function Board(props: BoardProps) {
  const { game, cat, seats, me } = props;
  const secret = me === null ? null : props.secret;
  const ctx: Ctx = { cat, seats, me };
  const players = arr<Json>(game.players);
  const phase = String(game.phase ?? "");
  const discard = arr<string>(game.discard);
  const actors = arr<number>(game.actors);
  const slowQueue = arr<string>(game.slowQueue);
  // Opponents across (in seat order after yours), your own area last, nearest.
  const ordered = me === null ? players : [...players.filter((p) => Number(p.seat) > me), ...players.filter((p) => Number(p.seat) < me), ...players.filter((p) => Number(p.seat) === me)];
  return (
    <div class="resonance-board" data-testid="board" data-game="resonance">
      <section class="resonance-bar">
        <Stat label="Phase" value={<Term cat={cat} id={phase} section="phase" />} />
        <Stat label="Turn" value={game.turn ?? 0} />
        {phase !== "draft" && <Stat label="Turn Player" value={me === game.turnSeat ? "you" : seatName(ctx, Number(game.turnSeat ?? 0))} />}
        {phase !== "draft" && <Stat label="Player actions this turn" value={game.playerActions ?? 0} />}
        <Stat label="Deciding" value={actors.length ? actors.map((s) => (s === me ? "you" : seatName(ctx, s))).join(", ") : "nobody"} />
        {me === null && <span class="resonance-flag">spectating</span>}
      </section>
      {slowQueue.length > 0 && (
        <div class="resonance-seat-row resonance-slow">
          <span class="resonance-k">Slow Tag: still to decide (pay 1 EN or stay spent)</span>
          {slowQueue.map((u, i) => (
            <span key={i} class="resonance-term">
              {unitName(ctx, u)}
            </span>
          ))}
        </div>
      )}
      <Draft ctx={ctx} draft={(game.draft ?? {}) as Json} open={phase === "draft"} />
      {game.combat ? <Combat ctx={ctx} combat={game.combat as Json} /> : null}
      <section class="resonance-shared">
        <Back label="Main Deck" count={Number(game.mainDeckCount ?? 0)} />
        <div class="resonance-discard">
          <span class="resonance-k">Discard Pile ({discard.length})</span>
          {discard.length > 0 ? (
            <>
              <div class="resonance-cards">
                <Card cat={cat} id={discard[discard.length - 1]!} note="top" />
              </div>
              {discard.length > 1 && (
                <details class="resonance-details">
                  <summary>All {discard.length} discarded cards, oldest first</summary>
                  <ol class="resonance-discard-list">
                    {discard.map((c, i) => (
                      <li key={i} title={lookup(cat, c, "card")?.entry.text ?? ""} data-testid="card" data-id={c}>
                        {nameIn(cat, c, "card")}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </>
          ) : (
            <span class="resonance-none">empty</span>
          )}
        </div>
      </section>
      <div class="resonance-seats">
        {ordered.map((p) => (
          <SeatArea key={p.seat} ctx={ctx} game={game} player={p} secret={Number(p.seat) === me ? secret : null} said={props.said?.get(Number(p.seat))} />
        ))}
      </div>
    </div>
  );
}

export default Board;
