/** Projects SolRei views into the room's schema, in place (small patches). */
import { solreiBot } from "../../rules/solrei/bot.ts";
import type { RoomBinding } from "../binding.ts";
import { setIfChanged, setJsonList, syncOptionalChild, syncSchemaArray } from "../sync.ts";
import { solreiEngine } from "../../rules/solrei/index.ts";
import type { View } from "../../rules/solrei/index.ts";
import { SolReiActResult, SolReiDamage, SolReiPlayer, SolReiPrivate, SolReiPublic, SolReiRei, SolReiShowdown, SolReiStackItem, type SolReiPrivateState, type SolReiPublicState } from "./schema.ts";

type PlayerSchema = InstanceType<typeof SolReiPlayer>;
type StackSchema = InstanceType<typeof SolReiStackItem>;

function writeStack(item: StackSchema, v: { uid: number; seat: number; source?: string; card?: string; name: string; automatic?: boolean; target?: number | null; negated?: boolean }): void {
  setIfChanged(item, "uid", v.uid);
  setIfChanged(item, "seat", v.seat);
  setIfChanged(item, "source", v.source ?? "");
  setIfChanged(item, "card", v.card ?? "");
  setIfChanged(item, "name", v.name);
  setIfChanged(item, "automatic", v.automatic ?? false);
  setIfChanged(item, "target", v.target ?? undefined);
  setIfChanged(item, "negated", v.negated ?? false);
}

function writePlayer(p: PlayerSchema, v: View["players"][number]): void {
  setIfChanged(p, "seat", v.seat);
  setIfChanged(p, "muse", v.muse ?? "");
  setIfChanged(p, "advantage", v.advantage ?? "");
  setIfChanged(p, "position", v.position);
  setJsonList(p, "arts", v.arts);
  setIfChanged(p, "handCount", v.handCount);
  setIfChanged(p, "deckCount", v.deckCount);
  setJsonList(p, "discard", v.discard);
  syncSchemaArray(
    p.damage,
    v.damage,
    () => new SolReiDamage(),
    (d, dv) => {
      setIfChanged(d, "card", dv.card);
      setIfChanged(d, "state", dv.state);
    },
  );
  setIfChanged(p, "cultivatedCount", v.cultivatedCount);
  setIfChanged(p, "checkingCount", v.checkingCount);
  setIfChanged(p, "placed", v.placed);
  setIfChanged(p, "confirmed", v.confirmed);
  setIfChanged(p, "actionCard", v.actionCard ?? "");
  setIfChanged(p, "power", v.power ?? undefined);
  setIfChanged(p, "powerBonus", v.powerBonus);
  setIfChanged(p, "incoming", v.incoming);
  setIfChanged(p, "canGainDamage", v.canGainDamage);
  setIfChanged(p, "grappled", v.grappled);
  setIfChanged(p, "mulligan", v.mulligan);
  setJsonList(p, "used", v.used);
}

export const solreiBinding: RoomBinding<typeof solreiEngine, SolReiPublicState, SolReiPrivateState> = {
  engine: solreiEngine,
  bot: solreiBot,
  PublicState: SolReiPublic,
  PrivateState: SolReiPrivate,
  projectPublic(v, pub) {
    setIfChanged(pub, "act", v.act);
    setIfChanged(pub, "round", v.round);
    setJsonList(pub, "wins", v.wins);
    syncSchemaArray(
      pub.acts,
      v.acts,
      () => new SolReiActResult(),
      (a, av) => {
        setIfChanged(a, "winner", av.winner ?? undefined);
        setIfChanged(a, "reason", av.reason);
      },
    );
    setIfChanged(pub, "chooser", v.chooser);
    setIfChanged(pub, "offense", v.offense);
    setIfChanged(pub, "stage", v.stage);
    setIfChanged(pub, "windowTiming", v.window?.timing ?? "");
    setIfChanged(pub, "windowPriority", v.window?.priority);
    setIfChanged(pub, "windowPasses", v.window?.passes ?? 0);
    syncSchemaArray(pub.stack, v.stack, () => new SolReiStackItem(), writeStack);
    syncSchemaArray(pub.resolving, v.resolving, () => new SolReiStackItem(), writeStack);
    setIfChanged(pub, "revealed", v.revealed);
    // The engine's showdown: a seat, -1 for a tie, null before the result.
    syncOptionalChild(
      pub,
      "showdown",
      v.showdown,
      () => new SolReiShowdown(),
      (sd, w) => setIfChanged(sd, "winner", w >= 0 ? w : undefined),
    );
    setIfChanged(pub, "promptKind", v.prompt?.kind ?? "");
    setJsonList(pub, "promptSeats", v.prompt?.seats ?? []);
    setIfChanged(pub, "promptPurpose", v.prompt?.purpose ?? "");
    setIfChanged(pub, "promptLeft", v.prompt?.left ?? 0);
    setJsonList(pub, "actors", v.actors);
    syncSchemaArray(pub.players, v.players, () => new SolReiPlayer(), writePlayer);
  },
  projectPrivate(v, priv) {
    const you = v.you;
    if (!you) return;
    setIfChanged(priv, "seat", you.seat);
    setIfChanged(priv, "muse", you.muse);
    setIfChanged(priv, "advantage", you.advantage);
    setJsonList(priv, "arts", you.arts);
    setJsonList(priv, "hand", you.hand);
    setIfChanged(priv, "placed", you.placed ?? "");
    if (!priv.rei) priv.rei = new SolReiRei();
    setIfChanged(priv.rei, "S", you.rei.S);
    setIfChanged(priv.rei, "H", you.rei.H);
    setIfChanged(priv.rei, "D", you.rei.D);
    setIfChanged(priv.rei, "C", you.rei.C);
    setJsonList(priv, "checking", you.checking);
    setIfChanged(priv, "promptKind", you.prompt?.kind ?? "");
    setIfChanged(priv, "promptPurpose", you.prompt?.purpose ?? "");
    setIfChanged(priv, "promptLeft", you.prompt?.left ?? 0);
    setJsonList(priv, "options", you.prompt?.options ?? []);
  },
};

/** The games list loads each game's binding from here by its folder name (rooms/registry.ts). */
export default solreiBinding;
