import "server-only";
import { asc, eq } from "drizzle-orm";
import { secretContext } from "../crypto/contexts";
import { decrypt, encrypt, isCurrent } from "../crypto/encryption";
import { db } from "../db";
import { serverEnv } from "../db/schema";
import { badRequest } from "../http/errors";

/**
 * A stdio server's environment variables at rest: each value encrypted, bound to its server and
 * name. Values are decrypted only to start the server, never returned nor logged: names only.
 */

export interface SealedVariable {
  name: string;
  valueEnc: string;
}

const seal = (serverId: string, name: string, value: string): SealedVariable => ({ name, valueEnc: encrypt(value, secretContext.serverEnv(serverId, name)) });

export const sealVariables = (serverId: string, variables: Record<string, string>): SealedVariable[] =>
  Object.entries(variables).map(([name, value]) => seal(serverId, name, value));

/** A server's environment, name → value in clear, to start it with. */
export async function decryptedVariables(serverId: string): Promise<Record<string, string>> {
  const rows = await (await db())
    .select({ name: serverEnv.name, valueEnc: serverEnv.valueEnc })
    .from(serverEnv)
    .where(eq(serverEnv.serverId, serverId))
    .orderBy(asc(serverEnv.name));
  return Object.fromEntries(rows.map((row) => [row.name, decrypt(row.valueEnc, secretContext.serverEnv(serverId, row.name))]));
}

export interface VariableChanges {
  rows: SealedVariable[];
  added: string[];
  rotated: string[];
  removed: string[];
}

/**
 * Applies an update's env to the stored variables as a remote server's headers are
 * (applyHeaderUpdate in ./headers.ts): a listed variable without a value keeps its stored value,
 * one with a value gets it, and variables not listed are removed. A kept value is opened first,
 * so that an update never saves a secret the configured keys cannot read (it throws
 * DecryptionError instead), and one sealed the old way is sealed anew.
 */
export function applyVariableUpdate(serverId: string, stored: SealedVariable[], update: { name: string; value?: string }[]): VariableChanges {
  const byName = new Map(stored.map((v) => [v.name, v]));
  const changes: VariableChanges = { rows: [], added: [], rotated: [], removed: [] };
  update.forEach((v, i) => {
    const existing = byName.get(v.name);
    if (v.value === undefined) {
      if (!existing) throw badRequest("Some fields are not valid.", [{ path: `env.${i}.value`, message: "Enter a value for this new variable." }]);
      const value = decrypt(existing.valueEnc, secretContext.serverEnv(serverId, v.name));
      changes.rows.push(isCurrent(existing.valueEnc) ? existing : seal(serverId, v.name, value));
    } else {
      changes.rows.push(seal(serverId, v.name, v.value));
      (existing ? changes.rotated : changes.added).push(v.name);
    }
    byName.delete(v.name);
  });
  changes.removed = [...byName.keys()];
  return changes;
}
