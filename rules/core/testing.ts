/** Helpers shared by the games' rule tests (no test-runner dependency). */
import { RuleError } from "./errors.ts";

/** The RuleError code `f` throws, or "no error" (any other error propagates). */
export function ruleErrorCode(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e.code;
    throw e;
  }
  return "no error";
}
