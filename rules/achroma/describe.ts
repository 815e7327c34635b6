/**
 * describe(): a short label in words for one of a seat's legal actions, from the catalog's names.
 * Only what that seat may see: card names come from the seat's own view (every face-up CardView
 * carries its definition id) and from the seat's own cards; nothing else of the state is named.
 *
 * Labels are unique among the seat's legal actions at a step: a clash is broken first by saying
 * where each named card is ("in your hand", "on Player 2's Canvas"...), then by numbering ("#2").
 */
import { CARDS, type Step } from "./cards.ts";
import { KEYWORDS } from "./catalogEntries.ts";
import { defOf, deployCost, legalActions, TRADE_LIMIT } from "./engine.ts";
import type { Action, Seat, State } from "./types.ts";
import { viewOf, type CardView, type UnitView } from "./view.ts";

interface Known {
  /** uid -> definition id, for every card the seat may see (its own cards: see knownDef). */
  defs: Map<string, string>;
  /** The seat's own cards, wherever they are (its own Palette's entries: instance p<seat>c<i> is entry i). */
  own: (uid: string) => string | undefined;
  /** uid -> where it is, in words, from the seat's point of view. */
  where: Map<string, string>;
}

const shards = (n: number) => `${n} Shard${n === 1 ? "" : "s"}`;
const player = (seat: Seat, i: number) => (i === seat ? "you" : `Player ${i + 1}`);
const whose = (seat: Seat, i: number) => (i === seat ? "your" : `Player ${i + 1}'s`);

function known(s: State, seat: Seat): Known {
  const v = viewOf(s, seat);
  const defs = new Map<string, string>();
  const where = new Map<string, string>();
  const add = (c: CardView, at: string) => {
    defs.set(c.uid, c.def);
    if (!where.has(c.uid)) where.set(c.uid, at);
  };
  const unit = (u: UnitView, at: string) => {
    add(u, at);
    const name = CARDS[u.def]?.name ?? "a card";
    for (const o of u.objects) unit(o, `on ${name}`);
    if (u.rider) unit(u.rider, `riding ${name}`);
    if (u.parasite) unit(u.parasite, `in ${name}`);
    for (const r of u.restrained) add(r, `under ${name}`);
  };
  for (const p of v.players) {
    for (const u of [...p.characters, ...p.locations]) unit(u, `on ${whose(seat, p.seat)} Canvas`);
    for (const c of p.dregs) add(c, `in ${whose(seat, p.seat)} Dregs`);
  }
  for (const c of v.hand) add(c, "in your hand");
  for (const c of v.looking) add(c, "from your Palette");
  for (const c of [...v.resolving, ...v.unveiling, ...v.deferred]) add(c, "being played");
  if (v.reaction?.declared) add(v.reaction.declared, "declared");
  // The seat's own cards, looked up when named: listing them all here (every card of the match)
  // took ~4% of a saturated 4-player room.
  const own = (uid: string) => (Object.hasOwn(s.cards, uid) && s.cards[uid].owner === seat ? s.cards[uid].def : undefined);
  return { defs, where, own };
}

/** The definition of a card the seat may name: one it sees, or one of its own. */
const knownDef = (k: Known, uid: string): string | undefined => k.defs.get(uid) ?? k.own(uid);

/** The labels of all of `seat`'s legal actions now, keyed by canonical action JSON; cached per state object. */
const cache = new WeakMap<State, Map<Seat, Map<string, string>>>();

const keyOf = (a: Action): string => JSON.stringify(Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))));

export function describeAction(s: State, seat: Seat, a: Action): string {
  try {
    let perSeat = cache.get(s);
    if (!perSeat) {
      perSeat = new Map();
      cache.set(s, perSeat);
    }
    let labels = perSeat.get(seat);
    if (!labels) {
      labels = labelAll(s, seat);
      perSeat.set(seat, labels);
    }
    return labels.get(keyOf(a)) ?? label(s, seat, a, known(s, seat), false);
  } catch {
    return a.type; // never throw: the bare action type is still a catalog id (kind "action")
  }
}

function labelAll(s: State, seat: Seat): Map<string, string> {
  const legal = legalActions(s, seat);
  const k = known(s, seat);
  const base = legal.map((a) => label(s, seat, a, k, false));
  const clashes = (ls: string[]) => ls.map((l) => ls.indexOf(l) !== ls.lastIndexOf(l));
  const clash = clashes(base);
  // A clash: say where the cards are; where that still clashes (alike cards in one place), number them.
  const detailed = base.map((l, i) => (clash[i] ? label(s, seat, legal[i], k, true) : l));
  const still = clashes(detailed);
  const seen = new Map<string, number>();
  const labels = detailed.map((l, i) => {
    if (!still[i]) return l;
    const n = (seen.get(base[i]) ?? 0) + 1;
    seen.set(base[i], n);
    return `${base[i]} #${n}`;
  });
  return new Map(legal.map((a, i) => [keyOf(a), labels[i]]));
}

function stepPhrase(st: Step): string {
  switch (st.k) {
    case "gain":
    case "drain":
    case "steal":
    case "draw":
      return `${st.k[0].toUpperCase()}${st.k.slice(1)} ${st.n}`;
    case "reveal":
      return `REVEAL a ${st.type}`;
    case "research":
      return `RESEARCH ${st.n}`;
    case "gain_count":
      return "Gain 1 for each matching card";
    default:
      return st.k.toUpperCase();
  }
}

function label(s: State, seat: Seat, a: Action, k: Known, detailed: boolean): string {
  const card = (uid: string): string => {
    const def = knownDef(k, uid);
    const name = def ? (CARDS[def]?.name ?? def) : "a hidden card";
    const at = k.where.get(uid);
    if (detailed && at) return `${name} ${at}`;
    // Cards on another player's Canvas say whose they are.
    const m = at ? /^on (Player \d+)'s Canvas$/.exec(at) : null;
    return m ? `${m[1]}'s ${name}` : name;
  };
  switch (a.type) {
    case "keep":
      return "Keep this hand";
    case "mulligan":
      return "Mulligan (draw a new hand)";
    case "draw":
      return "Draw a card";
    case "skip":
      return "Skip (no draw, no trade)";
    case "trade":
      return `Trade ${card(a.card)} for ${shards(Math.min(defOf(s, a.card).shards, TRADE_LIMIT - s.traded))}`;
    case "deploy": {
      const cost = shards(deployCost(s, seat, a.card, a.target));
      if (a.target === undefined) return `Deploy ${card(a.card)} (${cost})`;
      const d = CARDS[knownDef(k, a.card) ?? ""];
      return `Deploy ${card(a.card)} ${d?.type === "character" ? "as a PARASITE in" : "on"} ${card(a.target)} (${cost})`;
    }
    case "attack":
      return `Attack ${card(a.defender)} with ${card(a.attacker)}`;
    case "resolve": {
      const ach = defOf(s, a.card).achroma;
      return `Resolve ${card(a.card)}${ach ? ` (${ach.kind[0].toUpperCase()}${ach.kind.slice(1)} ${ach.n})` : ""}`;
    }
    case "resolve_given": {
      const g = s.units[a.card]?.given[0];
      return `Resolve the ${g ? `${g.kind === "gain" ? "SPLAT" : "SQUISH"} ${g.n}` : "given effect"} on ${card(a.card)}`;
    }
    case "hunt":
      return `HUNT ${card(a.target)} with ${card(a.hunter)}`;
    case "proceed":
      return s.phase === "main" ? "Go to the Resolve step" : "Go to the End step";
    case "pass_turn":
      return "Pass the turn";
    case "activate":
      return `Pay ${shards(defOf(s, a.card).paid?.cost ?? 0)}: use ${card(a.card)}`;
    case "menagerie":
      return `MENAGERIE: use ${card(a.card)}`;
    case "dispose":
      return `DISPOSE ${card(a.card)}`;
    case "mount":
      return s.players[seat].hand.includes(a.rider) ? `Deploy ${card(a.rider)} riding ${card(a.steed)} (${shards(deployCost(s, seat, a.rider))})` : `MOUNT ${card(a.rider)} on ${card(a.steed)}`;
    case "unveil":
      return `Unveil the SECRET under ${card(a.keeper)}`;
    case "prevent": {
      const pr = s.prompt;
      const of = pr?.kind === "prevent" ? ` of ${pr.amount} from Player ${pr.from + 1}` : "";
      return a.amount === 0 ? `Prevent nothing${of}` : `Prevent ${a.amount}${of}`;
    }
    case "react": {
      if (a.option === "pass") return "Don't react";
      const [how, uid] = a.option.split(":");
      if (how === "defend") return `DEFEND with ${card(uid)}`;
      if (how === "dispose") return `DISPOSE ${card(uid)}`;
      if (how === "divert") return `DIVERT to ${card(uid)}`;
      return a.option;
    }
    case "choose":
      return chooseLabel(s, seat, a.option, card);
  }
}

function chooseLabel(s: State, seat: Seat, o: string, card: (uid: string) => string): string {
  const pr = s.prompt;
  if (pr?.kind === "order") return `${card(o)} absorbs ${card(pr.char)}'s damage next`;
  if (pr?.kind === "research") return pr.ordering ? `Put ${card(o)} on top next` : o === "done" ? "Stop keeping cards" : `Keep ${card(o)} (1 Shard)`;
  if (pr?.kind !== "choose") return o;
  const st = pr.step;
  if (o === "pass") return `Pass (no ${st.k === "splat" ? (st.kind === "gain" ? "SPLAT" : "SQUISH") : stepPhrase(st)})`;
  if (o === "do") return stepPhrase(st);
  const seatNo = /^\d$/.test(o) ? Number(o) : null;
  switch (st.k) {
    case "drain":
      return `Drain ${player(seat, seatNo!)} (${st.n})`;
    case "steal":
      return `Steal ${st.n} from ${player(seat, seatNo!)}`;
    case "secret":
      return `Hide the top card of ${whose(seat, seatNo!)} Palette`;
    case "find":
      return `FIND ${CARDS[o]?.name ?? o}`;
    case "damage":
      return `Deal ${shards(st.n)} of damage to ${card(o)}`;
    case "freeze":
      return `FREEZE ${card(o)}`;
    case "dig":
      return `DIG ${card(o)}`;
    case "rage":
      return `Give ${card(o)} RAGE`;
    case "trade":
      return `TRADE ${card(o)} (${shards(defOf(s, o).shards)})`;
    case "deploy_free":
      return `Deploy ${card(o)} for free`;
    case "sacrifice":
      return `SACRIFICE ${card(o)}`;
    case "splat":
      return `${st.kind === "gain" ? "SPLAT" : "SQUISH"} ${st.n} on ${card(o)}`;
    case "claim":
      return `CLAIM ${card(o)}`;
    case "curse":
      return `CURSE ${card(o)}`;
    case "restrain":
      return `RESTRAIN ${card(o)}`;
    case "copy":
      return `COPY ${card(o)}`;
    case "swap":
      return `SWAP with ${card(o)}`;
    case "replace":
      return `REPLACE with ${card(o)}`;
    case "give":
      return `GIVE ${card(o)} ${KEYWORDS.find((x) => x.id === st.kw)?.name ?? st.kw}`;
    case "unveiled":
      return o === "canvas" ? `Put ${card(st.card)} onto your Canvas` : `Put ${card(st.card)} on ${card(o)}`;
    default:
      return `${stepPhrase(st)}: ${card(o)}`;
  }
}
