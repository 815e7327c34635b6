/**
 * CARD ABILITY KEYWORDS on your Palette, hand and Dregs: DRAW, FIND, DIG, TRADE (R4), Deploy
 * for free (R19), REVEAL, RESEARCH (R23).
 */
import type { GameEvent } from "../core/engine.ts";
import { shuffleInPlace } from "../core/rng.ts";
import { CARDS, type Step } from "./cards.ts";
import type { Frame, Seat, State } from "./types.ts";
import { defOf } from "./canvas.ts";
import { place } from "./deploying.ts";
import { draw, tradeCard } from "./turn.ts";
import { settle } from "./leaving.ts";

/** The options of a Palette/hand/Dregs keyword step (hidden choices, R45). */
export function paletteStepOptions(s: State, seat: Seat, step: Step): string[] {
  const p = s.players[seat];
  switch (step.k) {
    case "find":
      return [...new Set(p.palette.map((c) => s.cards[c].def).filter((d) => CARDS[d].type === step.type))].sort();
    case "dig":
      return p.dregs.filter((c) => defOf(s, c).type === step.type);
    case "trade":
      return [...p.hand];
    case "deploy_free":
      return p.hand.filter((c) => defOf(s, c).type === "character" && defOf(s, c).shards <= step.max);
    default:
      return [];
  }
}

export function paletteStep(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  const seat = f.seat;
  const p = s.players[seat];
  switch (step.k) {
    case "draw":
      draw(s, seat, step.n, ev);
      return;
    case "find": {
      const c = p.palette.find((x) => s.cards[x].def === option)!;
      p.palette = p.palette.filter((x) => x !== c);
      p.hand.push(c);
      shuffleInPlace(s, p.palette);
      ev.push({ type: "find", seat });
      ev.push({ type: "found", seat, card: c, def: option, to: [seat] });
      return;
    }
    case "dig":
      p.dregs = p.dregs.filter((x) => x !== option);
      p.hand.push(option!);
      ev.push({ type: "dig", seat, card: option, def: s.cards[option!].def });
      return;
    case "trade":
      tradeCard(s, seat, option!, false, ev);
      return;
    case "deploy_free":
      if (f.defer) {
        // R36: a card Deployed by a DISPOSE Reaction waits until everything else has concluded.
        p.hand = p.hand.filter((c) => c !== option);
        s.deferred.push({ seat, card: option! });
        ev.push({ type: "deferred", seat, card: option, def: s.cards[option!].def });
        return;
      }
      ev.push({ type: "deploy", seat, card: option, def: s.cards[option!].def, free: true });
      place(s, seat, option!, undefined, ev);
      return;
    case "reveal": {
      const defs: string[] = [];
      const i = p.palette.findIndex((c) => defOf(s, c).type === step.type);
      const upTo = i < 0 ? p.palette.length : i + 1;
      for (const c of p.palette.slice(0, upTo)) defs.push(s.cards[c].def);
      if (i >= 0) p.hand.push(p.palette.splice(i, 1)[0]);
      shuffleInPlace(s, p.palette);
      s.lastReveal = { seat, defs };
      ev.push({ type: "reveal", seat, defs, found: i >= 0 });
      return;
    }
    case "research": {
      const count = Math.min(step.n, p.palette.length);
      s.research = { seat, count, placed: 0, ordering: false };
      ev.push({ type: "research", seat, count });
      ev.push({ type: "looked", seat, cards: p.palette.slice(0, count), to: [seat] });
      return;
    }
  }
}

/** R23: RESEARCH asks to buy (while the bank can pay 1), then to order the rest. */
export function researchPrompt(s: State, ev: GameEvent[]): void {
  const r = s.research!;
  const p = s.players[r.seat];
  if (!r.ordering) {
    if (r.count > 0 && p.bank >= 1) {
      s.prompt = { kind: "research", seat: r.seat, ordering: false, options: researchOptions(s, false) };
      return;
    }
    r.ordering = true;
  }
  if (r.count - r.placed >= 2) {
    s.prompt = { kind: "research", seat: r.seat, ordering: true, options: researchOptions(s, true) };
    return;
  }
  s.research = null;
  ev.push({ type: "research_done", seat: r.seat });
}

/** R23: the looked-at cards on offer: one to keep (or done), or the next one for the top of the Palette. */
export function researchOptions(s: State, ordering: boolean): string[] {
  const r = s.research!;
  const palette = s.players[r.seat].palette;
  return ordering ? palette.slice(r.placed, r.count) : ["done", ...palette.slice(0, r.count)];
}

export function researchChoice(s: State, option: string, ev: GameEvent[]): void {
  const r = s.research!;
  const p = s.players[r.seat];
  if (!r.ordering) {
    if (option === "done") {
      r.ordering = true;
      return;
    }
    p.palette = p.palette.filter((c) => c !== option);
    p.hand.push(option);
    p.bank -= 1;
    r.count--;
    ev.push({ type: "research_keep", seat: r.seat, shards: 1 });
    ev.push({ type: "kept", seat: r.seat, card: option, def: s.cards[option].def, to: [r.seat] });
    if (p.bank <= 0) settle(s, ev); // R3: paid down to 0, the researcher is out (and the RESEARCH ends)
    return;
  }
  const rest = p.palette.filter((c) => c !== option);
  rest.splice(r.placed, 0, option);
  p.palette = rest;
  r.placed++;
}
