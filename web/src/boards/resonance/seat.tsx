/**
 * One seat's area: counters, colours, Codex blocks, Bane colours, Immunized tags, the Player and
 * its Animations; for the viewer, the hand, the Sensor peek, the hand Sentry showed them and the
 * options of their pending choice (`secret`).
 */
import { lookup } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { SeatSaid } from "../said.tsx";
import { Back, Card, Stat } from "./cards.tsx";
import { UnitBox } from "./unit.tsx";
import { Colour, nameIn, present, seatName, Term, Terms, unitName, type Ctx, type Json } from "./words.tsx";

export function SeatArea({ ctx, game, player, secret, said }: { ctx: Ctx; game: Json; player: Json; secret: Json | null; said?: string }) {
  const seat = Number(player.seat ?? 0);
  const info = ctx.seats.find((s) => s.seat === seat);
  const mine = ctx.me === seat;
  const turn = game.turnSeat === seat && game.phase !== "draft" && game.phase !== "over";
  const deciding = arr<number>(game.actors).includes(seat);
  const out = present(player.eliminated);
  const hp = Number(player.hp ?? 0);
  const maxHp = Number(player.maxHp ?? 10) || 10;
  const handCount = Number(player.handCount ?? 0);
  return (
    <section
      class={`resonance-seat${mine ? " resonance-mine" : ""}${turn ? " resonance-turn" : ""}${out ? " resonance-out" : ""}`}
      data-seat={seat}
      aria-label={`${seatName(ctx, seat)}, seat ${seat + 1}`}
      data-area={seat}
    >
      <SeatSaid text={said} />
      <header class="resonance-seat-head">
        <b class="resonance-seat-name">
          {seatName(ctx, seat)}
          {mine && " (you)"}
        </b>
        <span class="resonance-muted">seat {seat + 1}</span>
        {info?.bot && <span class="resonance-flag">bot</span>}
        {info && !info.connected && <span class="resonance-flag resonance-warn">disconnected</span>}
        {turn && <span class="resonance-badge">{mine ? "your turn" : "their turn"}</span>}
        {deciding && <span class="resonance-badge resonance-deciding">deciding</span>}
        {out && <span class="resonance-badge resonance-warn">out (eliminated #{player.eliminated})</span>}
      </header>
      <div class="resonance-counters">
        <span class="resonance-stat resonance-hp">
          <span class="resonance-stat-label">HP</span>{" "}
          <b>
            {hp}/{maxHp}
          </b>
          <span class="resonance-hpbar" aria-hidden="true">
            <span style={{ width: `${Math.max(0, Math.min(100, (hp / maxHp) * 100))}%` }} />
          </span>
        </span>
        <Stat label="EN" value={player.en ?? 0} />
        <Stat label="Focus" value={player.focus ?? 0} />
        <Stat label="Karma" value={player.karma ?? 0} />
        <Stat label="Spent Tokens" value={player.spentTokens ?? 0} />
      </div>
      <div class="resonance-seat-row">
        <span class="resonance-k">Colours</span>
        <Colour cat={ctx.cat} n={Number(player.primary ?? 0)} />
        <span class="resonance-muted">primary;</span>
        {arr<number>(player.secondary).map((c, i) => (
          <Colour key={i} cat={ctx.cat} n={Number(c)} />
        ))}
        <span class="resonance-muted">secondary</span>
      </div>
      <div class="resonance-seat-row">
        <span class="resonance-k">Codex active</span>
        <Terms cat={ctx.cat} ids={player.codexActive} section="codex" />
      </div>
      {arr(player.bane).length > 0 && (
        <div class="resonance-seat-row" data-testid="resonance-bane">
          <span class="resonance-k">Bane</span>
          {arr<Json>(player.bane).map((b) => {
            const source = String(b.source ?? "");
            return (
              <span key={source} class="resonance-term">
                <Term cat={ctx.cat} id={source} section={source.startsWith("codex-") ? "codex" : "card"} />: <Colour cat={ctx.cat} n={Number(b.color ?? 0)} />
              </span>
            );
          })}
        </div>
      )}
      {arr(player.immunized).length > 0 && (
        <div class="resonance-seat-row">
          <span class="resonance-k">Immunized against</span>
          <Terms cat={ctx.cat} ids={player.immunized} section="tag" />
        </div>
      )}
      <div class="resonance-units">
        {player.self && <UnitBox ctx={ctx} unit={player.self as Json} area={seat} />}
        {arr<Json>(player.animations).map((u) => (
          <UnitBox key={u.id} ctx={ctx} unit={u} area={seat} />
        ))}
        {arr(player.animations).length === 0 && <span class="resonance-none resonance-empty">no Animations in play</span>}
      </div>
      <div class="resonance-piles">
        {!mine && <Back label="Hand" count={handCount} />}
        <Back label="Codex Deck" count={Number(player.codexCount ?? 0)} />
      </div>
      {mine && secret && <Private ctx={ctx} game={game} secret={secret} handCount={handCount} />}
    </section>
  );
}

/** One option of a pending choice in words (docs/resonance.md "Choice options"). */
function OptionWords({ ctx, purpose, opt }: { ctx: Ctx; purpose: string; opt: string }) {
  if (opt.startsWith("card:")) return <Card cat={ctx.cat} id={opt.slice(5)} />;
  if (opt.startsWith("color:")) return <Colour cat={ctx.cat} n={Number(opt.slice(6))} />;
  const shift = opt.indexOf(">");
  if (shift > 0) {
    return (
      <span class="resonance-term">
        {nameIn(ctx.cat, opt.slice(0, shift), "card")} onto {unitName(ctx, opt.slice(shift + 1))}
      </span>
    );
  }
  if (/^\d\.\d$/.test(opt)) return <Term cat={ctx.cat} id={opt} section={purpose === "immunized" ? "tag" : "keyword"} />;
  if (/^\d+$/.test(opt)) return <span class="resonance-term">{`${opt} damage marker${opt === "1" ? "" : "s"}`}</span>;
  if (lookup(ctx.cat, opt, "option")) return <Term cat={ctx.cat} id={opt} section="option" />;
  return <span class="resonance-term">{unitName(ctx, opt)}</span>;
}

function Private({ ctx, game, secret, handCount }: { ctx: Ctx; game: Json; secret: Json; handCount: number }) {
  const hand = arr<string>(secret.hand);
  const options = arr<string>(secret.choiceOptions);
  const choice = (game.combat as Json | undefined)?.choice as Json | undefined;
  const purpose = String(choice?.purpose ?? "");
  const looked = secret.looked as Json | undefined;
  return (
    <div class="resonance-private" data-testid="resonance-private">
      {present(secret.peek) && (
        <div class="resonance-peek">
          <span class="resonance-k">Sensor: top of the Main Deck (only you see it)</span>
          <div class="resonance-cards">
            <Card cat={ctx.cat} id={String(secret.peek)} />
          </div>
        </div>
      )}
      {looked && (
        <div class="resonance-peek" data-testid="resonance-looked">
          <span class="resonance-k">Sentry: {seatName(ctx, Number(looked.of ?? 0))}'s hand (only you see it)</span>
          <div class="resonance-cards">
            {arr<string>(looked.cards).map((c, i) => (
              <Card key={`${c}-${i}`} cat={ctx.cat} id={c} />
            ))}
            {arr(looked.cards).length === 0 && <span class="resonance-none">empty</span>}
          </div>
        </div>
      )}
      {options.length > 0 && (
        <div class="resonance-options">
          <span class="resonance-k">
            Your choice{purpose ? `: ${nameIn(ctx.cat, purpose, "choice")}` : ""}
            {purpose && lookup(ctx.cat, purpose, "choice")?.entry.text ? ` (${lookup(ctx.cat, purpose, "choice")!.entry.text})` : ""}. Options:
          </span>
          <div class="resonance-cards">
            {options.map((o, i) => (
              <OptionWords key={`${o}-${i}`} ctx={ctx} purpose={purpose} opt={o} />
            ))}
          </div>
        </div>
      )}
      <div class="resonance-hand" data-testid="resonance-hand">
        <span class="resonance-k">
          Your hand ({hand.length}
          {hand.length !== handCount ? `; public count ${handCount}` : ""}){Number(secret.seat) !== ctx.me ? ` (seat ${Number(secret.seat) + 1})` : ""}
        </span>
        <div class="resonance-cards">
          {hand.map((c, i) => (
            <Card key={`${c}-${i}`} cat={ctx.cat} id={c} />
          ))}
          {hand.length === 0 && <span class="resonance-none">empty</span>}
        </div>
      </div>
    </div>
  );
}
