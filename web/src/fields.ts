/// <reference types="vite/client" />
/**
 * Each game's field table (web/src/boards/<game>.fields.ts, written against fieldSpec.ts), by
 * game id: found by file name, so adding a game's board adds its fields.
 */
import type { GameFields, ViewFields } from "./fieldSpec.ts";

export type { GameFields, Kind, Spec, ViewFields } from "./fieldSpec.ts";

const NONE: GameFields = { event: {}, action: {} };
const perGame = import.meta.glob<{ fields: GameFields; viewFields: ViewFields }>("./boards/*.fields.ts", { eager: true });
const gameOf = (path: string) => path.slice("./boards/".length, -".fields.ts".length);
const GAME_FIELDS = new Map(Object.entries(perGame).map(([path, m]) => [gameOf(path), m]));

export function fieldsOf(game: string): GameFields {
  return GAME_FIELDS.get(game)?.fields ?? NONE;
}

export function viewFieldsOf(game: string): ViewFields | undefined {
  return GAME_FIELDS.get(game)?.viewFields;
}
