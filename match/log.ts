/** The logger every layer above the rules writes to (pino; made by server/log.ts). Its child loggers carry `room`, `match`, `seat`, `game`. */
export type { Logger } from "pino";
