/** What Re;ACT's event, action and view fields hold, for words.ts and view.tsx (the kinds: fieldSpec.ts). */
import { id, count, type GameFields, type ViewFields } from "../fieldSpec.ts";

export const fields: GameFields = {
  event: {
    turn: count("", "(turn {})"),
    name: id("passive|effect", "({})"),
    "start_of_turn.name": id("passive"),
    "end_of_turn.name": id("passive"),
    part: { kind: "masterpiece" },
    slot: { kind: "number", say: "(chain slot {})" },
    "mp_place.slot": { kind: "slot", say: "into slot {}" },
    replaced: { kind: "masterpiece", say: "over {}" },
    a: { kind: "slot", say: "{}" },
    b: { kind: "slot", say: "and {}" },
    "swap.a": { kind: "reactUnit" },
    "swap.b": { kind: "reactUnit", say: "and {}" },
    "swap_failed.a": { kind: "reactUnit" },
    "swap_failed.b": { kind: "reactUnit", say: "and {}" },
    card: { kind: "reactCard" },
    target: { kind: "zone", say: "on {}" },
    dir: id("direction", "({})"),
    reason: id("fizzle", "({})"),
    "draw_skipped.reason": id("draw_skip", "({})"),
    unit: { kind: "reactUnit" },
    from: { kind: "zone", say: "from {}" },
    into: { kind: "zone", say: "to {}" },
    zone: { kind: "zone", say: "in {}" },
    "damage_miss.zone": { kind: "zone", say: "{}" },
    total: count("", "(total {})"),
    count: count("Scale", "({})"),
    kind: id("zone_tile"),
  },
  action: {
    card: { kind: "reactCard" },
    effect: { kind: "slot", say: "(effect {})" },
    target: { kind: "zone", say: "on {}" },
    zone: { kind: "zone", say: "{}" },
    part: { kind: "masterpiece" },
    slot: { kind: "slot", say: "into slot {}" },
    a: { kind: "slot", say: "{}" },
    b: { kind: "slot", say: "and {}" },
  },
};

export const viewFields: ViewFields = {
  seats: ["seat", "turnPlayer", "active", "you", "owner"],
  sections: { artist: "artist", armament: "direction", dir: "direction", def: "card", source: "source", reason: "outcome", kind: "prompt", discard: "card_copy" },
  hide: [],
};
