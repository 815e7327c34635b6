/**
 * Resonance's board (docs/resonance.md "## State"): the turn bar (phase, turn, whose turn, player
 * actions, who decides, Main Deck, Discard Pile, Slow queue), World Weaving (rolls, pool, picks,
 * Chaos Slots), the Opposed Roll / Support in progress, and one area per seat: counters, colours,
 * Codex blocks, Immunized tags, the Player unit and its Animations with their Items, Tags and
 * keywords. The viewer's own area is last (nearest), with the hand, the Sensor peek and the options
 * of the viewer's pending choice from `secret`; other hands are card backs with their count.
 * Every id is named through the catalog in its own section (the same string can be a keyword and a
 * tag, a module and a colour).
 */
import type { ComponentChildren } from "preact";
import { lookup, type CatalogIndex } from "../catalog.tsx";
import { arr } from "./json.ts";
import { SeatSaid } from "./said.tsx";
import type { BoardProps, BoardSeat } from "./types.ts";
import "./resonance.css";

type Json = Record<string, any>;

interface Ctx {
  cat: CatalogIndex | null;
  seats: BoardSeat[];
  me: number | null;
}

function seatName(ctx: Ctx, seat: number): string {
  const s = ctx.seats.find((x) => x.seat === seat);
  return s?.name || `Seat ${seat + 1}`;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== "";
}

/** An id's catalog name in one section, else the id itself. */
function nameIn(cat: CatalogIndex | null, id: string, section: string): string {
  return lookup(cat, id, section)?.entry.name ?? id;
}

/** A unit id in words: a seat's Player, an Echo, or the Animation card's name. */
function unitName(ctx: Ctx, id: string): string {
  const p = /^p(\d)$/.exec(id);
  if (p) {
    const seat = Number(p[1]);
    return ctx.me === seat ? "your Player" : `${seatName(ctx, seat)}'s Player`;
  }
  const echo = /^echo-(\d+)$/.exec(id);
  if (echo) return `${nameIn(ctx.cat, "echo", "token")} ${echo[1]}`;
  return nameIn(ctx.cat, id, "card");
}

/** A named term (keyword, tag, codex, colour, module, option...) with its rules text on hover. */
function Term({ cat, id, section, cls }: { cat: CatalogIndex | null; id: string; section: string; cls?: string }) {
  const found = lookup(cat, id, section);
  return (
    <span class={`resonance-term resonance-${section}${cls ? ` ${cls}` : ""}`} title={found?.entry.text ?? ""} data-id={id}>
      {found?.entry.name ?? id}
    </span>
  );
}

function Terms({ cat, ids, section, none = "none" }: { cat: CatalogIndex | null; ids: unknown; section: string; none?: string }) {
  const list = arr<string>(ids);
  if (list.length === 0) return <span class="resonance-none">{none}</span>;
  return (
    <span class="resonance-terms">
      {list.map((id, i) => (
        <Term key={`${id}-${i}`} cat={cat} id={String(id)} section={section} />
      ))}
    </span>
  );
}

const COLOUR_CLASS = ["null", "silver", "yellow", "green", "black", "orange", "white", "red", "blue", "purple"];

function Colour({ cat, n }: { cat: CatalogIndex | null; n: number }) {
  return (
    <span class="resonance-colour" title={lookup(cat, String(n), "colour")?.entry.text ?? ""}>
      <span class={`resonance-swatch resonance-swatch-${COLOUR_CLASS[n] ?? "null"}`} />
      {nameIn(cat, String(n), "colour")}
    </span>
  );
}

/**
 * A Main Deck card (Animation or Item): name, cost, type, module and stats, its keywords by name,
 * and its rules text (clamped; a tap or click opens it in full).
 */
function Card({ cat, id, note, cls }: { cat: CatalogIndex | null; id: string; note?: ComponentChildren; cls?: string }) {
  const entry = lookup(cat, id, "card")?.entry;
  if (!entry) {
    return (
      <div class={`resonance-card${cls ? ` ${cls}` : ""}`} data-testid="card" data-id={id} data-ref={`card:${id}`}>
        <b class="resonance-card-name">{id}</b>
      </div>
    );
  }
  const traits = (entry.traits ?? {}) as Json;
  const stats = Object.entries(entry.stats ?? {}).filter(([, v]) => v !== null && v !== undefined && typeof v !== "object");
  const type = String(traits.type ?? "");
  const keywords = arr<string>(entry.keywords);
  return (
    <div class={`resonance-card resonance-card-${type.toLowerCase() || "card"}${cls ? ` ${cls}` : ""}`} data-testid="card" data-id={id} data-ref={`card:${id}`} title={entry.text ?? ""}>
      <div class="resonance-card-head">
        <b class="resonance-card-name">{entry.name}</b>
        {present(entry.cost) && <span class="resonance-card-cost">{String(entry.cost)}</span>}
      </div>
      <div class="resonance-card-meta">
        {type}
        {traits.moduleName ? ` · ${traits.moduleName}` : ""}
        {stats.map(([k, v]) => ` · ${k} ${String(v)}`).join("")}
      </div>
      {note && <div class="resonance-card-note">{note}</div>}
      {keywords.length > 0 && <div class="resonance-card-keywords">{keywords.map((k) => nameIn(cat, k, "keyword")).join(" · ")}</div>}
      {entry.text && (
        <details class="resonance-card-rules">
          <summary>
            <span class="resonance-card-text">{entry.text}</span>
          </summary>
        </details>
      )}
    </div>
  );
}

/** A face-down pile or hand: a card back and how many. */
function Back({ label, count }: { label: string; count: number }) {
  return (
    <span class="resonance-back" title={`${label}: ${count}`}>
      <span class="resonance-back-face" aria-hidden="true" />
      <span class="resonance-back-label">
        {label} <b>{count}</b>
      </span>
    </span>
  );
}

function Stat({ label, value, cls }: { label: string; value: ComponentChildren; cls?: string }) {
  return (
    <span class={`resonance-stat${cls ? ` ${cls}` : ""}`}>
      <span class="resonance-stat-label">{label}</span> <b>{value}</b>
    </span>
  );
}

// ---------------------------------------------------------------- units

function UnitBox({ ctx, unit, area }: { ctx: Ctx; unit: Json; area: number }) {
  const id = String(unit.id ?? "");
  const card = String(unit.card ?? "");
  const entry = card ? lookup(ctx.cat, card, "card")?.entry : undefined;
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
      {card && (
        <Card cat={ctx.cat} id={card} cls="resonance-unit-card" />
      )}
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

// ---------------------------------------------------------------- seats

function SeatArea({ ctx, game, player, secret, said }: { ctx: Ctx; game: Json; player: Json; secret: Json | null; said?: string }) {
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
      {arr(player.immunized).length > 0 && (
        <div class="resonance-seat-row">
          <span class="resonance-k">Immunized against</span>
          <Terms cat={ctx.cat} ids={player.immunized} section="tag" />
        </div>
      )}
      <div class="resonance-units">
        {player.self && <UnitBox ctx={ctx} unit={player.self} area={seat} />}
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

// ---------------------------------------------------------------- private part

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
  const purpose = String(game.combat?.choice?.purpose ?? "");
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
          {hand.length !== handCount ? `; public count ${handCount}` : ""})
          {Number(secret.seat) !== ctx.me ? ` (seat ${Number(secret.seat) + 1})` : ""}
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

// ---------------------------------------------------------------- combat

function Combat({ ctx, combat }: { ctx: Ctx; combat: Json }) {
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
        {Number(combat.waitingChoices ?? 0) > 0 && <Stat label="Choices queued after this one" value={combat.waitingChoices} />}
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
          <b>{ctx.me === Number(choice.seat) ? "You decide" : `${seatName(ctx, Number(choice.seat))} decides`}:</b>{" "}
          <Term cat={ctx.cat} id={String(choice.purpose ?? "")} section="choice" /> —{" "}
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

// ---------------------------------------------------------------- draft

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

function Draft({ ctx, draft, open }: { ctx: Ctx; draft: Json; open: boolean }) {
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
            round {i + 1}: {arr<number>(r.seats).map((s, j) => `${seatName(ctx, s)} ${arr<number>(r.values)[j] ?? "?"}`).join(", ")}
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
      <div class="resonance-seat-row resonance-pool" tabIndex={0} aria-label="Modules left to draft">
        <span class="resonance-k">Pool ({arr(draft.pool).length} modules left)</span>
        <div class="resonance-modules">
          {arr<number>(draft.pool).map((n) => (
            <ModuleBox key={n} cat={ctx.cat} n={n} />
          ))}
        </div>
      </div>
    </details>
  );
}

// ---------------------------------------------------------------- the board

export function Board(props: BoardProps) {
  const { game, cat, seats, me } = props;
  const secret = me === null ? null : props.secret;
  const ctx: Ctx = { cat, seats, me };
  const players = arr<Json>(game.players);
  const phase = String(game.phase ?? "");
  const discard = arr<string>(game.discard);
  const actors = arr<number>(game.actors);
  const slowQueue = arr<string>(game.slowQueue);
  // Opponents across (in seat order after yours), your own area last, nearest.
  const ordered = me === null ? players : [...players.filter((p) => Number(p.seat) > me), ...players.filter((p) => Number(p.seat) < me), ...players.filter((p) => Number(p.seat) === me)];
  return (
    <div class="resonance-board" data-testid="board" data-game="resonance">
      <section class="resonance-bar">
        <Stat label="Phase" value={<Term cat={cat} id={phase} section="phase" />} />
        <Stat label="Turn" value={game.turn ?? 0} />
        {phase !== "draft" && <Stat label="Turn Player" value={me === game.turnSeat ? "you" : seatName(ctx, Number(game.turnSeat ?? 0))} />}
        {phase !== "draft" && <Stat label="Player actions this turn" value={game.playerActions ?? 0} />}
        <Stat label="Deciding" value={actors.length ? actors.map((s) => (s === me ? "you" : seatName(ctx, s))).join(", ") : "nobody"} />
        {me === null && <span class="resonance-flag">spectating</span>}
      </section>
      {slowQueue.length > 0 && (
        <div class="resonance-seat-row resonance-slow">
          <span class="resonance-k">Slow Tag: still to decide (pay 1 EN or stay spent)</span>
          {slowQueue.map((u, i) => (
            <span key={i} class="resonance-term">
              {unitName(ctx, u)}
            </span>
          ))}
        </div>
      )}
      <Draft ctx={ctx} draft={game.draft ?? {}} open={phase === "draft"} />
      {game.combat && <Combat ctx={ctx} combat={game.combat} />}
      <section class="resonance-shared">
        <Back label="Main Deck" count={Number(game.mainDeckCount ?? 0)} />
        <div class="resonance-discard">
          <span class="resonance-k">Discard Pile ({discard.length})</span>
          {discard.length > 0 ? (
            <>
              <div class="resonance-cards">
                <Card cat={cat} id={discard[discard.length - 1]!} note="top" />
              </div>
              {discard.length > 1 && (
                <details class="resonance-details">
                  <summary>All {discard.length} discarded cards, oldest first</summary>
                  <ol class="resonance-discard-list">
                    {discard.map((c, i) => (
                      <li key={i} title={lookup(cat, c, "card")?.entry.text ?? ""} data-testid="card" data-id={c}>
                        {nameIn(cat, c, "card")}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </>
          ) : (
            <span class="resonance-none">empty</span>
          )}
        </div>
      </section>
      <div class="resonance-seats">
        {ordered.map((p) => (
          <SeatArea key={p.seat} ctx={ctx} game={game} player={p} secret={Number(p.seat) === me ? secret : null} said={props.said?.get(Number(p.seat))} />
        ))}
      </div>
    </div>
  );
}

export default Board;
