/**
 * A seat's Canvas rows (rulebook "YOUR CANVAS"): Characters and Locations, each card with every
 * counter and mark of the instance, and the Objects, Riders and PARASITES attached under it.
 */
import type { ComponentChildren } from "preact";
import { arr } from "../json.ts";
import { Backs, CardFace, Row } from "./cards.tsx";
import { str, type Card, type Ctx } from "./instances.ts";
import { cardEntry, cardName, givenWords, instanceName, seatName, term } from "./words.tsx";

/** A card on a Canvas (AchromaCard): its face plus every counter and mark of the instance. */
function TableCard({ ctx, card, controller, attached }: { ctx: Ctx; card: Card; controller: number; attached: Card[] }) {
  const def = str(card.def);
  const entry = cardEntry(ctx, def);
  const printed = (entry?.stats ?? {}) as Record<string, unknown>;
  const role = str(card.role);
  const isCharacter = str((entry?.traits as Record<string, unknown> | undefined)?.type) === "character" && !role;
  const marks: ComponentChildren[] = [];
  const mark = (key: string, text: ComponentChildren, cls = "") =>
    marks.push(
      <span key={key} class={`achroma-mark ${cls}`}>
        {text}
      </span>,
    );
  for (const [i, f] of (ctx.focus.get(str(card.uid)) ?? []).entries()) mark(`focus${i}`, f, "achroma-mark-focus");
  if (role) mark("role", `${role === "object" ? "Object" : role === "rider" ? "Rider (MOUNT)" : role === "parasite" ? "PARASITE (INFEST)" : role} on ${instanceName(ctx, str(card.attachedTo))}`);
  if (typeof card.owner === "number" && card.owner !== controller) mark("owner", `owned by ${seatName(ctx, card.owner)}`);
  mark("value", `Shard Value ${card.value ?? 0}${typeof printed.shards === "number" && printed.shards !== card.value ? ` (printed ${printed.shards})` : ""}`);
  if (isCharacter || card.strength) mark("strength", `Strength ${card.strength ?? 0}`);
  if (card.damage) mark("damage", `Damage ${card.damage}`, "achroma-mark-damage");
  if (isCharacter) mark("attacks", `Attacks left ${card.attacksLeft ?? 0}`);
  if (card.frozen) mark("frozen", "FROZEN", "achroma-mark-frozen");
  if (card.resolved) mark("resolved", "Resolved this turn", "achroma-mark-dim");
  if (card.cursed) mark("cursed", "CURSED", "achroma-mark-cursed");
  if (card.copy) mark("copy", `COPY of ${cardName(ctx, str(card.copy))}`);
  for (const [i, k] of arr(card.gifts).entries()) mark(`gift${i}`, `Given ${term(ctx, str(k), "keyword")}`, "achroma-mark-gift");
  for (const [i, g] of arr(card.given).entries()) mark(`given${i}`, `Given effect: ${givenWords(ctx, str(g))}`, "achroma-mark-gift");
  if (entry?.keywords?.length) mark("kw", entry.keywords.map((k) => term(ctx, k, "keyword")).join(", "), "achroma-mark-dim");
  const restrained = arr(card.restrained).map(str);
  const secrets = Number(card.secrets ?? 0);
  const cls = ["achroma-oncanvas", ctx.focus.has(str(card.uid)) ? "achroma-focus" : "", card.frozen ? "achroma-is-frozen" : "", role ? `achroma-role-${role}` : ""].filter(Boolean).join(" ");
  return (
    <div class="achroma-slot">
      <CardFace ctx={ctx} def={def} uid={str(card.uid)} extra={cls} live>
        <div class="achroma-marks">{marks}</div>
        {secrets > 0 && (
          <div class="achroma-under">
            <span class="achroma-under-title">SECRET: face down under it</span>
            <Backs count={secrets} what={secrets === 1 ? "hidden card" : "hidden cards"} />
          </div>
        )}
        {restrained.length > 0 && (
          <div class="achroma-under">
            <span class="achroma-under-title">RESTRAINED under it</span>
            <Row ctx={ctx} refs={restrained} />
          </div>
        )}
      </CardFace>
      {attached.length > 0 && (
        <div class="achroma-attached">
          {attached.map((a) => (
            <TableCard key={a.uid} ctx={ctx} card={a} controller={controller} attached={[]} />
          ))}
        </div>
      )}
    </div>
  );
}

/** Cards of a row, each with the cards attached to it right under it. */
export function CanvasRow({ ctx, cards, controller }: { ctx: Ctx; cards: Card[]; controller: number }) {
  const uids = new Set(cards.map((c) => c.uid));
  const roots = cards.filter((c) => !c.attachedTo || !uids.has(c.attachedTo));
  const under = (uid: string) => cards.filter((c) => c.attachedTo === uid);
  return (
    <div class="achroma-row">
      {roots.map((c) => (
        <TableCard key={c.uid} ctx={ctx} card={c} controller={controller} attached={under(c.uid)} />
      ))}
    </div>
  );
}
