/**
 * The middle of the table (`achroma-stack`): the attack, the Reaction window, the cards being
 * resolved, unveiled SECRETs, DISPOSE, pending HUNTs, RESEARCH and the last REVEAL.
 */
import type { ComponentChildren } from "preact";
import { arr } from "../json.ts";
import { Backs, CardFace, Row } from "./cards.tsx";
import { str, type Ctx } from "./instances.ts";
import { actionWords, instanceName, seatName, Term } from "./words.tsx";

/** What is happening on the table right now: attack, Reaction window, resolving, RESEARCH, REVEAL, HUNTs. */
export function Stack({ ctx, game }: { ctx: Ctx; game: Record<string, unknown> }) {
  const attacker = str(game.combatAttacker);
  const defender = str(game.combatDefender);
  const reaction = game.reaction as Record<string, unknown> | undefined;
  const resolving = arr(game.resolving).map(str);
  const unveiling = arr(game.unveiling).map(str);
  const deferred = arr(game.deferred).map(str);
  const hunts = arr(game.hunts).map(str);
  const reveal = game.lastReveal as Record<string, unknown> | undefined;
  const research = game.research as Record<string, unknown> | undefined;
  const items: ComponentChildren[] = [];
  if (attacker || defender) {
    items.push(
      <div key="combat" class="achroma-event achroma-combat">
        <b>Attack:</b> {instanceName(ctx, attacker) || "—"} attacks {instanceName(ctx, defender) || "—"}
      </div>,
    );
  }
  if (reaction) {
    const declared = reaction.declared as Record<string, unknown> | undefined;
    items.push(
      <div key="reaction" class="achroma-event achroma-reaction" data-testid="achroma-reaction">
        <b>Reaction window:</b> {seatName(ctx, Number(reaction.seat ?? 0))} declared <Term ctx={ctx} id={str(reaction.trigger)} section="trigger" />: {actionWords(ctx, str(reaction.action))}
        {declared?.def && (
          <div class="achroma-row">
            <CardFace ctx={ctx} def={str(declared.def)} uid={str(declared.uid)}>
              <div class="achroma-marks">
                <span class="achroma-mark">shown face up, owned by {seatName(ctx, Number(declared.owner ?? 0))}</span>
              </div>
            </CardFace>
          </div>
        )}
      </div>,
    );
  }
  if (resolving.length) {
    items.push(
      <div key="resolving" class="achroma-event">
        <b>Resolving:</b>
        <Row ctx={ctx} refs={resolving} />
      </div>,
    );
  }
  if (unveiling.length) {
    items.push(
      <div key="unveiling" class="achroma-event">
        <b>Unveiled SECRET cards, about to be Deployed:</b>
        <Row ctx={ctx} refs={unveiling} />
      </div>,
    );
  }
  if (deferred.length) {
    items.push(
      <div key="deferred" class="achroma-event">
        <b>Deployed later by DISPOSE:</b>
        <Row ctx={ctx} refs={deferred} />
      </div>,
    );
  }
  if (hunts.length) {
    items.push(
      <div key="hunts" class="achroma-event">
        <b>Pending HUNTs:</b>
        <ul class="achroma-list">
          {hunts.map((h, i) => {
            const [seat = "", hunter = "", target = ""] = h.split(":");
            return (
              <li key={i}>
                {/^\d+$/.test(seat) ? seatName(ctx, Number(seat)) : seat}: {instanceName(ctx, hunter)} hunts {instanceName(ctx, target)}
              </li>
            );
          })}
        </ul>
      </div>,
    );
  }
  if (research) {
    items.push(
      <div key="research" class="achroma-event">
        <b>RESEARCH:</b> {seatName(ctx, Number(research.seat ?? 0))} looks at {research.count ?? 0} Palette cards, {research.placed ?? 0} placed back
        {research.ordering ? ", now ordering the kept cards" : ""}
        <Backs count={Math.max(0, Number(research.count ?? 0) - Number(research.placed ?? 0))} what="cards being looked at" />
      </div>,
    );
  }
  if (reveal) {
    items.push(
      <div key="reveal" class="achroma-event">
        <b>Last REVEAL:</b> {seatName(ctx, Number(reveal.seat ?? 0))}'s Palette turned over
        <div class="achroma-row">
          {arr(reveal.defs).map((d, i) => (
            <CardFace key={i} ctx={ctx} def={str(d)} />
          ))}
        </div>
      </div>,
    );
  }
  if (items.length === 0) return null;
  return (
    <section class="achroma-stack" data-testid="achroma-stack">
      {items}
    </section>
  );
}
