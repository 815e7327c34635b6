/**
 * SolRei catalog: event types (the `type` of every GameEvent the engine emits, one per
 * protocol.ts EventSchema branch) and outcome reasons (`acts[].reason` and the `reason` of
 * act_over: ACT_REASONS; `outcome.reason`: OUTCOME_REASONS).
 */
import type { Gloss } from "./catalogGlossary.ts";
import type { ActReason, OutcomeReason, SolReiEvent } from "./protocol.ts";

const g = (name: string, text: string): Gloss => ({ name, text });

/** Keyed by every declared event type (protocol.ts), so neither can gain a type the other lacks. */
export const EVENTS: Record<SolReiEvent["type"], Gloss> = {
  act_started: g("Act started", "A new Act begins with fresh decks and field."),
  offense_chosen: g("OFFENSE chosen", "The chooser named the seat on OFFENSE for the first round."),
  drew: g("You drew", "The cards you drew (only you see which)."),
  draw: g("Drew", "A player drew cards (the count is public)."),
  draw_empty: g("Could not draw", "A player had to draw from an empty deck."),
  mulligan: g("Mulligan", "A player shuffled the opening hand back and drew a new one."),
  kept_hand: g("Hand kept", "A player kept the opening hand."),
  round_started: g("Round started", "A new round starts."),
  positions_swapped: g("Positions swapped", "OFFENSE and DEFENSE changed places."),
  ready_skipped: g("Ready skipped", "The defender chose not to ready an Art."),
  placed: g("Action Card placed", "Your Action Card (only you see which)."),
  placed_face_down: g("Card placed face down", "A player placed or changed an Action Card, face down."),
  confirmed: g("Confirmed", "A player agreed to go on with the placed Action Card."),
  agreement_asked: g("Agreement asked", "The Rival agreed; this player is asked to confirm or change."),
  pass: g("Passed", "A player passed priority."),
  activated: g("Activated", "A player activated an ability; it went on the Exchange."),
  triggered: g("Triggered", "An automatic ability went on the Exchange."),
  exchange_resolves: g("Exchange resolves", "Both passed: the Exchange resolves last in, first out."),
  resolved: g("Resolved", "An ability of the Exchange finished resolving."),
  fizzled: g("Negated", "A NEGATEd ability left the Exchange without effect."),
  negated: g("NEGATE", "An ability on the Exchange was negated."),
  harvested: g("HARVEST", "Cultivated cards were put into the discard pile to pay a cost."),
  augmented: g("Augmented", "An Art was turned sideways (AUGMENT)."),
  discarded: g("Discarded", "A card went from a hand to the discard pile."),
  damage_exhausted: g("Damage exhausted", "A face-up damage card was exhausted."),
  damage_readied: g("Damage readied", "An exhausted damage card was turned face up."),
  damage_broken: g("Damage broken", "A damage card was broken."),
  art_readied: g("Art readied", "An Art was readied (and turned face up)."),
  art_exhausted: g("Art exhausted", "An Art was exhausted."),
  art_broken: g("Art broken", "An Art was broken for the rest of the Act."),
  rei_generated: g("Rei generated", "A player gained 1 Rei of a suit."),
  rei_filtered: g("Rei filtered", "A player spent two cards for 1 Rei of the Muse's Alignment."),
  rei_vanished: g("Rei vanished", "Unspent Rei is lost when its window closes."),
  gained_power: g("GAIN Power", "A player's Attack card gained Power."),
  gained_damage: g("GAIN Damage", "A player gained Damage."),
  gain_damage_ignored: g("GAIN Damage ignored", "This player cannot gain Damage this round."),
  retaliate: g("RETALIATE", "Damage was dealt back to the Rival."),
  retaliate_fizzled: g("RETALIATE did nothing", "The Rival had not damaged this player this round."),
  counter: g("COUNTER", "Damage was prevented and possibly dealt back."),
  blocked: g("BLOCK", "An ability prevented damage."),
  cultivated: g("CULTIVATE", "Cards went face down under the Muse."),
  grapple: g("GRAPPLE", "The Rival cannot activate Arts or abilities this round."),
  check: g("CHECK", "A player looks at the top cards of their deck."),
  checked: g("You checked", "The cards you are looking at (only you see which)."),
  check_placed: g("Checked card placed", "Where you put a checked card (only you see it)."),
  check_placed_hidden: g("Checked card placed", "A player put a checked card back on the deck."),
  no_target: g("No target", "A keyword had nothing to act on and did nothing."),
  swapped: g("SWAP", "An Attack card was replaced by a hand card."),
  swapped_hidden: g("SWAP", "A player swapped a face-down Action Card (or kept a CHARGE card)."),
  swap_kept: g("CHARGE card kept", "Your CHARGE card cannot be swapped and stays."),
  showdown: g("SHOWDOWN!", "Both Action Cards were revealed."),
  showdown_result: g("Showdown result", "Powers compared; the winner and the damage each player will take."),
  block: g("Blocked a point", "A player blocked a point of damage with a card of the Muse's Alignment."),
  damage_taken: g("Damage taken", "A card went into a player's Damage zone."),
  damage_with_empty_deck: g("Damage with an empty deck", "A player had to take damage with no deck left and loses the Act."),
  charge: g("CHARGE", "A player performs a CHARGE with a CHARGE card."),
  charge_choice: g("Defensive charge", "The defender chose to ready 1 or draw 1."),
  action_card_discarded: g("Action Card discarded", "The round's Action Card went to the discard pile."),
  act_over: g("Act over", "An Act ended; see the reason."),
  show_over: g("Show over", "The Show ended."),
};

/** Act-ending reasons (acts[].reason, act_over.reason). */
const ACT_REASONS: Record<ActReason, Gloss> = {
  ko: g("KO", "The loser took 7 damage."),
  damage_with_empty_deck: g("Damage with an empty deck", "The loser had to take damage with an empty Action Deck."),
  rival_cannot_play: g("Rival cannot play", "The loser could not place an Action Card in the OPEN PHASE."),
  neither_can_play: g("Draw Game", "Neither player could place an Action Card: the Act is drawn."),
};

/** Show-ending reasons (outcome.reason); the score is in the state's `wins` and in show_over. */
const SHOW_REASONS: Record<OutcomeReason, Gloss> = {
  won_on_acts: g("Won on Acts", "The winner won more Acts: two, or the most when the Act limit was reached."),
  show_drawn: g("Show drawn", "Both players won the same number of Acts."),
};

export const OUTCOMES: Record<string, Gloss> = { ...ACT_REASONS, ...SHOW_REASONS };
