export * from "./engine.ts";
export * from "./errors.ts";
export * from "./rng.ts";
export * from "./hash.ts";
export * from "./replay.ts";
export * from "./bot.ts";
export * from "./selfPlay.ts";
export * from "./leakCheck.ts";
