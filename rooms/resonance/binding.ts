/** Projects Resonance views into the room's schema, in place (small patches). */
import type { RoomBinding } from "../binding.ts";
import { setIfChanged, syncPrimitiveArray, syncSchemaArray } from "../sync.ts";
import { resonanceEngine } from "../../rules/resonance/index.ts";
import type { PlayerView, UnitView, View } from "../../rules/resonance/view.ts";
import { ResonancePlayer, ResonancePrivate, ResonancePublic, ResonanceTag, ResonanceUnit, type ResonancePrivateState, type ResonancePublicState } from "./schema.ts";

type UnitSchema = InstanceType<typeof ResonanceUnit>;
type PlayerSchema = InstanceType<typeof ResonancePlayer>;
type TagSchema = InstanceType<typeof ResonanceTag>;

function writeTag(t: TagSchema, v: UnitView["tags"][number]): void {
  setIfChanged(t, "id", v.id);
  setIfChanged(t, "lockedUntilTurn", v.lockedUntilTurn ?? -1);
}

function writeUnit(u: UnitSchema, v: UnitView): void {
  setIfChanged(u, "id", v.id);
  setIfChanged(u, "card", v.card ?? "");
  setIfChanged(u, "owner", v.owner);
  setIfChanged(u, "damage", v.damage);
  setIfChanged(u, "power", v.power);
  setIfChanged(u, "focus", v.focus);
  setIfChanged(u, "spent", v.spent);
  setIfChanged(u, "suppressed", v.suppressed);
  setIfChanged(u, "untargetable", v.untargetable);
  setIfChanged(u, "skipReady", v.skipReady);
  syncSchemaArray(u.tags, v.tags, () => new ResonanceTag(), writeTag);
  syncPrimitiveArray(u.items, v.items);
  syncPrimitiveArray(u.keywords, v.keywords);
}

function writePlayer(p: PlayerSchema, v: PlayerView): void {
  setIfChanged(p, "seat", v.seat);
  setIfChanged(p, "primary", v.primary);
  syncPrimitiveArray(p.secondary, v.secondary);
  setIfChanged(p, "hp", v.hp);
  setIfChanged(p, "maxHp", v.maxHp);
  setIfChanged(p, "en", v.en);
  setIfChanged(p, "focus", v.focus);
  setIfChanged(p, "karma", v.karma);
  setIfChanged(p, "handCount", v.handCount);
  setIfChanged(p, "codexCount", v.codexCount);
  syncPrimitiveArray(p.codexActive, v.codexActive);
  setIfChanged(p, "spentTokens", v.spentTokens);
  syncPrimitiveArray(p.immunized, v.immunized);
  setIfChanged(p, "eliminated", v.eliminated ?? -1);
  writeUnit(p.self, v.self);
  syncSchemaArray(p.animations, v.animations, () => new ResonanceUnit(), writeUnit);
}

/** The public combat record: the chooser's options are replaced by their count (they go to the private part). */
function combatJson(v: View): string {
  if (!v.combat) return "";
  const { choice, ...rest } = v.combat;
  return JSON.stringify({ ...rest, choice: choice ? { purpose: choice.purpose, seat: choice.seat } : null });
}

export const resonanceBinding: RoomBinding<typeof resonanceEngine, ResonancePublicState, ResonancePrivateState> = {
  engine: resonanceEngine,
  PublicState: ResonancePublic,
  PrivateState: ResonancePrivate,
  projectPublic(v, pub) {
    setIfChanged(pub, "phase", v.phase);
    setIfChanged(pub, "turn", v.turn);
    setIfChanged(pub, "turnSeat", v.turnSeat);
    setIfChanged(pub, "playerActions", v.playerActions);
    syncPrimitiveArray(pub.actors, v.actors);
    setIfChanged(pub, "draft", JSON.stringify(v.draft));
    setIfChanged(pub, "mainDeckCount", v.mainDeckCount);
    syncPrimitiveArray(pub.discard, v.discard);
    syncSchemaArray(pub.players, v.players, () => new ResonancePlayer(), writePlayer);
    setIfChanged(pub, "combat", combatJson(v));
    syncPrimitiveArray(pub.slowQueue, v.slowQueue);
  },
  projectPrivate(v, priv) {
    if (!v.you) return;
    setIfChanged(priv, "seat", v.you.seat);
    syncPrimitiveArray(priv.hand, v.you.hand);
    setIfChanged(priv, "peek", v.you.peek ?? "");
    const options = v.combat?.choice?.seat === v.you.seat ? v.combat.choice.options : null;
    setIfChanged(priv, "choiceOptions", options ? JSON.stringify(options) : "");
  },
};
