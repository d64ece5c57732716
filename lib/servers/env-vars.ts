import "server-only";
import { asc, eq } from "drizzle-orm";
import { secretContext } from "../crypto/contexts";
import { decrypt, encrypt } from "../crypto/encryption";
import { db } from "../db";
import { serverEnv } from "../db/schema";

/**
 * A stdio server's environment variables at rest: each value encrypted, bound to its server and
 * name. Values are decrypted only to start the server, never returned nor logged: names only.
 */

export interface SealedVariable {
  name: string;
  valueEnc: string;
}

export const sealVariables = (serverId: string, variables: Record<string, string>): SealedVariable[] =>
  Object.entries(variables).map(([name, value]) => ({ name, valueEnc: encrypt(value, secretContext.serverEnv(serverId, name)) }));

/** A server's environment, name → value in clear, to start it with. */
export async function decryptedVariables(serverId: string): Promise<Record<string, string>> {
  const rows = await (await db())
    .select({ name: serverEnv.name, valueEnc: serverEnv.valueEnc })
    .from(serverEnv)
    .where(eq(serverEnv.serverId, serverId))
    .orderBy(asc(serverEnv.name));
  return Object.fromEntries(rows.map((row) => [row.name, decrypt(row.valueEnc, secretContext.serverEnv(serverId, row.name))]));
}
