/**
 * The process logger: pino, pretty in a terminal, JSON otherwise (containers, CI, files).
 * Child loggers carry the context fields: `room`, `match`, `seat`, `game`.
 */
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(options: { level?: string; pretty?: boolean } = {}): Logger {
  const pretty = options.pretty ?? Boolean(process.stdout.isTTY);
  return pino({
    level: options.level ?? process.env.LOG_LEVEL ?? "info",
    base: { pid: process.pid },
    redact: { paths: ["password", "*.password", "token", "*.token", "databaseUrl"], censor: "[redacted]" },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } } : {}),
  });
}

/** A silent logger for tests and tools that want no output. */
export const silentLogger: Logger = pino({ level: "silent" });
