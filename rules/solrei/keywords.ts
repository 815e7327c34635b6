/**
 * V.3 KEYWORDS, each implemented once, in the rulebook's order of groups:
 *   damage and power — GAIN (R17), RETALIATE, COUNTER (R18), BLOCK, GRAPPLE (R12);
 *   cards            — DRAW, CULTIVATE (R21), CHECK (R20), DISCARD (R19), SWAP (R28);
 *   Arts and damage  — READY, EXHAUST, BREAK (R19, R7), AUGMENT's end (R29);
 *   the Exchange     — NEGATE (R11).
 * `execStep` runs one step of a resolving item; `applyFrameChoice` applies the choice a step
 * asked for (its options are listed by prompts.ts `selectOptions`).
 */
import type { EffectStep } from "./cards.ts";
import { endAugment } from "./abilities.ts";
import { selectOptions } from "./prompts.ts";
import { drawCards, priv, pub, removeFrom, rival, type Events } from "./state.ts";
import type { Frame, PlayerState, Seat, SelectPurpose, State } from "./types.ts";

/** GAIN Damage: before the Showdown result it is gained, after it it joins the Rival's incoming damage (R17). */
export function gainDamage(s: State, seat: Seat, n: number, E: Events): void {
  const p = s.players[seat];
  if (!p.canGainDamage) {
    pub(E, "gain_damage_ignored", seat, { n });
    return;
  }
  if (s.showdown === null) p.damageGain += n;
  else s.players[rival(seat)].incoming += n;
  pub(E, "gained_damage", seat, { n });
}

const CHOICE_STEP: Partial<Record<EffectStep["k"], SelectPurpose>> = {
  ready: "ready",
  exhaust: "exhaust",
  break: "break",
  discard: "discard",
  swap: "swap",
};

export function readyOne(p: PlayerState, seat: Seat, target: string, E: Events): void {
  const i = Number(target.slice(target.indexOf(":") + 1));
  if (target.startsWith("art:")) {
    p.arts[i].state = "ready";
    pub(E, "art_readied", seat, { slot: i, art: p.arts[i].id });
  } else {
    p.damage[i].state = "up";
    pub(E, "damage_readied", seat, { index: i, card: p.damage[i].card });
  }
}

// ---------------------------------------------------------------- keyword steps (each implemented once)

/** Runs one step of the current frame; false when it waits for a decision (prompt set). */
export function execStep(s: State, f: Frame, step: EffectStep, E: Events): boolean {
  const seat = f.seat;
  const me = s.players[seat];
  const other = s.players[rival(seat)];
  switch (step.k) {
    case "gain_power":
      me.powerBonus += step.n;
      pub(E, "gained_power", seat, { n: step.n });
      return true;
    case "gain_damage":
      gainDamage(s, seat, step.n, E);
      return true;
    case "draw":
      drawCards(s, seat, step.n, E, f.name);
      return true;
    case "retaliate":
      if (me.damagedThisRound) {
        other.incoming += step.n;
        pub(E, "retaliate", seat, { n: step.n });
      } else {
        pub(E, "retaliate_fizzled", seat, { reason: "no damage taken from the Rival this round" });
      }
      return true;
    case "counter": {
      const blocked = Math.min(step.n, me.incoming);
      me.incoming -= blocked;
      const dealt = s.offense === rival(seat) ? blocked : 0;
      other.incoming += dealt;
      pub(E, "counter", seat, { blocked, dealt });
      return true;
    }
    case "block": {
      const blocked = Math.min(step.n, me.incoming);
      me.incoming -= blocked;
      pub(E, "blocked", seat, { n: blocked, by: f.name });
      return true;
    }
    case "cultivate": {
      const cards = me.deck.splice(0, Math.min(step.n, me.deck.length));
      me.cultivated.push(...cards);
      pub(E, "cultivated", seat, { count: cards.length });
      return true;
    }
    case "grapple":
      me.canGainDamage = false;
      me.damageGain = 0;
      other.grappled = true;
      pub(E, "grapple", seat, {});
      return true;
    case "negate": {
      const target = s.frames.find((x) => x.uid === f.targetUid);
      if (target && !target.negated) {
        target.negated = true;
        pub(E, "negated", seat, { uid: target.uid, name: target.name });
      }
      return true;
    }
    case "check": {
      if (f.left === null) {
        const cards = me.deck.splice(0, Math.min(step.n, me.deck.length));
        me.checking.push(...cards);
        f.left = cards.length;
        pub(E, "check", seat, { count: cards.length });
        if (cards.length > 0) priv(E, "checked", seat, { cards });
      }
      if (me.checking.length === 0) return true;
      s.prompt = { kind: "select", seat, purpose: "check", left: me.checking.length };
      return false;
    }
    case "ready":
    case "exhaust":
    case "break":
    case "discard":
    case "swap": {
      const purpose = CHOICE_STEP[step.k]!;
      if (f.left === null) f.left = "n" in step ? step.n : 1;
      if (f.left <= 0) return true;
      if (step.k === "swap" && me.placed === null) return true;
      const chooser = step.k === "discard" ? rival(seat) : seat;
      s.prompt = { kind: "select", seat: chooser, purpose, left: f.left };
      if (selectOptions(s).length === 0) {
        s.prompt = null;
        pub(E, "no_target", seat, { keyword: step.k });
        return true;
      }
      return false;
    }
  }
}

/** Applies a choice made for the current frame's step. */
export function applyFrameChoice(s: State, purpose: SelectPurpose, chooser: Seat, choice: string, E: Events): void {
  const f = s.frames[0];
  const seat = f.seat;
  const me = s.players[seat];
  const other = s.players[rival(seat)];
  switch (purpose) {
    case "ready":
      readyOne(me, seat, choice, E);
      break;
    case "exhaust":
    case "break": {
      const i = Number(choice.slice(choice.indexOf(":") + 1));
      const target = rival(seat);
      if (choice.startsWith("art:")) {
        const wasAug = other.arts[i].state === "augmented";
        if (purpose === "break") {
          other.arts[i].state = "broken";
          pub(E, "art_broken", target, { slot: i, art: other.arts[i].id, by: f.name });
        } else if (wasAug) {
          endAugment(other, i, target, E);
        } else {
          other.arts[i].state = "exhausted";
          pub(E, "art_exhausted", target, { slot: i, art: other.arts[i].id, by: f.name });
        }
      } else {
        other.damage[i].state = purpose === "break" ? "broken" : "exhausted";
        pub(E, purpose === "break" ? "damage_broken" : "damage_exhausted", target, { index: i, card: other.damage[i].card, by: f.name });
      }
      break;
    }
    case "discard": {
      const p = s.players[chooser];
      removeFrom(p.hand, choice);
      p.discard.push(choice);
      pub(E, "discarded", chooser, { card: choice, why: f.name });
      break;
    }
    case "swap": {
      const old = me.placed!;
      if (choice === "keep") {
        // R28: a face-down CHARGE card is not an Attack Card: it stays; the Rival sees a hidden SWAP.
        priv(E, "swap_kept", seat, { card: old, reason: "a CHARGE card is not an Attack Card" });
        pub(E, "swapped_hidden", seat, {});
        break;
      }
      removeFrom(me.hand, choice);
      me.hand.push(old);
      me.placed = choice;
      if (s.revealed) {
        pub(E, "swapped", seat, { out: old, in: choice });
      } else {
        priv(E, "swapped", seat, { out: old, in: choice });
        pub(E, "swapped_hidden", seat, {});
      }
      break;
    }
    case "check": {
      const [where, card] = [choice.slice(0, choice.indexOf(":")), choice.slice(choice.indexOf(":") + 1)];
      removeFrom(me.checking, card);
      if (where === "top") me.deck.unshift(card);
      else me.deck.push(card);
      priv(E, "check_placed", seat, { card, where });
      pub(E, "check_placed_hidden", seat, {});
      f.left = me.checking.length;
      if (f.left === 0) {
        f.idx++;
        f.left = null;
      }
      return;
    }
    default:
      break;
  }
  f.left = (f.left ?? 1) - 1;
  if (f.left <= 0) {
    f.idx++;
    f.left = null;
  }
}
