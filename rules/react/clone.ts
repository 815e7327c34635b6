/**
 * A deep copy of the state for `applyAction` to work on (the input is never modified). Written
 * out field by field: `structuredClone` cost ~30 µs per step, this ~1 µs. Keep in step with `State`.
 * Plumbing, not a rulebook section.
 */
import type { Player, State, Unit } from "./types.ts";

export function cloneState(s: State): State {
  const units: Record<string, Unit> = {};
  for (const id of Object.keys(s.units)) units[id] = { ...s.units[id] };
  return {
    config: { ...s.config },
    rng: s.rng.slice(),
    turn: s.turn,
    turnPlayer: s.turnPlayer,
    players: [clonePlayer(s.players[0]), clonePlayer(s.players[1])],
    units,
    scales: s.scales.slice(),
    tiles: s.tiles.map((t) => (t ? { ...t } : null)),
    blocks: s.blocks.slice(),
    mpZone: s.mpZone.map((c) => (c ? { ...c } : null)),
    chain: s.chain.map((e) => ({ ...e })),
    reactor: s.reactor,
    passes: s.passes,
    prompt: s.prompt ? { ...s.prompt } : null,
    outcome: s.outcome ? { ranks: s.outcome.ranks.slice(), reason: s.outcome.reason } : null,
  };
}

function clonePlayer(p: Player): Player {
  return { artist: p.artist, hand: p.hand.slice(), deck: p.deck ? p.deck.slice() : null, discard: p.discard.slice(), damage: p.damage, ascended: p.ascended };
}
