/** World Weaving, the draft: rolls, picks, Chaos Slots and the pool, each module explained from the catalog. */
import { lookup, type CatalogIndex } from "../../catalog.tsx";
import { arr } from "../json.ts";
import { nameIn, seatName, Term, type Ctx, type Json } from "./words.tsx";

/** A module of the draft pool: its name, colours, what its cards are and the keywords they bring (from the catalog). */
function ModuleBox({ cat, n }: { cat: CatalogIndex | null; n: number }) {
  const entry = lookup(cat, String(n), "module")?.entry;
  const traits = (entry?.traits ?? {}) as Json;
  const cards = Object.values(cat?.catalog.sections.card ?? {}).filter((c) => Number((c.traits as Json | undefined)?.module) === n);
  const animations = cards.filter((c) => (c.traits as Json | undefined)?.type === "Animation").length;
  const keywords = [...new Set(cards.flatMap((c) => arr<string>(c.keywords)))].map((k) => nameIn(cat, k, "keyword"));
  return (
    <div class="resonance-module" data-testid="module" data-ref={`zone:module::${n}`} title={entry?.text ?? ""}>
      <b class="resonance-module-name">
        {n}. {entry?.name ?? `Module ${n}`}
      </b>
      <span class="resonance-module-meta">
        {String(traits.colours ?? "")}
        {cards.length > 0 ? ` · ${animations} Animations, ${cards.length - animations} Items` : ""}
      </span>
      {cards.length > 0 && <span class="resonance-module-cards">{cards.map((c) => c.name).join(", ")}</span>}
      {keywords.length > 0 && <span class="resonance-module-keywords">Keywords: {keywords.join(", ")}</span>}
    </div>
  );
}

export function Draft({ ctx, draft, open }: { ctx: Ctx; draft: Json; open: boolean }) {
  const picks = arr<Json>(draft.picks);
  const mod = (n: number, i: number) => <Term key={`${n}-${i}`} cat={ctx.cat} id={String(n)} section="module" cls="resonance-module-chip" />;
  return (
    <details class="resonance-draft" open={open}>
      <summary>
        <b>
          <Term cat={ctx.cat} id="draft" section="phase" />
        </b>{" "}
        <span class="resonance-muted">
          first picker {seatName(ctx, Number(draft.firstPicker ?? 0))}
          {open ? `; ${seatName(ctx, Number(draft.picker ?? 0))} picks next` : `; picker at the end: ${seatName(ctx, Number(draft.picker ?? 0))}`}
        </span>
      </summary>
      <div class="resonance-seat-row">
        <span class="resonance-k">d10 rolls</span>
        {arr<Json>(draft.rolls).map((r, i) => (
          <span key={i} class="resonance-roll">
            round {i + 1}:{" "}
            {arr<number>(r.seats)
              .map((s, j) => `${seatName(ctx, s)} ${arr<number>(r.values)[j] ?? "?"}`)
              .join(", ")}
          </span>
        ))}
        {arr(draft.rolls).length === 0 && <span class="resonance-none">none yet</span>}
      </div>
      <div class="resonance-picks">
        {picks.map((p, seat) => (
          <div key={seat} class="resonance-seat-row">
            <span class="resonance-k">{seatName(ctx, seat)} drafted</span>
            {arr<number>(p.modules).map(mod)}
            {arr(p.modules).length === 0 && <span class="resonance-none">nothing yet</span>}
          </div>
        ))}
      </div>
      <div class="resonance-seat-row">
        <span class="resonance-k">Chaos Slots</span>
        {arr<number>(draft.chaos).map(mod)}
        {arr(draft.chaos).length === 0 && <span class="resonance-none">none</span>}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the pool scrolls, so it must take focus for the keyboard to scroll it */}
      <section class="resonance-seat-row resonance-pool" tabIndex={0} aria-label="Modules left to draft">
        <span class="resonance-k">Pool ({arr(draft.pool).length} modules left)</span>
        <div class="resonance-modules">
          {arr<number>(draft.pool).map((n) => (
            <ModuleBox key={n} cat={ctx.cat} n={n} />
          ))}
        </div>
      </section>
    </details>
  );
}
