/** Projects Achroma views into the room's schema, in place (small patches). */
import { achromaBot } from "../../rules/achroma/bot.ts";
import type { RoomBinding } from "../binding.ts";
import { setIfChanged, syncOptionalChild, syncPrimitiveArray, syncSchemaArray } from "../sync.ts";
import { achromaEngine } from "../../rules/achroma/index.ts";
import type { UnitView, View } from "../../rules/achroma/index.ts";
import {
  AchromaCard,
  AchromaCardRef,
  AchromaPlayer,
  AchromaPrivate,
  AchromaPublic,
  AchromaReaction,
  AchromaResearch,
  AchromaReveal,
  type AchromaPrivateState,
  type AchromaPublicState,
} from "./schema.ts";

type CardSchema = InstanceType<typeof AchromaCard>;
type PlayerSchema = InstanceType<typeof AchromaPlayer>;
type ReactionSchema = InstanceType<typeof AchromaReaction>;
type CardRefSchema = InstanceType<typeof AchromaCardRef>;

function writeCardRef(c: CardRefSchema, v: NonNullable<NonNullable<View["reaction"]>["declared"]>): void {
  setIfChanged(c, "uid", v.uid);
  setIfChanged(c, "def", v.def);
  setIfChanged(c, "owner", v.owner);
}

function writeReaction(r: ReactionSchema, v: NonNullable<View["reaction"]>): void {
  setIfChanged(r, "seat", v.seat);
  setIfChanged(r, "trigger", v.trigger);
  setIfChanged(r, "action", JSON.stringify(v.action));
  syncOptionalChild(r, "declared", v.declared, () => new AchromaCardRef(), writeCardRef);
}

/** A card of a Character or Location row, where it sits: what one AchromaCard row mirrors. */
interface Placed {
  unit: UnitView;
  attachedTo: string;
  role: string;
}

function writeCard(c: CardSchema, placed: Placed): void {
  const v = placed.unit;
  setIfChanged(c, "uid", v.uid);
  setIfChanged(c, "def", v.def);
  setIfChanged(c, "owner", v.owner);
  setIfChanged(c, "attachedTo", placed.attachedTo);
  setIfChanged(c, "role", placed.role);
  setIfChanged(c, "value", v.value);
  setIfChanged(c, "damage", v.damage);
  setIfChanged(c, "strength", v.strength);
  setIfChanged(c, "frozen", v.frozen);
  setIfChanged(c, "attacksLeft", v.attacksLeft);
  setIfChanged(c, "resolved", v.resolved);
  setIfChanged(c, "secrets", v.secrets);
  setIfChanged(c, "cursed", v.cursed);
  syncPrimitiveArray(
    c.given,
    v.given.map((g) => `${g.kind}:${g.n}:${g.by}`),
  );
  setIfChanged(c, "copy", v.copy ?? "");
  syncPrimitiveArray(c.gifts, v.gifts);
  syncPrimitiveArray(
    c.restrained,
    v.restrained.map((r) => `${r.uid}:${r.def}`),
  );
}

/**
 * A row of units as a flat list: each card, then its Objects, Rider (with the Rider's Objects)
 * and PARASITE. Each entry points at its unit's view: copying the view per row cost more than
 * writing it.
 */
function flat(units: readonly UnitView[]): Placed[] {
  const rows: Placed[] = [];
  const place = (unit: UnitView, attachedTo: string, role: string): void => {
    rows.push({ unit, attachedTo, role });
    for (const o of unit.objects) rows.push({ unit: o, attachedTo: unit.uid, role: "object" });
    if (unit.rider) place(unit.rider, unit.uid, "rider");
    if (unit.parasite) rows.push({ unit: unit.parasite, attachedTo: unit.uid, role: "parasite" });
  };
  for (const u of units) place(u, "", "");
  return rows;
}

function writePlayer(p: PlayerSchema, v: View["players"][number]): void {
  setIfChanged(p, "seat", v.seat);
  setIfChanged(p, "bank", v.bank);
  setIfChanged(p, "out", v.out);
  setIfChanged(p, "mulligan", v.mulligan);
  setIfChanged(p, "handCount", v.handCount);
  setIfChanged(p, "paletteCount", v.paletteCount);
  syncPrimitiveArray(
    p.dregs,
    v.dregs.map((c) => `${c.uid}:${c.def}`),
  );
  syncSchemaArray(p.characters, flat(v.characters), () => new AchromaCard(), writeCard);
  syncSchemaArray(p.locations, flat(v.locations), () => new AchromaCard(), writeCard);
}

export const achromaBinding: RoomBinding<typeof achromaEngine, AchromaPublicState, AchromaPrivateState> = {
  engine: achromaEngine,
  bot: achromaBot,
  PublicState: AchromaPublic,
  PrivateState: AchromaPrivate,
  projectPublic(v, pub) {
    setIfChanged(pub, "active", v.active);
    setIfChanged(pub, "first", v.first);
    setIfChanged(pub, "turn", v.turn);
    setIfChanged(pub, "phase", v.phase);
    setIfChanged(pub, "deployed", v.deployed);
    setIfChanged(pub, "traded", v.traded);
    syncPrimitiveArray(
      pub.resolving,
      v.resolving.map((c) => `${c.uid}:${c.def}`),
    );
    setIfChanged(pub, "promptKind", v.prompt?.kind ?? "");
    setIfChanged(pub, "promptSeat", v.prompt?.seat);
    setIfChanged(pub, "promptStep", v.prompt?.step ?? "");
    syncPrimitiveArray(pub.promptOptions, v.prompt?.options ?? []);
    setIfChanged(pub, "promptMax", v.prompt?.max ?? 0);
    setIfChanged(pub, "promptAmount", v.prompt?.amount ?? 0);
    setIfChanged(pub, "promptFrom", v.prompt?.from);
    setIfChanged(pub, "combatAttacker", v.combat?.attacker ?? "");
    setIfChanged(pub, "combatDefender", v.combat?.defender ?? "");
    syncSchemaArray(pub.players, v.players, () => new AchromaPlayer(), writePlayer);
    syncPrimitiveArray(
      pub.unveiling,
      v.unveiling.map((c) => `${c.uid}:${c.def}`),
    );
    syncOptionalChild(pub, "reaction", v.reaction, () => new AchromaReaction(), writeReaction);
    syncPrimitiveArray(
      pub.deferred,
      v.deferred.map((c) => `${c.uid}:${c.def}`),
    );
    syncPrimitiveArray(
      pub.hunts,
      v.hunts.map((h) => `${h.seat}:${h.hunter}:${h.target}`),
    );
    syncOptionalChild(
      pub,
      "lastReveal",
      v.lastReveal,
      () => new AchromaReveal(),
      (r, rv) => {
        setIfChanged(r, "seat", rv.seat);
        syncPrimitiveArray(r.defs, rv.defs);
      },
    );
    syncOptionalChild(
      pub,
      "research",
      v.research,
      () => new AchromaResearch(),
      (r, rv) => {
        setIfChanged(r, "seat", rv.seat);
        setIfChanged(r, "count", rv.count);
        setIfChanged(r, "placed", rv.placed);
        setIfChanged(r, "ordering", rv.ordering);
      },
    );
  },
  projectPrivate(v, priv) {
    if (v.you === null) return;
    setIfChanged(priv, "seat", v.you);
    syncPrimitiveArray(
      priv.hand,
      v.hand.map((c) => `${c.uid}:${c.def}`),
    );
    syncPrimitiveArray(
      priv.looking,
      v.looking.map((c) => `${c.uid}:${c.def}`),
    );
    syncPrimitiveArray(priv.options, v.prompt && v.prompt.seat === v.you ? (v.prompt.options ?? []) : []);
  },
};

/** The games list loads each game's binding from here by its folder name (rooms/registry.ts). */
export default achromaBinding;
