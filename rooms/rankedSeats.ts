/**
 * Ranked seats: who may take one (a reservation from the ranked queue plus a valid token for
 * that same account) and how a match with leavers is ranked.
 */
import { ErrorCode, ServerError } from "@colyseus/core";
import type { RankedIdentity, RankedRoomHooks } from "./roomServices.ts";

/** A ranked seat, as the matchmaker reserved it. */
export interface RankedSeat {
  playerId: string;
  username: string;
}

/**
 * Admits a client to a ranked room only if it holds the matchmaker's seat reservation (whose
 * auth data names the player) AND presents a valid, unexpired bearer token for that same
 * player, not a guest's. Returns the client's auth; throws an AUTH_FAILED "<code>: <message>".
 */
export async function admitRankedClient(hooks: RankedRoomHooks, players: readonly RankedSeat[], auth: unknown, token: string | null | undefined): Promise<RankedSeat & RankedIdentity> {
  const reserved = auth as Partial<RankedSeat> | undefined;
  const refuse = (code: string, message: string) => new ServerError(ErrorCode.AUTH_FAILED, `${code}: ${message}`);
  if (!reserved?.playerId || !players.some((p) => p.playerId === reserved.playerId)) {
    throw refuse("not_reserved", "ranked rooms are joined only with a seat reservation handed out by the ranked queue");
  }
  if (!token) throw refuse("missing_token", "ranked rooms need your bearer token (client.auth.token)");
  const identity = await verifyToken(hooks.authenticate, token);
  if (identity.guest) throw refuse("guest_not_allowed", "guests play casual matches only; log in to play ranked");
  if (identity.playerId !== reserved.playerId) {
    throw refuse("wrong_player", "this seat reservation belongs to another player");
  }
  return { ...(reserved as RankedSeat), ...identity };
}

/**
 * The player a bearer token names; a bad token refuses the join (401) with its code and reason.
 * A token that cannot be checked (the accounts database unreachable: its errors carry no API
 * code) is a 503 to try again, never a refusal of the token nor the driver's own message.
 */
export async function verifyToken(identify: (token: string) => Promise<RankedIdentity>, token: string): Promise<RankedIdentity> {
  try {
    return await identify(token);
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    if (typeof code === "string" && !API_CODE.test(code)) throw new ServerError(503, "accounts_unavailable: your token cannot be checked right now; try again in a few seconds");
    throw new ServerError(ErrorCode.AUTH_FAILED, `${typeof code === "string" ? code : "invalid_token"}: ${(error as Error)?.message ?? "the token was refused"}`);
  }
}

/** The API's error codes (a token refused): lower snake case, unlike a driver's (ECONNREFUSED, 57P01). */
const API_CODE = /^[a-z][a-z0-9_]*$/;
