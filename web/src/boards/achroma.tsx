/**
 * The Achroma board (2–6 players): every seat's Canvas (Locations, Characters with the Objects,
 * Riders and PARASITES attached to them), Bank, hand and Palette as backs with counts, Dregs face
 * up; the turn, step, pending decision, attack, Reaction window, RESEARCH, REVEAL, HUNTs and the
 * cards being resolved; and, for a seated viewer, their hand, the options of their decision and the
 * Palette cards they look at (from `secret`). The viewer's own area is drawn last (nearest);
 * opponents come first, in turn order from the viewer's left. A spectator sees no private part.
 *
 * Fields: docs/achroma.md ("## State"); cards are looked up in the catalog's `card` section,
 * the other ids in the section their field names.
 */
import type { ComponentChildren } from "preact";
import { lookup, nameOf, type CatalogIndex } from "../catalog.tsx";
import type { CatalogEntry } from "../api.ts";
import type { BoardProps, BoardSeat } from "./types.ts";
import "./achroma.css";

/** The most Deploys a player may make in a turn (rulebook: "Deploy up to 3 cards"). */
const DEPLOYS_PER_TURN = 3;
/** How many card backs are drawn before the rest is a count. */
const MAX_BACKS = 8;

interface Ctx {
  cat: CatalogIndex | null;
  seats: BoardSeat[];
  me: number | null;
  /** Instance uid -> card definition id, for every card shown face up anywhere the viewer may see. */
  defs: Map<string, string>;
  /** Instance uid -> what it is doing right now ("attacking", "HUNTed"...), drawn on its card. */
  focus: Map<string, string[]>;
}

type Card = Record<string, any>;

const arr = (v: unknown): any[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** `"uid:def"` -> [uid, def]. */
function splitRef(ref: string): [string, string] {
  const at = ref.indexOf(":");
  return at < 0 ? [ref, ""] : [ref.slice(0, at), ref.slice(at + 1)];
}

function collectDefs(game: Record<string, any>, secret: Record<string, any> | null): Map<string, string> {
  const defs = new Map<string, string>();
  const addRef = (ref: unknown) => {
    if (typeof ref !== "string") return;
    const [uid, def] = splitRef(ref);
    if (uid && def) defs.set(uid, def);
  };
  const addCard = (c: Card) => {
    if (c?.uid && c?.def) defs.set(c.uid, c.def);
    arr(c?.restrained).forEach(addRef);
  };
  for (const p of arr(game.players)) {
    arr(p.dregs).forEach(addRef);
    arr(p.characters).forEach(addCard);
    arr(p.locations).forEach(addCard);
  }
  for (const k of ["resolving", "unveiling", "deferred"]) arr(game[k]).forEach(addRef);
  const declared = game.reaction?.declared;
  if (declared?.uid && declared?.def) defs.set(declared.uid, declared.def);
  if (secret) for (const k of ["hand", "looking"]) arr(secret[k]).forEach(addRef);
  return defs;
}

function collectFocus(game: Record<string, any>, secret: Record<string, any> | null): Map<string, string[]> {
  const focus = new Map<string, string[]>();
  const add = (uid: unknown, what: string) => {
    if (typeof uid !== "string" || !uid) return;
    const list = focus.get(uid) ?? [];
    if (!list.includes(what)) list.push(what);
    focus.set(uid, list);
  };
  add(game.combatAttacker, "attacking");
  add(game.combatDefender, "attacked");
  if (game.reaction?.action) {
    try {
      const a = JSON.parse(String(game.reaction.action)) as Record<string, unknown>;
      add(a.attacker, "declared attacker");
      add(a.defender, "declared target of the attack");
      add(a.card, "declared");
      add(a.target, "declared target");
      add(a.hunter, "declared hunter");
      add(a.rider, "declared Rider");
      add(a.steed, "declared steed");
      add(a.keeper, "declared Keeper");
    } catch {
      // not JSON: shown as it is in the Reaction window
    }
  }
  for (const h of arr(game.hunts)) {
    const [, hunter, target] = str(h).split(":");
    add(hunter, "HUNTing");
    add(target, "HUNTed");
  }
  // The viewer's own decision is marked once, from their (fuller) private options below.
  const mine = secret && typeof game.promptSeat === "number" && game.promptSeat === secret.seat && arr(secret.options).length > 0;
  for (const o of mine ? [] : arr(game.promptOptions)) {
    const uid = str(o).includes(":") ? str(o).slice(str(o).indexOf(":") + 1) : str(o);
    if (/^p\d+c\d+$/.test(uid)) add(uid, "an option of the pending decision");
  }
  if (secret) {
    for (const o of arr(secret.options)) {
      const uid = str(o).includes(":") ? str(o).slice(str(o).indexOf(":") + 1) : str(o);
      if (/^p\d+c\d+$/.test(uid)) add(uid, "one of your options");
    }
  }
  return focus;
}

function seatName(ctx: Ctx, seat: number): string {
  const s = ctx.seats.find((x) => x.seat === seat);
  const player = `Player ${seat + 1}`;
  const who = s?.name ? `${s.name} (${player})` : player;
  return seat === ctx.me ? `${who}, you` : who;
}

function cardEntry(ctx: Ctx, def: string): CatalogEntry | undefined {
  return def ? lookup(ctx.cat, def, "card")?.entry : undefined;
}

function cardName(ctx: Ctx, def: string): string {
  return def ? nameOf(ctx.cat, def, "card") : "a face-down card";
}

/** An instance by its card's name ("Reef Guardian"), or "a card" when the viewer cannot know it. */
function instanceName(ctx: Ctx, uid: string): string {
  const def = ctx.defs.get(uid);
  if (def) return cardName(ctx, def);
  return uid ? `an unseen card (${uid})` : "";
}

function term(ctx: Ctx, id: string, section: string): string {
  return id ? nameOf(ctx.cat, id, section) : "";
}

function Term({ ctx, id, section }: { ctx: Ctx; id: string; section: string }) {
  const found = lookup(ctx.cat, id, section);
  return (
    <span class="achroma-term" title={found?.entry.text ?? ""}>
      {found ? found.entry.name : id}
    </span>
  );
}

/** A prompt option (public or private) in words, per docs/achroma.md "Which fields hold ids". */
function optionWords(ctx: Ctx, option: string, kind: string, step: string): string {
  if (kind === "react") {
    const at = option.indexOf(":");
    if (at < 0) return term(ctx, option, "reaction");
    return `${term(ctx, option.slice(0, at), "reaction")} ${instanceName(ctx, option.slice(at + 1))}`;
  }
  if (/^\d+$/.test(option) && (step === "drain" || step === "steal" || step === "secret")) return seatName(ctx, Number(option));
  if (step === "find") return cardName(ctx, option);
  if (ctx.defs.has(option) || /^p\d+c\d+$/.test(option)) return instanceName(ctx, option);
  if (lookup(ctx.cat, option, "option")) return term(ctx, option, "option");
  return option;
}

const ACTION_FIELDS: [string, string][] = [
  ["card", "card"],
  ["target", "target"],
  ["attacker", "attacker"],
  ["defender", "defender"],
  ["hunter", "hunter"],
  ["rider", "rider"],
  ["steed", "steed"],
  ["keeper", "keeper"],
];

/** A declared action (`reaction.action`, JSON like an entry of `legal`) in words. */
function actionWords(ctx: Ctx, json: string): string {
  let a: Record<string, any>;
  try {
    a = JSON.parse(json);
  } catch {
    return json;
  }
  if (!a || typeof a !== "object") return json;
  const parts = [term(ctx, str(a.type), "action")];
  for (const [field, word] of ACTION_FIELDS) {
    if (typeof a[field] === "string") parts.push(`${word}: ${instanceName(ctx, a[field])}`);
  }
  if (typeof a.option === "string") parts.push(`option: ${optionWords(ctx, a.option, "", "")}`);
  if (typeof a.amount === "number") parts.push(`amount: ${a.amount}`);
  return parts.join(", ");
}

function Stat({ label, value, hint }: { label: string; value: ComponentChildren; hint?: string }) {
  return (
    <span class="achroma-stat" title={hint}>
      <span class="achroma-stat-label">{label}</span> <b class="achroma-stat-value">{value}</b>
    </span>
  );
}

/** A face-up card from its definition (hand, Dregs, resolving...): name, cost, stats, keywords, text. */
function CardFace({ ctx, def, uid, extra, live, children }: { ctx: Ctx; def: string; uid?: string; extra?: string; live?: boolean; children?: ComponentChildren }) {
  const entry = cardEntry(ctx, def);
  const stats = (entry?.stats ?? {}) as Record<string, unknown>;
  const traits = (entry?.traits ?? {}) as Record<string, unknown>;
  const type = str(traits.type);
  const realm = str(traits.realm);
  const line = [type && term(ctx, type, "card_type"), str(traits.characterType) && term(ctx, str(traits.characterType), "character_type"), realm && term(ctx, realm, "realm")]
    .filter(Boolean)
    .join(" · ");
  return (
    <div class={`achroma-card achroma-type-${type || "unknown"} achroma-realm-${realm || "none"}${extra ? ` ${extra}` : ""}`} data-testid="card" data-id={def} data-uid={uid ?? ""} title={entry?.text ?? ""}>
      <div class="achroma-card-head">
        <b class="achroma-card-name">{entry?.name ?? def}</b>
        {entry?.cost !== undefined && (
          <span class="achroma-card-cost" title="Shard Value">
            {String(entry.cost)}
          </span>
        )}
      </div>
      {line && <div class="achroma-card-line">{line}</div>}
      {!live && typeof stats.strength === "number" && stats.strength > 0 && <div class="achroma-card-line">Strength {stats.strength}</div>}
      {entry?.text && <div class="achroma-card-text">{entry.text}</div>}
      {children}
    </div>
  );
}

function RefCard({ ctx, refStr, extra }: { ctx: Ctx; refStr: string; extra?: string }) {
  const [uid, def] = splitRef(refStr);
  return def ? <CardFace ctx={ctx} def={def} uid={uid} extra={extra} /> : <Back label={uid} />;
}

function Back({ label }: { label?: string }) {
  return (
    <div class="achroma-back" title="face down">
      <span class="achroma-back-mark" aria-hidden="true">◆</span>
      {label && <span class="achroma-back-label">{label}</span>}
    </div>
  );
}

/** `count` card backs (at most MAX_BACKS drawn) and the count in words. */
function Backs({ count, what }: { count: number; what: string }) {
  const shown = Math.min(count, MAX_BACKS);
  return (
    <div class="achroma-backs" aria-label={`${count} ${what}`}>
      {Array.from({ length: shown }, (_, i) => (
        <Back key={i} />
      ))}
      <span class="achroma-count">
        {count} {what}
      </span>
    </div>
  );
}

function Row({ ctx, refs, empty }: { ctx: Ctx; refs: string[]; empty?: string }) {
  if (refs.length === 0) return empty ? <div class="achroma-empty">{empty}</div> : null;
  return (
    <div class="achroma-row">
      {refs.map((r, i) => (
        <RefCard key={`${r}-${i}`} ctx={ctx} refStr={r} />
      ))}
    </div>
  );
}

function Zone({ title, count, children, testid }: { title: string; count?: number; children: ComponentChildren; testid?: string }) {
  return (
    <section class="achroma-zone" data-testid={testid}>
      <h4 class="achroma-zone-title">
        {title}
        {count !== undefined && <span class="achroma-zone-count"> ({count})</span>}
      </h4>
      {children}
    </section>
  );
}

/** `given` entries: "kind:shards:giver". */
function givenWords(ctx: Ctx, g: string): string {
  const [kind = "", shards = "", giver = ""] = g.split(":");
  const from = /^\d+$/.test(giver) ? ` from ${seatName(ctx, Number(giver))}` : "";
  return `${term(ctx, kind, "effect")} ${shards}${from}`;
}

/** A card on a Canvas (AchromaCard): its face plus every counter and mark of the instance. */
function TableCard({ ctx, card, controller, attached }: { ctx: Ctx; card: Card; controller: number; attached: Card[] }) {
  const def = str(card.def);
  const entry = cardEntry(ctx, def);
  const printed = (entry?.stats ?? {}) as Record<string, unknown>;
  const role = str(card.role);
  const isCharacter = str((entry?.traits as Record<string, unknown> | undefined)?.type) === "character" && !role;
  const marks: ComponentChildren[] = [];
  const mark = (key: string, text: ComponentChildren, cls = "") => marks.push(<span key={key} class={`achroma-mark ${cls}`}>{text}</span>);
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
function CanvasRow({ ctx, cards, controller }: { ctx: Ctx; cards: Card[]; controller: number }) {
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

function SeatArea({ ctx, game, player, mine, secret }: { ctx: Ctx; game: Record<string, any>; player: Record<string, any>; mine: boolean; secret: Record<string, any> | null }) {
  const seat = Number(player.seat ?? 0);
  const slot = ctx.seats.find((s) => s.seat === seat);
  const characters = arr(player.characters);
  const locations = arr(player.locations);
  const dregs = arr(player.dregs).map(str);
  const active = game.active === seat;
  const deciding = game.promptSeat === seat || slot?.acting;
  const cls = ["achroma-seat", mine ? "achroma-mine" : "achroma-opponent", active ? "achroma-active" : "", player.out ? "achroma-out" : ""].filter(Boolean).join(" ");
  const hand = secret ? arr(secret.hand).map(str) : [];
  return (
    <section class={cls} data-testid="achroma-seat" data-seat={seat}>
      <header class="achroma-seat-head">
        <b class="achroma-seat-name">{seatName(ctx, seat)}</b>
        {slot?.bot && <span class="achroma-badge">bot</span>}
        {slot && !slot.connected && <span class="achroma-badge achroma-badge-warn">disconnected</span>}
        {active && <span class="achroma-badge achroma-badge-turn">their turn</span>}
        {game.first === seat && <span class="achroma-badge">went first</span>}
        {deciding && <span class="achroma-badge achroma-badge-act">deciding</span>}
        {player.out && <span class="achroma-badge achroma-badge-warn">out of the game</span>}
      </header>
      <div class="achroma-counters">
        <Stat label="Bank" value={`${player.bank ?? 0} Shards`} hint="30 Shards wins" />
        <Stat label="Hand" value={player.handCount ?? 0} />
        <Stat label="Palette" value={player.paletteCount ?? 0} />
        <Stat label="Dregs" value={dregs.length} />
        <Stat label="Opening hand" value={<Term ctx={ctx} id={str(player.mulligan)} section="mulligan" />} />
      </div>
      <div class="achroma-zones">
        <Zone title="Locations" count={locations.length}>
          {locations.length ? <CanvasRow ctx={ctx} cards={locations} controller={seat} /> : <div class="achroma-empty">none</div>}
        </Zone>
        <Zone title="Characters" count={characters.filter((c) => !c.attachedTo).length}>
          {characters.length ? <CanvasRow ctx={ctx} cards={characters} controller={seat} /> : <div class="achroma-empty">none</div>}
        </Zone>
        {mine && secret ? (
          <Zone title="Your hand" count={hand.length} testid="achroma-hand">
            <Row ctx={ctx} refs={hand} empty="empty" />
          </Zone>
        ) : (
          <Zone title="Hand" count={player.handCount ?? 0}>
            <Backs count={Number(player.handCount ?? 0)} what={`${Number(player.handCount ?? 0) === 1 ? "card" : "cards"} in hand, face down`} />
          </Zone>
        )}
        <Zone title="Palette" count={player.paletteCount ?? 0}>
          <div class="achroma-pile">
            <Back />
            <span class="achroma-count">
              {player.paletteCount ?? 0} {player.paletteCount === 1 ? "card" : "cards"}, face down
            </span>
          </div>
        </Zone>
        <Zone title="Dregs" count={dregs.length}>
          {dregs.length === 0 ? (
            <div class="achroma-empty">empty</div>
          ) : (
            <details class="achroma-dregs">
              <summary>
                Top: {cardName(ctx, splitRef(dregs[dregs.length - 1]!)[1])} — show all {dregs.length}
              </summary>
              <Row ctx={ctx} refs={[...dregs].reverse()} />
            </details>
          )}
        </Zone>
      </div>
    </section>
  );
}

function TurnPanel({ ctx, game }: { ctx: Ctx; game: Record<string, any> }) {
  const promptKind = str(game.promptKind);
  const promptStep = str(game.promptStep);
  const promptOptions = arr(game.promptOptions).map(str);
  const hasPrompt = promptKind !== "" || typeof game.promptSeat === "number";
  return (
    <section class="achroma-status" data-testid="achroma-status">
      <div class="achroma-status-line">
        <Stat label="Turn" value={game.turn ?? 0} />
        <Stat label="Step" value={<Term ctx={ctx} id={str(game.phase)} section="phase" />} />
        <Stat label="Active player" value={typeof game.active === "number" ? seatName(ctx, game.active) : "—"} />
        <Stat label="First player" value={typeof game.first === "number" ? seatName(ctx, game.first) : "—"} />
        <Stat label="Deploys this turn" value={`${game.deployed ?? 0} of ${DEPLOYS_PER_TURN}`} />
        <Stat label="Trades this turn" value={game.traded ?? 0} />
      </div>
      <div class="achroma-prompt" data-testid="achroma-prompt">
        {hasPrompt ? (
          <>
            <b>{typeof game.promptSeat === "number" ? seatName(ctx, game.promptSeat) : "Someone"}</b> must decide:{" "}
            <Term ctx={ctx} id={promptKind} section="prompt" />
            {promptStep && (
              <>
                {" — "}
                <Term ctx={ctx} id={promptStep} section={promptKind === "react" ? "trigger" : "step"} />
              </>
            )}
            {promptOptions.length > 0 ? (
              <span class="achroma-options">
                {" "}
                Options:{" "}
                {promptOptions.map((o, i) => (
                  <span key={i} class="achroma-option">
                    {optionWords(ctx, o, promptKind, promptStep)}
                  </span>
                ))}
              </span>
            ) : (
              <span class="achroma-dim"> (the options are private to the chooser)</span>
            )}
          </>
        ) : (
          <span class="achroma-dim">No decision pending beyond the active player's turn.</span>
        )}
      </div>
    </section>
  );
}

/** What is happening on the table right now: attack, Reaction window, resolving, RESEARCH, REVEAL, HUNTs. */
function Stack({ ctx, game }: { ctx: Ctx; game: Record<string, any> }) {
  const attacker = str(game.combatAttacker);
  const defender = str(game.combatDefender);
  const reaction = game.reaction as Record<string, any> | undefined;
  const resolving = arr(game.resolving).map(str);
  const unveiling = arr(game.unveiling).map(str);
  const deferred = arr(game.deferred).map(str);
  const hunts = arr(game.hunts).map(str);
  const reveal = game.lastReveal as Record<string, any> | undefined;
  const research = game.research as Record<string, any> | undefined;
  const items: ComponentChildren[] = [];
  if (attacker || defender) {
    items.push(
      <div key="combat" class="achroma-event achroma-combat">
        <b>Attack:</b> {instanceName(ctx, attacker) || "—"} attacks {instanceName(ctx, defender) || "—"}
      </div>,
    );
  }
  if (reaction) {
    const declared = reaction.declared as Record<string, any> | undefined;
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

/** The viewer's private part beyond the hand: their decision's options and RESEARCH cards. */
function Private({ ctx, game, secret }: { ctx: Ctx; game: Record<string, any>; secret: Record<string, any> }) {
  const options = arr(secret.options).map(str);
  const looking = arr(secret.looking).map(str);
  const kind = str(game.promptSeat === secret.seat ? game.promptKind : "");
  const step = str(game.promptSeat === secret.seat ? game.promptStep : "");
  return (
    <section class="achroma-private" data-testid="achroma-private">
      <h4 class="achroma-zone-title">Only you see this ({seatName(ctx, Number(secret.seat ?? ctx.me ?? 0))})</h4>
      <div>
        <b>Your options:</b>{" "}
        {options.length ? (
          options.map((o, i) => (
            <span key={i} class="achroma-option">
              {optionWords(ctx, o, kind, step)}
            </span>
          ))
        ) : (
          <span class="achroma-dim">no pending choice</span>
        )}
      </div>
      <div>
        <b>Top of your Palette (RESEARCH), in order:</b>{" "}
        {looking.length ? <Row ctx={ctx} refs={looking} /> : <span class="achroma-dim">not looking at any</span>}
      </div>
    </section>
  );
}

export function Board(props: BoardProps) {
  const { game, cat, seats, me } = props;
  const secret = me === null ? null : props.secret;
  const ctx: Ctx = { cat, seats, me, defs: collectDefs(game, secret), focus: collectFocus(game, secret) };
  const players = arr(game.players);
  const n = players.length;
  const mineIdx = me === null ? -1 : players.findIndex((p) => p.seat === me);
  // Opponents in turn order starting after the viewer; the viewer last (nearest the bottom).
  const ordered = mineIdx < 0 ? players : [...players.slice(mineIdx + 1), ...players.slice(0, mineIdx), players[mineIdx]];
  return (
    <div class="achroma-board" data-testid="achroma-board" data-players={n}>
      <TurnPanel ctx={ctx} game={game} />
      <Stack ctx={ctx} game={game} />
      <div class="achroma-seats">
        {ordered.map((p) => (
          <SeatArea key={p.seat} ctx={ctx} game={game} player={p} mine={p.seat === me} secret={p.seat === me ? secret : null} />
        ))}
      </div>
      {secret && <Private ctx={ctx} game={game} secret={secret} />}
    </div>
  );
}
