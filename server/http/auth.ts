/**
 * Accounts and bearer tokens.
 *   POST /api/auth/register  { username, password }  201 { token, tokenType, expiresAt, player }
 *   POST /api/auth/login     { username, password }  200 { token, tokenType, expiresAt, player }
 *   POST /api/auth/guest     { name? }               200 { token, tokenType, expiresAt, player }  (casual play only; name shown as ~name)
 *   GET  /api/auth/me        Authorization: Bearer   200 { player }
 * `player` is { id, username, guest, role } (role: "player" or "admin" for accounts, absent for guests).
 * Errors: 400 bad_request, 401 bad_credentials / invalid_token / expired_token / missing_token,
 * 403 banned (the account, or the client's address: server/admin/bans.ts), 409 name_taken,
 * 429 rate_limited (with Retry-After; limits: server/auth/limits.ts).
 */
import { randomBytes } from "node:crypto";
import { Router, type Request, type Response } from "express";
import type { Sql } from "postgres";
import { z } from "zod";
import type { Authenticate } from "../auth/identity.ts";
import type { HashGate } from "../auth/hashGate.ts";
import type { AuthLimits } from "../auth/limits.ts";
import { guestDisplayName, guestNameSchema, loginNameSchema, passwordSchema } from "../../match/names.ts";
import { decoyHash, hashPassword, verifyPassword } from "../auth/passwords.ts";
import { AuthError, bearerToken, issueToken, type TokenClaims } from "../auth/tokens.ts";
import type { Logger } from "../log.ts";
import { activeBanOf, addressBan, banWords, recordAccountAddress } from "../admin/bans.ts";
import { createAccount, createGuest, findAccountByUsername, NameTakenError, USERNAME } from "../store/players.ts";
import { HttpError, parseOrThrow } from "./errors.ts";

const username = z.string().regex(USERNAME, "must be 3-24 characters: letters, digits, _ or -");
const credentials = z.object({ username, password: passwordSchema(8, 128) });
const loginBody = z.object({ username: loginNameSchema, password: passwordSchema(1, 128) });
const guestBody = z.object({ name: guestNameSchema.optional() }).optional();

export interface AuthDeps {
  sql: Sql;
  log: Logger;
  jwtSecret: string;
  tokenTtlS: number;
  limits: AuthLimits;
  /** Every password hash and verification runs through it (server/auth/hashGate.ts). */
  passwordChecks: HashGate;
  /** Token -> identity, checking the player exists (server/auth/identity.ts). */
  authenticate: Authenticate;
}

const AUTH_STATUS: Record<AuthError["code"], number> = {
  invalid_token: 401,
  expired_token: 401,
  missing_token: 401,
  bad_credentials: 401,
  guest_not_allowed: 403,
  banned: 403,
  forbidden: 403,
  name_taken: 409,
  rate_limited: 429,
};

/** An AuthError as the HTTP error the API answers with. */
export function authHttpError(error: AuthError): HttpError {
  return new HttpError(AUTH_STATUS[error.code], error.code, error.message);
}

/**
 * The identity of the request's bearer token (verified, and the player exists); throws a
 * 401 HttpError otherwise.
 */
export async function requireBearer(req: Request, authenticate: Authenticate): Promise<TokenClaims> {
  const token = bearerToken(req.get("authorization"));
  if (!token) throw new HttpError(401, "missing_token", "send Authorization: Bearer <token> (from /api/auth/login or /api/auth/guest)");
  try {
    return await authenticate(token);
  } catch (error) {
    if (error instanceof AuthError) throw authHttpError(error);
    throw error;
  }
}

/** A player as the accounts API shows them: role for accounts only. */
function publicPlayer(claims: TokenClaims) {
  return { id: claims.playerId, username: claims.username, guest: claims.guest, ...(claims.guest ? {} : { role: claims.role ?? "player" }) };
}

/** The client address limits count by (behind a proxy: the proxy's, unless `trust proxy` is set). */
function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** Runs a limit check; a refusal becomes 429 rate_limited with Retry-After. */
async function limited<T>(res: Response, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AuthError && error.code === "rate_limited") {
      res.setHeader("Retry-After", String(error.retryAfterS ?? 1));
      throw authHttpError(error);
    }
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
      player: publicPlayer(claims),
    };
  };

  /** A banned address or range gets no identity of any kind (`guests`: nor from a banned account's last address). */
  const refuseBannedAddress = async (req: Request, guests = false) => {
    const ban = await addressBan(deps.sql, clientIp(req), { accounts: guests });
    if (ban) throw new HttpError(403, "banned", `your address is ${banWords(ban)}`);
  };
  const remember = (playerId: string, req: Request) => recordAccountAddress(deps.sql, playerId, clientIp(req)).catch((err) => deps.log.warn({ err }, "could not record the account's address"));

  router.post("/api/auth/register", async (req, res) => {
    const body = parseOrThrow(credentials, req.body, "registration");
    await limited(res, () => deps.limits.takeRegistration(clientIp(req)));
    await refuseBannedAddress(req);
    const hash = await limited(res, () => deps.passwordChecks.run(clientIp(req), () => hashPassword(body.password)));
    try {
      const account = await createAccount(deps.sql, body.username, hash);
      deps.log.info({ player: account.playerId, username: account.username }, "account registered");
      await remember(account.playerId, req);
      res.status(201).json(await grant({ playerId: account.playerId, username: account.username, guest: false }));
    } catch (error) {
      if (error instanceof NameTakenError) throw new HttpError(409, "name_taken", `the username ${body.username} is taken (names are compared without case)`);
      throw error;
    }
  });

  router.post("/api/auth/login", async (req, res) => {
    const body = parseOrThrow(loginBody, req.body, "login");
    // The attempt is counted BEFORE the password is checked: concurrent guesses cannot outrun the limit.
    const attempt = await limited(res, () => deps.limits.beginLogin(body.username, clientIp(req)));
    const account = await findAccountByUsername(deps.sql, body.username);
    // Unknown users cost one scrypt too, so timing does not tell which usernames exist.
    const stored = account?.passwordHash ?? (await decoyHash());
    const ok = await limited(res, () => deps.passwordChecks.run(clientIp(req), () => verifyPassword(body.password, stored)));
    if (!account || !ok) throw new HttpError(401, "bad_credentials", "unknown username or wrong password");
    await attempt.succeeded().catch((err) => deps.log.warn({ err }, "could not clear the login count after a success"));
    await refuseBannedAddress(req);
    const ban = await activeBanOf(deps.sql, account.playerId);
    if (ban) throw new HttpError(403, "banned", `this account is ${banWords(ban)}`);
    await remember(account.playerId, req);
    res.json(await grant({ playerId: account.playerId, username: account.username, guest: false, role: account.role }));
  });

  router.post("/api/auth/guest", async (req, res) => {
    const body = parseOrThrow(guestBody, req.body ?? undefined, "guest request");
    await limited(res, () => deps.limits.takeGuest(clientIp(req)));
    await refuseBannedAddress(req, true);
    const name = body?.name ?? guestDisplayName(`guest-${randomBytes(3).toString("hex")}`);
    const guest = await createGuest(deps.sql, name);
    res.json(await grant({ playerId: guest.playerId, username: guest.name, guest: true }));
  });

  router.get("/api/auth/me", async (req, res) => {
    const claims = await requireBearer(req, deps.authenticate);
    res.json({ player: publicPlayer(claims) });
  });

  return router;
}
