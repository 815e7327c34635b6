/** Projects Resonance views into the room's schema, in place (small patches). */
import { resonanceBot } from "../../rules/resonance/bot.ts";
import type { RoomBinding } from "../binding.ts";
import { setIfChanged, syncOptionalChild, syncPrimitiveArray, syncSchemaArray } from "../sync.ts";
import { resonanceEngine } from "../../rules/resonance/index.ts";
import type { PlayerView, UnitView, View } from "../../rules/resonance/view.ts";
import {
  ResonanceBane,
  ResonanceChoice,
  ResonanceCombat,
  ResonanceDraft,
  ResonanceLooked,
  ResonancePicks,
  ResonancePlayer,
  ResonancePrivate,
  ResonancePublic,
  ResonanceRoll,
  ResonanceTag,
  ResonanceUnit,
  type ResonancePrivateState,
  type ResonancePublicState,
} from "./schema.ts";

type UnitSchema = InstanceType<typeof ResonanceUnit>;
type PlayerSchema = InstanceType<typeof ResonancePlayer>;
type TagSchema = InstanceType<typeof ResonanceTag>;

function writeTag(t: TagSchema, v: UnitView["tags"][number]): void {
  setIfChanged(t, "id", v.id);
  setIfChanged(t, "lockedUntilTurn", v.lockedUntilTurn ?? undefined);
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

/** A player's Bane colours as [source, colour] pairs, sorted by source (a stable order for small patches). */
function baneList(bane: PlayerView["bane"]): [string, number][] {
  return Object.entries(bane).sort(([a], [b]) => (a < b ? -1 : 1));
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
  setIfChanged(p, "eliminated", v.eliminated ?? undefined);
  syncSchemaArray(
    p.bane,
    baneList(v.bane),
    () => new ResonanceBane(),
    (b, [source, color]) => {
      setIfChanged(b, "source", source);
      setIfChanged(b, "color", color);
    },
  );
  writeUnit(p.self, v.self);
  syncSchemaArray(p.animations, v.animations, () => new ResonanceUnit(), writeUnit);
}

type DraftSchema = InstanceType<typeof ResonanceDraft>;
type CombatSchema = InstanceType<typeof ResonanceCombat>;
type CombatView = NonNullable<View["combat"]>;

function writeDraft(d: DraftSchema, v: View["draft"]): void {
  syncSchemaArray(
    d.rolls,
    v.rolls,
    () => new ResonanceRoll(),
    (r, rv) => {
      syncPrimitiveArray(r.seats, rv.seats);
      syncPrimitiveArray(r.values, rv.values);
    },
  );
  setIfChanged(d, "firstPicker", v.firstPicker);
  setIfChanged(d, "picker", v.picker);
  syncPrimitiveArray(d.pool, v.pool);
  syncSchemaArray(
    d.picks,
    v.picks,
    () => new ResonancePicks(),
    (p, pv) => syncPrimitiveArray(p.modules, pv),
  );
  syncPrimitiveArray(d.chaos, v.chaos);
}

/** The public combat record: the pending choice without its options (they go to the chooser's private part). */
function writeCombat(c: CombatSchema, v: CombatView): void {
  setIfChanged(c, "kind", v.kind);
  setIfChanged(c, "seat", v.seat);
  setIfChanged(c, "actor", v.actor);
  setIfChanged(c, "source", v.source);
  syncPrimitiveArray(c.targets, v.targets);
  setIfChanged(c, "current", v.current);
  setIfChanged(c, "step", v.step);
  syncPrimitiveArray(c.innate, v.innate);
  syncPrimitiveArray(c.augmented, v.augmented);
  syncPrimitiveArray(c.gained, v.gained);
  syncPrimitiveArray(c.fuel, v.fuel);
  setIfChanged(c, "revealed", v.revealed ?? undefined);
  setIfChanged(c, "ev", v.ev);
  setIfChanged(c, "rvBonus", v.rvBonus);
  setIfChanged(c, "defendCard", v.defendCard ?? undefined);
  setIfChanged(c, "defendExtra", v.defendExtra ?? undefined);
  setIfChanged(c, "sacrificed", v.sacrificed ?? undefined);
  setIfChanged(c, "gambled", v.gambled);
  syncPrimitiveArray(c.dealt, v.dealt);
  syncOptionalChild(
    c,
    "choice",
    v.choice,
    () => new ResonanceChoice(),
    (ch, chv) => {
      setIfChanged(ch, "purpose", chv.purpose);
      setIfChanged(ch, "seat", chv.seat);
    },
  );
  setIfChanged(c, "waitingChoices", v.waitingChoices);
  setIfChanged(c, "aimItem", v.aimItem ?? undefined);
  setIfChanged(c, "boostTo", v.boostTo);
  setIfChanged(c, "karmaGiven", v.karmaGiven);
  setIfChanged(c, "ended", v.ended);
  setIfChanged(c, "standalone", v.standalone);
  setIfChanged(c, "resume", v.resume);
  syncPrimitiveArray(c.flags, v.flags);
}

export const resonanceBinding: RoomBinding<typeof resonanceEngine, ResonancePublicState, ResonancePrivateState> = {
  engine: resonanceEngine,
  bot: resonanceBot,
  PublicState: ResonancePublic,
  PrivateState: ResonancePrivate,
  projectPublic(v, pub) {
    setIfChanged(pub, "phase", v.phase);
    setIfChanged(pub, "turn", v.turn);
    setIfChanged(pub, "turnSeat", v.turnSeat);
    setIfChanged(pub, "playerActions", v.playerActions);
    syncPrimitiveArray(pub.actors, v.actors);
    if (!pub.draft) pub.draft = new ResonanceDraft();
    writeDraft(pub.draft, v.draft);
    setIfChanged(pub, "mainDeckCount", v.mainDeckCount);
    syncPrimitiveArray(pub.discard, v.discard);
    syncPrimitiveArray(pub.shown, v.shown);
    syncSchemaArray(pub.players, v.players, () => new ResonancePlayer(), writePlayer);
    syncOptionalChild(pub, "combat", v.combat, () => new ResonanceCombat(), writeCombat);
    syncPrimitiveArray(pub.slowQueue, v.slowQueue);
  },
  projectPrivate(v, priv) {
    if (!v.you) return;
    setIfChanged(priv, "seat", v.you.seat);
    syncPrimitiveArray(priv.hand, v.you.hand);
    setIfChanged(priv, "peek", v.you.peek ?? "");
    const options = v.combat?.choice?.seat === v.you.seat ? v.combat.choice.options : null;
    syncPrimitiveArray(priv.choiceOptions, options ?? []);
    syncOptionalChild(
      priv,
      "looked",
      v.you.looked,
      () => new ResonanceLooked(),
      (l, lv) => {
        setIfChanged(l, "of", lv.of);
        syncPrimitiveArray(l.cards, lv.cards);
      },
    );
  },
};

/** The games list loads each game's binding from here by its folder name (rooms/registry.ts). */
export default resonanceBinding;
