/** @jsxImportSource preact */
/**
 * One player's side of the table: Muse and Advantage, Arts, Action Card, Damage, counters, Deck,
 * Discard pile, CHECK and the hand. The near side (the viewer's) is drawn mirrored, hand last.
 */
import { nameOf } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { Back, Card, Stat, Term, Zone } from "./cards.tsx";
import { Private } from "./private.tsx";
import { num, signed, type Art, type Ctx, type Damage, type Player, type Secret } from "./state.ts";
import { sourceWords } from "./words.ts";
import { SeatSaid } from "../said.tsx";
import { zoneKey } from "../../picking.tsx";

export function SeatArea({ ctx, p, game, priv, near, me, said }: { ctx: Ctx; p: Player; game: Record<string, unknown>; priv: Secret | null; near: boolean; me: number | null; said?: string }) {
  const mine = priv !== null && me === p.seat;
  const info = ctx.seatInfo(p.seat);
  const actors = arr<number>(game.actors);
  const wins = arr<number>(game.wins);
  const deciding = actors.includes(p.seat) || !!info?.acting;
  const arts = arr<Art>(p.arts);
  const damage = arr<Damage>(p.damage);
  const discard = arr<string>(p.discard);
  const used = arr<string>(p.used);
  const privArts = mine ? arr<string>(priv!.arts) : [];
  const hand = mine ? arr<string>(priv!.hand) : [];
  const checking = mine ? arr<string>(priv!.checking) : [];
  const power = num(p.power);

  const header = (
    <div class="solrei-seat-head">
      <b class="solrei-seat-name">{ctx.seatName(p.seat)}</b>
      {mine && <span class="solrei-tag solrei-you">you</span>}
      <span class={`solrei-tag solrei-pos-${p.position}`}>
        <Term ctx={ctx} id={p.position} section="position" />
      </span>
      <span class="solrei-tag">Acts won {wins[p.seat] ?? 0}</span>
      {deciding && <span class="solrei-tag solrei-deciding">deciding</span>}
      {info?.bot && <span class="solrei-tag">bot</span>}
      {info && !info.connected && <span class="solrei-tag solrei-warn">disconnected</span>}
      <span class="solrei-tag">
        Opening hand: <Term ctx={ctx} id={p.mulligan} section="mulligan_state" />
      </span>
    </div>
  );

  const counters = (
    <div class="solrei-counters" key="counters">
      <Stat label="Hand" value={p.handCount} />
      <Stat label="Deck" value={p.deckCount} />
      <Stat label="Discard" value={discard.length} />
      <Stat label="Damage" value={damage.length} hint="Damage zone cards" />
      <Stat label="Cultivated" value={p.cultivatedCount} hint="Cards cultivated under the Muse (face down)" />
      <Stat label="Checking" value={p.checkingCount} hint="Cards being looked at by CHECK" />
      <Stat label="Incoming damage" value={p.incoming} />
      <Stat label="Power bonus" value={signed(p.powerBonus ?? 0)} />
      {!p.canGainDamage && <span class="solrei-tag solrei-warn">cannot gain Damage this round</span>}
      {p.grappled && <span class="solrei-tag solrei-warn">grappled: no Arts or abilities this round</span>}
      <span class="solrei-used">Used this round: {used.length === 0 ? "nothing" : used.map((u) => sourceWords(ctx, u, p, mine ? privArts : null)).join(", ")}</span>
    </div>
  );

  /** A card placed face down: shown once revealed, to its owner before that, else its back. */
  const faceDown = (shown: string | undefined | null, own: string | undefined | null, section: "muse" | "advantage", title: string) =>
    shown ? (
      <Card ctx={ctx} id={shown} section={section} refKey={zoneKey(section, p.seat)} />
    ) : own ? (
      <Card ctx={ctx} id={own} section={section} note="Face down: only you see it" refKey={zoneKey(section, p.seat)} />
    ) : (
      <Back label={`${title}, face down`} refKey={zoneKey(section, p.seat)} />
    );

  const leader = (
    <div class="solrei-leader" key="leader">
      <Zone title="Muse">
        {faceDown(p.muse, mine ? priv!.muse : undefined, "muse", "Muse")}
        {p.cultivatedCount > 0 && <Back label="Cultivated under the Muse" count={p.cultivatedCount} />}
      </Zone>
      <Zone title="Advantage">{faceDown(p.advantage, mine ? priv!.advantage : undefined, "advantage", "Advantage")}</Zone>
    </div>
  );

  const artZone = (
    <Zone key="arts" title="Arts" count={arts.length} class="solrei-arts">
      {arts.map((a) => {
        const state = nameOf(ctx.cat, a.state, "art_state");
        const ref = zoneKey("art", p.seat, a.slot);
        if (a.id) return <Card key={a.slot} ctx={ctx} id={a.id} section="art" badges={[`Art ${a.slot + 1}`, state]} refKey={ref} />;
        const own = mine ? privArts[a.slot] : "";
        if (own) return <Card key={a.slot} ctx={ctx} id={own} section="art" badges={[`Art ${a.slot + 1}`, state]} note="Face down: the Rival does not know it" refKey={ref} />;
        return <Back key={a.slot} label={`Art ${a.slot + 1}: ${state}`} refKey={ref} />;
      })}
    </Zone>
  );

  const ownPlaced = mine ? priv!.placed || "" : "";
  const actionZone = (
    <Zone title="Action Card" class="solrei-action">
      {p.actionCard ? (
        <Card ctx={ctx} id={p.actionCard} section="card" badges={["revealed", p.confirmed && "confirmed"]} />
      ) : ownPlaced ? (
        <Card ctx={ctx} id={ownPlaced} section="card" note="Face down: only you see it" badges={[p.confirmed ? "confirmed" : "not confirmed yet"]} />
      ) : p.placed ? (
        <Back label={`Action Card, face down${p.confirmed ? ", confirmed" : ", not confirmed yet"}`} />
      ) : (
        <span class="solrei-none">none placed</span>
      )}
      <span class="solrei-power">
        Power <b>{power !== undefined ? power : p.actionCard ? "none (CHARGE card)" : "not revealed"}</b>
        {p.powerBonus ? ` (bonus ${signed(p.powerBonus)})` : ""}
      </span>
    </Zone>
  );

  const damageZone = (
    <Zone title="Damage" count={damage.length} class="solrei-damage">
      {damage.length === 0 && <span class="solrei-none">none</span>}
      {damage.map((d, i) => (
        <Card key={i} ctx={ctx} id={d.card} section="card" compact badges={[nameOf(ctx.cat, d.state, "damage_state")]} />
      ))}
    </Zone>
  );

  const piles = (
    <div class="solrei-piles" key="piles">
      <Zone title="Deck">
        <Back label="Deck" count={p.deckCount} refKey={zoneKey("deck", p.seat)} />
      </Zone>
      <Zone title="Discard pile" count={discard.length} class="solrei-discard">
        {discard.length === 0 && <span class="solrei-none">empty</span>}
        {discard.map((c, i) => (
          <Card key={`${c}-${i}`} ctx={ctx} id={c} section="card" compact />
        ))}
      </Zone>
      {(p.checkingCount > 0 || checking.length > 0) && (
        <Zone title="CHECK: looking at" count={mine ? checking.length : p.checkingCount}>
          {mine ? checking.map((c) => <Card key={c} ctx={ctx} id={c} section="card" />) : <Back label="Cards being checked" count={p.checkingCount} />}
        </Zone>
      )}
    </div>
  );

  const handZone = mine ? (
    <Zone title="Your hand" count={hand.length} class="solrei-hand">
      {hand.length === 0 && <span class="solrei-none">empty</span>}
      {hand.map((c) => (
        <Card key={c} ctx={ctx} id={c} section="card" />
      ))}
    </Zone>
  ) : (
    <Zone title="Hand" count={p.handCount} class="solrei-hand">
      {p.handCount === 0 ? <span class="solrei-none">empty</span> : <Back label="Cards in hand" count={p.handCount} />}
    </Zone>
  );

  const body = [
    leader,
    artZone,
    <div class="solrei-field" key="field">
      {actionZone}
      {damageZone}
    </div>,
    counters,
    piles,
  ];
  return (
    <section
      class={`solrei-seat${near ? " solrei-near" : " solrei-far"}${mine ? " solrei-mine" : ""}${deciding ? " solrei-acting" : ""}`}
      data-testid="board-seat"
      data-seat={p.seat}
      data-ref={`seat:${p.seat}`}
      data-area={p.seat}
    >
      <SeatSaid text={said} />
      {header}
      {near ? (
        <>
          {body.reverse()}
          {mine && <Private ctx={ctx} priv={priv!} mine={p} game={game} />}
          {handZone}
        </>
      ) : (
        <>
          {handZone}
          {body}
        </>
      )}
    </section>
  );
}
