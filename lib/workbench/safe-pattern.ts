import "server-only";
import RE2 from "re2";

/**
 * A server's schema `pattern` compiled with RE2, whose matching time is
 * linear in the text: the service checks people's answers against patterns a
 * server chose, and a backtracking engine would let either side stall the
 * process. Patterns RE2 cannot run (lookaround, backreferences) or that are
 * invalid stay unchecked here, as invalid patterns always were: the server
 * that asked is the final judge.
 */
export function compileSafePattern(pattern: string): RE2 | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return undefined;
  try {
    return new RE2(pattern, "u");
  } catch {
    return undefined;
  }
}

/** Longer patterns are left to the server (RE2's memory grows with the pattern). */
const MAX_PATTERN_LENGTH = 2000;
