import "server-only";
import type { Db } from "../db/database";
import { processSingleton } from "../process-singleton";
import { sweepSecrets, unreadableWarnings } from "./stored-secrets";

// Found by instrumentation, read by route handlers: one per process (see processSingleton).
const finding = processSingleton("stored-secret-warnings", (): { warnings: string[] } => ({ warnings: [] }));

/**
 * Opens every stored secret once, at start, without writing: a key that does
 * not match what is stored is then told to the operator at once (the log,
 * /api/health) rather than by the first user whose server will not connect.
 */
export async function checkStoredSecrets(d: Db): Promise<string[]> {
  const warnings = unreadableWarnings(await sweepSecrets(d, { rewrite: false }));
  finding.warnings = warnings;
  return warnings;
}

/** The finding of the check at start (none before it has run). */
export function storedSecretWarnings(): string[] {
  return finding.warnings;
}
