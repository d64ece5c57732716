import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { secretContext } from "../crypto/contexts";
import { decrypt, encrypt, isCurrent } from "../crypto/encryption";
import { hintOf } from "../crypto/mask";
import { db } from "../db";
import { serverHeaders } from "../db/schema";
import { badRequest } from "../http/errors";
import type { HeaderHint } from "./dto";

/**
 * A server's auth headers at rest: the value encrypted, plus the hint for its
 * masked display. Values are decrypted only to connect, never returned.
 */

export interface SealedHeader {
  name: string;
  valueEnc: string;
  valueHint: string;
}

export function sealHeader(serverId: string, name: string, value: string): SealedHeader {
  return { name, valueEnc: encrypt(value, secretContext.serverHeader(serverId, name)), valueHint: hintOf(value) };
}

const openHeader = (serverId: string, h: Pick<SealedHeader, "name" | "valueEnc">) =>
  decrypt(h.valueEnc, secretContext.serverHeader(serverId, h.name));

/** The masked headers of several servers (already known to belong to the caller), by server id. */
export async function headerHints(serverIds: string[]): Promise<Map<string, HeaderHint[]>> {
  const byServer = new Map<string, HeaderHint[]>();
  if (serverIds.length === 0) return byServer;
  const rows = await (await db())
    .select({ serverId: serverHeaders.serverId, name: serverHeaders.name, valueHint: serverHeaders.valueHint })
    .from(serverHeaders)
    .where(inArray(serverHeaders.serverId, serverIds))
    .orderBy(asc(serverHeaders.name));
  for (const row of rows) {
    const list = byServer.get(row.serverId) ?? [];
    list.push({ name: row.name, valueHint: row.valueHint });
    byServer.set(row.serverId, list);
  }
  return byServer;
}

/** Sealed headers as header name → value in clear, to connect with. */
export const openHeaders = (serverId: string, rows: Pick<SealedHeader, "name" | "valueEnc">[]): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.name, openHeader(serverId, r)]));

/** A server's headers, name → value in clear, to connect with. */
export async function decryptedHeaders(serverId: string): Promise<Record<string, string>> {
  return openHeaders(
    serverId,
    await (await db())
      .select({ name: serverHeaders.name, valueEnc: serverHeaders.valueEnc })
      .from(serverHeaders)
      .where(eq(serverHeaders.serverId, serverId)),
  );
}

export interface HeaderChanges {
  rows: SealedHeader[];
  added: string[];
  rotated: string[];
  removed: string[];
}

/**
 * Applies an update's header list to the stored headers: a listed header
 * without a value keeps its stored value, one with a value gets it, and
 * headers not listed are removed. A kept value is opened first, so that an
 * update never saves a secret the configured keys cannot read (it throws
 * DecryptionError instead), and one sealed the old way is sealed anew.
 */
export function applyHeaderUpdate(
  serverId: string,
  stored: SealedHeader[],
  update: { name: string; value?: string }[],
): HeaderChanges {
  const byName = new Map(stored.map((h) => [h.name.toLowerCase(), h]));
  const changes: HeaderChanges = { rows: [], added: [], rotated: [], removed: [] };
  update.forEach((h, i) => {
    const existing = byName.get(h.name.toLowerCase());
    if (h.value === undefined) {
      if (!existing) {
        throw badRequest("Some fields are not valid.", [{ path: `headers.${i}.value`, message: "Enter a value for this new header." }]);
      }
      const value = openHeader(serverId, existing);
      changes.rows.push(isCurrent(existing.valueEnc) ? { ...existing, name: h.name } : sealHeader(serverId, h.name, value));
    } else {
      changes.rows.push(sealHeader(serverId, h.name, h.value));
      (existing ? changes.rotated : changes.added).push(h.name);
    }
    byName.delete(h.name.toLowerCase());
  });
  changes.removed = [...byName.values()].map((h) => h.name);
  return changes;
}
