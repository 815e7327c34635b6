/** Seeded random games with invariants checked after every step (shared by the fuzz tests). */
import { playRandomGame } from "../core/selfPlay.ts";
import { verifyReplay } from "../core/replay.ts";
import { ARTISTS, deckList } from "./cards.ts";
import { CHAIN_SLOTS, LOSS_DAMAGE, armamentZone } from "./engine.ts";
import { artistPairs, reactEngine } from "./index.ts";
import type { State } from "./types.ts";

export function checkInvariants(s: State): void {
  for (const seat of [0, 1] as const) {
    const p = s.players[seat];
    const all = [...p.hand, ...(p.deck ?? []), ...p.discard, ...s.chain.filter((e) => e.seat === seat && e.source === "hand").map((e) => e.card)].sort();
    const expected = (deckList(p.artist) ?? []).sort();
    if (all.join() !== expected.join()) throw new Error(`seat ${seat}: action cards lost or duplicated (${all.length} of ${expected.length})`);
    if (p.hand.length > 6) throw new Error(`seat ${seat}: hand of ${p.hand.length}`);
    if (p.damage < 0 || p.damage > LOSS_DAMAGE) throw new Error(`seat ${seat}: damage ${p.damage}`);
    const mp = s.mpZone.filter((c) => c?.seat === seat).map((c) => c!.part);
    if (new Set(mp).size !== mp.length) throw new Error(`seat ${seat}: a Masterpiece card twice in the zone`);
  }
  const zones = Object.values(s.units).filter((u) => u.pos !== null).map((u) => u.pos);
  if (new Set(zones).size !== zones.length) throw new Error("two units in one zone");
  if (zones.some((z) => z! < 0 || z! >= 25)) throw new Error("unit off the board");
  if (s.chain.length > CHAIN_SLOTS) throw new Error(`chain of ${s.chain.length}`);
  if (s.chain.length > 0 && s.reactor === null && !s.prompt && !s.outcome) throw new Error("chain left unresolved");
  const ink = Object.values(s.units).filter((u) => u.inked).length;
  if (ink > ARTISTS.calligrapher.inkTokens) throw new Error(`${ink} inks`);
  if (s.scales.reduce((a, b) => a + b, 0) > ARTISTS.dancer.scaleTokens || s.scales.some((n) => n < 0 || n > 2)) throw new Error("bad scales");
  for (const u of Object.values(s.units)) {
    if (u.kind === "artist" && u.pos === null) throw new Error(`artist ${u.id} off the board`);
    if (u.armament && armamentZone(u) === null) throw new Error(`${u.id}'s Armament off the board`);
    if (u.armament && !ARTISTS[s.players[u.owner].artist].armament) throw new Error(`${u.id} has an Armament`);
  }
  for (const seat of [0, 1] as const) {
    const a = ARTISTS[s.players[seat].artist];
    if (s.tiles.filter((t) => t?.owner === seat).length > a.muralTiles) throw new Error(`seat ${seat}: too many Murals`);
    if (s.blocks.filter((b) => b === seat).length > a.blockTokens) throw new Error(`seat ${seat}: too many Blocks`);
  }
  if (s.tiles.length !== 25 || s.blocks.length !== 25) throw new Error("bad tile or block arrays");
}

/** Plays seeds from..to-1, cycling through every ordered pair of different Artists. */
export function runFuzz(from: number, to: number): { steps: number; reasons: Record<string, number>; pairs: Set<string> } {
  let steps = 0;
  const reasons: Record<string, number> = {};
  const seen = new Set<string>();
  for (let i = from; i < to; i++) {
    const seed = `react-${i}`;
    const pairs = artistPairs();
    const r = playRandomGame(reactEngine, {}, pairs[i % pairs.length], seed, { onStep: (state) => checkInvariants(state as State) });
    steps += r.replay.steps.length;
    seen.add(pairs[i % pairs.length].map((c) => (c as { artist: string }).artist).join("-"));
    reasons[r.outcome.reason] = (reasons[r.outcome.reason] ?? 0) + 1;
    if (r.outcome.ranks.length !== 2) throw new Error(`${seed}: bad outcome`);
    if (!verifyReplay(reactEngine, r.replay).ok) throw new Error(`${seed}: replay does not verify`);
  }
  return { steps, reasons, pairs: seen };
}
