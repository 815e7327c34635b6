/**
 * Who decides what, and among which choices: the actors of the current prompt or window,
 * every legal action of a seat, and the options of a `select` prompt (never stored: always
 * computed from the state).
 */
import { allSources, canActivate, reiSources } from "./abilities.ts";
import { attackPower } from "./actionCards.ts";
import { blockSources } from "./damagePhase.ts";
import { rival } from "./state.ts";
import type { Action, PlayerState, Seat, State } from "./types.ts";

export function actors(s: State): Seat[] {
  if (s.outcome !== null) return [];
  const pr = s.prompt;
  if (pr) {
    if (pr.kind === "mulligan" || pr.kind === "open") return [...pr.seats].sort();
    return [pr.seat];
  }
  if (s.window && s.frames.length === 0) return [s.window.priority];
  return [];
}

export function legalActions(s: State, seat: Seat): Action[] {
  if (!actors(s).includes(seat)) return [];
  const p = s.players[seat];
  const pr = s.prompt;
  if (pr) {
    switch (pr.kind) {
      case "choose_first":
        return [
          { type: "choose_first", seat: 0 },
          { type: "choose_first", seat: 1 },
        ];
      case "mulligan":
        return [{ type: "keep" }, { type: "mulligan" }];
      case "open": {
        const out: Action[] = p.hand.map((card) => ({ type: "place", card }) as Action);
        if (p.placed !== null) out.push({ type: "confirm" });
        return out;
      }
      case "damage":
        return [...blockSources(p).map((source) => ({ type: "block", source }) as Action), { type: "take", from: "deck" }, ...p.hand.map((card) => ({ type: "take", from: "hand", card }) as Action)];
      case "select":
        return selectOptions(s).map((choice) => ({ type: "select", choice }) as Action);
    }
  }
  const out: Action[] = [{ type: "pass" }];
  for (const src of allSources(p)) {
    if (!canActivate(s, seat, src)) continue;
    out.push(src.startsWith("art:") ? { type: "activate", source: "art", slot: Number(src.slice(4)) } : { type: "activate", source: src as "muse" | "advantage" });
  }
  const sources = reiSources(p);
  for (const source of sources) out.push({ type: "rei", source });
  for (let i = 0; i < sources.length; i++) {
    for (let j = i + 1; j < sources.length; j++) out.push({ type: "filter", sources: [sources[i], sources[j]] });
  }
  return out;
}

/** READY targets: face-down Arts (never readied or exhausted), and exhausted damage unless `artsOnly`. */
export function readyTargets(p: PlayerState, artsOnly: boolean): string[] {
  const out: string[] = [];
  p.arts.forEach((a, i) => {
    if (a.state === "down" || a.state === "exhausted") out.push(`art:${i}`);
  });
  if (!artsOnly) {
    p.damage.forEach((d, i) => {
      if (d.state === "exhausted") out.push(`dmg:${i}`);
    });
  }
  return out;
}

/** EXHAUST / BREAK targets: face-up Arts and face-up damage. */
export function faceUpTargets(p: PlayerState): string[] {
  const out: string[] = [];
  p.arts.forEach((a, i) => {
    if (a.state === "ready" || a.state === "augmented") out.push(`art:${i}`);
  });
  p.damage.forEach((d, i) => {
    if (d.state === "up") out.push(`dmg:${i}`);
  });
  return out;
}

/** Every choice of the pending select prompt (computed from the state, never stored). */
export function selectOptions(s: State): string[] {
  const pr = s.prompt;
  if (pr?.kind !== "select") return [];
  const me = s.players[pr.seat];
  const other = s.players[rival(pr.seat)];
  switch (pr.purpose) {
    case "sor_ready":
      return [...readyTargets(me, true), "none"];
    case "charge_choice":
      return readyTargets(me, false).length > 0 ? ["ready", "draw"] : ["draw"];
    case "ready":
      return readyTargets(me, false);
    case "exhaust":
    case "break":
      return faceUpTargets(other);
    case "discard":
      return [...me.hand];
    case "swap":
      // R28: SWAP replaces an Attack Card (2-10), never a CHARGE card. Before the reveal a
      // face-down CHARGE card is kept by choosing "keep" (the prompt looks the same to the Rival).
      if (me.placed === null || me.hand.length === 0) return [];
      if (attackPower(me.placed) !== null) return [...me.hand];
      return s.revealed ? [] : ["keep"];
    case "check":
      return me.checking.flatMap((c) => [`top:${c}`, `bottom:${c}`]);
    case "order":
      return s.triggers.filter((t) => t.seat === pr.seat).map((t) => t.source);
  }
}
