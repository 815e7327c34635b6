/**
 * One player's area: their Canvas (Locations, Characters), Shard Bank, hand (face up for the
 * viewer, backs for the others), Palette and Dregs (rulebook "YOUR CANVAS" ... "YOUR HAND").
 */
import { arr } from "../json.ts";
import { CanvasRow } from "./canvas.tsx";
import { Back, Backs, Row, Stat, Zone } from "./cards.tsx";
import { splitRef, str, type Card, type Ctx } from "./instances.ts";
import { cardName, seatName, Term } from "./words.tsx";
import { SeatSaid } from "../said.tsx";

export function SeatArea({
  ctx,
  game,
  player,
  mine,
  secret,
  said,
}: {
  ctx: Ctx;
  game: Record<string, unknown>;
  player: Record<string, unknown>;
  mine: boolean;
  secret: Record<string, unknown> | null;
  said?: string;
}) {
  const seat = Number(player.seat ?? 0);
  const slot = ctx.seats.find((s) => s.seat === seat);
  const characters = arr<Card>(player.characters);
  const locations = arr<Card>(player.locations);
  const dregs = arr(player.dregs).map(str);
  const active = game.active === seat;
  const deciding = game.promptSeat === seat || slot?.acting;
  const cls = ["achroma-seat", mine ? "achroma-mine" : "achroma-opponent", active ? "achroma-active" : "", player.out ? "achroma-out" : ""].filter(Boolean).join(" ");
  const hand = secret ? arr(secret.hand).map(str) : [];
  return (
    <section class={cls} data-testid="achroma-seat" data-seat={seat} data-ref={`seat:${seat}`} data-area={seat}>
      <SeatSaid text={said} />
      <header class="achroma-seat-head">
        <b class="achroma-seat-name">{seatName(ctx, seat)}</b>
        {slot?.bot && <span class="achroma-badge">bot</span>}
        {slot && !slot.connected && <span class="achroma-badge achroma-badge-warn">disconnected</span>}
        {active && <span class="achroma-badge achroma-badge-turn">{mine ? "your turn" : "their turn"}</span>}
        {game.first === seat && <span class="achroma-badge">went first</span>}
        {deciding && <span class="achroma-badge achroma-badge-act">deciding</span>}
        {player.out && <span class="achroma-badge achroma-badge-warn">out of the game</span>}
      </header>
      <div class="achroma-counters">
        <Stat label="Bank" value={`${player.bank ?? 0} Shards`} hint="30 Shards wins" />
        <Stat label="Hand" value={player.handCount ?? 0} />
        <Stat label="Palette" value={player.paletteCount ?? 0} />
        <Stat label="Dregs" value={dregs.length} />
        <Stat label="Opening hand" value={<Term ctx={ctx} id={str(player.mulligan)} section="mulligan" />} />
      </div>
      <div class="achroma-zones">
        <Zone title="Locations" count={locations.length} refKey={`zone:canvas:${seat}:`}>
          {locations.length ? <CanvasRow ctx={ctx} cards={locations} controller={seat} /> : <div class="achroma-empty">none</div>}
        </Zone>
        <Zone title="Characters" count={characters.filter((c) => !c.attachedTo).length} refKey={`zone:canvas:${seat}:`}>
          {characters.length ? <CanvasRow ctx={ctx} cards={characters} controller={seat} /> : <div class="achroma-empty">none</div>}
        </Zone>
        {mine && secret ? (
          <Zone title="Your hand" count={hand.length} testid="achroma-hand">
            <Row ctx={ctx} refs={hand} empty="empty" />
          </Zone>
        ) : (
          <Zone title="Hand" count={Number(player.handCount ?? 0)}>
            <Backs count={Number(player.handCount ?? 0)} what={`${Number(player.handCount ?? 0) === 1 ? "card" : "cards"} in hand, face down`} />
          </Zone>
        )}
        <Zone title="Palette" count={Number(player.paletteCount ?? 0)} refKey={`zone:palette:${seat}:`}>
          <div class="achroma-pile">
            <Back />
            <span class="achroma-count">
              {player.paletteCount ?? 0} {player.paletteCount === 1 ? "card" : "cards"}, face down
            </span>
          </div>
        </Zone>
        <Zone title="Dregs" count={dregs.length}>
          {dregs.length === 0 ? (
            <div class="achroma-empty">empty</div>
          ) : (
            <details class="achroma-dregs">
              <summary>
                Top: {cardName(ctx, splitRef(dregs[dregs.length - 1]!)[1])} — show all {dregs.length}
              </summary>
              <Row ctx={ctx} refs={[...dregs].reverse()} />
            </details>
          )}
        </Zone>
      </div>
    </section>
  );
}
