/**
 * The Resonance rules engine: a pure state machine of small decisions. The rules live in
 * `engine/`, one module per rulebook chapter or section; `engine/README.md` maps every
 * rulebook section to its file. The top-level state machine is `engine/stateMachine.ts`.
 * This file keeps the engine's exports in one place. See RULINGS.md for every interpretation.
 */
export {
  BOOST_TAGS,
  HAND_SIZE,
  K,
  MAIN_DECK_SIZE,
  MAX_EN,
  MAX_TURNS,
  PICKS_PER_PLAYER,
  START_HP,
  STATUS_TAGS,
  TAG,
  clone,
  isBoost,
  isStatus,
} from "./engine/definitions.ts";
export { cardPower, isAnimation, isEcho, isItemCard, isPlayerUnit, livePlayers, newUnit, opponentsOf, playerUnitId, unitById, unitOfItem } from "./engine/units.ts";
export { commanded, controllerHas, focusOf, guarded, hasTag, hpLeft, innateKeywords, itemLimit, maxHp, powerOf, staticKeywords } from "./engine/unitStats.ts";
export { setupState } from "./engine/worldWeaving.ts";
export { drawCards } from "./engine/library.ts";
export { dealDamage, removeDamage } from "./engine/damage.ts";
export { gainKarma } from "./engine/karma.ts";
export { applyTag, removable } from "./engine/tags.ts";
export { deployCost, equipCost } from "./engine/actions.ts";
export { actionKeywords, resolutionMode } from "./engine/keywordContext.ts";
export { augmentLimit, augmentOptions } from "./engine/augmentation.ts";
export { fuelShape } from "./engine/fuel.ts";
export { defendOptions, extraDefendAllowed } from "./engine/defenderReaction.ts";
export { actors, legalActions } from "./engine/legal.ts";
export { applyAction } from "./engine/stateMachine.ts";
export { kwColor } from "./catalog.ts";
