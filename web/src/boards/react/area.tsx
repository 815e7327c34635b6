/** One player's area on the Re;ACT board: Artist, damage, hand, Action deck, discard, pool, Masterpiece parts. */
import { CardBox, lookup } from "../../catalog.tsx";
import { SeatSaid } from "../said.tsx";
import type { BoardProps } from "../types.ts";
import { Backs, DamagePips, MiniCard } from "./pieces.tsx";
import type { ReactGame, ReactPlayer, ReactSecret, ReactUnit } from "./state.ts";
import { choiceWords, nm, PART_WORDS, seatTitle, textOf, unitNotes, zoneLabel } from "./words.ts";

/** One player's area: Artist, counters, hand (yours face up, others as backs), deck, discard, pool. */
export function PlayerArea({ props, player, mine }: { props: BoardProps; player: ReactPlayer; mine: boolean }) {
  const { seats, me, cat } = props;
  const game = props.game as ReactGame;
  const secret = props.secret as ReactSecret | null;
  const seat: number = player.seat;
  const s = seats.find((x) => x.seat === seat);
  const units: ReactUnit[] = game.units ?? [];
  const pool = units.filter((u) => u.owner === seat && u.pos === undefined);
  const onBoard = units.filter((u): u is ReactUnit & { pos: number } => u.owner === seat && u.pos !== undefined);
  const discard: string[] = player.discard ?? [];
  const hand: { id: string; name: string }[] = mine && secret ? (secret.hand ?? []) : [];
  const pending: string[] = mine && secret ? (secret.pending ?? []) : [];
  const turn = game.turnPlayer === seat;
  return (
    <section
      class={`react-area react-seat-${seat % 2}${mine ? " react-area-mine" : ""}${turn ? " react-area-turn" : ""}`}
      data-testid={`react-seat-${seat}`}
      aria-label={`${seatTitle(seats, seat, me)}, seat ${seat + 1}`}
      data-area={seat}
    >
      <SeatSaid text={props.said?.get(seat)} />
      <header class="react-area-head">
        <span class={`react-owner react-owner-${seat % 2}`} aria-hidden="true" />
        <b>{seatTitle(seats, seat, me)}</b>
        <span class="react-muted">seat {seat + 1}</span>
        {s?.bot && <span class="react-tag">bot</span>}
        {s && !s.connected && <span class="react-tag react-tag-warn">disconnected</span>}
        {s?.acting && <span class="react-tag react-tag-act">deciding</span>}
        {turn && <span class="react-tag react-tag-turn">Turn Player</span>}
        {player.ascended && <span class="react-tag react-tag-asc">{nm(cat, "ascended", "keyword")}</span>}
      </header>
      <div class="react-area-body">
        <div class="react-artist">
          <MiniCard cat={cat} id={player.artist} section="artist" note={`Artist${player.ascended ? " · Ascended" : ""}`} />
          <DamagePips damage={player.damage ?? 0} />
          {textOf(cat, player.artist, "artist") && (
            <details class="react-sheet">
              <summary>Reference Sheet</summary>
              <p class="react-sheet-text">{textOf(cat, player.artist, "artist")}</p>
            </details>
          )}
        </div>
        <div class="react-counters">
          <span class="react-counter">
            <span class="react-label">Hand</span>
            {mine && secret ? <span>{hand.length} cards</span> : <Backs count={player.handCount ?? 0} label="in hand" />}
          </span>
          <span class="react-counter">
            <span class="react-label">Action deck</span>
            {player.deckCount === undefined ? <span class="react-muted">no Action deck</span> : <Backs count={player.deckCount} label="left" max={3} />}
          </span>
          <span class="react-counter">
            <span class="react-label">On the Field</span>
            {onBoard.length === 0 ? (
              <span class="react-muted">none</span>
            ) : (
              onBoard.map((u) => (
                <span key={u.id}>
                  {nm(cat, u.id, u.kind)} in {zoneLabel(u.pos)}
                </span>
              ))
            )}
          </span>
        </div>
        <div class="react-row">
          <span class="react-label">Pool (off the board)</span>
          {pool.length === 0 ? <span class="react-muted">empty</span> : pool.map((u) => <MiniCard key={u.id} cat={cat} id={u.id} section={u.kind} note={unitNotes(u).join(" · ") || u.kind} />)}
        </div>
        <div class="react-row">
          <span class="react-label">Masterpiece parts not placed</span>
          {(player.mpUnplaced ?? []).length === 0 ? (
            <span class="react-muted">none</span>
          ) : (
            (player.mpUnplaced as number[]).map((p) => (
              <MiniCard key={p} cat={cat} id={`${player.artist}:${p}`} section="masterpiece" note={`${PART_WORDS[p] ?? p} part`} refKey={`zone:masterpiece_part:${seat}:${p}`} />
            ))
          )}
        </div>
        <details class="react-discard">
          <summary>
            <span class="react-label">Discard</span> {discard.length} card{discard.length === 1 ? "" : "s"}
            {discard.length > 0 && <> · top: {nm(cat, discard[discard.length - 1], "card_copy")}</>}
          </summary>
          <div class="react-row">
            {discard.map((id) => (
              <MiniCard key={id} cat={cat} id={id} section="card_copy" />
            ))}
          </div>
        </details>
        {mine && secret && (
          <div class="react-hand" data-testid="react-hand">
            <span class="react-label">Your hand</span>
            {hand.length === 0 ? (
              <span class="react-muted">empty</span>
            ) : (
              <div class="react-hand-cards">
                {hand.map((h) => {
                  const found = lookup(cat, h.id, "card_copy");
                  return found ? (
                    <span key={h.id} class="react-hand-card" data-card={`card_copy:${h.id}`} data-name={found.entry.name} data-ref={`card:${h.id}`}>
                      <CardBox entry={found.entry} />
                    </span>
                  ) : (
                    <span key={h.id} class="react-mini react-mini-full" data-card={`card_copy:${h.id}`} data-name={h.name} data-ref={`card:${h.id}`}>
                      <b class="react-mini-name">{h.name || h.id}</b>
                    </span>
                  );
                })}
              </div>
            )}
          </div>
        )}
        {mine && secret && pending.length > 0 && (
          <div class="react-pending">
            <span class="react-label">Your pending choices{game.promptKind ? `: ${nm(cat, game.promptKind, "prompt")}` : ""}</span>
            <ol>
              {pending.map((raw, i) => (
                <li key={i}>{choiceWords(raw, game, secret.seat ?? seat, cat)}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </section>
  );
}
