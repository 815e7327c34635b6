/**
 * Bearer tokens (server/auth/tokens.ts): what they carry, and every way a token is refused.
 */
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AuthError, bearerToken, issueToken, TOKEN_AUDIENCE, TOKEN_ISSUER, verifyToken } from "../server/auth/tokens.ts";

const secret = "test-secret-0123456789-abcdefghij";
const claims = { playerId: randomUUID(), username: "Ada_1", guest: false };

async function refusal(p: Promise<unknown>): Promise<AuthError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

describe("issueToken / verifyToken", () => {
  it("a fresh token gives back the player id, username, guest flag and (accounts) role", async () => {
    const token = await issueToken(secret, claims, 600);
    expect(await verifyToken(secret, token)).toEqual({ ...claims, role: "player" });
    const admin = await issueToken(secret, { ...claims, role: "admin" }, 600);
    expect(await verifyToken(secret, admin)).toEqual({ ...claims, role: "admin" });
    const guest = { playerId: randomUUID(), username: "guest-abcd", guest: true };
    expect(await verifyToken(secret, await issueToken(secret, guest, 600))).toEqual(guest);
  });

  it("an expired token is refused with expired_token", async () => {
    const token = await issueToken(secret, claims, 60, Date.now() - 61_000);
    expect((await refusal(verifyToken(secret, token))).code).toBe("expired_token");
  });

  it("a tampered payload (another player id) is refused with invalid_token", async () => {
    const token = await issueToken(secret, claims, 600);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString("utf8"));
    payload.sub = randomUUID();
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
    expect((await refusal(verifyToken(secret, forged))).code).toBe("invalid_token");
  });

  it("a token signed with another secret is refused with invalid_token", async () => {
    const token = await issueToken("another-secret-0123456789-xyz", claims, 600);
    expect((await refusal(verifyToken(secret, token))).code).toBe("invalid_token");
  });

  it("an unsigned (alg none) token and garbage are refused with invalid_token", async () => {
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const none = `${enc({ alg: "none", typ: "JWT" })}.${enc({ sub: claims.playerId, name: "x", guest: false, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 60 })}.`;
    for (const bad of [none, "", "abc", "a.b.c", "x".repeat(5000)]) {
      expect((await refusal(verifyToken(secret, bad))).code).toBe("invalid_token");
    }
  });

  it("a correctly signed token from another issuer or without the claims is refused", async () => {
    const key = new TextEncoder().encode(secret);
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({ name: "x", guest: false })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.playerId)
      .setIssuer("someone-else")
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect((await refusal(verifyToken(secret, foreign))).code).toBe("invalid_token");
    const noGuest = await new SignJWT({ name: "x" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.playerId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect((await refusal(verifyToken(secret, noGuest))).code).toBe("invalid_token");
  });

  it("bearerToken reads an Authorization header", () => {
    expect(bearerToken("Bearer abc.def.ghi")).toBe("abc.def.ghi");
    expect(bearerToken("bearer   xyz ")).toBe("xyz");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
