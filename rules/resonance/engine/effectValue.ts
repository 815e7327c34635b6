/**
 * 4.3.2 Calculate Initial Effect Value (EV), with the steps between fuel and defence (Material, Reckless, Attuned, Gamble, Flux).
 */
import type { Combat, KeywordId, State } from "../types.ts";
import { ask, flag } from "./choices.ts";
import { dealDamage } from "./damage.ts";
import { K, TAG, type Events } from "./definitions.ts";
import { actionKeywords, ctxFor, hook, resolutionMode } from "./keywordContext.ts";
import { revealTop } from "./library.ts";
import { endTurn } from "./turn.ts";
import { focusOf, hasTag, hpLeft } from "./unitStats.ts";
import { cardPower, isPlayerUnit, newUnit, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

/** Between the fuel and the Defender Reaction: Material, the EV, Gamble, Flux. */
export function preRoll(s: State, ev: Events): Stage | null {
  const c = s.combat!;
  const kws = actionKeywords(c);
  const p = s.players[c.seat];
  if (kws.has(K.material) && !flag(c, "material")) {
    c.flags.push("material");
    const items = [p.self, ...p.animations].flatMap((u) => u.items);
    if (items.length) {
      ask(s, "material", c.seat, ["none", ...items], "preroll");
      return null;
    }
  }
  if (resolutionMode(kws, c.kind) === "reckless" && c.revealed && c.fuel.length === 1 && !flag(c, "reckless")) {
    // Reckless (2.9): "They choose one of these two cards" (RULINGS R11). The higher Power is listed first (the timeout default, R24).
    c.flags.push("reckless");
    const both = cardPower(c.revealed) > cardPower(c.fuel[0]) ? [c.revealed, c.fuel[0]] : [c.fuel[0], c.revealed];
    ask(
      s,
      "reckless",
      c.seat,
      both.map((x) => `card:${x}`),
      "preroll",
    );
    return null;
  }
  if (kws.has(K.attuned as KeywordId) && !flag(c, "attuned") && c.kind === "attack" && resolutionMode(kws, c.kind) !== "reckless") {
    // Attuned (1.3): "a chosen friendly Animation's Focus" (RULINGS R26): asked when there is more than one; highest Focus first (timeout default).
    c.flags.push("attuned");
    const mine = p.animations.filter((u) => !u.suppressed).sort((a, b) => focusOf(s, b) - focusOf(s, a));
    if (mine.length >= 2) {
      ask(
        s,
        "attuned",
        c.seat,
        mine.map((u) => u.id),
        "preroll",
      );
      return null;
    }
  }
  if (!flag(c, "ev")) {
    c.flags.push("ev");
    computeEv(s, c, ev);
  }
  if (kws.has(K.gamble) && c.actor.startsWith("p") && unitById(s, c.actor) && !flag(c, "gambled")) {
    c.step = "gamble";
    return null;
  }
  if (kws.has(K.flux) && !flag(c, "flux")) {
    c.flags.push("flux");
    const most = hpLeft(s, c.seat) - 1; // no cap in 4.7; the last marker would end the game first (RULINGS R40)
    if (most > 0) {
      ask(
        s,
        "flux",
        c.seat,
        Array.from({ length: most + 1 }, (_, i) => String(i)),
        "preroll",
      );
      return null;
    }
  }
  return "start_roll";
}

export function applyGamble(s: State, seat: number, reveal: boolean, ev: Events): Stage | null {
  const c = s.combat!;
  if (!reveal) {
    c.flags.push("gambled");
    return "preroll";
  }
  const top = revealTop(s, ev);
  if (top) s.discard.push(top);
  c.gambled++;
  c.ev++;
  ev.push({ type: "gamble", seat, ev: c.ev });
  dealDamage(s, s.players[seat].self, 1, { preventable: false, by: null }, ev);
  if (s.outcome || s.players[seat].eliminated !== null) {
    s.combat = null;
    if (!s.outcome) endTurn(s, ev);
  }
  return null;
}

/** 4.3.2: the target-independent part of the EV. */
export function computeEv(s: State, c: Combat, ev: Events): void {
  const kws = actionKeywords(c);
  const mode = resolutionMode(kws, c.kind);
  const actor = unitById(s, c.actor) ?? newUnit(c.actor, null, c.seat);
  const source = unitById(s, c.source) ?? actor;
  const dazed = hasTag(s, actor, TAG.daze);
  const noFocus = [...kws].some((k) => hook(k)?.noFocus);
  let focus = focusOf(s, source);
  const ctx0 = ctxFor(s, c, []);
  for (const k of kws) {
    const f = hook(k)?.evFocus?.(ctx0);
    if (f !== undefined && f !== null) focus = f;
  }
  const powers = c.fuel.map(cardPower);
  const obscured = c.kind === "attack" && mode === "standard" && unitById(s, c.targets[0]) !== null && hasTag(s, unitById(s, c.targets[0])!, TAG.obscure);
  let fuel = obscured ? Math.min(powers[0], powers[1]) + powers.slice(2).reduce((a, b) => a + b, 0) : powers.reduce((a, b) => a + b, 0);
  if (dazed) fuel = 0;
  let value: number;
  if (mode === "snap") value = focus;
  else if (mode === "reckless") {
    // RULINGS R11: the chosen card; with no revealed card (empty library) the discarded one.
    const chosen = c.flags.find((f) => f.startsWith("recklessCard:"));
    value = chosen ? cardPower(chosen.slice("recklessCard:".length)) : (powers[0] ?? 0);
  } else if (mode === "stoic" && c.fuel.length === 0) value = 2 * focus;
  else if (mode === "ambience" && c.fuel.length === 0) value = focus + Math.max(0, ...s.discard.map(cardPower));
  else {
    value = (c.kind === "critical" || noFocus ? 0 : focus) + fuel;
    if (isPlayerUnit(source)) value += source.items.length;
  }
  if (mode !== "snap" && mode !== "reckless") {
    const ctx = ctxFor(s, c, ev);
    for (const k of kws) value += hook(k)?.ev?.(ctx) ?? 0;
  }
  if (c.kind !== "support" && hasTag(s, actor, TAG.weaken)) value -= 1;
  c.ev = value;
  ev.push({ type: "ev", ev: value, mode });
}
