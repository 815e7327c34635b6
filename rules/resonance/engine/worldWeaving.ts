/**
 * 3.2 The World Weaving Phase (d10 roll, Player Draft, Chaos Slots, Final Assembly) and 3.3 Player Setup.
 */
import { ensure } from "../../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../../core/rng.ts";
import { allModules, moduleByNumber } from "../catalog.ts";
import type { Config, SeatConfig, State } from "../types.ts";
import { HAND_SIZE, MAX_EN, PICKS_PER_PLAYER, type Events } from "./definitions.ts";
import { drawCards } from "./library.ts";
import { startTurn } from "./turn.ts";
import { newUnit, playerUnitId } from "./units.ts";

// The shape of Engine.setup; this game has no table-wide options to read.
export function setupState(_config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s: State = {
    players: seats.map((sc, seat) => ({
      seat,
      primary: sc.primary,
      secondary: [sc.secondary[0], sc.secondary[1]],
      self: newUnit(playerUnitId(seat), null, seat),
      animations: [],
      en: MAX_EN,
      focus: 1,
      karma: 0,
      hand: [],
      codexDeck: [...sc.codex],
      codexActive: [`codex-${sc.primary}-1`],
      spentTokens: 0,
      karmaGainedThisTurn: false,
      eideticUsed: [],
      immunized: [],
      bane: {},
      eliminated: null,
    })),
    rng: seedRng(seed),
    phase: "draft",
    rolls: [],
    firstPicker: 0,
    pool: allModules().map((m) => m.number),
    picks: seats.map(() => []),
    picker: 0,
    chaos: [],
    mainDeck: [],
    discard: [],
    turnSeat: 0,
    turn: 0,
    playerActions: 0,
    combat: null,
    slowQueue: [],
    echoes: 0,
    shown: [],
    looked: null,
    outCount: 0,
    outcome: null,
  };
  // The d10 roll for first pick; the tied highest re-roll (RULINGS R2).
  let contenders = seats.map((_, i) => i);
  for (;;) {
    const values = contenders.map(() => randInt(s, 1, 10));
    s.rolls.push({ seats: [...contenders], values });
    const top = Math.max(...values);
    const best = contenders.filter((_, i) => values[i] === top);
    if (best.length === 1) {
      s.firstPicker = best[0];
      break;
    }
    contenders = best;
  }
  s.picker = s.firstPicker;
  for (const p of s.players) shuffleInPlace(s, p.codexDeck);
  return s;
}

export function applyPick(s: State, seat: number, module: number, ev: Events): void {
  ensure(s.phase === "draft", "illegal_move", "the draft is over");
  ensure(seat === s.picker, "not_your_turn", `seat ${s.picker} picks now`);
  ensure(s.pool.includes(module), "illegal_move", `module ${module} is not in the pool`);
  s.pool = s.pool.filter((m) => m !== module);
  s.picks[seat].push(module);
  ev.push({ type: "pick", seat, module });
  const per = PICKS_PER_PLAYER[s.players.length];
  const total = s.picks.reduce((n, l) => n + l.length, 0);
  if (total < per * s.players.length) {
    s.picker = (s.picker + 1) % s.players.length;
    return;
  }
  // Chaos Slots (3.2.3): shuffle the rest and draw to complete 10 modules.
  const rest = shuffleInPlace(s, [...s.pool]);
  s.chaos = rest.slice(0, 10 - total);
  s.pool = s.pool.filter((m) => !s.chaos.includes(m));
  ev.push({ type: "chaos", modules: [...s.chaos] });
  const chosen = [...s.picks.flat(), ...s.chaos];
  s.mainDeck = shuffleInPlace(
    s,
    chosen.flatMap((n) => moduleByNumber(n)!.cards.map((c) => c.id)),
  );
  for (const p of s.players) drawCards(s, p.seat, HAND_SIZE, ev);
  // The first picker (highest d10) starts the game (RULINGS R3).
  s.turnSeat = s.firstPicker;
  s.turn = 0;
  startTurn(s, s.firstPicker, ev);
}
