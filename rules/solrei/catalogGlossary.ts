/**
 * SolRei catalog, the glossary half: every fixed word the state, events and actions use
 * (stages, ability windows, prompts, keywords, event types...), with a name and a short
 * explanation written for players. Typed tables (`Record<Stage, ...>`) make the compiler
 * refuse a missing entry when the engine gains a value; the card half is catalogEntries.ts.
 */
import type { EffectStep, Suit, Timing } from "./cards.ts";
import type { Action, ArtState, DamageState, SelectPurpose, Stage } from "./types.ts";
import type { PromptView } from "./view.ts";

export interface Gloss {
  name: string;
  text: string;
}
type Table<K extends string> = Record<K, Gloss>;
const g = (name: string, text: string): Gloss => ({ name, text });

/** `stage` in the view: where the Show is in the round (III.2, III.3). */
export const STAGES: Table<Stage> = {
  choose_first: g("Choosing OFFENSE", "Before an Act starts, the chooser picks who is on OFFENSE in its first round."),
  deal: g("Opening hands", "Both players draw their opening hand of 5 cards and decide whether to mulligan."),
  sor: g("Start of round", "Positions swap (from round 2 on) and round effects start afresh."),
  sor_window: g("START OF ROUND window", "The defender may ready 1 Art; then abilities with START OF ROUND timing may be activated."),
  open: g("OPEN PHASE", "Both players place an Action Card face down and agree to continue; a player who cannot play loses the Act."),
  bs_window: g("BEFORE SHOWDOWN window", "Abilities with BEFORE SHOWDOWN timing may be activated before the Action Cards are revealed."),
  reveal: g("SHOWDOWN!", "Both Action Cards are revealed at the same time."),
  triggers: g("Showdown triggers", "Automatic abilities that care about the revealed cards go on the Exchange, OFFENSE's first."),
  as_window: g("AFTER SHOWDOWN window", "Abilities with AFTER SHOWDOWN timing may be activated once the cards are known."),
  result: g("Showdown result", "The higher Power wins the Showdown; the winner's damage for the round is worked out."),
  bd_window: g("BEFORE DAMAGE window", "Abilities with BEFORE DAMAGE timing may be activated before the next point of damage is dealt."),
  dmg: g("Damage application", "Damage is dealt one point at a time, OFFENSE's first; each point is blocked or taken."),
  ad_window: g("AFTER DAMAGE window", "A point of damage was just dealt; abilities with AFTER DAMAGE timing may be activated."),
  after_ad: g("After damage", "Back to BEFORE DAMAGE while damage is left, else on to the CHARGE PHASE."),
  charge: g("CHARGE PHASE", "Players whose Action Card is a CHARGE card perform a CHARGE, OFFENSE first."),
  charge_seat: g("Charging", "One player performs a CHARGE, or the defender without a CHARGE card readies 1 or draws 1."),
  charge_window: g("CHARGE window", "Abilities with CHARGE timing may be activated."),
  reset: g("RESET PHASE", "Action Cards go to the discard pile and this round's Power and Damage gains end."),
  eor_window: g("END OF ROUND window", "Abilities with END OF ROUND timing may be activated."),
  eor_draw: g("End of round draw", "Both players draw 1 card; the next round starts."),
  over: g("Show over", "The Show is finished; see the outcome."),
};

/** `window.timing` in the view and the `timing` of a pass event: an ability window. */
export const TIMINGS: Table<Timing> = {
  START_OF_ROUND: g("START OF ROUND", "The window at the start of a round, after the defender's optional ready."),
  BEFORE_SHOWDOWN: g("BEFORE SHOWDOWN", "The window while both Action Cards are still face down."),
  SHOWDOWN: g("SHOWDOWN!", "The window in which automatic reveal abilities resolve; some Arts may answer them."),
  AFTER_SHOWDOWN: g("AFTER SHOWDOWN", "The window after the reveal, before the Showdown result."),
  BEFORE_DAMAGE: g("BEFORE DAMAGE", "The window before each point of damage is dealt."),
  AFTER_DAMAGE: g("AFTER DAMAGE", "The window after each point of damage is dealt."),
  CHARGE: g("CHARGE", "The window after the CHARGE PHASE."),
  END_OF_ROUND: g("END OF ROUND", "The last window of a round, before both players draw."),
};

/** `prompt.kind` in the view: the kind of decision pending. */
export const PROMPTS: Table<PromptView["kind"]> = {
  choose_first: g("Choose OFFENSE", "The chooser decides who is on OFFENSE in the first round of the Act."),
  mulligan: g("Mulligan", "Keep your opening hand, or shuffle it back and draw a new one."),
  open: g("Place an Action Card", "Place a card from your hand face down, then confirm; you may change it until both agree."),
  damage: g("Take a point of damage", "Block the point with a card of your Muse's Alignment, or take it from your deck or hand."),
  select: g("Choose", "Pick one of the listed options (see the purpose)."),
};

/** `prompt.purpose` in the view: what a `select` prompt is choosing. */
export const PURPOSES: Table<SelectPurpose> = {
  sor_ready: g("Ready at start of round", "As the defender, you may ready 1 of your Arts, or none."),
  charge_choice: g("Defensive charge", "Without a CHARGE card, the defender readies 1 Art or Damage, or draws 1 card."),
  ready: g("READY", "Choose one of your exhausted or face-down Arts, or exhausted damage, to ready."),
  exhaust: g("EXHAUST", "Choose one of the Rival's face-up Arts or face-up damage cards to exhaust."),
  break: g("BREAK", "Choose one of the Rival's face-up Arts or face-up damage cards to break."),
  discard: g("DISCARD", "Your Rival made you discard: choose a card from your hand."),
  swap: g("SWAP", "Choose a hand card to replace your Attack card in the Action Card zone."),
  check: g("CHECK", "Put each looked-at card back on the top or the bottom of your deck."),
  order: g("Order triggers", "Several of your automatic abilities triggered at once: choose which goes on the Exchange next."),
};

/** Keyword ids: `EffectStep.k` (the `keyword` of a no_target event) plus the cost and card keywords. */
export const KEYWORDS: Table<EffectStep["k"] | "spend" | "harvest" | "crisis" | "augment" | "signature"> = {
  gain_power: g("GAIN Power", "Your Attack card gets +X Power this round. CHARGE cards have no Power and cannot gain it."),
  gain_damage: g("GAIN Damage", "You deal X more damage if you win the Showdown; after the result it goes straight to the Rival."),
  draw: g("DRAW", "Draw X cards from your Action Deck."),
  retaliate: g("RETALIATE", "If the Rival damaged you this round, deal X damage to the Rival."),
  counter: g("COUNTER", "Prevent up to X of the damage you are about to take; while defending, that much is dealt back."),
  block: g("BLOCK", "Prevent up to X of the damage you are about to take."),
  cultivate: g("CULTIVATE", "Put the top X cards of your deck face down under your Muse, to HARVEST later."),
  ready: g("READY", "Turn X of your exhausted or face-down Arts, or exhausted damage cards, face up and ready."),
  exhaust: g("EXHAUST", "Exhaust X of the Rival's face-up Arts or face-up damage cards."),
  discard: g("DISCARD", "The Rival discards X cards of their choice from their hand."),
  swap: g("SWAP", "Replace your Attack card with a card from your hand."),
  break: g("BREAK", "Break one of the Rival's face-up Arts or face-up damage cards: it can no longer be used this Act."),
  grapple: g("GRAPPLE", "The Rival cannot activate Arts or abilities this round, and you cannot gain Damage this round."),
  check: g("CHECK", "Look at the top X cards of your deck and put each back on the top or the bottom."),
  negate: g("NEGATE", "Cancel the Rival's ability on top of the Exchange; it does nothing when it resolves."),
  spend: g("SPEND", "A cost: pay X more Rei of any suit."),
  harvest: g("HARVEST", "A cost: put X of your CULTIVATEd cards into your discard pile."),
  crisis: g("CRISIS", "Can be activated only with at least X cards in your Damage zone."),
  augment: g("AUGMENT", "Turned sideways when activated; its bonus lasts until you take damage, augment another Art, or the Rival exhausts it."),
  signature: g("SIGNATURE MOVE", "Only the named Muse may activate this Art."),
};

export const SUIT_GLOSS: Table<Suit> = {
  S: g("♠ Spades", "A black suit. Rei of this suit pays ♠ costs, black costs and any-suit costs."),
  H: g("♥ Hearts", "A red suit. Rei of this suit pays ♥ costs, red costs and any-suit costs."),
  D: g("♦ Diamonds", "A red suit. Rei of this suit pays ♦ costs, red costs and any-suit costs."),
  C: g("♣ Clubs", "A black suit. Rei of this suit pays ♣ costs, black costs and any-suit costs."),
};

export const POSITIONS: Table<"offense" | "defense"> = {
  offense: g("OFFENSE", "Has priority in every window, deals 1 extra damage on winning the Showdown, and charges first."),
  defense: g("DEFENSE", "May ready 1 Art at the start of the round; without a CHARGE card it readies 1 or draws 1 in the CHARGE PHASE."),
};

export const ART_STATES: Table<ArtState> = {
  down: g("Face down", "Not readied yet this Act; the Rival does not know which Art it is."),
  ready: g("Ready", "Face up and usable in its window."),
  exhausted: g("Exhausted", "Used; it must be readied again before its next use."),
  augmented: g("Augmented", "Turned sideways: its AUGMENT bonus applies."),
  broken: g("Broken", "Out of use for the rest of the Act."),
};

export const DAMAGE_STATES: Table<DamageState> = {
  up: g("Face up", "A damage card that can be exhausted for Rei or broken to block (if of your Alignment)."),
  exhausted: g("Exhausted", "A damage card already used; READY turns it face up again."),
  broken: g("Broken", "A damage card broken to block or by the Rival; it still counts as damage."),
};

export const MULLIGAN_STATES: Table<"pending" | "kept" | "mulliganed"> = {
  pending: g("Deciding", "Has not yet decided about the opening hand."),
  kept: g("Kept", "Kept the opening hand."),
  mulliganed: g("Mulliganed", "Shuffled the opening hand back and drew a new one."),
};

/** `source` of an ability ("muse", "advantage", "art:<slot>"): look up the part before the colon. */
export const SOURCES: Table<"muse" | "advantage" | "art"> = {
  muse: g("Muse ability", "The ability printed on your Muse (once per round unless automatic)."),
  advantage: g("Advantage ability", "The ability of your Advantage card (once per round unless automatic)."),
  art: g("Art", 'One of your four Arts, by slot: "art:0" to "art:3".'),
};

/** Prefixes of compound references ("<prefix>:<rest>" in choices, actions and events). */
export const REFS: Table<"art" | "dmg" | "h" | "d" | "top" | "bottom"> = {
  art: g("Art slot", '"art:<slot>": the Art in that slot (0-3).'),
  dmg: g("Damage card", '"dmg:<index>": the card at that position of a Damage zone.'),
  h: g("Hand card", '"h:<card>": that card from your hand (discarded to pay or block).'),
  d: g("Damage card", '"d:<index>": your face-up damage card at that position (exhausted to pay, broken to block).'),
  top: g("Top of deck", '"top:<card>": put that card back on top of your deck.'),
  bottom: g("Bottom of deck", '"bottom:<card>": put that card on the bottom of your deck.'),
};

/** Bare choices of select prompts and the charge_choice event. */
export const CHOICES: Table<"none" | "ready" | "draw" | "keep"> = {
  none: g("Ready nothing", "Skip the optional ready at the start of the round."),
  ready: g("Ready 1", "Ready 1 of your Arts or exhausted damage cards."),
  draw: g("Draw 1", "Draw 1 card."),
  keep: g("Keep the CHARGE card", "A CHARGE card cannot be swapped: it stays in the Action Card zone."),
};

/** `from` of take actions and damage_taken events, and the zones of a player's field. */
export const ZONES: Table<"deck" | "hand" | "discard" | "damage" | "action" | "cultivated" | "checking"> = {
  deck: g("Action Deck", "Your 52 playing cards, face down; the top card is taken as damage when you take it from the deck."),
  hand: g("Hand", "Your cards in hand, hidden from the Rival."),
  discard: g("Discard pile", "Spent and used cards, face up."),
  damage: g("Damage zone", "One card per point of damage taken; 7 is a KO."),
  action: g("Action Card zone", "Where this round's Action Card is placed face down."),
  cultivated: g("Cultivated cards", "Face-down cards under your Muse, spent by HARVEST."),
  checking: g("Checked cards", "Cards looked at by CHECK, waiting to go back on the deck."),
};

/** `by` of a block event: how the point was blocked. */
export const BLOCK_BY: Table<"discard" | "break"> = {
  discard: g("Discarding", "Blocked by discarding a hand card of the Muse's Alignment."),
  break: g("Breaking", "Blocked by breaking a face-up damage card of the Muse's Alignment."),
};

/** `why`, `by` and `reason` of events when they are not a card's name, and the names of CHARGE sequences. */
export const REASONS: Table<
  | "opening hand"
  | "mulligan"
  | "end of round"
  | "rei"
  | "filter"
  | "CHARGE"
  | "CHARGE + Charge Bonus"
  | "defensive charge"
  | "augment_ended"
  | "requirements_not_met"
  | "no damage taken from the Rival this round"
  | "a CHARGE card is not an Attack Card"
> = {
  "opening hand": g("Opening hand", "The 5 cards drawn at the start of an Act."),
  mulligan: g("Mulligan", "The new hand drawn after a mulligan."),
  "end of round": g("End of round", "The card each player draws at the end of a round."),
  rei: g("Rei", "Spent to generate 1 Rei of the card's suit."),
  filter: g("Filter", "One of two cards spent to generate 1 Rei of the Muse's Alignment."),
  CHARGE: g("CHARGE", "A CHARGE card's effect: ready 1 Art or Damage, then draw 1."),
  "CHARGE + Charge Bonus": g("CHARGE + Charge Bonus", "A CHARGE in a suit the Muse favours: ready 1, draw 1, then the Muse's Charge Bonus."),
  "defensive charge": g("Defensive charge", "The defender without a CHARGE card readies 1 or draws 1."),
  augment_ended: g("AUGMENT ended", "An augmented Art stopped being augmented (damage taken, or another Art augmented)."),
  requirements_not_met: g("Requirements not met", "The Muse lacks this Art's requirements, so activating it broke it."),
  "no damage taken from the Rival this round": g("No damage taken", "RETALIATE does nothing unless the Rival damaged you this round."),
  "a CHARGE card is not an Attack Card": g("Not an Attack card", "SWAP replaces an Attack card only; a CHARGE card stays."),
};

/** `type` of an action. */
export const ACTIONS: Table<Action["type"]> = {
  choose_first: g("Choose OFFENSE", "Name the seat on OFFENSE in the first round of the Act."),
  keep: g("Keep", "Keep your opening hand."),
  mulligan: g("Mulligan", "Shuffle your opening hand back and draw a new one."),
  place: g("Place", "Place a hand card face down as your Action Card (again to change it)."),
  confirm: g("Confirm", "Agree to go on with the Action Card you placed."),
  pass: g("Pass", "Pass priority; two passes in a row resolve the Exchange or close the window."),
  activate: g("Activate", "Pay a cost from your Rei pool and put an ability on the Exchange."),
  rei: g("Generate Rei", "Discard a hand card or exhaust a face-up damage card: 1 Rei of its suit."),
  filter: g("Filter", "Spend two cards: 1 Rei of your Muse's Alignment."),
  block: g("Block", "Prevent a point of damage with a card of your Muse's Alignment."),
  take: g("Take damage", "Put the top card of your deck, or a hand card, into your Damage zone."),
  select: g("Choose", "Answer a select prompt with one of its options."),
};
