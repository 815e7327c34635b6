/**
 * `npm run admin -- <command>`: roles from the command line, on DATABASE_URL or the embedded
 * database in DATA_DIR (which a running server holds: stop it first, or use ADMIN_USERNAMES).
 *
 *   npm run admin -- grant <username>    make the account an admin
 *   npm run admin -- revoke <username>   make it a player again
 *   npm run admin -- list                the admins
 *
 * Each change is written to the audit log (actor `cli`). Exit code 1 on any error, 2 on a bad
 * command line. ADMIN_USERNAMES does the same as `grant` at every server start (actor `setting`).
 */
import { openDatabase } from "../db/database.ts";
import { dataDirFailure } from "../dataDirLock.ts";
import { createLogger } from "../log.ts";
import { changeRole } from "./access.ts";

const USAGE = "usage: npm run admin -- grant <username> | revoke <username> | list";

async function main(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv;
  const log = createLogger({ level: process.env.LOG_LEVEL || "warn" });
  const wantsName = command === "grant" || command === "revoke";
  if (!(wantsName && username && rest.length === 0) && !(command === "list" && !username)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const dataDir = process.env.DATA_DIR?.trim() || "./data";
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    db = await openDatabase({ databaseUrl: process.env.DATABASE_URL?.trim() || undefined, dataDir, poolSize: 2, log });
    if (command === "list") {
      const admins = await db.sql<{ username: string; playerId: string }[]>`select username, player_id as "playerId" from accounts where role = 'admin' order by lower(username)`;
      process.stdout.write(admins.length === 0 ? "no admins\n" : admins.map((a) => `${a.username}\t${a.playerId}\n`).join(""));
      return 0;
    }
    const role = command === "grant" ? "admin" : "player";
    const result = await changeRole(db.sql, username!, role, "cli");
    if (result === "no_account") {
      process.stderr.write(`no account named ${username}: register it first\n`);
      return 1;
    }
    process.stdout.write(`${username} is ${role === "admin" ? "an admin" : "a player"}${result === "unchanged" ? " (already)" : ""}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${dataDirFailure(error, dataDir) ?? (error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  } finally {
    await db?.close().catch(() => {});
  }
}

process.exitCode = await main(process.argv.slice(2));
