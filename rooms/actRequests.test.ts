import { describe, expect, it } from "vitest";
import { checkAct } from "./actRequests.ts";

describe("act requests as they arrive", () => {
  it("passes a well-formed act from a seated client", () => {
    expect(checkAct({ id: 7, action: { type: "pass" } }, 1, 1000)).toEqual({ ok: true, id: 7, seat: 1, action: { type: "pass" } });
    expect(checkAct({ action: "x", seat: 0 }, 0, 1000)).toEqual({ ok: true, id: null, seat: 0, action: "x" });
  });

  it("refuses, in this order: too large, not an envelope, a seat it does not hold", () => {
    expect(checkAct({ id: 1, action: "x".repeat(100) }, 0, 50)).toMatchObject({ ok: false, rejection: { id: null, code: "payload_too_large" } });
    expect(checkAct({ id: {}, action: 1 }, 0, 1000)).toMatchObject({ ok: false, rejection: { id: null, code: "bad_message" } });
    expect(checkAct({ id: 2, action: 1 }, undefined, 1000)).toMatchObject({ ok: false, rejection: { id: 2, code: "wrong_seat", message: "you hold no seat in this room" } });
    expect(checkAct({ id: 3, seat: 1, action: 1 }, 0, 1000)).toMatchObject({ ok: false, rejection: { id: 3, code: "wrong_seat" } });
  });
});
