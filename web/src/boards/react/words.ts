/** Re;ACT ids and positions in words: zones, catalog names, directions, pending choices, seats. */
import { lookup, nameOf, type CatalogIndex } from "../../catalog.tsx";
import type { BoardSeat } from "../types.ts";

export const WIDTH = 5;
export const ZONES = WIDTH * WIDTH;
export const PART_WORDS = ["left", "middle", "right"];
export const DIRECTION_WORDS: Record<string, string> = { N: "north", E: "east", S: "south", W: "west" };

/** Zone label as seen from seat 0: column letter, row 1 on seat 0's side (docs/react.md, Tiles). */
export function zoneLabel(z: number): string {
  return `${"ABCDE"[z % WIDTH]}${WIDTH - Math.floor(z / WIDTH)}`;
}

/** The catalog name of `id` in `section`, else the id itself. */
export function nm(cat: CatalogIndex | null, id: string, section: string): string {
  return lookup(cat, id, section)?.entry.name ?? nameOf(cat, id);
}

export function textOf(cat: CatalogIndex | null, id: string, section: string): string {
  return lookup(cat, id, section)?.entry.text ?? "";
}

/** An arrow for a direction on screen: N points up when seat 0 views, down when the Field is turned. */
export function arrow(dir: string, flipped: boolean): string {
  const arrows: Record<string, string> = flipped ? { N: "↓", E: "←", S: "↑", W: "→" } : { N: "↑", E: "→", S: "↓", W: "←" };
  return arrows[dir] ?? "";
}

/** The masterpiece entry id of part `part` of the player at `seat`. */
export function mpId(game: { players?: { seat: number; artist?: string }[] }, seat: number, part: number): string {
  const artist = (game.players ?? []).find((p) => p.seat === seat)?.artist ?? "";
  return `${artist}:${part}`;
}

/** The public fields a prompt choice is put in words with. */
interface ChoiceGame {
  players?: { seat: number; artist?: string }[];
  mpZone?: ({ seat?: number; part: number } | null)[];
  units?: { pos?: number; id: string; kind: string }[];
}

/** A prompt choice as JSON: its type and the fields the words read. */
interface Choice {
  type?: string;
  part: number;
  slot: number;
  a: number;
  b: number;
  zone: number;
}

/** A pending prompt choice (an action as JSON) in words. */
export function choiceWords(raw: string, game: ChoiceGame, me: number, cat: CatalogIndex | null): string {
  let a: Choice | null;
  try {
    a = JSON.parse(raw);
  } catch {
    return raw;
  }
  const slotWords = (s: number) => {
    const m = game.mpZone?.[s];
    const what = m?.seat !== undefined ? `${nm(cat, mpId(game, m.seat, m.part), "masterpiece")} (seat ${m.seat})` : "empty";
    return `slot ${s + 1} (${what})`;
  };
  switch (a?.type) {
    case "mp_place":
      return `Place ${nm(cat, mpId(game, me, a.part), "masterpiece")} (${PART_WORDS[a.part] ?? a.part} part) in Masterpiece ${slotWords(a.slot)}`;
    case "mp_swap":
      return `Swap Masterpiece ${slotWords(a.a)} and ${slotWords(a.b)}`;
    case "mp_pass":
      return nm(cat, "mp_pass", "action");
    case "swap_pick": {
      const u = (game.units ?? []).find((x) => x.pos === a.zone);
      return `Swap with ${u ? nm(cat, u.id, u.kind) : "nobody (empty: the swap fails)"} in ${zoneLabel(a.zone)}`;
    }
    default:
      return `${nm(cat, String(a?.type ?? "?"), "action")} ${raw}`;
  }
}

export function seatTitle(seats: BoardSeat[], seat: number, me: number | null): string {
  const s = seats.find((x) => x.seat === seat);
  const name = s?.name || `Seat ${seat}`;
  return seat === me ? `${name} (you)` : name;
}

export function unitNotes(u: { exhausted?: boolean; inked?: boolean; armament?: string }): string[] {
  const notes: string[] = [];
  if (u.exhausted) notes.push("exhausted");
  if (u.inked) notes.push("inked");
  if (u.armament) notes.push(`Armament ${DIRECTION_WORDS[u.armament] ?? u.armament}`);
  return notes;
}
