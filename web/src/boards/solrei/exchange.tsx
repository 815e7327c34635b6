/** @jsxImportSource preact */
/** The Exchange (rulebook "Activating multiple Abilities: The Exchange"): the effects waiting to resolve, last in on top. */
import { arr } from "../json.ts";
import { Card, displayName, Zone } from "./cards.tsx";
import type { Ctx, Player, Secret, StackItem } from "./state.ts";
import { sourceWords } from "./words.ts";

export function StackList({ ctx, items, players, priv, title, empty }: { ctx: Ctx; items: StackItem[]; players: Player[]; priv: Secret | null; title: string; empty: string }) {
  const byUid = new Map(items.map((it) => [it.uid, it]));
  const shown = items.slice().reverse(); // the last in resolves first: shown on top
  return (
    <Zone title={title} count={items.length} class="solrei-stack">
      {shown.length === 0 && <span class="solrei-none">{empty}</span>}
      {shown.map((it, i) => {
        const p = players.find((q) => q.seat === it.seat);
        const section = it.source.startsWith("art") ? "art" : it.source === "advantage" ? "advantage" : "muse";
        const target = it.target !== undefined && it.target !== null ? byUid.get(it.target) : undefined;
        const ownArts = priv && priv.seat === it.seat ? arr<string>(priv.arts) : null;
        return (
          <div class={`solrei-stack-item${it.negated ? " solrei-negated" : ""}`} key={it.uid} data-uid={it.uid}>
            <div class="solrei-stack-head">
              <b>#{it.uid}</b> {displayName(ctx, it.name)} · {ctx.seatName(it.seat)} · {sourceWords(ctx, it.source, p, ownArts)}
              {i === 0 && <span class="solrei-badge">next to resolve</span>}
              {it.automatic && <span class="solrei-badge">automatic</span>}
              {it.negated && <span class="solrei-badge solrei-warn">negated</span>}
              {it.target !== undefined && it.target !== null && (
                <span class="solrei-badge">
                  targets #{it.target}
                  {target ? ` ${displayName(ctx, target.name)}` : ""}
                </span>
              )}
            </div>
            {it.card && <Card ctx={ctx} id={it.card} section={section} />}
          </div>
        );
      })}
    </Zone>
  );
}
