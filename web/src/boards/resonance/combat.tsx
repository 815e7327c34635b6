/** The Opposed Roll or Support in progress (`game.combat`), or a pending decision outside one. */
import { lookup } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { Card, Stat } from "./cards.tsx";
import { nameIn, present, seatName, Term, Terms, unitName, type Ctx, type Json } from "./words.tsx";

export function Combat({ ctx, combat }: { ctx: Ctx; combat: Json }) {
  const targets = arr<string>(combat.targets);
  const dealt = arr<number>(combat.dealt);
  const current = Number(combat.current ?? 0);
  const kind = String(combat.kind ?? "");
  const choice = combat.choice as Json | undefined;
  const cardField = (label: string, id: unknown) =>
    present(id) && (
      <div class="resonance-combat-card">
        <span class="resonance-k">{label}</span>
        {id === "top" ? <Term cat={ctx.cat} id="top" section="option" /> : <Card cat={ctx.cat} id={String(id)} />}
      </div>
    );
  return (
    <section class="resonance-combat" data-testid="resonance-combat">
      <h3 class="resonance-h">
        {combat.standalone ? "Pending decision" : <Term cat={ctx.cat} id={kind} section="combat" />}
        {!combat.standalone && <span class="resonance-muted"> by {seatName(ctx, Number(combat.seat ?? 0))}</span>}
        {" — step: "}
        <Term cat={ctx.cat} id={String(combat.step ?? "")} section="step" />
        {combat.ended && <span class="resonance-flag">ended</span>}
      </h3>
      <div class="resonance-combat-grid">
        {!combat.standalone || targets.length > 0 ? (
          <>
            <Stat label="Acting unit" value={unitName(ctx, String(combat.actor ?? ""))} />
            {present(combat.source) && combat.source !== combat.actor && <Stat label="Channelling" value={unitName(ctx, String(combat.source))} />}
          </>
        ) : (
          <Stat label="For" value={`${seatName(ctx, Number(combat.seat ?? 0))} (${unitName(ctx, String(combat.actor ?? ""))})`} />
        )}
        {targets.length > 0 && (
          <span class="resonance-stat">
            <span class="resonance-stat-label">Targets</span>{" "}
            {targets.map((t, i) => (
              <span key={i} class={`resonance-target${i === current ? " resonance-current" : ""}`}>
                {unitName(ctx, t)}
                {i === current ? " (now)" : ""}
                {dealt[i] !== undefined ? `, dealt ${dealt[i]}` : ""}
              </span>
            ))}
          </span>
        )}
        {kind !== "support" && (
          <>
            <Stat label="Effect Value (EV)" value={combat.ev ?? 0} />
            <Stat label="Resist Value bonus" value={combat.rvBonus ?? 0} />
            <Stat label="Gambled" value={combat.gambled ?? 0} />
          </>
        )}
        {kind === "support" && !combat.standalone && <Stat label="Boost Tags go" value={nameIn(ctx.cat, String(combat.boostTo ?? "target"), "option")} />}
        {combat.karmaGiven && <span class="resonance-flag">Karma given</span>}
        {Number(combat.waitingChoices ?? 0) > 0 && <Stat label="Choices queued after this one" value={Number(combat.waitingChoices)} />}
      </div>
      {(arr(combat.innate).length > 0 || arr(combat.augmented).length > 0 || arr(combat.gained).length > 0) && (
        <div class="resonance-seat-row">
          {arr(combat.innate).length > 0 && (
            <>
              <span class="resonance-k">Innate</span>
              <Terms cat={ctx.cat} ids={combat.innate} section="keyword" />
            </>
          )}
          {arr(combat.augmented).length > 0 && (
            <>
              <span class="resonance-k">Augmented</span>
              <Terms cat={ctx.cat} ids={combat.augmented} section="keyword" />
            </>
          )}
          {arr(combat.gained).length > 0 && (
            <>
              <span class="resonance-k">Gained</span>
              <Terms cat={ctx.cat} ids={combat.gained} section="keyword" />
            </>
          )}
        </div>
      )}
      <div class="resonance-cards">
        {arr<string>(combat.fuel).map((c, i) => (
          <div class="resonance-combat-card" key={`${c}-${i}`}>
            <span class="resonance-k">Fuel</span>
            <Card cat={ctx.cat} id={c} />
          </div>
        ))}
        {cardField("Revealed (Reckless)", combat.revealed)}
        {cardField("Defend card", combat.defendCard)}
        {cardField("Extra Defend card", combat.defendExtra)}
        {cardField("Sacrificed Item", combat.sacrificed)}
        {cardField("Aimed at (Deadeye)", combat.aimItem)}
      </div>
      {choice && (
        <p class="resonance-choice">
          <b>{ctx.me === Number(choice.seat) ? "You decide" : `${seatName(ctx, Number(choice.seat))} decides`}:</b> <Term cat={ctx.cat} id={String(choice.purpose ?? "")} section="choice" /> —{" "}
          {lookup(ctx.cat, String(choice.purpose ?? ""), "choice")?.entry.text ?? ""}
        </p>
      )}
      <details class="resonance-details">
        <summary>Engine bookkeeping</summary>
        <span class="resonance-muted">
          resumes at “{String(combat.resume ?? "")}”; decisions taken: {arr(combat.flags).join(", ") || "none"}
        </span>
      </details>
    </section>
  );
}
