/**
 * Achroma's catalog (rules/core/catalog.ts): every id a client meets in views, events and actions,
 * with names and player text. Cards are derived from cards.ts (never listed twice); the glossary
 * sections below are written here. docs/achroma.md says which field holds an id of which kind.
 * Original wording throughout (no text from the real product).
 */
import { section, type Catalog, type CatalogEntry } from "../core/catalog.ts";
import { CARDS, type CardDef, type Step } from "./cards.ts";

type Entry = Omit<CatalogEntry, "kind">;
const e = (id: string, name: string, text: string): Entry => ({ id, name, text });

// ------------------------------------------------------------------ keywords
/** Keyword ids (lower case, as GIVE events and UnitView.gifts spell them). */
export const KEYWORDS: Entry[] = [
  e("action", "ACTION", "Happens once, right after the card is Deployed."),
  e("rage", "RAGE", "This Character may attack one more time each turn (it keeps the damage from earlier attacks). RAGE given several times stacks."),
  e("heroic", "HEROIC", "Only one copy of a HEROIC card may be on a Canvas: when a second copy arrives, the first one is Erased before anything else happens."),
  e("protection", "PROTECTION", "Another player cannot damage, Erase or Drain this card (by attacks, Actions or abilities), unless POISONOUS is involved."),
  e("poisonous", "POISONOUS", "Any card this one deals Shard damage to in combat is Erased, even through PROTECTION."),
  e("defend", "DEFEND", "When another Character on your Canvas is attacked, this one may step in and take the attack instead (a Reaction)."),
  e("shield_wall", "SHIELD WALL", "When one of your Characters is attacked, it gets the number shown as extra Shard Value until the end of the turn (once per turn per Character)."),
  e("relic", "REALM RELIC", "A Character may carry only one Realm Relic."),
  e("hunt", "HUNT", "In your Main step, mark a Character on another Canvas; at the start of your next turn it takes the Shard damage shown."),
  e("infest", "INFEST", "May be Deployed for 1 Shard as a PARASITE onto a Character (the HOST): the HOST loses its own effects and resolves the INFEST ability instead."),
  e("mount", "MOUNT", "This Rider may climb onto an unmounted Dragon or Drake on your Canvas; they then fight as one."),
  e("menagerie", "MENAGERIE", "Once per turn, with 3 or more different Character types on your Canvas, this ability may be used."),
  e("dispose", "DISPOSE", "Erase this card from your Canvas to make its ability happen; also usable as a Reaction in another player's turn."),
  e("divert", "DIVERT", "Once per turn, an Action or ability aimed at a card on your Canvas may be redirected to this card (a Reaction)."),
  e("find", "FIND", "Search your Palette for a card of the named type, put it in your hand, then shuffle your Palette."),
  e("dig", "DIG", "Take a card of the named type from your Dregs into your hand."),
  e("reveal", "REVEAL", "Turn over cards from the top of your Palette until one of the named type appears; keep it, shuffle the rest back."),
  e("research", "RESEARCH", "Look at the top cards of your Palette; pay 1 Shard for each one you keep, then put the rest back on top in any order."),
  e("freeze", "FREEZE", "A FROZEN card cannot Gain, Drain, Steal or Prevent; it thaws at the end of its controller's turn."),
  e("trade", "TRADE", "Put a card from your hand into your Dregs and gain Shards equal to its Shard Value."),
  e("secret", "SECRET", "Hide the top card of a Palette face down under this card (its Keeper); later its controller may unveil and Deploy it for free."),
  e("sacrifice", "SACRIFICE", "Erase one of your own cards to pay for the rest of the ability; with nothing to Erase, the ability stops."),
  e("splat", "SPLAT", "Give another card a Gain effect that its controller may resolve until the start of your next turn."),
  e("squish", "SQUISH", "Give another card a Drain effect that its controller may resolve until the start of your next turn."),
  e("claim", "CLAIM", "Take a card of the named type from another Canvas onto yours, under your control."),
  e("curse", "CURSE", "Turn a card sideways: it is CURSED. Nothing happens by itself, but some effects count or reward CURSED cards."),
  e("restrain", "RESTRAIN", "Lift a card off another Canvas and hold it face up under this card for as long as this card stays."),
  e("copy", "COPY", "This Character becomes a copy of another Character, keeping only its own Shards."),
  e("swap", "SWAP", "This Character and a Character on another Canvas change places (and controllers)."),
  e("replace", "REPLACE", "Put a card of the same type as the one just Erased from your hand onto the Canvas (this is not a Deploy)."),
  e("give", "GIVE", "One of your Characters gains the named keyword for as long as it stays on a Canvas."),
  e("paid", "PAY X SHARDS", "Once per turn in your Main step, pay the Shards shown to use this ability."),
  e("erase_trigger", "WHEN ERASED", "This ability happens when a matching card is Erased from the named Canvases."),
];

// ------------------------------------------------------------------ phases (View.phase, step event)
export const PHASES: Entry[] = [
  e("mulligan", "Opening hand", "Every player decides at the same time whether to keep their opening hand or take a new one."),
  e("start", "Start step", "Unveil secrets, then draw a card, TRADE a card or skip."),
  e("main", "Main step", "Deploy up to 3 cards, attack, hunt and use abilities."),
  e("resolve", "Resolve step", "Use each of your cards' Achroma effects (Gain, Drain, Steal) once."),
  e("end", "End step", "Draw a card, TRADE a card or skip."),
  e("post", "Pass turn", "Deploys are still possible; then pass the turn to the next player."),
  e("over", "Game over", "The game has ended."),
];

// ------------------------------------------------------------------ effect steps (prompt.step of choose prompts; pass/fizzle/divert events)
const STEP_TEXT: Record<Step["k"], [string, string]> = {
  gain: ["Gain", "Add Shards to your bank."],
  drain: ["Drain", "Another player loses Shards from their bank (they may Prevent some)."],
  steal: ["Steal", "Take Shards from another player's bank into yours (they may Prevent some)."],
  draw: ["Draw", "Draw cards from your Palette."],
  damage: ["Shard damage", "Deal Shard damage to a Character on another Canvas."],
  freeze: ["FREEZE", "Choose a card to FREEZE."],
  find: ["FIND", "Choose which card to FIND in your Palette."],
  dig: ["DIG", "Choose a card to DIG out of your Dregs."],
  rage: ["RAGE", "Choose one of your Characters to gain RAGE this turn."],
  trade: ["TRADE", "Choose a card from your hand to TRADE."],
  deploy_free: ["Free Deploy", "Choose a cheap Character in your hand to Deploy for free."],
  secret: ["SECRET", "Choose whose Palette gives up its top card to hide."],
  reveal: ["REVEAL", "Turn over Palette cards until one of the named type."],
  research: ["RESEARCH", "Look at the top cards of your Palette."],
  sacrifice: ["SACRIFICE", "Choose one of your cards to Erase."],
  splat: ["SPLAT / SQUISH", "Choose a card to give the effect to, or pass."],
  claim: ["CLAIM", "Choose a card on another Canvas to take."],
  curse: ["CURSE", "Choose a card to CURSE."],
  gain_count: ["Counted Gain", "Gain 1 Shard for each matching card."],
  restrain: ["RESTRAIN", "Choose a card on another Canvas to hold under this card."],
  copy: ["COPY", "Choose a Character to copy."],
  swap: ["SWAP", "Choose a Character on another Canvas to change places with."],
  replace: ["REPLACE", "Choose a card in your hand to put in place of the Erased one."],
  give: ["GIVE", "Choose one of your Characters to receive the keyword."],
  unveiled: ["Unveiled card", "Place a card freed from a SECRET: onto your Canvas, or onto a Character if it is an Object."],
};
export const STEPS: Entry[] = [
  ...Object.entries(STEP_TEXT).map(([id, [name, text]]) => e(id, name, text)),
  e("research_keep", "RESEARCH: keep", "Pay 1 Shard to keep one of the looked-at cards, or stop."),
  e("research_order", "RESEARCH: order", "Choose which looked-at card goes on top of your Palette next."),
  e("hunt", "HUNT damage", "A marked Character takes its HUNT damage."),
  e("react", "Reaction", "The chance to React to a declared Deploy, ability or attack."),
  e("divert", "DIVERT", "The chance to DIVERT an Action or ability aimed at your card."),
];

// ------------------------------------------------------------------ prompts, triggers, options
export const PROMPTS: Entry[] = [
  e("choose", "Choice", "An ability asks you to pick one of its options."),
  e("prevent", "Prevent", "Someone is Draining or Stealing from you: choose how many Shards your Prevent effects stop."),
  e("react", "Reaction", "Another player declared something: you may React (DEFEND, DISPOSE, DIVERT) or pass."),
  e("order", "Damage order", "Choose the order in which Objects carried by a Character absorb combat damage."),
  e("research", "RESEARCH", "Keep looked-at cards for 1 Shard each, then order the rest on top of your Palette."),
];
/** prompt.step of a react prompt. */
export const TRIGGERS: Entry[] = [
  e("deploy", "a Deploy", "A player declared a Deploy."),
  e("attack", "an attack", "A player declared an attack."),
  e("ability", "an ability", "A player declared an ability (resolve, HUNT, MOUNT, DISPOSE, MENAGERIE...)."),
  e("target", "a targeted effect", "An Action or ability is aimed at a card on your Canvas."),
];
/** The fixed words among choose/research options (others are card instance ids, card ids or seat numbers). */
export const OPTIONS: Entry[] = [
  e("pass", "Pass", "Decline this optional step."),
  e("do", "Do it", "Carry out this optional step."),
  e("done", "Done", "Stop keeping RESEARCH cards."),
  e("canvas", "Onto your Canvas", "Place the unveiled card on your own Canvas."),
];
/** React options are "pass" or "<reaction>:<card instance id>". */
export const REACTIONS: Entry[] = [
  e("pass", "Don't react", "Let the declared action happen."),
  e("defend", "DEFEND", "The named Character takes the attack instead."),
  e("dispose", "DISPOSE", "Erase the named card now for its DISPOSE ability."),
  e("divert", "DIVERT", "Redirect the effect to the named card."),
];

// ------------------------------------------------------------------ actions, events, outcomes
export const ACTIONS: Entry[] = [
  e("keep", "Keep", "Keep your opening hand."),
  e("mulligan", "Mulligan", "Shuffle your opening hand away and draw a new one."),
  e("draw", "Draw", "Draw a card in your Start or End step."),
  e("trade", "Trade", "TRADE a card from your hand for Shards (at most 6 Shards a turn this way)."),
  e("skip", "Skip", "Neither draw nor TRADE this step."),
  e("deploy", "Deploy", "Pay a card's cost to put it from your hand onto a Canvas (at most 3 a turn)."),
  e("attack", "Attack", "One of your Characters attacks a Character on another Canvas."),
  e("resolve", "Resolve", "Use a card's Achroma effect (once per turn)."),
  e("resolve_given", "Resolve given effect", "Use the oldest SPLAT or SQUISH effect given to a card on your Canvas."),
  e("hunt", "Hunt", "Mark a Character on another Canvas for your HUNT card."),
  e("proceed", "Next step", "Move on to the next step of your turn."),
  e("pass_turn", "Pass turn", "End your turn."),
  e("choose", "Choose", "Answer a choice."),
  e("prevent", "Prevent", "Stop some of the Shards being Drained or Stolen from you."),
  e("react", "React", "Answer a Reaction chance."),
  e("activate", "Pay Shards", "Use a card's PAY X SHARDS ability."),
  e("menagerie", "Menagerie", "Use a card's MENAGERIE ability."),
  e("dispose", "Dispose", "Erase a card for its DISPOSE ability."),
  e("mount", "Mount", "Put a Rider onto one of your Dragons or Drakes."),
  e("unveil", "Unveil", "Erase a Keeper and Deploy the cards hidden under it for free."),
];
const EVENT_TEXT: Record<string, [string, string]> = {
  hand: ["Opening hand", "The cards you were dealt (only you see this)."],
  mulligan: ["Mulligan", "A player took a new opening hand."],
  keep: ["Keep", "A player kept their opening hand."],
  turn: ["New turn", "A player's turn begins."],
  draw: ["Draw", "A player drew a card."],
  drew: ["You drew", "The card you drew (only you see this)."],
  skip: ["Skip", "A player neither drew nor traded."],
  trade: ["Trade", "A card was traded for Shards."],
  deploy: ["Deploy", "A card was Deployed."],
  declare: ["Declared", "A player declared something others may React to."],
  attack: ["Attack", "An attack was declared."],
  combat: ["Combat", "Two Characters fought."],
  shield_wall: ["Shield wall", "A SHIELD WALL raised a card's Shard Value."],
  resolve: ["Resolve", "A card's Achroma effect (or a given effect) was used."],
  gain: ["Gain", "A player gained Shards."],
  drain: ["Drain", "A player lost Shards."],
  steal: ["Steal", "Shards moved from one bank to another."],
  damage: ["Shard damage", "A Character took Shard damage."],
  erased: ["Erased", "A card left its Canvas for its owner's Dregs."],
  released: ["Released", "A RESTRAINED card came back."],
  erase_trigger: ["Erase trigger", "An ability triggered by an Erase happened."],
  activate: ["Pay Shards", "A PAY X SHARDS ability was used."],
  menagerie: ["Menagerie", "A MENAGERIE ability was used."],
  dispose: ["Dispose", "A card was DISPOSED."],
  deferred: ["Deferred", "A card waits to be Deployed once everything else is done."],
  defend: ["Defend", "A Character stepped in to take an attack."],
  divert: ["Divert", "An effect was redirected."],
  pass: ["Pass", "A player declined an optional step or a Reaction."],
  fizzle: ["Fizzle", "An effect had nothing to act on (or its card was FROZEN) and did nothing."],
  mount: ["Mount", "A Rider mounted a Dragon or Drake."],
  hunt: ["Hunt", "A Character was marked by a HUNT."],
  hunt_lost: ["Hunt lost", "A HUNT ended without damage."],
  unveil: ["Unveil", "A Keeper was Erased and its hidden cards revealed."],
  step: ["Next step", "The turn moved to another step."],
  pass_turn: ["Pass turn", "A player ended their turn."],
  freeze: ["Freeze", "A card was FROZEN."],
  rage: ["Rage", "A Character got RAGE."],
  secret: ["Secret", "A Palette's top card was hidden under a Keeper."],
  sacrifice: ["Sacrifice", "A card was SACRIFICED."],
  restrain: ["Restrain", "A card was RESTRAINED."],
  copy: ["Copy", "A Character became a copy."],
  swap: ["Swap", "Two Characters changed places."],
  replace: ["Replace", "A card took an Erased card's place."],
  give: ["Give", "A Character was given a keyword."],
  claim: ["Claim", "A card was CLAIMED."],
  curse: ["Curse", "A card was CURSED."],
  splat: ["Splat", "A card was given a Gain effect."],
  squish: ["Squish", "A card was given a Drain effect."],
  find: ["Find", "A player found a card in their Palette."],
  found: ["You found", "The card you found (only you see this)."],
  dig: ["Dig", "A card was dug out of the Dregs."],
  reveal: ["Reveal", "Palette cards were turned over."],
  research: ["Research", "A player looks at the top of their Palette."],
  looked: ["You look at", "The cards you are looking at (only you see this)."],
  research_keep: ["Research keep", "A player paid 1 Shard to keep a looked-at card."],
  kept: ["You kept", "The card you kept (only you see this)."],
  research_done: ["Research done", "RESEARCH ended."],
  left: ["Left the game", "A player is out."],
  game_over: ["Game over", "The game ended."],
};
export const EVENTS: Entry[] = Object.entries(EVENT_TEXT).map(([id, [name, text]]) => e(id, name, text));
/** Outcome reasons exactly as the engine spells them (changing them would change replays). */
export const OUTCOMES: Entry[] = [
  e("30_shards", "30 Shards", "A player reached 30 Shards in their bank and won."),
  e("last_player", "Last player standing", "Every other player ran out of Shards and left the game."),
  e("turn_limit", "Turn limit", "The game hit the engine's turn limit; remaining players rank by their banks."),
];

// ------------------------------------------------------------------ small vocabularies
export const MULLIGAN: Entry[] = [
  e("pending", "Deciding", "Has not yet kept or taken a new opening hand."),
  e("kept", "Kept", "Kept the opening hand."),
  e("mulliganed", "Mulliganed", "Took a new opening hand."),
];
/** Achroma effect kinds: CardEntry.traits.effect, UnitView.given[].kind, resolve event `given`. */
export const EFFECTS: Entry[] = [
  e("gain", "Gain", "Resolve: add Shards to your bank."),
  e("drain", "Drain", "Resolve: another player loses Shards."),
  e("steal", "Steal", "Resolve: take Shards from another player."),
  e("prevent", "Prevent", "Each turn, stop up to this many Shards being Drained or Stolen from you."),
];
export const ZONES: Entry[] = [
  e("palette", "Palette", "Your face-down draw pile of 30 cards."),
  e("hand", "Hand", "Cards only you can see; you start with 5."),
  e("canvas", "Canvas", "Where your Deployed Characters, Locations and Objects sit, face up."),
  e("dregs", "Dregs", "Your face-up pile of Erased, traded and resolved cards."),
  e("bank", "Shard bank", "Your Shards: you start with 10; reach 30 to win, hit 0 and you are out."),
];
export const CARD_TYPES: Entry[] = [
  e("character", "Character", "Fights, resolves its Achroma effect and can carry Objects."),
  e("location", "Location", "Stays on your Canvas and resolves its Achroma effect."),
  e("object", "Object", "Deployed onto a Character; absorbs damage for it and adds Strength."),
  e("action", "Action", "Resolves once, then goes to your Dregs."),
];
export const RARITIES: Entry[] = [
  e("common", "Common", "Up to 2 copies in a Palette."),
  e("uncommon", "Uncommon", "Up to 2 copies in a Palette."),
  e("rare", "Rare", "At most 4 Rares, each at most once, in a Palette."),
  e("legendary", "Legendary", "At most 1 Legendary in a Palette."),
];
export const REALMS: Entry[] = [
  e("emberwild", "Emberwild", "Fire and fury: RAGE, direct damage, HUNT."),
  e("tidehollow", "Tidehollow", "The deep sea: Drain, FREEZE, careful defence."),
  e("stormreach", "Stormreach", "Dragons, Drakes and the Riders who MOUNT them."),
  e("verdance", "Verdance", "Wild creatures of many kinds: MENAGERIE."),
  e("gloamfen", "Gloamfen", "Achrom swamp-things: INFEST, RESTRAIN, DISPOSE."),
  e("realmless", "Realmless", "Fits in any Palette."),
];
export const CHARACTER_TYPES: Entry[] = ["human", "beast", "spirit", "dragon", "drake", "insect", "construct", "merfolk"].map((k) =>
  e(k, k[0].toUpperCase() + k.slice(1), `A Character type. MENAGERIE counts different types${k === "dragon" || k === "drake" ? "; a Rider may MOUNT this type" : ""}.`),
);

// ------------------------------------------------------------------ cards (derived from cards.ts)
const stepWords = (steps: Step[]): string => steps.map((st) => STEP_TEXT[st.k][0] + ("n" in st ? ` ${st.n}` : "")).join(", ");

/** Keyword ids a card carries (printed flags and its ability steps). */
export function cardKeywords(d: CardDef): string[] {
  const kw: string[] = [];
  const flag = (on: unknown, id: string) => on && !kw.includes(id) && kw.push(id);
  flag(d.action.length && d.type !== "action", "action");
  for (const f of ["rage", "heroic", "protection", "poisonous", "defend", "relic", "mount", "divert"] as const) flag(d[f], f);
  flag(d.shieldWall, "shield_wall");
  flag(d.hunt, "hunt");
  flag(d.infest, "infest");
  flag(d.menagerie, "menagerie");
  flag(d.dispose, "dispose");
  flag(d.paid, "paid");
  flag(d.onErase, "erase_trigger");
  const steps = [...d.action, ...(d.infest ?? []), ...(d.menagerie?.steps ?? []), ...(d.dispose ?? []), ...(d.paid?.steps ?? []), ...(d.onErase?.steps ?? [])];
  for (const st of steps) {
    if (st.k === "splat") flag(true, st.kind === "gain" ? "splat" : "squish");
    else
      flag(
        KEYWORDS.some((k) => k.id === st.k),
        st.k,
      );
  }
  return kw;
}

/** The card's printed text plus its Achroma effect line (vanilla cards get text this way too). */
export function cardText(d: CardDef): string {
  const lines: string[] = [];
  if (d.achroma) lines.push(`${EFFECTS.find((x) => x.id === d.achroma!.kind)!.name} ${d.achroma.n}.`);
  if (d.text) lines.push(d.text);
  else if (d.action.length) lines.push(`${stepWords(d.action)}.`);
  if (!lines.length) lines.push(d.type === "object" ? `Adds ${d.strength} Strength to the Character carrying it.` : "No effect.");
  return lines.join(" ");
}

export const CARD_ENTRIES: Entry[] = Object.values(CARDS).map((d) => ({
  id: d.id,
  name: d.name,
  text: cardText(d),
  cost: d.shards,
  stats: { shards: d.shards, ...(d.type === "character" || d.type === "object" ? { strength: d.strength } : {}), ...(d.achrom ? { achrom: d.achrom } : {}) },
  keywords: cardKeywords(d),
  traits: {
    type: d.type,
    realm: d.realm ?? "realmless",
    rarity: d.rarity,
    ...(d.kind ? { characterType: d.kind } : {}),
    ...(d.achroma ? { effect: d.achroma.kind, effectAmount: d.achroma.n } : {}),
    ...(d.hunt ? { hunt: d.hunt } : {}),
    ...(d.shieldWall ? { shieldWall: d.shieldWall } : {}),
    ...(d.paid ? { paidCost: d.paid.cost } : {}),
  },
}));

let cached: Catalog | null = null;
/** The catalog (static; built once). */
export function achromaCatalog(): Catalog {
  cached ??= {
    sections: {
      card: section("card", CARD_ENTRIES),
      keyword: section("keyword", KEYWORDS),
      phase: section("phase", PHASES),
      step: section("step", STEPS),
      prompt: section("prompt", PROMPTS),
      trigger: section("trigger", TRIGGERS),
      option: section("option", OPTIONS),
      reaction: section("reaction", REACTIONS),
      action: section("action", ACTIONS),
      event: section("event", EVENTS),
      outcome: section("outcome", OUTCOMES),
      mulligan: section("mulligan", MULLIGAN),
      effect: section("effect", EFFECTS),
      zone: section("zone", ZONES),
      card_type: section("card_type", CARD_TYPES),
      rarity: section("rarity", RARITIES),
      realm: section("realm", REALMS),
      character_type: section("character_type", CHARACTER_TYPES),
    },
  };
  return cached;
}
