import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { db } from "../db";
import { oauthClients } from "../db/schema";
import { fetchClientMetadataDocument, isMetadataDocumentId } from "./client-metadata-document";

/**
 * The clients the console's authorization server knows, kept in the
 * database so that every instance knows them: registered ones (RFC 7591)
 * and metadata documents read once a day.
 *
 * A confidential client's secret is kept as a hash, as API tokens are. The
 * SDK's client authentication compares the secret a request carries with
 * the one `getClient` returns, so lib/oauth-server/http.ts hashes the
 * request's secret before the SDK sees it (hashClientSecret).
 */

const DOCUMENT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_REDIRECT_URIS = 10;

export const hashClientSecret = (secret: string) => createHash("sha256").update(`oauth-client-secret:${secret}`).digest("hex");

function toClient(row: typeof oauthClients.$inferSelect): OAuthClientInformationFull {
  return { ...(row.metadata as Omit<OAuthClientInformationFull, "client_id">), client_id: row.clientId, client_secret: row.secretHash ?? undefined };
}

async function readDocument(clientId: string): Promise<OAuthClientInformationFull> {
  const client = await fetchClientMetadataDocument(clientId);
  const metadata: Record<string, unknown> = { ...client };
  delete metadata.client_id;
  const now = new Date();
  await (await db())
    .insert(oauthClients)
    .values({ clientId, kind: "metadata_document", metadata, fetchedAt: now })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: { metadata, fetchedAt: now } });
  return client;
}

async function getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
  if (clientId.length > 2048) return undefined;
  const [row] = await (await db()).select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  if (row?.kind === "registered") return toClient(row);
  if (!isMetadataDocumentId(clientId)) return undefined;
  if (row && Date.now() - row.fetchedAt.getTime() < DOCUMENT_MAX_AGE_MS) return toClient(row);
  return readDocument(clientId);
}

async function registerClient(client: Omit<OAuthClientInformationFull, "client_id" | "client_id_issued_at"> & { client_id?: string }): Promise<OAuthClientInformationFull> {
  if (!client.client_id) throw new InvalidClientMetadataError("No client_id was issued.");
  if (client.redirect_uris.length === 0 || client.redirect_uris.length > MAX_REDIRECT_URIS) {
    throw new InvalidClientMetadataError(`Register between 1 and ${MAX_REDIRECT_URIS} redirect_uris.`);
  }
  for (const uri of client.redirect_uris) {
    const url = new URL(uri);
    if (url.hash) throw new InvalidClientMetadataError("A redirect_uri may not have a fragment.");
    // OAuth 2.1: https, http on loopback only (a native app's local listener), or an app's own reverse-domain scheme.
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    const allowed = url.protocol === "https:" || (url.protocol === "http:" && loopback) || /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol);
    if (!allowed) {
      throw new InvalidClientMetadataError(`The redirect_uri ${uri} is not allowed: use https, http on loopback, or an app's reverse-domain scheme.`);
    }
  }
  const { client_id: clientId, client_secret: secret, ...metadata } = client;
  const secretHash = secret ? hashClientSecret(secret) : null;
  await (await db()).insert(oauthClients).values({ clientId, kind: "registered", metadata, secretHash });
  return { ...client, client_id: clientId };
}

export const consoleClients: OAuthRegisteredClientsStore = { getClient, registerClient };

/** What the consent page and Connected apps show of a client: its name and where it sends the person back. */
export function clientLabel(client: Pick<OAuthClientInformationFull, "client_id" | "client_name">): string {
  return client.client_name?.trim().slice(0, 100) || client.client_id.slice(0, 100);
}
