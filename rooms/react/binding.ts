/** Projects Re;ACT views into the room's schema, in place (small patches): the `react` room. */
import { reactBot } from "../../rules/react/bot.ts";
import type { RoomBinding } from "../binding.ts";
import { setIfChanged, syncPrimitiveArray, syncSchemaArray } from "../sync.ts";
import { canonicalJson } from "../../rules/core/hash.ts";
import { reactEngine } from "../../rules/react/index.ts";
import type { View } from "../../rules/react/index.ts";
import { ReactBlock, ReactChainEntry, ReactHandCard, ReactMpCard, ReactPlayer, ReactPrivate, ReactPublic, ReactTile, ReactUnit, type ReactPrivateState, type ReactPublicState } from "./schema.ts";

type PlayerSchema = InstanceType<typeof ReactPlayer>;

function writePlayer(p: PlayerSchema, v: View["players"][number], seat: number): void {
  setIfChanged(p, "seat", seat);
  setIfChanged(p, "artist", v.artist);
  setIfChanged(p, "damage", v.damage);
  setIfChanged(p, "ascended", v.ascended);
  setIfChanged(p, "handCount", v.handCount);
  setIfChanged(p, "deckCount", v.deckCount ?? undefined);
  syncPrimitiveArray(p.discard, v.discard);
  syncPrimitiveArray(p.mpUnplaced, v.mpUnplaced);
}

export const reactBinding: RoomBinding<typeof reactEngine, ReactPublicState, ReactPrivateState> = {
  engine: reactEngine,
  bot: reactBot,
  PublicState: ReactPublic,
  PrivateState: ReactPrivate,
  projectPublic(v, pub) {
    setIfChanged(pub, "turn", v.turn);
    setIfChanged(pub, "turnPlayer", v.turnPlayer);
    syncSchemaArray(
      pub.units,
      v.units,
      () => new ReactUnit(),
      (u, uv) => {
        setIfChanged(u, "id", uv.id);
        setIfChanged(u, "owner", uv.owner);
        setIfChanged(u, "kind", uv.kind);
        setIfChanged(u, "pos", uv.pos ?? undefined);
        setIfChanged(u, "exhausted", uv.exhausted);
        setIfChanged(u, "inked", uv.inked);
        setIfChanged(u, "armament", uv.armament ?? "");
      },
    );
    syncPrimitiveArray(pub.scales, v.scales);
    syncSchemaArray(
      pub.tiles,
      v.tiles,
      () => new ReactTile(),
      (tile, tv) => {
        setIfChanged(tile, "owner", tv ? tv.owner : undefined);
        setIfChanged(tile, "kind", tv ? tv.kind : "");
      },
    );
    syncSchemaArray(
      pub.blocks,
      v.blocks,
      () => new ReactBlock(),
      (b, bv) => setIfChanged(b, "owner", bv ?? undefined),
    );
    syncSchemaArray(
      pub.mpZone,
      v.mpZone,
      () => new ReactMpCard(),
      (m, mv) => {
        setIfChanged(m, "seat", mv ? mv.seat : undefined);
        setIfChanged(m, "part", mv ? mv.part : undefined);
      },
    );
    syncSchemaArray(
      pub.chain,
      v.chain,
      () => new ReactChainEntry(),
      (c, cv) => {
        setIfChanged(c, "seat", cv.seat);
        setIfChanged(c, "source", cv.source);
        setIfChanged(c, "card", cv.card);
        setIfChanged(c, "def", cv.def);
        setIfChanged(c, "name", cv.name);
        setIfChanged(c, "effect", cv.effect);
        setIfChanged(c, "target", cv.target ?? undefined);
        setIfChanged(c, "dir", cv.dir ?? "");
      },
    );
    setIfChanged(pub, "reactor", v.reactor ?? undefined);
    setIfChanged(pub, "passes", v.passes);
    setIfChanged(pub, "promptKind", v.prompt?.kind ?? "");
    setIfChanged(pub, "promptSeat", v.prompt?.seat);
    syncSchemaArray(
      pub.players,
      v.players.map((p, i) => ({ p, i })),
      () => new ReactPlayer(),
      (p, x) => writePlayer(p, x.p, x.i),
    );
  },
  projectPrivate(v, priv) {
    const you = v.you;
    if (!you) return;
    setIfChanged(priv, "seat", you.seat);
    syncSchemaArray(
      priv.hand,
      you.hand,
      () => new ReactHandCard(),
      (h, hv) => {
        setIfChanged(h, "id", hv.id);
        setIfChanged(h, "name", hv.name);
      },
    );
    syncPrimitiveArray(
      priv.pending,
      you.pending.map((a) => canonicalJson(a)),
    );
  },
};

/** The games list loads each game's binding from here by its folder name (rooms/registry.ts). */
export default reactBinding;
