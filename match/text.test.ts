import { describe, expect, it } from "vitest";
import { safeText, unsafeCharIn, unsafeTextIn } from "./text.ts";

describe("client text at the door", () => {
  it.each([
    ["NUL (PostgreSQL refuses it in text)", "Ada\u0000", "U+0000"],
    ["a C0 control", "a\u0007b", "U+0007"],
    ["a newline inside a name", "a\nb", "U+000A"],
    ["DEL", "a\u007fb", "U+007F"],
    ["a C1 control", "a\u0085b", "U+0085"],
    ["the right-to-left override", "evil\u202Etxt.exe", "U+202E"],
    ["a bidi isolate", "a\u2067b", "U+2067"],
    ["a zero-width space", "a\u200Bb", "U+200B"],
    ["a BOM inside", "a\uFEFFb", "U+FEFF"],
    ["a lone high surrogate", "a\uD800", "U+D800"],
    ["a lone low surrogate", "\uDC00a", "U+DC00"],
    ["the non-character U+FFFF", "Ada\uFFFF", "U+FFFF"],
    ["the non-character U+FFFE", "\uFFFEa", "U+FFFE"],
    ["the first of U+FDD0-U+FDEF", "a\uFDD0", "U+FDD0"],
    ["the last of U+FDD0-U+FDEF", "a\uFDEFb", "U+FDEF"],
    ["the non-character U+1FFFF (plane 1)", "a\u{1FFFF}", "U+1FFFF"],
    ["the non-character U+10FFFE (plane 16)", "\u{10FFFE}", "U+10FFFE"],
  ])("refuses %s", (_what, text, found) => {
    expect(unsafeCharIn(text)).toBe(found);
    const parsed = safeText({ min: 1, max: 32 }).safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain(found);
  });

  it.each(["Ada", "Zoë", "漢字", "Ünïcødé 😀", "a b-c_d.e", "👨\u200d👩\u200d👧", "می\u200cخواهم", "\uFDCF\uFDF0\uFFFD\u{1FFFD}\u{20000}"])("keeps ordinary text: %s", (text) => {
    expect(unsafeCharIn(text)).toBeNull();
    expect(safeText({ min: 1, max: 32 }).parse(` ${text} `)).toBe(text);
  });
});

describe("unsafe text anywhere in a payload", () => {
  it("finds a bad character in nested strings and keys, naming where", () => {
    expect(unsafeTextIn({ seat: { muse: "vesper" }, name: "Ada" })).toBeNull();
    expect(unsafeTextIn({ seat: { arts: ["a", "b\u0000"] } })).toMatch(/^seat\.arts\[1\] .*U\+0000/);
    expect(unsafeTextIn({ action: { "ty\u202Epe": "pass" } })).toMatch(/^a key in action .*U\+202E/);
    expect(unsafeTextIn("x\u0007")).toMatch(/^value .*U\+0007/);
    expect(unsafeTextIn([1, true, null, 2.5])).toBeNull();
  });

  it("refuses the keys __proto__, constructor and prototype at any depth, naming where", () => {
    expect(unsafeTextIn(JSON.parse('{"seat":{"__proto__":{"bots":2}}}'))).toMatch(/^seat: the key "__proto__" is not accepted/);
    expect(unsafeTextIn({ action: [{ constructor: "x" }] })).toMatch(/^action\[0\]: the key "constructor" is not accepted/);
    expect(unsafeTextIn({ prototype: 1 })).toMatch(/^value: the key "prototype"/);
    expect(unsafeTextIn({ proto: 1, constructors: 2, __proto_: 3 })).toBeNull();
  });
});
