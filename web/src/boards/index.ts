/// <reference types="vite/client" />
/**
 * Each game's board by game id: the live table and the replay viewer draw with the same ones.
 * Found by file name (web/src/boards/<game>.tsx, exporting `Board`), so adding a game's board
 * file is all the web client needs besides the games list.
 */
import type { ComponentType } from "preact";
import type { BoardProps } from "./types.ts";

// Every .tsx here that exports a `Board` (said.tsx, a part the boards share, exports none).
const boards = import.meta.glob<{ Board?: ComponentType<BoardProps> }>("./*.tsx", { eager: true });

export const BOARDS: Record<string, ComponentType<BoardProps>> = Object.fromEntries(
  Object.entries(boards).flatMap(([path, m]) => (m.Board ? [[path.slice("./".length, -".tsx".length), m.Board]] : [])),
);
