/**
 * What each event (and action) field of each game holds, so `words.ts` can say it in words: a
 * seat, a card instance, a zone, a count of something, a flag, or an id of a named catalog section.
 * Written from docs/<game>.md ("Which fields hold ids", the Events table); `test/web/words.test.ts`
 * checks every field of every event type in each engine's protocol has an entry here.
 *
 * Keys are `field` (any event with that field) or `type.field` (that event only). `say` places the
 * value in a phrase (`{}`); a template per event type (`{field}`) orders a whole line.
 */

export type Kind =
  | "hide" // bookkeeping the line does not need (the name already says it)
  | "id" // an id of catalog `section` (`a|b`: the first section that has it)
  | "seat" // a seat number: the seat's name
  | "bySeat" // an array indexed by seat: "Ann 3, Bob 1" (values of kind `of`)
  | "ranks" // ranks indexed by seat: "1st Ann, 2nd Bob"
  | "count" // a number of `unit`s
  | "number"
  | "slot" // a 0-based position shown 1-based, as the board numbers it
  | "flag" // `yes` when true, `no` when false
  | "zone" // Re;ACT zone index: "C3"
  | "instance" // Achroma card instance `p1c4`: "Bob's Fern Sprite"
  | "unit" // Resonance unit id: a seat's Player, an Echo, an Animation card
  | "reactUnit" // Re;ACT unit: an Artist or a Summon
  | "reactCard" // Re;ACT card: a copy `<def>#<n>` or a card
  | "masterpiece" // Re;ACT Masterpiece part of the event seat's Artist ({seat, part} for another's)
  | "achromaOption" // Achroma choose/react option: an instance, `<reaction>:<instance>`, a seat, a word
  | "solreiRef" // SolRei `h:<card>`, `d:<index>`, `art:<slot>`, `top:<card>`: by the `ref` section
  | "ability" // SolRei ability uid on the Exchange: its name
  | "solreiSource"; // SolRei `muse`, `advantage`, `art:<slot>`

export interface Spec {
  kind: Kind;
  section?: string;
  say?: string;
  unit?: string;
  yes?: string;
  no?: string;
  /** `count`: said instead when the number is 0 ("" says nothing). */
  zero?: string;
  /** Said when the value is null (e.g. no winner). */
  none?: string;
  /** `bySeat`: the kind of each value. */
  of?: Kind;
  /** Left out when it equals this other field (an attack's source that is its actor). */
  unlessSame?: string;
  /** `instance`: the event's own `def` names the card. */
  fromDef?: boolean;
}

export interface GameFields {
  event: Record<string, Spec>;
  action: Record<string, Spec>;
  eventTemplates?: Record<string, string>;
  actionTemplates?: Record<string, string>;
}

const hide: Spec = { kind: "hide" };
const id = (section: string, say = "{}"): Spec => ({ kind: "id", section, say });
const seat = (say = "{}", none?: string): Spec => ({ kind: "seat", say, none });
const count = (unit: string, say = "{}"): Spec => ({ kind: "count", unit, say });
const flag = (yes: string, no = ""): Spec => ({ kind: "flag", yes, no });
const inst = (say = "{}"): Spec => ({ kind: "instance", say, fromDef: true });
const other = (say = "{}"): Spec => ({ kind: "instance", say });

const achroma: GameFields = {
  event: {
    card: inst(),
    def: hide, // names `card` (instanceWords)
    cards: other(),
    cost: count("Shard", "for {}"),
    free: flag("for free"),
    target: other("on {}"),
    "hunt.target": other("marking {}"),
    "hunt_lost.target": other("on {}"),
    "drain.target": seat("from {}"),
    "steal.target": seat("from {}"),
    infest: flag("(INFEST)"),
    mount: other("riding {}"),
    action: id("action"),
    attacker: other("with {}"),
    defender: other("on {}"),
    "combat.attacker": other(),
    "combat.defender": other(),
    attackerStrength: count("", "(strength {})"),
    defenderStrength: count("", "(strength {})"),
    shards: count("Shard"),
    "shield_wall.shards": count("", "(+{} Shard Value)"),
    "activate.shards": count("Shard", "paying {}"),
    "research_keep.shards": count("Shard", "for {}"),
    "trade.shards": count("Shard", "for {}"),
    "splat.shards": count("Shard", "(gain {})"),
    "squish.shards": count("Shard", "(drain {})"),
    given: id("effect", "(given {} effect)"),
    reaction: flag("as a Reaction"),
    instead: other("instead of {}"),
    from: other("away from {}"),
    "claim.from": seat("from {}"),
    "restrain.from": seat("from {}'s Canvas"),
    step: id("step", "({})"),
    "skip.step": id("phase", "({})"),
    phase: id("phase", "to {}"),
    frozen: other("({} is FROZEN)"),
    declared: id("action", "(the declared {})"),
    rider: other(),
    steed: other("onto {}"),
    hunter: other(),
    protection: flag("(PROTECTION)"),
    keeper: other(),
    source: other("from {}"),
    prevented: { kind: "count", unit: "", say: "({} prevented)", zero: "" },
    hunt: other("(HUNT by {})"),
    palette: seat("from {}'s Palette"),
    by: other("by {}"),
    copies: hide,
    with: other("with {}"),
    canvas: seat("on {}'s Canvas"),
    keyword: id("keyword"),
    defs: id("card"),
    found: flag("(found)", "(nothing found)"),
    count: count("card"),
    owner: hide, // the card's name already says whose it is
    erased: other("(after {} was Erased)"),
    winner: seat("{} won", "with no winner"),
    reason: id("outcome", "({})"),
    ranks: { kind: "ranks", say: "— {}" },
    turn: count("", "(turn {})"),
  },
  action: {
    card: other(),
    target: other("on {}"),
    option: { kind: "achromaOption" },
    amount: count("Shard", "{}"),
  },
  eventTemplates: {
    combat: "{attacker} {attackerStrength} against {defender} {defenderStrength}",
    copy: "{card} becomes a copy of {def}",
    "unveil": "{keeper}, revealing {cards}",
  },
};
achroma.event["copy.def"] = id("card");
achroma.event["copy.card"] = other();

const solrei: GameFields = {
  event: {
    act: count("", "(Act {})"),
    chooser: seat("— {} chooses OFFENSE"),
    offense: seat("— {} is on OFFENSE"),
    cards: id("card"),
    why: id("reason", "({})"),
    count: count("card"),
    round: count("", "(round {})"),
    "round_started.act": count("", "in Act {}"),
    card: id("card"),
    changed: flag("(changed)"),
    timing: id("timing", "({})"),
    source: { kind: "solreiSource", say: "({})" },
    "activated.card": hide,
    "triggered.card": hide,
    name: id("card", "{}"),
    "resolved.name": id("card"),
    uid: hide,
    target: { kind: "ability", say: "targeting {}" },
    order: { kind: "ability", say: "in order: {}" },
    slot: hide, // the Art's name says which
    art: id("art"),
    suit: id("suit"),
    amount: count("", "{}"),
    "rei_vanished.amount": count("Rei", "({})"),
    index: hide,
    by: id("card", "by {}"),
    "block.by": id("block_by", "by {}"),
    reason: id("reason", "({})"),
    "act_over.reason": id("outcome", "({})"),
    n: count("", "+{}"),
    "blocked.n": count("", "{} blocked"),
    blocked: count("", "({} blocked,"),
    dealt: count("", "{} dealt)"),
    keyword: id("keyword"),
    where: id("ref", "({})"),
    out: id("card", "{} out"),
    in: id("card", "for {}"),
    "showdown.cards": { kind: "bySeat", of: "id", section: "card" },
    power: { kind: "bySeat", of: "number", say: "— Power: {}", none: "CHARGE" },
    winner: seat("— {} wins", "— a tie"),
    "act_over.winner": seat("— {} wins", "— a Draw Game"),
    damage: { kind: "bySeat", of: "number", say: "— damage dealt: {}" },
    from: id("zone", "from the {}"),
    total: count("", "(total {})"),
    bonus: flag("with the Charge Bonus"),
    choice: id("choice"),
    wins: { kind: "bySeat", of: "number", say: "— Acts won: {}" },
    ranks: { kind: "ranks", say: "— {}" },
  },
  action: {
    seat: seat(),
    source: { kind: "solreiSource" },
    "rei.source": { kind: "solreiRef" },
    "block.source": { kind: "solreiRef" },
    sources: { kind: "solreiRef" },
    slot: { kind: "slot", say: "{}" },
    from: id("zone", "from the {}"),
    choice: { kind: "solreiRef", section: "choice|card|source" },
  },
  eventTemplates: {
    activated: "{name} {source} {target}",
    triggered: "{name} {source} {target}",
    rei_generated: "{amount} {suit}",
    rei_filtered: "{amount} {suit}",
  },
};

const react: GameFields = {
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

const resonance: GameFields = {
  event: {
    module: id("module"),
    modules: id("module"),
    turn: count("", "(turn {})"),
    en: count("EN", "({})"),
    "en.en": count("", "{}"),
    "karma.karma": count("", "{}"),
    "ev.ev": count("", "{}"),
    unit: { kind: "unit" },
    karma: count("Karma", "{}"),
    why: id("cause", "({})"),
    codex: id("codex"),
    focus: count("", "(focus {})"),
    tag: id("tag"),
    "tag_used.tag": id("tag_use", "({})"),
    card: id("card"),
    cards: id("card"),
    put: id("option", "({})"),
    color: id("colour"),
    source: id("codex|card", "from {}"),
    "attack.source": { kind: "unit", say: "with {}", unlessSame: "actor" },
    "critical.source": { kind: "unit", say: "with {}", unlessSame: "actor" },
    "support.source": { kind: "unit", say: "with {}", unlessSame: "actor" },
    actor: { kind: "unit" },
    targets: { kind: "unit", say: "on {}" },
    target: { kind: "unit", say: "on {}" },
    keyword: id("keyword"),
    by: id("cause", "by {}"),
    "gained.by": id("keyword", "by {}"),
    of: seat("from {}'s Library"),
    ev: count("", "Effect Value {}"),
    mode: id("ev_mode", "({})"),
    rv: count("", "against Resistance Value {}"),
    success: flag("— success", "— failure"),
    potent: flag("(potent)"),
    echoes: count("Echo", "into {}"),
    amount: count("", "{}"),
    "damage.amount": count("", "takes {}"),
    "healed.amount": count("", "heals {}"),
    "prevented.amount": count("", "({} prevented)"),
    "item_destroyed.unit": { kind: "unit", say: "on {}" },
    total: count("", "(total {})"),
    item: id("card"),
    onto: { kind: "unit", say: "onto {}" },
    from: { kind: "unit", say: "from {}" },
    to_unit: { kind: "unit", say: "to {}" },
    size: count("card", "({})"),
    count: count("card"),
    reason: id("outcome", "({})"),
    ranks: { kind: "ranks", say: "— {}" },
  },
  action: {
    actor: { kind: "unit" },
    target: { kind: "unit", say: "on {}" },
    second: { kind: "unit", say: "and {}" },
    source: { kind: "unit", say: "with {}" },
    critical: flag("(Critical Strike)"),
    item: id("card", "{}"),
    cards: id("card"),
    card: id("card|option"),
    sacrifice: id("card", "sacrificing {}"),
    option: id("option|card|colour|keyword|tag"),
    removeTag: id("tag", "removing {}"),
    spend: id("karma"),
    use: id("tag_use"),
    reveal: flag("(reveal)"),
    pay: flag("(pay)", "(don't pay)"),
    tag: flag("(as a Tag)"),
  },
};

const GAMES: Record<string, GameFields> = { achroma, solrei, react, resonance };
const NONE: GameFields = { event: {}, action: {} };

export function fieldsOf(game: string): GameFields {
  return GAMES[game] ?? NONE;
}

/**
 * Fields of the games' views (the replay's generic table) that hold a seat or an id of one
 * section: looked up there, never by guessing (`mulligan: "kept"` is a mulligan state, not the
 * `kept` event).
 */
export const VIEW_FIELDS: Record<string, { seats: string[]; sections: Record<string, string>; hide: string[] }> = {
  achroma: {
    seats: ["active", "first", "owner", "seat", "promptSeat", "you", "winner"],
    sections: { phase: "phase", mulligan: "mulligan", kind: "prompt", def: "card", copy: "card", gifts: "keyword", trigger: "trigger", reason: "outcome", defs: "card" },
    hide: ["uid"],
  },
  solrei: {
    seats: ["seat", "offense", "chooser", "winner", "you"],
    sections: { stage: "stage", timing: "timing", mulligan: "mulligan_state", position: "position", muse: "muse", advantage: "advantage", purpose: "purpose", reason: "outcome", discard: "card", actionCard: "card", hand: "card", placed: "card", checking: "card" },
    hide: ["uid"],
  },
  react: {
    seats: ["seat", "turnPlayer", "active", "you", "owner"],
    sections: { artist: "artist", armament: "direction", dir: "direction", def: "card", source: "source", reason: "outcome", kind: "prompt", discard: "card_copy" },
    hide: [],
  },
  resonance: {
    seats: ["seat", "active", "you", "owner", "of"],
    sections: { discard: "card", shown: "card", hand: "card", primary: "colour", secondary: "colour", codexActive: "codex", immunized: "tag", keywords: "keyword", reason: "outcome", phase: "phase", step: "step" },
    hide: ["resume", "flags"],
  },
};
