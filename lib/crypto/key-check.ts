import "server-only";
import type { Db } from "../db/database";
import { sweepSecrets, unreadableWarnings } from "./stored-secrets";

// Instrumentation and route handlers can be bundled apart, each with its own
// copy of this module: the finding lives on globalThis, as the database does.
const KEY = Symbol.for("mcp-console.stored-secret-warnings");
const holder = globalThis as { [KEY]?: string[] };

/**
 * Opens every stored secret once, at start, without writing: a key that does
 * not match what is stored is then told to the operator at once (the log,
 * /api/health) rather than by the first user whose server will not connect.
 */
export async function checkStoredSecrets(d: Db): Promise<string[]> {
  const warnings = unreadableWarnings(await sweepSecrets(d, { rewrite: false }));
  holder[KEY] = warnings;
  return warnings;
}

/** The finding of the check at start (none before it has run). */
export function storedSecretWarnings(): string[] {
  return holder[KEY] ?? [];
}
