import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { db } from "../db";
import { oauthClients } from "../db/schema";
import { fetchClientMetadataDocument, isMetadataDocumentId } from "./client-metadata-document";
import { redirectUrisProblem } from "./redirect-uris";

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
  const problem = redirectUrisProblem(client.redirect_uris);
  if (problem) throw new InvalidClientMetadataError(problem);
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
