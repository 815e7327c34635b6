/**
 * Bearer tokens: short-lived HS256 JWTs signed with the server's JWT_SECRET (jose).
 * Claims: `sub` = player id, `name` = username, `guest` = true for a guest identity,
 * `role` = the account's role when it was issued (`player` or `admin`; absent for guests and in
 * older tokens), `iss`/`aud` fixed, `iat`/`exp` from the TTL. The role in a token is a hint for
 * clients: admin calls check it AND the account's role in the database (server/admin/access.ts).
 * verifyToken accepts only HS256 and only tokens this server issued; anything else is an
 * AuthError("invalid_token"), an outdated one an AuthError("expired_token").
 */
import { errors, jwtVerify, SignJWT } from "jose";

export const TOKEN_ISSUER = "tabletop-server";
export const TOKEN_AUDIENCE = "tabletop-players";
const ALG = "HS256";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an account may do: play, or also moderate (the admin API). */
export type Role = "player" | "admin";
export const ROLES: readonly Role[] = ["player", "admin"];

export interface TokenClaims {
  playerId: string;
  username: string;
  guest: boolean;
  /** Accounts: the role the token was issued with (verified identities: the role in the database). */
  role?: Role;
}

export type AuthErrorCode = "invalid_token" | "expired_token" | "bad_credentials" | "name_taken" | "rate_limited" | "missing_token" | "guest_not_allowed" | "banned" | "forbidden";

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** For rate_limited: seconds until another attempt is allowed. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

function key(secret: string): Uint8Array {
  if (typeof secret !== "string" || secret.length < 16) throw new Error("token secret must be a string of at least 16 characters");
  return new TextEncoder().encode(secret);
}

/**
 * Signs a token for `claims`, valid `ttlSeconds` from `nowMs` (default: now). Resolves to the
 * compact JWT.
 */
export async function issueToken(secret: string, claims: TokenClaims, ttlSeconds: number, nowMs: number = Date.now()): Promise<string> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new Error("ttlSeconds must be a positive integer");
  if (!UUID.test(claims.playerId)) throw new Error("playerId must be a uuid");
  const iat = Math.floor(nowMs / 1000);
  const role = claims.guest ? {} : { role: claims.role ?? "player" };
  return new SignJWT({ name: claims.username, guest: claims.guest === true, ...role })
    .setProtectedHeader({ alg: ALG, typ: "JWT" })
    .setSubject(claims.playerId.toLowerCase())
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key(secret));
}

/** The claims of a valid token; throws AuthError("invalid_token" | "expired_token") otherwise. */
export async function verifyToken(secret: string, token: string): Promise<TokenClaims> {
  if (typeof token !== "string" || token.length === 0 || token.length > 4096) {
    throw new AuthError("invalid_token", "token is missing or malformed");
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALG],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp", "iat"],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AuthError("expired_token", "token has expired: log in again");
    throw new AuthError("invalid_token", "token is invalid (bad signature, malformed, or not issued by this server)");
  }
  const { sub, name, guest, role } = payload;
  if (typeof sub !== "string" || !UUID.test(sub) || typeof name !== "string" || typeof guest !== "boolean") {
    throw new AuthError("invalid_token", "token is missing required claims");
  }
  if (role !== undefined && !ROLES.includes(role as Role)) throw new AuthError("invalid_token", "token names an unknown role");
  return { playerId: sub, username: name, guest, ...(role !== undefined && !guest ? { role: role as Role } : {}) };
}

/** The token of an `Authorization: Bearer <token>` header value, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}
