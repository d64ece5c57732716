import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/database";
import { plural } from "../plural";
import { alertChannels, serverEnv, serverHeaders, serverOauth, users } from "../db/schema";
import { secretContext } from "./contexts";
import { configuredKeyring, decrypt, DecryptionError, encrypt, isCurrent, type Keyring } from "./encryption";

/**
 * Every encrypted column, swept as a whole: `npm run reencrypt` seals what is
 * not yet under the current key in the current format anew, and the check at
 * start only counts what the configured keys cannot open.
 */

interface StoredSecret {
  id: string;
  context: string;
  valueEnc: string;
}

interface EncryptedColumn {
  /** What one value is, in words: "server header value". */
  label: string;
  read(d: Db): Promise<StoredSecret[]>;
  /** Replaces `before` only if the row still holds it: a value changed meanwhile is the newer one. */
  replace(d: Db, id: string, before: string, after: string): Promise<boolean>;
}

/** A server's OAuth client registration, tokens or PKCE verifier (server_oauth), one column each. */
function oauthColumn(label: string, column: "client" | "tokens" | "verifier"): EncryptedColumn {
  const field = { client: serverOauth.clientEnc, tokens: serverOauth.tokensEnc, verifier: serverOauth.verifierEnc }[column];
  const key = { client: "clientEnc", tokens: "tokensEnc", verifier: "verifierEnc" }[column];
  return {
    label,
    read: async (d) =>
      (await d.select({ serverId: serverOauth.serverId, valueEnc: field }).from(serverOauth).where(isNotNull(field))).map((r) => ({
        id: r.serverId,
        context: secretContext.serverOauth(r.serverId, column),
        valueEnc: r.valueEnc!,
      })),
    replace: async (d, id, before, after) =>
      (
        await d
          .update(serverOauth)
          .set({ [key]: after })
          .where(and(eq(serverOauth.serverId, id), eq(field, before)))
          .returning({ id: serverOauth.serverId })
      ).length > 0,
  };
}

const COLUMNS: EncryptedColumn[] = [
  {
    label: "server header value",
    read: async (d) =>
      (await d.select({ id: serverHeaders.id, serverId: serverHeaders.serverId, name: serverHeaders.name, valueEnc: serverHeaders.valueEnc }).from(serverHeaders)).map(
        (r) => ({ id: r.id, context: secretContext.serverHeader(r.serverId, r.name), valueEnc: r.valueEnc }),
      ),
    replace: async (d, id, before, after) =>
      (
        await d
          .update(serverHeaders)
          .set({ valueEnc: after })
          .where(and(eq(serverHeaders.id, id), eq(serverHeaders.valueEnc, before)))
          .returning({ id: serverHeaders.id })
      ).length > 0,
  },
  {
    label: "stdio server environment value",
    read: async (d) =>
      (await d.select({ id: serverEnv.id, serverId: serverEnv.serverId, name: serverEnv.name, valueEnc: serverEnv.valueEnc }).from(serverEnv)).map((r) => ({
        id: r.id,
        context: secretContext.serverEnv(r.serverId, r.name),
        valueEnc: r.valueEnc,
      })),
    replace: async (d, id, before, after) =>
      (
        await d
          .update(serverEnv)
          .set({ valueEnc: after })
          .where(and(eq(serverEnv.id, id), eq(serverEnv.valueEnc, before)))
          .returning({ id: serverEnv.id })
      ).length > 0,
  },
  {
    label: "webhook signing secret",
    read: async (d) =>
      (await d.select({ uid: users.uid, valueEnc: users.webhookSecretEnc }).from(users).where(isNotNull(users.webhookSecretEnc))).map((r) => ({
        id: r.uid,
        context: secretContext.webhookSecret(r.uid),
        valueEnc: r.valueEnc!,
      })),
    replace: async (d, id, before, after) =>
      (
        await d
          .update(users)
          .set({ webhookSecretEnc: after })
          .where(and(eq(users.uid, id), eq(users.webhookSecretEnc, before)))
          .returning({ uid: users.uid })
      ).length > 0,
  },
  {
    label: "notification channel secret",
    read: async (d) =>
      (await d.select({ id: alertChannels.id, valueEnc: alertChannels.secretEnc }).from(alertChannels)).map((r) => ({
        id: r.id,
        context: secretContext.alertChannel(r.id),
        valueEnc: r.valueEnc,
      })),
    replace: async (d, id, before, after) =>
      (
        await d
          .update(alertChannels)
          .set({ secretEnc: after })
          .where(and(eq(alertChannels.id, id), eq(alertChannels.secretEnc, before)))
          .returning({ id: alertChannels.id })
      ).length > 0,
  },
  oauthColumn("server OAuth client registration", "client"),
  oauthColumn("server OAuth token set", "tokens"),
  oauthColumn("server OAuth PKCE verifier", "verifier"),
];

export interface ColumnSweep {
  label: string;
  /** Already sealed with the current key in the current format. */
  current: number;
  /** Sealed the old way or with ENCRYPTION_KEY_PREVIOUS: sealed anew when rewriting, else due for it. */
  stale: number;
  /** Not opened by the configured keys: listed by row, never rewritten. */
  unreadable: { id: string; reason: DecryptionError["reason"] }[];
}

/** Rewrites per transaction: one commit (one flush to disk) per this many rows rather than per row. */
const REWRITE_BATCH = 500;

export async function sweepSecrets(d: Db, { rewrite, keys = configuredKeyring() }: { rewrite: boolean; keys?: Keyring }): Promise<ColumnSweep[]> {
  const sweeps: ColumnSweep[] = [];
  for (const column of COLUMNS) {
    const sweep: ColumnSweep = { label: column.label, current: 0, stale: 0, unreadable: [] };
    const rewrites: { id: string; before: string; after: string }[] = [];
    for (const secret of await column.read(d)) {
      let plaintext: string;
      try {
        plaintext = decrypt(secret.valueEnc, secret.context, keys);
      } catch (err) {
        if (!(err instanceof DecryptionError)) throw err;
        sweep.unreadable.push({ id: secret.id, reason: err.reason });
        continue;
      }
      if (isCurrent(secret.valueEnc, keys)) sweep.current++;
      else if (rewrite) rewrites.push({ id: secret.id, before: secret.valueEnc, after: encrypt(plaintext, secret.context, keys) });
      else sweep.stale++;
    }
    for (let i = 0; i < rewrites.length; i += REWRITE_BATCH) {
      await d.transaction(async (tx) => {
        for (const r of rewrites.slice(i, i + REWRITE_BATCH)) if (await column.replace(tx, r.id, r.before, r.after)) sweep.stale++;
      });
    }
    sweeps.push(sweep);
  }
  return sweeps;
}

/** What an operator must hear of a sweep: secrets no configured key opens. */
export function unreadableWarnings(sweeps: ColumnSweep[]): string[] {
  return sweeps
    .filter((s) => s.unreadable.length > 0)
    .map(
      (s) =>
        `${plural(s.unreadable.length, `stored ${s.label}`)} cannot be decrypted with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS: the key it was encrypted with is not configured (or it was altered). Configure that key, or have the secret entered again.`,
    );
}
