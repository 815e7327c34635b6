/**
 * The bot worker thread's entry (server/bots/botPool.ts): `normal` bot decisions for every game
 * that has search hooks, off the rooms' event loop.
 */
import { serveBotDecisions } from "../server/bots/worker.ts";
import { gameBindings } from "./registry.ts";

serveBotDecisions(new Map(gameBindings.flatMap((b) => (b.bot ? [[b.engine.game, { engine: b.engine, hooks: b.bot }] as const] : []))));
