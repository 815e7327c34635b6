/**
 * Who may call the admin API: a bearer token, valid, of an account whose token says `admin`
 * AND whose role in the database is `admin` now (re-read on every call: a role taken away, or
 * a ban, takes effect at the next call, whatever tokens are out there), not banned.
 *
 *   401 missing_token / invalid_token / expired_token: no usable token
 *   403 forbidden: a guest, a player, a token claiming a role the database does not give
 *
 * Roles are given by `npm run admin -- grant <username>` (server/admin/cli.ts) or ADMIN_USERNAMES.
 */
import type { Sql } from "postgres";
import { AuthError, bearerToken, verifyToken } from "../auth/tokens.ts";
import type { Logger } from "../log.ts";
import { appendAudit } from "./audit.ts";
import { standingOf } from "./bans.ts";

export interface Admin {
  playerId: string;
  username: string;
}

export async function requireAdmin(deps: { sql: Sql; jwtSecret: string }, authorization: string | undefined): Promise<Admin> {
  const token = bearerToken(authorization);
  if (!token) throw new AuthError("missing_token", "send Authorization: Bearer <token> of an admin account");
  const claims = await verifyToken(deps.jwtSecret, token);
  if (claims.guest || claims.role !== "admin") throw new AuthError("forbidden", "admins only: this token is not an admin's");
  const standing = await standingOf(deps.sql, claims.playerId, false);
  if (standing?.role !== "admin" || standing.ban) throw new AuthError("forbidden", "admins only: this account is not an admin (any more)");
  return { playerId: claims.playerId, username: claims.username };
}

/** Makes an account an admin (or a player again); false when there is no such account. */
export async function setRole(sql: Sql, username: string, role: "player" | "admin"): Promise<{ playerId: string; username: string } | null> {
  const [row] = await sql<{ playerId: string; username: string }[]>`
    update accounts set role = ${role} where lower(username) = lower(${username})
    returning player_id as "playerId", username`;
  return row ?? null;
}

/** ADMIN_USERNAMES at a start: each listed account becomes an admin (audited when it changed); returns the names granted now. */
export async function grantConfiguredAdmins(sql: Sql, usernames: readonly string[], log: Logger): Promise<string[]> {
  const granted: string[] = [];
  for (const username of usernames) {
    const changed = await changeRole(sql, username, "admin", "setting");
    if (changed === "no_account") log.warn({ username }, "ADMIN_USERNAMES names an account that does not exist (register it, then restart)");
    if (changed === "changed") granted.push(username);
  }
  if (granted.length > 0) log.info({ usernames: granted }, "accounts made admins (ADMIN_USERNAMES)");
  return granted;
}

/** Sets the role and audits it, when it changes. */
export async function changeRole(sql: Sql, username: string, role: "player" | "admin", by: "cli" | "setting"): Promise<"changed" | "unchanged" | "no_account"> {
  return (await sql.begin(async (tx) => {
    const [current] = await tx<{ role: string }[]>`select role from accounts where lower(username) = lower(${username}) for update`;
    if (!current) return "no_account";
    if (current.role === role) return "unchanged";
    const account = await setRole(tx as unknown as Sql, username, role);
    await appendAudit(tx, {
      actor: null,
      actorName: by,
      action: role === "admin" ? "grant_admin" : "revoke_admin",
      target: account!.playerId,
      reason: null,
      status: 0,
      detail: { username: account!.username },
    });
    return "changed";
  })) as "changed" | "unchanged" | "no_account";
}
