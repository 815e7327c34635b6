/**
 * GAMEPLAY / TAKING YOUR TURN: the turn's steps (Start, Main, Resolve, End, Pass turn), the
 * Start/End step draw or TRADE (R2, R4), the turn's beginning (R21, HUNTs R29) and end (damage
 * heals, FROZEN cards thaw, SHIELD WALL ends), the R12 turn cap.
 */
import type { GameEvent } from "../core/engine.ts";
import type { Seat, State } from "./types.ts";
import { controllerOf, defOf, has, live, shardValue } from "./canvas.ts";
import { erase } from "./erase.ts";
import { finish } from "./winning.ts";

export const TRADE_LIMIT = 6;
/** R12: engine safety limit on the number of turns. */
export const MAX_TURNS = 400;

export function draw(s: State, seat: Seat, n: number, ev: GameEvent[]): void {
  const p = s.players[seat];
  for (let i = 0; i < n && p.palette.length > 0; i++) {
    const c = p.palette.shift()!;
    p.hand.push(c);
    ev.push({ type: "draw", seat });
    ev.push({ type: "drew", seat, card: c, def: s.cards[c].def, to: [seat] });
  }
}

export function tradeCard(s: State, seat: Seat, uid: string, limited: boolean, ev: GameEvent[]): void {
  const p = s.players[seat];
  p.hand = p.hand.filter((c) => c !== uid);
  p.dregs.push(uid);
  const value = defOf(s, uid).shards;
  const got = limited ? Math.min(value, TRADE_LIMIT - s.traded) : value;
  if (limited) s.traded += got;
  p.bank += got;
  ev.push({ type: "trade", seat, card: uid, def: s.cards[uid].def, shards: got });
}

export function startTurn(s: State, ev: GameEvent[]): void {
  s.turn++;
  s.deployed = 0;
  s.traded = 0;
  for (const p of s.players) p.preventUsed = 0;
  for (const u of Object.values(s.units)) {
    u.attacks = 0;
    u.rage = 0;
    u.given = u.given.filter((g) => g.by !== s.active); // R26: until the start of the giver's next turn
  }
  s.phase = s.players.length === 2 && s.turn === 1 ? "main" : "start";
  ev.push({ type: "turn", seat: s.active, turn: s.turn });
  // R29: the active player's HUNTs resolve now if both cards are still where they were.
  const same = (c: string, at: [Seat, number]) => !!s.units[c] && controllerOf(s, c) === at[0] && s.units[c].deployedTurn === at[1];
  for (const h of s.hunts.filter((x) => x.seat === s.active)) {
    if (!same(h.hunter, h.hunterAt) || !same(h.target, h.targetAt)) {
      ev.push({ type: "hunt_lost", seat: h.seat, hunter: h.hunter, target: h.target });
      continue;
    }
    // R10: a target that has PROTECTION by now cannot be damaged by the HUNT.
    if (has(s, h.target, "protection")) {
      ev.push({ type: "hunt_lost", seat: h.seat, hunter: h.hunter, target: h.target, protection: true });
      continue;
    }
    const n = defOf(s, h.hunter).hunt!;
    s.units[h.target].damage += n;
    ev.push({ type: "damage", seat: h.seat, card: h.target, shards: n, hunt: h.hunter });
    if (shardValue(s, h.target) <= 0) erase(s, h.target, ev);
  }
  s.hunts = s.hunts.filter((x) => x.seat !== s.active);
  if (s.turn > MAX_TURNS) finish(s, null, "turn_limit", ev);
}

export function endTurn(s: State, ev: GameEvent[]): void {
  const me = s.active;
  for (const [uid, u] of Object.entries(s.units)) {
    u.damage = 0;
    if (controllerOf(s, uid) === me) {
      u.frozen = false;
      u.shield = 0; // R15: SHIELD WALL lasts "until the end of your turn" (the defending controller's)
    }
  }
  s.players[me].hadTurn = true;
  ev.push({ type: "pass_turn", seat: me });
  const n = s.players.length;
  let next = (me + 1) % n;
  while (s.players[next].out) next = (next + 1) % n;
  s.active = next;
  startTurn(s, ev);
}

/** Who may act now: every undecided player in the mulligan, the prompted player, else the turn player. */
export function actors(s: State): Seat[] {
  if (s.outcome) return [];
  if (s.phase === "mulligan") return live(s).filter((i) => s.players[i].mulligan === "pending");
  if (s.prompt) return [s.prompt.seat];
  return [s.active];
}
