/** A unit in play: a seat's Player, an Echo or an Animation, with its damage, Tags, keywords and Items. */
import { lookup } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { Card } from "./cards.tsx";
import { nameIn, present, seatName, Terms, unitName, type Ctx, type Json } from "./words.tsx";

export function UnitBox({ ctx, unit, area }: { ctx: Ctx; unit: Json; area: number }) {
  const id = String(unit.id ?? "");
  const card = String(unit.card ?? "");
  const isPlayer = /^p\d$/.test(id);
  const flags = [unit.spent && "spent", unit.suppressed && "suppressed", unit.untargetable && "untargetable", unit.skipReady && "skips its next Ready"].filter(Boolean) as string[];
  const kind = isPlayer ? "player" : /^echo-/.test(id) ? "echo" : "animation";
  return (
    <div class={`resonance-unit resonance-unit-${kind}${unit.spent ? " resonance-spent" : ""}`} data-unit={id} data-ref={`card:${id}`}>
      <div class="resonance-unit-head">
        {card ? <span class="resonance-k">in play</span> : <b>{unitName(ctx, id)}</b>}
        <span class="resonance-unit-pf">
          Power {unit.power ?? 0} · Focus {unit.focus ?? 0}
        </span>
      </div>
      {card && <Card cat={ctx.cat} id={card} cls="resonance-unit-card" />}
      {!card && kind === "player" && (
        <span class="resonance-unit-sub" title={lookup(ctx.cat, id, "player")?.entry.text ?? ""}>
          {nameIn(ctx.cat, id, "player")}
        </span>
      )}
      {!card && kind === "echo" && <span class="resonance-unit-sub">{lookup(ctx.cat, "echo", "token")?.entry.text ?? "Echo token"}</span>}
      <div class="resonance-unit-row">
        <span class={`resonance-damage${unit.damage ? " resonance-hurt" : ""}`}>Damage {unit.damage ?? 0}</span>
        {present(unit.owner) && Number(unit.owner) !== area && <span class="resonance-flag">owned by {seatName(ctx, Number(unit.owner))}</span>}
        {flags.map((f) => (
          <span key={f} class="resonance-flag">
            {f}
          </span>
        ))}
      </div>
      {arr(unit.tags).length > 0 && (
        <div class="resonance-unit-row">
          <span class="resonance-k">Tags</span>
          {arr<Json>(unit.tags).map((t, i) => {
            const tag = lookup(ctx.cat, String(t.id), "tag")?.entry;
            const boost = (tag?.traits as Json | undefined)?.class === "Boost";
            return (
              <span key={i} class={`resonance-tag ${boost ? "resonance-tag-boost" : "resonance-tag-status"}`} title={tag?.text ?? ""}>
                {tag?.name ?? String(t.id)}
                {present(t.lockedUntilTurn) && <small> (locked until after turn {t.lockedUntilTurn})</small>}
              </span>
            );
          })}
        </div>
      )}
      {arr(unit.keywords).length > 0 && (
        <div class="resonance-unit-row">
          <span class="resonance-k">Keywords</span>
          <Terms cat={ctx.cat} ids={unit.keywords} section="keyword" />
        </div>
      )}
      {arr(unit.items).length > 0 && (
        <div class="resonance-items">
          <span class="resonance-k">Items</span>
          <div class="resonance-cards">
            {arr<string>(unit.items).map((item, i) => (
              <Card key={`${item}-${i}`} cat={ctx.cat} id={item} />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
