/** Resonance card data: keywords (Appendix C), tags (Appendix D), Codex Cards (2.4), Faction Modules (Appendix B). */
export * from "./types.ts";
export * from "./keywords.ts";
export * from "./tags.ts";
export * from "./codex.ts";
export * from "./modules.ts";
export { MODULE_SOURCE, type ModuleSource } from "./moduleSource.ts";
