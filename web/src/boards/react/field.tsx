/** The middle of the Re;ACT board: the 5×5 Field, the Masterpiece Zone and the React Chain. */
import type { BoardProps } from "../types.ts";
import { MiniCard } from "./pieces.tsx";
import type { ReactChainEntry, ReactGame, ReactMpCard, ReactUnit } from "./state.ts";
import { arrow, DIRECTION_WORDS, mpId, nm, PART_WORDS, seatTitle, textOf, zoneLabel, ZONES } from "./words.ts";

/** The 5×5 Field, turned so that `bottomSeat`'s side (seat 0: row 1; seat 1: row 5) is at the bottom. */
export function Field({ props, flipped }: { props: BoardProps; flipped: boolean }) {
  const { seats, me, cat } = props;
  const game = props.game as ReactGame;
  const unitAt = new Map<number, ReactUnit>();
  const units: ReactUnit[] = game.units ?? [];
  for (const u of units) if (u.pos !== undefined) unitAt.set(u.pos, u);
  const targets = new Map<number, number[]>();
  const links: ReactChainEntry[] = game.chain ?? [];
  links.forEach((c, i) => {
    if (c.target !== undefined) targets.set(c.target, [...(targets.get(c.target) ?? []), i + 1]);
  });
  const order = Array.from({ length: ZONES }, (_, i) => (flipped ? ZONES - 1 - i : i));
  const cols = flipped ? "EDCBA" : "ABCDE";
  return (
    <div class="react-field-wrap">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this is the board's grid of zones */}
      <div class="react-field" role="group" aria-label="The Field">
        {order.map((z) => {
          const u = unitAt.get(z);
          const tile = game.tiles?.[z];
          const block = game.blocks?.[z];
          const scales: number = game.scales?.[z] ?? 0;
          const tgt = targets.get(z);
          return (
            <div key={z} class={`react-zone${u ? ` react-zone-unit react-zone-owner-${u.owner % 2}` : ""}${tgt ? " react-zone-target" : ""}`} data-zone={z} data-ref={`cell:${z}`} title={zoneLabel(z)}>
              <span class="react-zone-label">{zoneLabel(z)}</span>
              {u && (
                <span
                  class={`react-unit react-unit-${u.kind}${u.exhausted ? " react-unit-exhausted" : ""}`}
                  data-card={`${u.kind}:${u.id}`}
                  data-name={nm(cat, u.id, u.kind)}
                  data-ref={`card:${u.id}`}
                  title={textOf(cat, u.id, u.kind)}
                >
                  <span class={`react-owner react-owner-${u.owner % 2}`} aria-hidden="true" />
                  <b class="react-unit-name">{nm(cat, u.id, u.kind)}</b>
                  <span class="react-unit-owner">
                    {u.kind === "artist" ? "Artist" : "Summon"} of {seatTitle(seats, u.owner, me)}
                  </span>
                  {u.exhausted && <span class="react-unit-flag">exhausted</span>}
                  {u.inked && <span class="react-unit-flag react-unit-ink">inked</span>}
                  {u.armament && (
                    <span class="react-unit-flag react-unit-arm">
                      {nm(cat, "armament", "token")} {arrow(u.armament, flipped)} {DIRECTION_WORDS[u.armament] ?? u.armament}
                    </span>
                  )}
                </span>
              )}
              {scales > 0 && (
                <span class="react-zone-item react-scales" title={textOf(cat, "scale", "token")}>
                  {scales} {nm(cat, "scale", "token")}
                  {scales === 1 ? "" : "s"}
                </span>
              )}
              {tile?.kind && (
                <span class="react-zone-item react-tile" title={textOf(cat, tile.kind, "zone_tile")}>
                  {nm(cat, tile.kind, "zone_tile")}
                  {tile.owner !== undefined && <> of {seatTitle(seats, tile.owner, me)}</>}
                </span>
              )}
              {block?.owner !== undefined && (
                <span class="react-zone-item react-block" title={textOf(cat, "block", "token")}>
                  {nm(cat, "block", "token")} of {seatTitle(seats, block.owner, me)}
                </span>
              )}
              {tgt && <span class="react-zone-item react-target">target of chain slot {tgt.join(", ")}</span>}
            </div>
          );
        })}
      </div>
      <div class="react-field-cols" aria-hidden="true">
        {cols.split("").map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
    </div>
  );
}

export function MasterpieceZone({ props }: { props: BoardProps }) {
  const { seats, me, cat } = props;
  const game = props.game as ReactGame;
  const slots: ReactMpCard[] = game.mpZone ?? [];
  return (
    <section class="react-mp" aria-label="Masterpiece Zone">
      <h4 class="react-h">Masterpiece Zone</h4>
      <ol class="react-mp-slots">
        {slots.map((m, i) => (
          <li key={i} class={`react-mp-slot${m.seat !== undefined ? ` react-zone-owner-${m.seat % 2}` : ""}`} data-ref={`zone:masterpiece::${i}`}>
            <span class="react-muted">slot {i + 1}</span>
            {m.seat === undefined ? (
              <span class="react-muted">empty</span>
            ) : (
              <MiniCard cat={cat} id={mpId(game, m.seat, m.part)} section="masterpiece" note={`${PART_WORDS[m.part] ?? m.part} part · ${seatTitle(seats, m.seat, me)}`} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Chain({ props }: { props: BoardProps }) {
  const { seats, me, cat } = props;
  const game = props.game as ReactGame;
  const chain: ReactChainEntry[] = game.chain ?? [];
  return (
    <section class="react-chain" aria-label="React Chain">
      <h4 class="react-h">
        React Chain
        {game.reactor !== undefined && <span class="react-muted"> · {seatTitle(seats, game.reactor, me)} to answer</span>}
        <span class="react-muted"> · passes in a row: {game.passes ?? 0}</span>
      </h4>
      {chain.length === 0 ? (
        <p class="react-muted">No React Chain is being built.</p>
      ) : (
        <ol class="react-chain-list">
          {chain.map((c, i) => {
            const section = c.source === "hand" ? "card_copy" : "card";
            const effectText = textOf(cat, `${c.def}:${c.effect}`, "effect");
            return (
              <li key={i} class={`react-chain-entry react-zone-owner-${c.seat % 2}`}>
                <span class="react-muted">slot {i + 1}</span>
                <span>
                  <b>{c.name || nm(cat, `${c.def}:${c.effect}`, "effect")}</b> ({i === 0 ? nm(cat, "intention", "keyword") : nm(cat, "reaction", "keyword")}) by {seatTitle(seats, c.seat, me)}
                </span>
                <MiniCard cat={cat} id={c.card} section={section} note={`${nm(cat, c.source, "source")} · effect ${c.effect + 1} of ${nm(cat, c.def, "card")}`} />
                {c.target !== undefined && <span>target {zoneLabel(c.target)}</span>}
                {c.dir && <span>direction {DIRECTION_WORDS[c.dir] ?? c.dir}</span>}
                {effectText && <span class="react-chain-text">{effectText}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
