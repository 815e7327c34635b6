/**
 * Accounts and bearer tokens.
 *   POST /api/auth/register  { username, password }  201 { token, tokenType, expiresAt, player }
 *   POST /api/auth/login     { username, password }  200 { token, tokenType, expiresAt, player }
 *   POST /api/auth/guest     { name? }               200 { token, tokenType, expiresAt, player }  (casual play only)
 *   GET  /api/auth/me        Authorization: Bearer   200 { player, expiresAt }
 * Errors: 400 bad_request, 401 bad_credentials / invalid_token / expired_token / missing_token,
 * 409 name_taken, 429 rate_limited (with Retry-After).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Router, type Request } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import { LoginLimiter } from "../auth/loginLimiter.ts";
import { decoyHash, hashPassword, verifyPassword } from "../auth/passwords.ts";
import { AuthError, bearerToken, issueToken, verifyToken, type TokenClaims } from "../auth/tokens.ts";
import type { Logger } from "../log.ts";
import { createAccount, findAccountByUsername, NameTakenError, USERNAME } from "../store/players.ts";
import { HttpError, parseOrThrow } from "./errors.ts";

const username = z.string().regex(USERNAME, "must be 3-24 characters: letters, digits, _ or -");
const credentials = z.object({
  username,
  password: z.string().min(8, "must be at least 8 characters").max(128, "must be at most 128 characters"),
});
const loginBody = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(128) });
const guestBody = z.object({ name: z.string().trim().min(1).max(32).optional() }).optional();

export interface AuthDeps {
  sql: Sql;
  log: Logger;
  jwtSecret: string;
  tokenTtlS: number;
  limiter: LoginLimiter;
}

const AUTH_STATUS: Record<AuthError["code"], number> = {
  invalid_token: 401,
  expired_token: 401,
  missing_token: 401,
  bad_credentials: 401,
  name_taken: 409,
  rate_limited: 429,
};

/** An AuthError as the HTTP error the API answers with. */
export function authHttpError(error: AuthError): HttpError {
  return new HttpError(AUTH_STATUS[error.code], error.code, error.message);
}

/** The verified claims of the request's bearer token; throws a 401 HttpError otherwise. */
export async function requireBearer(req: Request, jwtSecret: string): Promise<TokenClaims> {
  const token = bearerToken(req.get("authorization"));
  if (!token) throw new HttpError(401, "missing_token", "send Authorization: Bearer <token> (from /api/auth/login or /api/auth/guest)");
  try {
    return await verifyToken(jwtSecret, token);
  } catch (error) {
    if (error instanceof AuthError) throw authHttpError(error);
    throw error;
  }
}

export function authRouter(deps: AuthDeps): Router {
  const router = Router();

  const grant = async (claims: TokenClaims) => {
    const now = Date.now();
    const token = await issueToken(deps.jwtSecret, claims, deps.tokenTtlS, now);
    return {
      token,
      tokenType: "Bearer",
      expiresAt: new Date((Math.floor(now / 1000) + deps.tokenTtlS) * 1000).toISOString(),
      player: { id: claims.playerId, username: claims.username, guest: claims.guest },
    };
  };

  router.post("/api/auth/register", async (req, res) => {
    const body = parseOrThrow(credentials, req.body, "registration");
    const hash = await hashPassword(body.password);
    try {
      const account = await createAccount(deps.sql, body.username, hash);
      deps.log.info({ player: account.playerId, username: account.username }, "account registered");
      res.status(201).json(await grant({ playerId: account.playerId, username: account.username, guest: false }));
    } catch (error) {
      if (error instanceof NameTakenError) throw new HttpError(409, "name_taken", `the username ${body.username} is taken (names are compared without case)`);
      throw error;
    }
  });

  router.post("/api/auth/login", async (req, res) => {
    const body = parseOrThrow(loginBody, req.body, "login");
    const key = LoginLimiter.key(body.username, req.ip ?? req.socket.remoteAddress ?? "?");
    const wait = deps.limiter.retryAfterS(key);
    if (wait > 0) {
      res.setHeader("Retry-After", String(wait));
      throw new HttpError(429, "rate_limited", `too many failed logins for this username: try again in ${wait} s`);
    }
    const account = await findAccountByUsername(deps.sql, body.username);
    // Unknown users cost one scrypt too, so timing does not tell which usernames exist.
    const ok = await verifyPassword(body.password, account?.passwordHash ?? (await decoyHash()));
    if (!account || !ok) {
      deps.limiter.recordFailure(key);
      throw new HttpError(401, "bad_credentials", "unknown username or wrong password");
    }
    deps.limiter.recordSuccess(key);
    res.json(await grant({ playerId: account.playerId, username: account.username, guest: false }));
  });

  router.post("/api/auth/guest", async (req, res) => {
    const body = parseOrThrow(guestBody, req.body ?? undefined, "guest request");
    const name = body?.name ?? `guest-${randomBytes(3).toString("hex")}`;
    res.json(await grant({ playerId: randomUUID(), username: name, guest: true }));
  });

  router.get("/api/auth/me", async (req, res) => {
    const claims = await requireBearer(req, deps.jwtSecret);
    res.json({ player: { id: claims.playerId, username: claims.username, guest: claims.guest } });
  });

  return router;
}
