/**
 * The "pass until" stop of SolRei (engine.passStops, docs/play-flow.md): `until_end_of_round`
 * passes the seat's priority windows of one round: the round the player is in or, during an Act's
 * set-up, the one about to start.
 */
import { describe, expect, it } from "vitest";
import { solreiPassStops } from "./forced.ts";
import { parseConfig, parseSeatConfig, solreiEngine } from "./index.ts";
import type { State } from "./types.ts";
import { drive, keepBoth, newShow } from "./testkit.ts";

const stop = solreiPassStops.until_end_of_round;
const inWindow = (s: State) => s.prompt === null && s.window !== null;

describe("stops: pass every priority window until the end of the round", () => {
  it("asked during the Act's set-up (round 0, choosing OFFENSE: no window), it is for the first round and ends with it", () => {
    const config = parseConfig({});
    const setUp = solreiEngine.setup(config, [parseSeatConfig({ muse: "vesper" }, config), parseSeatConfig({ muse: "liora" }, config)], "stops");
    expect(setUp.round).toBe(0);
    const firstRound = drive(keepBoth(newShow({ seed: "stops" })), inWindow);
    expect(firstRound.round).toBe(1);
    expect(stop.until(firstRound)).toBe(stop.until(setUp));
    const secondRound = drive(firstRound, (s) => s.round === 2);
    expect(stop.until(secondRound)).not.toBe(stop.until(setUp));
  });

  it("passes only for the seat with priority in an open window, never over a prompt", () => {
    const s = drive(keepBoth(newShow({ seed: "stops" })), inWindow);
    const priority = s.window!.priority;
    expect(stop.pass(s, priority)).toEqual({ type: "pass" });
    expect(stop.pass(s, (1 - priority) as typeof priority)).toBeNull();
    const prompted = drive(s, (x) => x.prompt !== null);
    expect(stop.pass(prompted, 0)).toBeNull();
    expect(stop.pass(prompted, 1)).toBeNull();
  });
});
