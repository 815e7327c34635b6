/** Set by vite.config.ts: the game server's port under Vite's dev server, null in a build. */
declare const __GAME_SERVER_PORT__: string | null;
