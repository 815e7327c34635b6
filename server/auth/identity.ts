/**
 * Identity from a bearer token: the signature and claims (tokens.ts verifyToken), then the
 * player the token names must exist, of the kind it says (an account, with its credentials,
 * for a non-guest token; a guest row for a guest token), and must not be banned. A token of a
 * player who does not exist (a random id signed with a leaked secret, a deleted account) is an
 * AuthError("invalid_token", "this player does not exist"); a banned player's is an
 * AuthError("banned") saying until when and why (server/admin/bans.ts). The identity carries
 * the account's role as the database has it now, whatever the token says.
 */
import type { Sql } from "postgres";
import { banWords, standingOf } from "../admin/bans.ts";
import { AuthError, verifyToken, type TokenClaims } from "./tokens.ts";

/** Verifies a token and resolves to the identity it proves; throws AuthError otherwise. */
export type Authenticate = (token: string) => Promise<TokenClaims>;

export function identityVerifier(deps: {
  sql: Sql;
  jwtSecret: string;
  /** Refuse guest tokens (ranked play) with AuthError("guest_not_allowed"), before any lookup. */
  accountsOnly?: boolean;
}): Authenticate {
  return async (token) => {
    const claims = await verifyToken(deps.jwtSecret, token);
    if (deps.accountsOnly && claims.guest) {
      throw new AuthError("guest_not_allowed", "guests play casual matches only; log in to play ranked");
    }
    const standing = await standingOf(deps.sql, claims.playerId, claims.guest);
    if (!standing) {
      throw new AuthError("invalid_token", "this player does not exist (the account was deleted, or the token was not issued here): log in again");
    }
    if (standing.ban) throw new AuthError("banned", `this player is ${banWords(standing.ban)}`);
    return claims.guest ? { playerId: claims.playerId, username: claims.username, guest: true } : { ...claims, role: standing.role ?? "player" };
  };
}
