/**
 * Names at the accounts door: guest display names carry the guest mark `~` (so a guest can
 * never pass for the registered player of the same name), guest names are checked like every
 * client text (match/text.ts safeText), and register/login bodies refuse control characters
 * with a clear 400.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { highCardBinding } from "./fixtures/highcard.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
let api: ReturnType<typeof accountsApi>;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding], env: { GUEST_PER_IP_PER_MINUTE: "1000", REGISTER_PER_IP_PER_HOUR: "1000" } });
  api = accountsApi(t.url);
});
afterAll(async () => {
  await t?.close();
});

function expectBadRequest(r: { status: number; body: any }, message: RegExp) {
  expect(r.status).toBe(400);
  expect(r.body.error.code).toBe("bad_request");
  expect(r.body.error.message).toMatch(message);
}

describe("the guest mark", () => {
  it("a guest named like a registered player is shown as ~name, never as that player's name", async () => {
    const ada = await api.register("Ada", "analytical engine");
    expect(ada.body.player.username).toBe("Ada");
    const g = await api.guest("Ada");
    expect(g.status).toBe(200);
    expect(g.body.player).toMatchObject({ username: "~Ada", guest: true });
    expect((await api.me(g.body.token)).body.player.username).toBe("~Ada");
  });

  it("a name already marked is not marked twice; the default name is ~guest-xxxxxx; names are trimmed", async () => {
    expect((await api.guest("~Bea")).body.player.username).toBe("~Bea");
    expect((await api.guest()).body.player.username).toMatch(/^~guest-[0-9a-f]{6}$/);
    expect((await api.post("/api/auth/guest", {})).body.player.username).toMatch(/^~guest-[0-9a-f]{6}$/);
    expect((await api.guest("  Cy  ")).body.player.username).toBe("~Cy");
  });

  it("guest names: 1-24 characters before the mark, no control, invisible or bidi-override characters", async () => {
    expect((await api.guest("x".repeat(24))).body.player.username).toBe(`~${"x".repeat(24)}`);
    expect((await api.guest(`~${"y".repeat(24)}`)).body.player.username).toBe(`~${"y".repeat(24)}`);
    expectBadRequest(await api.guest("x".repeat(25)), /name/);
    expectBadRequest(await api.guest("~"), /name/);
    expectBadRequest(await api.guest("   "), /name/);
    expectBadRequest(await api.guest("evil\u202Egnp.exe"), /U\+202E/);
    expectBadRequest(await api.guest("line\nbreak"), /U\+000A/);
    expectBadRequest(await api.guest("zero\u200Bwidth"), /U\+200B/);
  });

  it("guest names that would show as nothing: letters that draw nothing (Hangul fillers, blank Braille), combining marks alone or stacked; accents and scripts still fine", async () => {
    expectBadRequest(await api.guest("\u3164"), /U\+3164/);
    expectBadRequest(await api.guest("\u3164\u3164\u3164"), /U\+3164/);
    expectBadRequest(await api.guest("\u2800\u2800"), /U\+2800/);
    expectBadRequest(await api.guest("\uFFA0"), /U\+FFA0/);
    expectBadRequest(await api.guest("\u0301\u0301"), /at least one letter/);
    expectBadRequest(await api.guest(`a${"\u0301".repeat(23)}`), /combining marks/);
    for (const fine of ["José", "Zoë", "Nguyễn", "김민준", "नमस्ते", "ابراهیم", "🐉"]) {
      expect((await api.guest(fine)).body.player?.username, fine).toBe(`~${fine}`);
    }
  });

  it("guest names with a Unicode non-character (U+FFFF, U+FDD0-U+FDEF, the last two code points of any plane): refused, naming it; their neighbours are fine", async () => {
    expectBadRequest(await api.guest("Ada\uFFFF"), /U\+FFFF/);
    expectBadRequest(await api.guest("\uFFFE"), /U\+FFFE/);
    expectBadRequest(await api.guest("Bo\uFDD0"), /U\+FDD0/);
    expectBadRequest(await api.guest("Cy\uFDEF"), /U\+FDEF/);
    expectBadRequest(await api.guest("\u{1FFFE}Di"), /U\+1FFFE/);
    expectBadRequest(await api.guest("Ed\u{10FFFF}"), /U\+10FFFF/);
    for (const fine of ["Ali\uFDF0", "Bé\uFFFD", "Cat\u{1F600}", "Dot\u{20000}"]) {
      expect((await api.guest(fine)).body.player?.username, fine).toBe(`~${fine}`);
    }
  });

  it("a body carrying __proto__, constructor or prototype (at any depth) is refused 400, not read through the prototype", async () => {
    const guest = await api.post("/api/auth/guest", JSON.parse('{"__proto__":{"name":"Proto"}}'));
    expectBadRequest(guest, /"__proto__" is not accepted/);
    expectBadRequest(await api.post("/api/auth/register", JSON.parse('{"username":"Eve","password":"long enough pass","x":[{"constructor":1}]}')), /"constructor" is not accepted/);
    expectBadRequest(await api.post("/api/auth/login", JSON.parse('{"username":"Eve","password":"p","prototype":{}}')), /"prototype" is not accepted/);
  });

  it("guestDisplayName marks a name the same way (for casual seat names)", async () => {
    const { guestDisplayName, GUEST_MARK } = await import("../match/names.ts");
    expect(GUEST_MARK).toBe("~");
    expect(guestDisplayName("Ada")).toBe("~Ada");
    expect(guestDisplayName("~Ada")).toBe("~Ada");
    expect(guestDisplayName("  Ada ")).toBe("~Ada");
  });
});

describe("control characters in register and login bodies: a clear 400", () => {
  it("register: a NUL or a control character in the password", async () => {
    expectBadRequest(await api.register("nul_pw_user", "password\u0000tail"), /password.*U\+0000/);
    expectBadRequest(await api.register("esc_pw_user", "password\u001b[31m"), /password.*U\+001B/);
    const [row] = await t.sql`select count(*)::int as n from accounts where username in ('nul_pw_user', 'esc_pw_user')`;
    expect(row!.n).toBe(0);
  });

  it("register: any printable password is fine (spaces, symbols, emoji with joiners, other scripts)", async () => {
    const password = "pässwörd ✓ 👨‍👩‍👧 パスワード \"'<>&";
    expect((await api.register("printable_pw", password)).status).toBe(201);
    expect((await api.login("printable_pw", password)).status).toBe(200);
  });

  it("login: a control character in the username or the password", async () => {
    expectBadRequest(await api.login("bob\u0000", "whatever pw"), /username.*U\+0000/);
    expectBadRequest(await api.login("bob\u202E", "whatever pw"), /username.*U\+202E/);
    expectBadRequest(await api.login("someone", "pass\u0000word"), /password.*U\+0000/);
    expectBadRequest(await api.login("someone", "pass\u0007word"), /password.*U\+0007/);
  });
});
