/**
 * 4.4 Tag Application from Keywords and Appendix D Tags: applying and removing Tags, Lingering locks, Haste and Liberate.
 */
import { ensure } from "../../core/errors.ts";
import type { Action, State, Tag, TagId, Unit } from "../types.ts";
import { isBoost, isStatus, TAG, type Events } from "./definitions.ts";
import { hasTag } from "./unitStats.ts";
import { isAnimation, unitById } from "./units.ts";

/** Bless (Appendix D 9, RULINGS R47) would be offered on preventable damage: the unit has it and no Ward (Ward goes first). */
export function blessable(s: State, u: Unit): boolean {
  return !u.suppressed && hasTag(s, u, TAG.bless) && !hasTag(s, u, TAG.ward);
}

export function removeTag(u: Unit, tag: TagId): void {
  const i = u.tags.findIndex((t) => t.id === tag);
  if (i >= 0) u.tags.splice(i, 1);
}
export function removable(s: State, t: Tag): boolean {
  return t.lockedUntilTurn === null || s.turn > t.lockedUntilTurn;
}

/** Appendix D application rules: Immunized, Cure / Nullify on gain and as shields, no duplicates. */
export function applyTag(s: State, u: Unit, tag: TagId, ev: Events, lockedUntilTurn: number | null = null): boolean {
  if (!unitById(s, u.id)) return false;
  const p = s.players[u.owner];
  if (isStatus(tag)) {
    if (p.immunized.includes(tag)) {
      ev.push({ type: "tag_blocked", unit: u.id, tag, by: "Immunized" });
      return false;
    }
    if (tag !== TAG.nullify && u.tags.some((t) => t.id === TAG.cure)) {
      removeTag(u, TAG.cure);
      ev.push({ type: "tag_blocked", unit: u.id, tag, by: "Cure" });
      return false;
    }
  }
  if (isBoost(tag) && tag !== TAG.cure && u.tags.some((t) => t.id === TAG.nullify)) {
    removeTag(u, TAG.nullify);
    ev.push({ type: "tag_blocked", unit: u.id, tag, by: "Nullify" });
    return false;
  }
  if (u.tags.some((t) => t.id === tag)) return false; // RULINGS R14: one Tag of a name per unit
  if (tag === TAG.cure) {
    const st = u.tags.find((t) => isStatus(t.id) && removable(s, t));
    if (st) {
      removeTag(u, st.id);
      ev.push({ type: "tag_removed", unit: u.id, tag: st.id, by: "Cure" });
      return true;
    }
  }
  if (tag === TAG.nullify) {
    const bt = u.tags.find((t) => isBoost(t.id) && removable(s, t));
    if (bt) {
      removeTag(u, bt.id);
      ev.push({ type: "tag_removed", unit: u.id, tag: bt.id, by: "Nullify" });
      return true;
    }
  }
  u.tags.push({ id: tag, lockedUntilTurn });
  ev.push({ type: "tag", unit: u.id, tag });
  return true;
}

export function applyTagUse(s: State, seat: number, a: Extract<Action, { type: "tag" }>, ev: Events): void {
  const u = unitById(s, a.unit);
  ensure(u && u.owner === seat, "illegal_move", `${a.unit} is not one of your units`);
  if (a.use === "haste") {
    ensure(hasTag(s, u, TAG.haste) && u.spent && !u.suppressed && isAnimation(u), "illegal_move", "Haste readies a spent Animation with a Haste Tag");
    removeTag(u, TAG.haste);
    u.spent = false;
    u.growthActive = false;
  } else {
    ensure(hasTag(s, u, TAG.liberate) && u.suppressed, "illegal_move", "Liberate un-suppresses a Suppressed unit with a Liberate Tag");
    removeTag(u, TAG.liberate);
    u.suppressed = false;
    u.spent = false;
  }
  ev.push({ type: "tag_used", unit: u.id, tag: a.use });
}
