/** Projects Re;ACT views into the room's schema, in place (small patches). Registered in rooms/registry.ts as `react`. */
import type { RoomBinding } from "../binding.ts";
import { setIfChanged, syncPrimitiveArray, syncSchemaArray } from "../sync.ts";
import { canonicalJson } from "../../rules/core/hash.ts";
import { reactEngine } from "../../rules/react/index.ts";
import type { View } from "../../rules/react/index.ts";
import { ReactChainEntry, ReactHandCard, ReactMpCard, ReactPlayer, ReactPrivate, ReactPublic, ReactTile, ReactUnit, type ReactPrivateState, type ReactPublicState } from "./schema.ts";

type PlayerSchema = InstanceType<typeof ReactPlayer>;

function writePlayer(p: PlayerSchema, v: View["players"][number], seat: number): void {
  setIfChanged(p, "seat", seat);
  setIfChanged(p, "artist", v.artist);
  setIfChanged(p, "damage", v.damage);
  setIfChanged(p, "ascended", v.ascended);
  setIfChanged(p, "handCount", v.handCount);
  setIfChanged(p, "deckCount", v.deckCount ?? -1);
  syncPrimitiveArray(p.discard, v.discard);
  syncPrimitiveArray(p.mpUnplaced, v.mpUnplaced);
}

export const reactBinding: RoomBinding<typeof reactEngine, ReactPublicState, ReactPrivateState> = {
  engine: reactEngine,
  PublicState: ReactPublic,
  PrivateState: ReactPrivate,
  projectPublic(v, pub) {
    setIfChanged(pub, "turn", v.turn);
    setIfChanged(pub, "turnPlayer", v.turnPlayer);
    syncSchemaArray(pub.units, v.units, () => new ReactUnit(), (u, uv) => {
      setIfChanged(u, "id", uv.id);
      setIfChanged(u, "owner", uv.owner);
      setIfChanged(u, "kind", uv.kind);
      setIfChanged(u, "pos", uv.pos ?? -1);
      setIfChanged(u, "exhausted", uv.exhausted);
      setIfChanged(u, "inked", uv.inked);
      setIfChanged(u, "armament", uv.armament ?? "");
    });
    syncPrimitiveArray(pub.scales, v.scales);
    syncSchemaArray(pub.tiles, v.tiles, () => new ReactTile(), (tile, tv) => {
      setIfChanged(tile, "owner", tv ? tv.owner : -1);
      setIfChanged(tile, "kind", tv ? tv.kind : "");
    });
    syncPrimitiveArray(pub.blocks, v.blocks.map((b) => b ?? -1));
    syncSchemaArray(pub.mpZone, v.mpZone, () => new ReactMpCard(), (m, mv) => {
      setIfChanged(m, "seat", mv ? mv.seat : -1);
      setIfChanged(m, "part", mv ? mv.part : -1);
    });
    syncSchemaArray(pub.chain, v.chain, () => new ReactChainEntry(), (c, cv) => {
      setIfChanged(c, "seat", cv.seat);
      setIfChanged(c, "source", cv.source);
      setIfChanged(c, "card", cv.card);
      setIfChanged(c, "def", cv.def);
      setIfChanged(c, "name", cv.name);
      setIfChanged(c, "effect", cv.effect);
      setIfChanged(c, "target", cv.target ?? -1);
      setIfChanged(c, "dir", cv.dir ?? "");
    });
    setIfChanged(pub, "reactor", v.reactor ?? -1);
    setIfChanged(pub, "passes", v.passes);
    setIfChanged(pub, "promptKind", v.prompt?.kind ?? "");
    setIfChanged(pub, "promptSeat", v.prompt?.seat ?? -1);
    syncSchemaArray(pub.players, v.players.map((p, i) => ({ p, i })), () => new ReactPlayer(), (p, x) => writePlayer(p, x.p, x.i));
    setIfChanged(pub, "outcome", v.outcome ? JSON.stringify(v.outcome) : "");
  },
  projectPrivate(v, priv) {
    const you = v.you;
    if (!you) return;
    setIfChanged(priv, "seat", you.seat);
    syncSchemaArray(priv.hand, you.hand, () => new ReactHandCard(), (h, hv) => {
      setIfChanged(h, "id", hv.id);
      setIfChanged(h, "name", hv.name);
    });
    syncPrimitiveArray(priv.pending, you.pending.map((a) => canonicalJson(a)));
  },
};

export default reactBinding;
