/** Types of web/build.mjs (a plain Node script, so that `npm start` needs no TypeScript to run it). */
export declare const distDir: string;
export declare function webBuildIsStale(): boolean;
export declare function buildWeb(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;
