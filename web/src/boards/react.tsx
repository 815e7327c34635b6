/**
 * Re;ACT's board: the 5×5 Field (units, Scales, Murals, Block tokens), the Masterpiece Zone, the
 * React Chain being built, and each seat's area (Artist, damage, Ascended, hand, Action deck,
 * discard, pool, unplaced Masterpiece parts). The viewer's own area is drawn nearest (below the
 * Field) and the Field is turned so that the viewer's side is at the bottom; a spectator sees it
 * from seat 0. The viewer's hand and pending choices come from `secret`; other hands are backs
 * with a count. Field by field, the state is documented in docs/react.md ("## State").
 */
import { CardBox, lookup, nameOf, type CatalogIndex } from "../catalog.tsx";
import { SeatSaid } from "./said.tsx";
import type { BoardProps, BoardSeat } from "./types.ts";
import "./react.css";

const WIDTH = 5;
const ZONES = WIDTH * WIDTH;
const PART_WORDS = ["left", "middle", "right"];
const DIRECTION_WORDS: Record<string, string> = { N: "north", E: "east", S: "south", W: "west" };

/** Zone label as seen from seat 0: column letter, row 1 on seat 0's side (docs/react.md, Tiles). */
export function zoneLabel(z: number): string {
  return `${"ABCDE"[z % WIDTH]}${WIDTH - Math.floor(z / WIDTH)}`;
}

/** The catalog name of `id` in `section`, else the id itself. */
function nm(cat: CatalogIndex | null, id: string, section: string): string {
  return lookup(cat, id, section)?.entry.name ?? nameOf(cat, id);
}

function textOf(cat: CatalogIndex | null, id: string, section: string): string {
  return lookup(cat, id, section)?.entry.text ?? "";
}

/** An arrow for a direction on screen: N points up when seat 0 views, down when the Field is turned. */
function arrow(dir: string, flipped: boolean): string {
  const arrows: Record<string, string> = flipped ? { N: "↓", E: "←", S: "↑", W: "→" } : { N: "↑", E: "→", S: "↓", W: "←" };
  return arrows[dir] ?? "";
}

/** A compact card: its name (the catalog's), a kind line, and its rules text on hover/below. */
function MiniCard({ cat, id, section, note, full, refKey }: { cat: CatalogIndex | null; id: string; section: string; note?: string; full?: boolean; refKey?: string }) {
  const found = lookup(cat, id, section);
  const name = found?.entry.name ?? nameOf(cat, id);
  const text = found?.entry.text ?? "";
  return (
    <span class={`react-mini${full ? " react-mini-full" : ""}`} data-card={`${section}:${id}`} data-name={name} data-ref={refKey} title={text}>
      <b class="react-mini-name">{name}</b>
      {note && <span class="react-mini-note">{note}</span>}
      {full && text && <span class="react-mini-text">{text}</span>}
    </span>
  );
}

/** The masterpiece entry id of part `part` of the player at `seat`. */
function mpId(game: Record<string, any>, seat: number, part: number): string {
  const artist = (game.players ?? []).find((p: any) => p.seat === seat)?.artist ?? "";
  return `${artist}:${part}`;
}

function Backs({ count, label, max = 8 }: { count: number; label: string; max?: number }) {
  const shown = Math.min(count, max);
  return (
    <span class="react-backs" title={`${count} ${label}`}>
      {Array.from({ length: shown }, (_, i) => (
        <span key={i} class="react-back" aria-hidden="true" />
      ))}
      <span class="react-backs-count">
        {count} {label}
      </span>
    </span>
  );
}

function DamagePips({ damage }: { damage: number }) {
  return (
    <span class="react-damage" title={`${damage} of 3 damage`}>
      {[0, 1, 2].map((i) => (
        <span key={i} class={`react-pip${i < damage ? " react-pip-on" : ""}`} aria-hidden="true" />
      ))}
      <span class="react-damage-words">damage {damage}/3</span>
    </span>
  );
}

/** A pending prompt choice (an action as JSON) in words. */
function choiceWords(raw: string, game: Record<string, any>, me: number, cat: CatalogIndex | null): string {
  let a: any;
  try {
    a = JSON.parse(raw);
  } catch {
    return raw;
  }
  const slotWords = (s: number) => {
    const m = game.mpZone?.[s];
    const what = m?.seat !== undefined ? `${nm(cat, mpId(game, m.seat, m.part), "masterpiece")} (seat ${m.seat})` : "empty";
    return `slot ${s + 1} (${what})`;
  };
  switch (a?.type) {
    case "mp_place":
      return `Place ${nm(cat, mpId(game, me, a.part), "masterpiece")} (${PART_WORDS[a.part] ?? a.part} part) in Masterpiece ${slotWords(a.slot)}`;
    case "mp_swap":
      return `Swap Masterpiece ${slotWords(a.a)} and ${slotWords(a.b)}`;
    case "mp_pass":
      return nm(cat, "mp_pass", "action");
    case "swap_pick": {
      const u = (game.units ?? []).find((x: any) => x.pos === a.zone);
      return `Swap with ${u ? nm(cat, u.id, u.kind) : "nobody (empty: the swap fails)"} in ${zoneLabel(a.zone)}`;
    }
    default:
      return `${nm(cat, String(a?.type ?? "?"), "action")} ${raw}`;
  }
}

function seatTitle(seats: BoardSeat[], seat: number, me: number | null): string {
  const s = seats.find((x) => x.seat === seat);
  const name = s?.name || `Seat ${seat}`;
  return seat === me ? `${name} (you)` : name;
}

/** One player's area: Artist, counters, hand (yours face up, others as backs), deck, discard, pool. */
function PlayerArea({ props, player, mine }: { props: BoardProps; player: Record<string, any>; mine: boolean }) {
  const { game, secret, seats, me, cat } = props;
  const seat: number = player.seat;
  const s = seats.find((x) => x.seat === seat);
  const pool = (game.units ?? []).filter((u: any) => u.owner === seat && u.pos === undefined);
  const onBoard = (game.units ?? []).filter((u: any) => u.owner === seat && u.pos !== undefined);
  const discard: string[] = player.discard ?? [];
  const hand: { id: string; name: string }[] = mine && secret ? (secret.hand ?? []) : [];
  const pending: string[] = mine && secret ? (secret.pending ?? []) : [];
  const turn = game.turnPlayer === seat;
  return (
    <section
      class={`react-area react-seat-${seat % 2}${mine ? " react-area-mine" : ""}${turn ? " react-area-turn" : ""}`}
      data-testid={`react-seat-${seat}`}
      aria-label={`Seat ${seat}`}
      data-area={seat}
    >
      <SeatSaid text={props.said?.get(seat)} />
      <header class="react-area-head">
        <span class={`react-owner react-owner-${seat % 2}`} aria-hidden="true" />
        <b>{seatTitle(seats, seat, me)}</b>
        <span class="react-muted">seat {seat}</span>
        {s?.bot && <span class="react-tag">bot</span>}
        {s && !s.connected && <span class="react-tag react-tag-warn">disconnected</span>}
        {s?.acting && <span class="react-tag react-tag-act">deciding</span>}
        {turn && <span class="react-tag react-tag-turn">Turn Player</span>}
        {player.ascended && <span class="react-tag react-tag-asc">{nm(cat, "ascended", "keyword")}</span>}
      </header>
      <div class="react-area-body">
        <div class="react-artist">
          <MiniCard cat={cat} id={player.artist} section="artist" note={`Artist${player.ascended ? " · Ascended" : ""}`} />
          <DamagePips damage={player.damage ?? 0} />
          {textOf(cat, player.artist, "artist") && (
            <details class="react-sheet">
              <summary>Reference Sheet</summary>
              <p class="react-sheet-text">{textOf(cat, player.artist, "artist")}</p>
            </details>
          )}
        </div>
        <div class="react-counters">
          <span class="react-counter">
            <span class="react-label">Hand</span>
            {mine && secret ? <span>{hand.length} cards</span> : <Backs count={player.handCount ?? 0} label="in hand" />}
          </span>
          <span class="react-counter">
            <span class="react-label">Action deck</span>
            {player.deckCount === undefined ? <span class="react-muted">no Action deck</span> : <Backs count={player.deckCount} label="left" max={3} />}
          </span>
          <span class="react-counter">
            <span class="react-label">On the Field</span>
            {onBoard.length === 0 ? <span class="react-muted">none</span> : onBoard.map((u: any) => <span key={u.id}>{nm(cat, u.id, u.kind)} in {zoneLabel(u.pos)}</span>)}
          </span>
        </div>
        <div class="react-row">
          <span class="react-label">Pool (off the board)</span>
          {pool.length === 0 ? (
            <span class="react-muted">empty</span>
          ) : (
            pool.map((u: any) => <MiniCard key={u.id} cat={cat} id={u.id} section={u.kind} note={unitNotes(u).join(" · ") || u.kind} />)
          )}
        </div>
        <div class="react-row">
          <span class="react-label">Masterpiece parts not placed</span>
          {(player.mpUnplaced ?? []).length === 0 ? (
            <span class="react-muted">none</span>
          ) : (
            (player.mpUnplaced as number[]).map((p) => <MiniCard key={p} cat={cat} id={`${player.artist}:${p}`} section="masterpiece" note={`${PART_WORDS[p] ?? p} part`} refKey={`zone:masterpiece_part:${seat}:${p}`} />)
          )}
        </div>
        <details class="react-discard">
          <summary>
            <span class="react-label">Discard</span> {discard.length} card{discard.length === 1 ? "" : "s"}
            {discard.length > 0 && <> · top: {nm(cat, discard[discard.length - 1], "card_copy")}</>}
          </summary>
          <div class="react-row">
            {discard.map((id) => (
              <MiniCard key={id} cat={cat} id={id} section="card_copy" />
            ))}
          </div>
        </details>
        {mine && secret && (
          <div class="react-hand" data-testid="react-hand">
            <span class="react-label">Your hand (seat {secret.seat ?? seat})</span>
            {hand.length === 0 ? (
              <span class="react-muted">empty</span>
            ) : (
              <div class="react-hand-cards">
                {hand.map((h) => {
                  const found = lookup(cat, h.id, "card_copy");
                  return found ? (
                    <span key={h.id} class="react-hand-card" data-card={`card_copy:${h.id}`} data-name={found.entry.name} data-ref={`card:${h.id}`}>
                      <CardBox entry={found.entry} />
                    </span>
                  ) : (
                    <span key={h.id} class="react-mini react-mini-full" data-card={`card_copy:${h.id}`} data-name={h.name} data-ref={`card:${h.id}`}>
                      <b class="react-mini-name">{h.name || h.id}</b>
                    </span>
                  );
                })}
              </div>
            )}
          </div>
        )}
        {mine && secret && pending.length > 0 && (
          <div class="react-pending">
            <span class="react-label">Your pending choices{game.promptKind ? `: ${nm(cat, game.promptKind, "prompt")}` : ""}</span>
            <ol>
              {pending.map((raw, i) => (
                <li key={i}>{choiceWords(raw, game, secret.seat ?? seat, cat)}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </section>
  );
}

function unitNotes(u: Record<string, any>): string[] {
  const notes: string[] = [];
  if (u.exhausted) notes.push("exhausted");
  if (u.inked) notes.push("inked");
  if (u.armament) notes.push(`Armament ${DIRECTION_WORDS[u.armament] ?? u.armament}`);
  return notes;
}

/** The 5×5 Field, turned so that `bottomSeat`'s side (seat 0: row 1; seat 1: row 5) is at the bottom. */
function Field({ props, flipped }: { props: BoardProps; flipped: boolean }) {
  const { game, seats, me, cat } = props;
  const unitAt = new Map<number, Record<string, any>>();
  for (const u of game.units ?? []) if (u.pos !== undefined) unitAt.set(u.pos, u);
  const targets = new Map<number, number[]>();
  (game.chain ?? []).forEach((c: any, i: number) => {
    if (c.target !== undefined) targets.set(c.target, [...(targets.get(c.target) ?? []), i + 1]);
  });
  const order = Array.from({ length: ZONES }, (_, i) => (flipped ? ZONES - 1 - i : i));
  const cols = flipped ? "EDCBA" : "ABCDE";
  return (
    <div class="react-field-wrap">
      <div class="react-field" role="group" aria-label="The Field">
        {order.map((z) => {
          const u = unitAt.get(z);
          const tile = game.tiles?.[z];
          const block = game.blocks?.[z];
          const scales: number = game.scales?.[z] ?? 0;
          const tgt = targets.get(z);
          return (
            <div
              key={z}
              class={`react-zone${u ? ` react-zone-unit react-zone-owner-${u.owner % 2}` : ""}${tgt ? " react-zone-target" : ""}`}
              data-zone={z}
              data-ref={`cell:${z}`}
              title={zoneLabel(z)}
            >
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

function MasterpieceZone({ props }: { props: BoardProps }) {
  const { game, seats, me, cat } = props;
  const slots: Record<string, any>[] = game.mpZone ?? [];
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
              <MiniCard
                cat={cat}
                id={mpId(game, m.seat, m.part)}
                section="masterpiece"
                note={`${PART_WORDS[m.part] ?? m.part} part · ${seatTitle(seats, m.seat, me)}`}
              />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Chain({ props }: { props: BoardProps }) {
  const { game, seats, me, cat } = props;
  const chain: Record<string, any>[] = game.chain ?? [];
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
                  <b>{c.name || nm(cat, `${c.def}:${c.effect}`, "effect")}</b> ({i === 0 ? nm(cat, "intention", "keyword") : nm(cat, "reaction", "keyword")}) by{" "}
                  {seatTitle(seats, c.seat, me)}
                </span>
                <MiniCard cat={cat} id={c.card} section={section} note={`${nm(cat, c.source, "source")} · effect ${c.effect + 1} of ${nm(cat, c.def, "card")}`} />
                {c.target !== undefined && <span>target {zoneLabel(c.target)}</span>}
                {c.dir && (
                  <span>
                    direction {DIRECTION_WORDS[c.dir] ?? c.dir}
                  </span>
                )}
                {effectText && <span class="react-chain-text">{effectText}</span>}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

export function Board(props: BoardProps) {
  const { game, seats, me, cat } = props;
  const players: Record<string, any>[] = game.players ?? [];
  const bottomSeat = me ?? 0;
  const flipped = bottomSeat === 1;
  const mine = players.find((p) => p.seat === bottomSeat);
  const others = players.filter((p) => p.seat !== bottomSeat);
  const turnName = seatTitle(seats, game.turnPlayer ?? 0, me);
  const deciding = seats.filter((s) => s.acting).map((s) => seatTitle(seats, s.seat, me));
  return (
    <div class="react-board" data-testid="board" data-game="react" data-flipped={flipped ? "1" : "0"}>
      <div class="react-status" data-testid="react-status">
        <span>
          <b>Turn {game.turn}</b> · {game.turnPlayer === me ? "your turn" : `${turnName}'s turn`}
        </span>
        {(game.chain ?? []).length > 0 && (
          <span>
            React Chain of {game.chain.length}
            {game.reactor !== undefined && <>: {seatTitle(seats, game.reactor, me)} may react</>}
          </span>
        )}
        {game.promptKind && (
          <span class="react-prompt" title={textOf(cat, game.promptKind, "prompt")}>
            Prompt: {nm(cat, game.promptKind, "prompt")}
            {game.promptSeat !== undefined && <> · waiting on {seatTitle(seats, game.promptSeat, me)}</>}
          </span>
        )}
        {deciding.length > 0 && <span class="react-muted">deciding: {deciding.join(", ")}</span>}
        {me === null && <span class="react-muted">watching (seat 0's side below)</span>}
      </div>
      <div class="react-opponents">
        {others.map((p) => (
          <PlayerArea key={p.seat} props={props} player={p} mine={false} />
        ))}
      </div>
      <div class="react-middle">
        <Field props={props} flipped={flipped} />
        <div class="react-side">
          <MasterpieceZone props={props} />
          <Chain props={props} />
        </div>
      </div>
      {mine && <PlayerArea props={props} player={mine} mine={me !== null} />}
    </div>
  );
}
