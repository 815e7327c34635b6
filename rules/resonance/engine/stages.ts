/** The steps of an action that roll.ts runs in order (see there); a leaf, so every step module can name them. */
export type Stage = "augment" | "after_augment" | "support" | "support_end" | "area" | "fuel" | "preroll" | "start_roll" | "roll" | "continue" | "next_target" | "end";
