/**
 * How to Play the Game, "Each turn has 4 Phases": Start of Turn effects, then 1. Masterpiece
 * Phase (from turn 2), 2. Draw Phase, 3. Main Phase (reactChain.ts), 4. End Phase (Refresh,
 * End of Turn effects, Block tokens leave, the opponent becomes the Turn Player). Start/End of
 * Turn effects are the Reference Sheet passives (glossary "Start of Turn effects", R26).
 */
import type { GameEvent } from "../core/engine.ts";
import { ARTISTS } from "./cards.ts";
import { removeBlocks } from "./blockTokens.ts";
import { drawPhase } from "./draw.ts";
import { finish } from "./ending.ts";
import { refreshAll } from "./exhaust.ts";
import { artistUnit, other } from "./field.ts";
import type { State } from "./types.ts";
import { placeMural } from "./zoneTiles.ts";

/** Start-of-turn effects (Turn Player's first, R26), then Masterpiece Phase (from turn 2), then Draw. */
export function startTurn(s: State, ev: GameEvent[]): void {
  ev.push({ type: "turn_start", seat: s.turnPlayer, turn: s.turn });
  turnPassives(s, "startOfTurn", ev);
  if (s.turn > 1) {
    s.prompt = { kind: "progress", seat: s.turnPlayer, then: "draw" };
    return;
  }
  drawPhase(s, ev);
}

/** 4. End Phase: Refresh (R23), End of Turn effects (R26), Block tokens leave (R21); then the next turn, or the turn limit (R14). */
export function endTurn(s: State, ev: GameEvent[]): void {
  refreshAll(s, ev);
  // Artist end-of-turn effects (R26), Turn Player's first.
  turnPassives(s, "endOfTurn", ev);
  // Block tokens stay until their zone takes damage or the turn ends (R21).
  removeBlocks(s, ev);
  ev.push({ type: "end_phase", seat: s.turnPlayer });
  if (s.turn >= s.config.maxTurns) {
    finish(s, [1, 1], "turn_limit");
    return;
  }
  s.turn++;
  s.turnPlayer = other(s.turnPlayer);
  startTurn(s, ev);
}

/**
 * Reference Sheet start-/end-of-turn passives (R26): the Turn Player's first; "yours" only on its
 * owner's turns. A passive whose condition does not hold does nothing (and says nothing).
 */
function turnPassives(s: State, which: "startOfTurn" | "endOfTurn", ev: GameEvent[]): void {
  for (const seat of [s.turnPlayer, other(s.turnPlayer)]) {
    const passive = ARTISTS[s.players[seat].artist][which];
    if (!passive || (passive.when === "yours" && seat !== s.turnPlayer)) continue;
    const me = artistUnit(s, seat);
    const type = which === "startOfTurn" ? "start_of_turn" : "end_of_turn";
    switch (passive.op) {
      case "mural_under_me":
        if (s.tiles.some((t) => t?.owner === seat)) break;
        ev.push({ type, seat, name: passive.name });
        placeMural(s, seat, me.pos!, ev);
        break;
      case "return_scale_under_me":
        if (s.scales[me.pos!] === 0) break;
        ev.push({ type, seat, name: passive.name });
        s.scales[me.pos!]--;
        ev.push({ type: "scale_returned", seat, zone: me.pos!, count: s.scales[me.pos!] });
        break;
      case "ink_dries": {
        const inked = Object.keys(s.units)
          .sort()
          .filter((id) => s.units[id].owner !== seat && s.units[id].inked);
        if (inked.length === 0) break;
        ev.push({ type, seat, name: passive.name });
        for (const id of inked) {
          s.units[id].inked = false;
          ev.push({ type: "ink_returned", seat, unit: id });
        }
        break;
      }
    }
  }
}
