/** Each game's board by game id: the live table and the replay viewer draw with the same ones. */
import type { ComponentType } from "preact";
import { Board as AchromaBoard } from "./achroma.tsx";
import { Board as ReactBoard } from "./react.tsx";
import { Board as ResonanceBoard } from "./resonance.tsx";
import { Board as SolreiBoard } from "./solrei.tsx";
import type { BoardProps } from "./types.ts";

export const BOARDS: Record<string, ComponentType<BoardProps>> = { solrei: SolreiBoard, achroma: AchromaBoard, react: ReactBoard, resonance: ResonanceBoard };
