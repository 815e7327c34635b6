/** @jsxImportSource preact */
/**
 * The SolRei board: the two players' sides of the table (the viewer's own nearest, the Rival's
 * across), the Exchange between them, and a status bar (Act, round, score, stage, ability
 * window, pending decision). Every field of the public state (`game`) and, for a seat, of its
 * `secret` is shown in words (docs/solrei.md "## State"); cards are boxes from the catalog.
 * A spectator (`me` null) sees no private part: hands, face-down Arts, the Muse and Advantage
 * while face down and face-down Action Cards are backs with counts.
 */
import type { ComponentChildren } from "preact";
import type { CatalogEntry } from "../api.ts";
import { lookup, nameOf, type CatalogIndex } from "../catalog.tsx";
import type { BoardProps, BoardSeat } from "./types.ts";
import "./solrei.css";

interface Art {
  slot: number;
  id: string;
  state: string;
}
interface Damage {
  card: string;
  state: string;
}
interface Player {
  seat: number;
  muse: string;
  advantage: string;
  position: string;
  arts: Art[];
  handCount: number;
  deckCount: number;
  discard: string[];
  damage: Damage[];
  cultivatedCount: number;
  checkingCount: number;
  placed: boolean;
  confirmed: boolean;
  actionCard: string;
  power?: number;
  powerBonus: number;
  incoming: number;
  canGainDamage: boolean;
  grappled: boolean;
  mulligan: string;
  used: string[];
}
interface StackItem {
  uid: number;
  seat: number;
  source: string;
  card: string;
  name: string;
  automatic: boolean;
  negated: boolean;
  target?: number;
}
interface Secret {
  seat?: number;
  muse?: string;
  advantage?: string;
  arts?: string[];
  hand?: string[];
  placed?: string;
  rei?: Record<string, number>;
  checking?: string[];
  promptKind?: string;
  promptPurpose?: string;
  promptLeft?: number;
  options?: string[];
}

const SUITS = ["S", "H", "D", "C"] as const;

interface Ctx {
  cat: CatalogIndex | null;
  seatName: (seat: number) => string;
  seatInfo: (seat: number) => BoardSeat | undefined;
}

const arr = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** An id of a glossary section as words, with the entry's text on hover. */
function Term({ ctx, id, section, class: cls }: { ctx: Ctx; id: string; section: string; class?: string }) {
  const found = ctx.cat?.catalog.sections[section]?.[id];
  return (
    <span class={`solrei-term${cls ? ` ${cls}` : ""}`} title={found?.text ?? ""} data-term={section}>
      {found?.name ?? nameOf(ctx.cat, id, section)}
    </span>
  );
}

/** A display string of the view (stack `name`): a card's name already, or a `reason` id. */
function displayName(ctx: Ctx, s: string): string {
  return ctx.cat?.catalog.sections.reason?.[s]?.name ?? s;
}

function entryOf(ctx: Ctx, id: string, section: string): CatalogEntry | undefined {
  return lookup(ctx.cat, id, section)?.entry;
}

function statsOf(entry: CatalogEntry | undefined): [string, string][] {
  return Object.entries(entry?.stats ?? {})
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => [k, String(v)]);
}

function costOf(entry: CatalogEntry | undefined): string {
  const c = entry?.cost;
  if (c === undefined || c === null || c === "") return "";
  return typeof c === "object" ? JSON.stringify(c) : String(c);
}

/**
 * A card as a small box: its catalog name, cost and stats, its rules text (not when compact),
 * and badges (state, notes). `data-id` is the card's id, `data-name` its catalog name.
 */
function Card({
  ctx,
  id,
  section,
  compact,
  badges,
  note,
}: {
  ctx: Ctx;
  id: string;
  section: string;
  compact?: boolean;
  badges?: (string | null | undefined | false)[];
  note?: string;
}) {
  const entry = entryOf(ctx, id, section);
  const name = entry?.name ?? id;
  const traits = (entry?.traits ?? {}) as Record<string, unknown>;
  const colour = traits.colour === "red" ? " solrei-red" : traits.colour === "black" ? " solrei-black" : "";
  const cost = costOf(entry);
  const stats = statsOf(entry);
  const shown = (badges ?? []).filter((b): b is string => !!b);
  return (
    <span
      class={`solrei-card solrei-card-${section}${colour}${compact ? " solrei-compact" : ""}`}
      data-testid="card"
      data-id={id}
      data-name={name}
      title={entry?.text ?? ""}
    >
      <span class="solrei-card-head">
        <b class="solrei-card-name">{name}</b>
        {cost && <span class="solrei-card-cost">{cost}</span>}
      </span>
      {!compact && stats.length > 0 && (
        <span class="solrei-card-stats">
          {stats.map(([k, v]) => (
            <span key={k}>
              {k} {v}
            </span>
          ))}
        </span>
      )}
      {!compact && traits.type === "charge" && <span class="solrei-card-stats">CHARGE card</span>}
      {!compact && entry?.text && <span class="solrei-card-text">{entry.text}</span>}
      {note && <span class="solrei-card-note">{note}</span>}
      {shown.length > 0 && (
        <span class="solrei-badges">
          {shown.map((b) => (
            <span class="solrei-badge" key={b}>
              {b}
            </span>
          ))}
        </span>
      )}
    </span>
  );
}

/** Something face down (or hidden from this viewer): a card back with words and a count. */
function Back({ label, count }: { label: string; count?: number }) {
  return (
    <span class="solrei-back" data-testid="card-back">
      <span class="solrei-back-label">{label}</span>
      {count !== undefined && <b class="solrei-back-count">{count}</b>}
    </span>
  );
}

function Zone({ title, count, children, class: cls }: { title: string; count?: number; children?: ComponentChildren; class?: string }) {
  return (
    <section class={`solrei-zone${cls ? ` ${cls}` : ""}`}>
      <h4 class="solrei-zone-title">
        {title}
        {count !== undefined && <span class="solrei-count"> ({count})</span>}
      </h4>
      <div class="solrei-row">{children}</div>
    </section>
  );
}

function Stat({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <span class="solrei-stat" title={hint ?? ""}>
      <span class="solrei-stat-label">{label}</span> <b class="solrei-stat-value">{value}</b>
    </span>
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** An ability's source (`muse`, `advantage`, `art:<slot>`) in words, naming the card when known. */
function sourceWords(ctx: Ctx, source: string, p: Player | undefined, privArts: string[] | null): string {
  if (source.startsWith("art:")) {
    const slot = Number(source.slice(4));
    const id = p?.arts.find((a) => a.slot === slot)?.id || privArts?.[slot] || "";
    return `${nameOf(ctx.cat, "art", "source")} ${slot + 1}${id ? `: ${nameOf(ctx.cat, id, "art")}` : ""}`;
  }
  const card = source === "muse" ? p?.muse : source === "advantage" ? p?.advantage : "";
  const base = nameOf(ctx.cat, source, "source");
  return card ? `${base} (${nameOf(ctx.cat, card, source)})` : base;
}

/** One option of your select prompt in words (docs: `select.choice`: a compound, a card, a source or a choice). */
function optionWords(ctx: Ctx, opt: string, purpose: string, mine: Player | undefined, rival: Player | undefined, priv: Secret): string {
  const at = opt.indexOf(":");
  if (purpose === "order" && (opt === "muse" || opt === "advantage" || opt.startsWith("art:"))) {
    return sourceWords(ctx, opt, mine, priv.arts ?? null);
  }
  if (at > 0) {
    const prefix = opt.slice(0, at);
    const rest = opt.slice(at + 1);
    const targetsRival = purpose === "exhaust" || purpose === "break";
    const owner = targetsRival ? rival : mine;
    const whose = targetsRival ? "Rival's " : "your ";
    if (prefix === "art") {
      const slot = Number(rest);
      const id = owner?.arts.find((a) => a.slot === slot)?.id || (!targetsRival ? priv.arts?.[slot] : "") || "";
      return `${whose}Art ${slot + 1}${id ? `: ${nameOf(ctx.cat, id, "art")}` : " (face down)"}`;
    }
    if (prefix === "dmg" || prefix === "d") {
      const card = owner?.damage[Number(rest)]?.card;
      return `${whose}damage card ${Number(rest) + 1}${card ? `: ${nameOf(ctx.cat, card, "card")}` : ""}`;
    }
    return `${nameOf(ctx.cat, prefix, "ref")}: ${nameOf(ctx.cat, rest, "card")}`;
  }
  if (ctx.cat?.catalog.sections.card?.[opt]) return nameOf(ctx.cat, opt, "card");
  if (ctx.cat?.catalog.sections.choice?.[opt]) return nameOf(ctx.cat, opt, "choice");
  return nameOf(ctx.cat, opt);
}

function seatList(ctx: Ctx, seats: number[]): string {
  return seats.length === 0 ? "nobody" : seats.map((s) => ctx.seatName(s)).join(", ");
}

function Status({ ctx, game, players }: { ctx: Ctx; game: Record<string, any>; players: Player[] }) {
  const wins = arr<number>(game.wins);
  const acts = arr<{ winner?: number; reason?: string }>(game.acts);
  const actors = arr<number>(game.actors);
  const promptSeats = arr<number>(game.promptSeats);
  const priority = num(game.windowPriority);
  const showdown = game.showdown as { winner?: number } | undefined | null;
  return (
    <header class="solrei-status" data-testid="board-status">
      <div class="solrei-status-main">
        <span class="solrei-act">
          Act <b>{game.act}</b> · Round <b>{game.round}</b>
        </span>
        <span class="solrei-score" title="Acts won (two win the Show)">
          {players.map((p, i) => (
            <span key={p.seat}>
              {i > 0 && " – "}
              {ctx.seatName(p.seat)} <b>{wins[p.seat] ?? 0}</b>
            </span>
          ))}
        </span>
        <span class="solrei-stage">
          <Term ctx={ctx} id={String(game.stage ?? "")} section="stage" />
        </span>
      </div>
      <div class="solrei-status-line">
        <span>
          OFFENSE: <b>{ctx.seatName(game.offense)}</b>
        </span>
        <span>
          Chose OFFENSE this Act: <b>{ctx.seatName(game.chooser)}</b>
        </span>
        <span>Action Cards {game.revealed ? "revealed" : "not revealed"}</span>
        {showdown ? (
          <span class="solrei-showdown">
            Showdown: {showdown.winner !== undefined && showdown.winner !== null ? `${ctx.seatName(showdown.winner)} wins` : "a tie"}
          </span>
        ) : (
          <span>Showdown not decided yet</span>
        )}
      </div>
      <div class="solrei-status-line">
        {game.windowTiming ? (
          <span class="solrei-window">
            Window <Term ctx={ctx} id={game.windowTiming} section="timing" />
            {priority !== undefined && (
              <>
                {" "}
                · priority <b>{ctx.seatName(priority)}</b>
              </>
            )}{" "}
            · {game.windowPasses ?? 0} pass{game.windowPasses === 1 ? "" : "es"}
          </span>
        ) : (
          <span>No ability window open{game.windowPasses ? ` · ${game.windowPasses} passes` : ""}</span>
        )}
        {game.promptKind ? (
          <span class="solrei-prompt" data-testid="board-prompt">
            Decision: <Term ctx={ctx} id={game.promptKind} section="prompt" />
            {game.promptPurpose && (
              <>
                {" "}
                (<Term ctx={ctx} id={game.promptPurpose} section="purpose" />)
              </>
            )}{" "}
            by {seatList(ctx, promptSeats)}
            {game.promptLeft ? ` · ${game.promptLeft} pick${game.promptLeft === 1 ? "" : "s"} left` : ""}
          </span>
        ) : (
          <span>No pending decision</span>
        )}
        <span class="solrei-actors">
          Deciding now: <b>{seatList(ctx, actors)}</b>
        </span>
      </div>
      {acts.length > 0 && (
        <ol class="solrei-acts" aria-label="Finished Acts">
          {acts.map((a, i) => (
            <li key={i}>
              Act {i + 1}: {a.winner !== undefined && a.winner !== null ? `${ctx.seatName(a.winner)} won` : "nobody won"}
              {a.reason && (
                <>
                  {" "}
                  (<Term ctx={ctx} id={a.reason} section="outcome" />)
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </header>
  );
}

function StackList({ ctx, items, players, priv, title, empty }: { ctx: Ctx; items: StackItem[]; players: Player[]; priv: Secret | null; title: string; empty: string }) {
  const byUid = new Map(items.map((it) => [it.uid, it]));
  const shown = items.slice().reverse(); // the last in resolves first: shown on top
  return (
    <Zone title={title} count={items.length} class="solrei-stack">
      {shown.length === 0 && <span class="solrei-none">{empty}</span>}
      {shown.map((it, i) => {
        const p = players.find((q) => q.seat === it.seat);
        const section = it.source.startsWith("art") ? "art" : it.source === "advantage" ? "advantage" : "muse";
        const target = it.target !== undefined && it.target !== null ? byUid.get(it.target) : undefined;
        const ownArts = priv && priv.seat === it.seat ? (priv.arts ?? null) : null;
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

function SeatArea({ ctx, p, game, priv, near, me }: { ctx: Ctx; p: Player; game: Record<string, any>; priv: Secret | null; near: boolean; me: number | null }) {
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

  const leader = (
    <div class="solrei-leader" key="leader">
      <Zone title="Muse">
        {p.muse ? (
          <Card ctx={ctx} id={p.muse} section="muse" />
        ) : mine && priv!.muse ? (
          <Card ctx={ctx} id={priv!.muse} section="muse" note="Face down: only you see it" />
        ) : (
          <Back label="Muse, face down" />
        )}
        {p.cultivatedCount > 0 && <Back label="Cultivated under the Muse" count={p.cultivatedCount} />}
      </Zone>
      <Zone title="Advantage">
        {p.advantage ? (
          <Card ctx={ctx} id={p.advantage} section="advantage" />
        ) : mine && priv!.advantage ? (
          <Card ctx={ctx} id={priv!.advantage} section="advantage" note="Face down: only you see it" />
        ) : (
          <Back label="Advantage, face down" />
        )}
      </Zone>
    </div>
  );

  const artZone = (
    <Zone key="arts" title="Arts" count={arts.length} class="solrei-arts">
      {arts.map((a) => {
        const state = nameOf(ctx.cat, a.state, "art_state");
        if (a.id) return <Card key={a.slot} ctx={ctx} id={a.id} section="art" badges={[`Art ${a.slot + 1}`, state]} />;
        const own = mine ? privArts[a.slot] : "";
        if (own) return <Card key={a.slot} ctx={ctx} id={own} section="art" badges={[`Art ${a.slot + 1}`, state]} note="Face down: the Rival does not know it" />;
        return <Back key={a.slot} label={`Art ${a.slot + 1}: ${state}`} />;
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
        <Back label="Deck" count={p.deckCount} />
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

  const body = [leader, artZone, <div class="solrei-field" key="field">{actionZone}{damageZone}</div>, counters, piles];
  return (
    <section
      class={`solrei-seat${near ? " solrei-near" : " solrei-far"}${mine ? " solrei-mine" : ""}${deciding ? " solrei-acting" : ""}`}
      data-testid="board-seat"
      data-seat={p.seat}
    >
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

function Private({ ctx, priv, mine, game }: { ctx: Ctx; priv: Secret; mine: Player; game: Record<string, any> }) {
  const rival = arr<Player>(game.players).find((q) => q.seat !== mine.seat);
  const rei = priv.rei ?? {};
  const options = arr<string>(priv.options);
  const total = SUITS.reduce((n, s) => n + (rei[s] ?? 0), 0);
  return (
    <section class="solrei-private" data-testid="board-private">
      <div class="solrei-rei" aria-label="Your Rei pool">
        <span class="solrei-stat-label">Your Rei pool ({total})</span>
        {SUITS.map((s) => (
          <span key={s} class={`solrei-rei-suit solrei-suit-${s}`} title={ctx.cat?.catalog.sections.suit?.[s]?.text ?? ""}>
            {nameOf(ctx.cat, s, "suit")} <b>{rei[s] ?? 0}</b>
          </span>
        ))}
      </div>
      <div class="solrei-your-prompt">
        {priv.promptKind ? (
          <>
            Your decision: <Term ctx={ctx} id={priv.promptKind} section="prompt" />
            {priv.promptPurpose && (
              <>
                {" "}
                (<Term ctx={ctx} id={priv.promptPurpose} section="purpose" />)
              </>
            )}
            {priv.promptLeft ? ` · ${priv.promptLeft} pick${priv.promptLeft === 1 ? "" : "s"} left` : ""}
            {options.length > 0 && (
              <ul class="solrei-options" aria-label="Options">
                {options.map((o) => (
                  <li key={o}>{optionWords(ctx, o, priv.promptPurpose ?? "", mine, rival, priv)}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <span>No decision of yours pending</span>
        )}
      </div>
    </section>
  );
}

export function Board(props: BoardProps) {
  const { game, seats, cat } = props;
  const me = props.me;
  // A spectator never reads a secret, even if one was passed by mistake.
  const priv = me !== null && props.secret ? (props.secret as Secret) : null;
  const players = arr<Player>(game.players);
  const seatInfo = (seat: number) => seats.find((s) => s.seat === seat);
  const seatName = (seat: number) => seatInfo(seat)?.name || `Seat ${seat + 1}`;
  const ctx: Ctx = { cat, seatName, seatInfo };
  const nearSeat = me !== null && players.some((p) => p.seat === me) ? me : (players[0]?.seat ?? 0);
  const far = players.filter((p) => p.seat !== nearSeat);
  const near = players.find((p) => p.seat === nearSeat);

  return (
    <div class="solrei-board" data-testid="board" data-game="solrei" data-me={me ?? ""}>
      <Status ctx={ctx} game={game} players={players} />
      {far.map((p) => (
        <SeatArea key={p.seat} ctx={ctx} p={p} game={game} priv={null} near={false} me={me} />
      ))}
      <section class="solrei-exchange" data-testid="board-exchange">
        <StackList ctx={ctx} items={arr<StackItem>(game.stack)} players={players} priv={priv} title="The Exchange" empty="empty" />
        {arr<StackItem>(game.resolving).length > 0 && (
          <StackList ctx={ctx} items={arr<StackItem>(game.resolving)} players={players} priv={priv} title="Resolving now" empty="nothing" />
        )}
      </section>
      {near && <SeatArea ctx={ctx} p={near} game={game} priv={priv} near={true} me={me} />}
    </div>
  );
}
