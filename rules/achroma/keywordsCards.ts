/**
 * CARD ABILITY KEYWORDS that act on cards on the Canvases: Action damage, FREEZE (R18), RAGE,
 * RESTRAIN (R30), COPY (R31), SWAP, REPLACE (R33), GIVE (R32), SECRET and its unveiling (R22),
 * SACRIFICE (R24), CLAIM (R27), CURSE (R28).
 */
import type { GameEvent } from "../core/engine.ts";
import type { Step } from "./cards.ts";
import type { Frame, Seat, State } from "./types.ts";
import { bundle, canvasCards, controllerOf, defOf, has, live, newUnit, others, shardValue } from "./canvas.ts";
import { place } from "./deploying.ts";
import { erase, heroicArrival } from "./erase.ts";

/** The options of a Canvas keyword step (empty: it fizzles, R20). */
export function cardStepOptions(s: State, seat: Seat, step: Step, source: string, f?: Frame): string[] {
  const p = s.players[seat];
  switch (step.k) {
    case "restrain":
      // R30: "a card on another Canvas": a Character (with what is attached to it), a Location or an Object.
      return s.units[source]
        ? others(s, seat)
            .flatMap((i) => [...s.players[i].characters, ...s.players[i].locations, ...canvasCards(s, i).filter((c) => defOf(s, c).type === "object")])
            .filter((c) => c !== source)
        : [];
    case "copy": {
      if (!s.units[source] || defOf(s, source).type !== "character") return [];
      const me = defOf(s, source).id;
      return live(s)
        .flatMap((i) => s.players[i].characters)
        .filter((c) => c !== source && defOf(s, c).id !== me);
    }
    case "swap": {
      const ctl = controllerOf(s, source);
      if (ctl === null || !s.players[ctl].characters.includes(source)) return [];
      return others(s, ctl).flatMap((i) => s.players[i].characters);
    }
    case "replace": {
      const e = f?.erased;
      if (!e || (e.type !== "character" && e.type !== "location") || s.players[e.seat].out) return [];
      return p.hand.filter((c) => defOf(s, c).type === e.type);
    }
    case "give":
      return p.characters.filter((c) => !has(s, c, step.kw));
    case "secret":
      return s.units[source]
        ? live(s)
            .filter((i) => s.players[i].palette.length > 0)
            .map(String)
        : [];
    case "sacrifice":
      return canvasCards(s, seat).filter((c) => c !== source);
    case "claim":
      return live(s)
        .filter((i) => i !== seat)
        .flatMap((i) => (step.type === "character" ? s.players[i].characters : s.players[i].locations));
    case "curse":
      return live(s)
        .flatMap((i) => canvasCards(s, i))
        .filter((c) => !s.units[c].cursed);
    case "unveiled": {
      const d = defOf(s, step.card);
      if (d.type !== "object") return ["canvas"];
      return live(s)
        .flatMap((i) => s.players[i].characters)
        .filter((c) => !d.relic || !(s.attached[c] ?? []).some((o) => defOf(s, o).relic));
    }
    case "damage":
      // R38: the cards of a MOUNTED unit can be targeted one by one by Actions.
      return others(s, seat)
        .flatMap((i) => s.players[i].characters.flatMap((c) => (s.riders[c] ? [c, s.riders[c]] : [c])))
        .filter((c) => !has(s, c, "protection"));
    case "freeze":
      return live(s)
        .flatMap((i) => canvasCards(s, i))
        .filter((c) => !s.units[c].frozen);
    case "rage":
      return [...p.characters];
    default:
      return [];
  }
}

export function cardStep(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  const seat = f.seat;
  const p = s.players[seat];
  switch (step.k) {
    case "damage": {
      const u = s.units[option!];
      u.damage += step.n;
      ev.push({ type: "damage", seat, card: option, shards: step.n });
      if (shardValue(s, option!) <= 0) erase(s, option!, ev);
      return;
    }
    case "freeze":
      s.units[option!].frozen = true;
      ev.push({ type: "freeze", seat, card: option });
      return;
    case "rage":
      s.units[option!].rage++;
      ev.push({ type: "rage", seat, card: option });
      return;
    case "secret": {
      const from = Number(option);
      const c = s.players[from].palette.shift()!;
      s.secrets[f.source] ??= [];
      s.secrets[f.source].push(c);
      ev.push({ type: "secret", seat, keeper: f.source, palette: from });
      return;
    }
    case "unveiled": {
      s.unveiling = s.unveiling.filter((c) => c !== step.card);
      const target = defOf(s, step.card).type === "object" ? option! : undefined;
      ev.push({ type: "deploy", seat, card: step.card, def: s.cards[step.card].def, free: true, ...(target ? { target } : {}) });
      place(s, seat, step.card, target, ev);
      return;
    }
    case "sacrifice":
      f.erased = { type: defOf(s, option!).type, seat: controllerOf(s, option!)! };
      ev.push({ type: "sacrifice", seat, card: option });
      erase(s, option!, ev);
      return;
    case "restrain": {
      const from = controllerOf(s, option!)!;
      const q = s.players[from];
      q.characters = q.characters.filter((c) => c !== option);
      q.locations = q.locations.filter((c) => c !== option);
      for (const c in s.attached) if (s.attached[c].includes(option!)) s.attached[c] = s.attached[c].filter((o) => o !== option);
      for (const x of bundle(s, option!)) delete s.units[x];
      s.restrained[f.source] ??= [];
      s.restrained[f.source].push(option!);
      ev.push({ type: "restrain", seat, card: option, def: s.cards[option!].def, by: f.source, from });
      return;
    }
    case "copy":
      s.units[f.source].copy = defOf(s, option!).id;
      ev.push({ type: "copy", seat, card: f.source, copies: option, def: defOf(s, option!).id });
      heroicArrival(s, f.source, ev);
      return;
    case "swap": {
      const a = f.source;
      const b = option!;
      const pa = s.players[controllerOf(s, a)!];
      const pb = s.players[controllerOf(s, b)!];
      const ia = pa.characters.indexOf(a);
      const ib = pb.characters.indexOf(b);
      pa.characters[ia] = b;
      pb.characters[ib] = a;
      ev.push({ type: "swap", seat, card: a, with: b });
      heroicArrival(s, a, ev);
      heroicArrival(s, b, ev);
      return;
    }
    case "replace": {
      const e = f.erased!;
      const q = s.players[e.seat];
      p.hand = p.hand.filter((c) => c !== option);
      s.units[option!] = newUnit(s);
      (e.type === "location" ? q.locations : q.characters).push(option!);
      ev.push({ type: "replace", seat, card: option, def: s.cards[option!].def, canvas: e.seat });
      heroicArrival(s, option!, ev);
      return;
    }
    case "give":
      s.units[option!].gifts.push(step.kw);
      ev.push({ type: "give", seat, card: option, keyword: step.kw });
      return;
    case "claim": {
      const from = controllerOf(s, option!)!;
      const q = s.players[from];
      q.characters = q.characters.filter((c) => c !== option);
      q.locations = q.locations.filter((c) => c !== option);
      (step.type === "character" ? p.characters : p.locations).push(option!);
      const u = s.units[option!];
      u.deployedTurn = s.turn; // R27: arrives like a Deploy: no attack this turn
      u.attacks = 0;
      ev.push({ type: "claim", seat, card: option, from });
      heroicArrival(s, option!, ev);
      return;
    }
    case "curse":
      s.units[option!].cursed = true;
      ev.push({ type: "curse", seat, card: option });
      return;
  }
}
