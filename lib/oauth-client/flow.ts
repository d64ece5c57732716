import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { auth, type OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import { and, eq, gt } from "drizzle-orm";
import { record } from "../activity/service";
import { db } from "../db";
import { serverOauth, servers } from "../db/schema";
import { badRequest, conflict, HttpError } from "../http/errors";
import { findOwnedServer } from "../servers/owned-server";
import { oauthFetch } from "./fetch";
import { ServerOAuthProvider } from "./provider";
import { expectedIssuer, issuerProblem } from "./issuer";
import { readOAuth, seal, writeOAuth, writeOAuthFor } from "./store";

/**
 * The MCP authorization flow for a server the owner registered, with the
 * SDK's client auth: protected resource metadata (RFC 9728), authorization
 * server metadata (RFC 8414 / OpenID discovery), the client's registration
 * (a client id, and secret, the owner entered; else the console's Client ID
 * Metadata Document, where the authorization server accepts one and the
 * console is on https; else dynamic registration, RFC 7591), then
 * authorization code with PKCE (S256) and the `resource` parameter (RFC 8707).
 * `state` is random, stored as a hash, bound to the person who started the
 * flow, and lasts ten minutes.
 */

const STATE_TTL_MS = 10 * 60_000;
const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

interface Origin {
  req?: Request;
  ip?: string;
}

function authFailure(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new HttpError("upstream_error", `The server's authorization could not be started or finished: ${message.slice(0, 300)}`);
}

/** A client the owner registered with the server's authorization server themselves: the first of the spec's ways to have one. */
export interface EnteredClient {
  clientId: string;
  clientSecret?: string;
}

/**
 * Marks the server as signing in with OAuth and returns the authorization
 * server's URL to send the person's browser to. An entered client replaces
 * the stored one (encrypted like the tokens); without one, a stored client
 * is reused.
 */
export async function startAuthorization(user: { uid: string }, serverId: string, origin: Origin = {}, entered?: EnteredClient): Promise<{ authorizationUrl: string }> {
  const server = await findOwnedServer(user.uid, serverId);
  const state = randomBytes(32).toString("base64url");
  const client = entered ? { clientEnc: seal(server.id, "client", { client_id: entered.clientId, ...(entered.clientSecret ? { client_secret: entered.clientSecret } : {}) }) } : {};
  // A new sign-in starts from no tokens (the URL is always one to go to), and discovers the
  // authorization server again: its metadata are checked each time they are read (./issuer.ts).
  const started = await writeOAuthFor(server.id, server.url, {
    stateHash: hashState(state),
    stateUid: user.uid,
    stateExpiresAt: new Date(Date.now() + STATE_TTL_MS),
    tokensEnc: null,
    expiresAt: null,
    discovery: null,
    ...client,
  });
  if (!started) throw conflict("The server's URL changed meanwhile: start signing in again.");
  await (await db()).update(servers).set({ authType: "oauth" }).where(and(eq(servers.id, server.id), eq(servers.ownerUid, user.uid)));
  const provider = new ServerOAuthProvider(server.id, server.url, { state });
  try {
    const result = await auth(provider, { serverUrl: server.url, fetchFn: oauthFetch });
    if (result !== "REDIRECT" || !provider.authorizationUrl) throw conflict("The authorization server gave no page to sign in at.");
  } catch (err) {
    throw authFailure(err);
  }
  await record({
    userUid: user.uid,
    action: "oauth.authorization_started",
    summary: `Started signing in to ${server.name} at ${provider.authorizationUrl.host}`,
    target: { type: "server", id: server.id },
    metadata: { authorizationServer: provider.authorizationUrl.origin },
    req: origin.req,
    ip: origin.ip,
  });
  return { authorizationUrl: provider.authorizationUrl.toString() };
}

/**
 * Finishes the flow the person started: the code is exchanged for tokens
 * (with the PKCE verifier) once, for the person whose `state` it is. Returns
 * the server's id.
 */
export async function finishAuthorization(
  user: { uid: string },
  params: { code?: string; state?: string; iss?: string; error?: string; error_description?: string },
  origin: Origin = {},
): Promise<string> {
  if (!params.state) throw badRequest("This sign-in answer has no state: start signing in again from the server's page.");
  const [pending] = await (await db())
    .select({ serverId: serverOauth.serverId })
    .from(serverOauth)
    .innerJoin(servers, eq(servers.id, serverOauth.serverId))
    .where(
      and(
        eq(serverOauth.stateHash, hashState(params.state)),
        eq(serverOauth.stateUid, user.uid),
        eq(servers.ownerUid, user.uid),
        gt(serverOauth.stateExpiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!pending) throw badRequest("This sign-in expired, was already used, or was started by someone else: start it again from the server's page.");
  const serverId = pending.serverId;
  // Used once, whatever comes next.
  await writeOAuth(serverId, { stateHash: null, stateUid: null, stateExpiresAt: null });
  if (params.error) throw badRequest(`The authorization server did not authorize the console: ${params.error}${params.error_description ? ` (${params.error_description.slice(0, 200)})` : ""}.`);
  if (!params.code) throw badRequest("The authorization server's answer has no code.");

  const row = await readOAuth(serverId);
  const discovery = row?.discovery as unknown as OAuthDiscoveryState | null;
  if (!discovery) throw badRequest("This sign-in was not started here, or it already finished: start it again from the server's page.");
  // Metadata stored before they were checked when read: checked here, before the code goes to the token endpoint they name.
  const problem = issuerProblem(discovery);
  if (problem) throw badRequest(problem);
  // RFC 9207: the answer names the server that issued it, and it must be the one the flow went to, as its checked metadata name it.
  const issuer = expectedIssuer(discovery);
  const issSupported = (discovery.authorizationServerMetadata as { authorization_response_iss_parameter_supported?: boolean } | undefined)?.authorization_response_iss_parameter_supported;
  if (params.iss !== undefined ? params.iss !== issuer : issSupported) {
    throw badRequest("The sign-in answer came from another authorization server than the one asked: start again.");
  }
  const server = await findOwnedServer(user.uid, serverId);
  try {
    const result = await auth(new ServerOAuthProvider(serverId, server.url), { serverUrl: server.url, authorizationCode: params.code, fetchFn: oauthFetch });
    if (result !== "AUTHORIZED") throw conflict("The authorization server did not give tokens.");
  } catch (err) {
    throw authFailure(err);
  } finally {
    await writeOAuth(serverId, { verifierEnc: null });
  }
  await record({
    userUid: user.uid,
    action: "oauth.authorized",
    summary: `Signed in to ${server.name}`,
    target: { type: "server", id: serverId },
    metadata: { authorizationServer: issuer },
    req: origin.req,
    ip: origin.ip,
  });
  return serverId;
}

/** A server that asks its users to sign in: from now on it signs in with OAuth, and waits for its owner to. */
export async function awaitSignIn(uid: string, serverId: string): Promise<void> {
  await (await db()).update(servers).set({ authType: "oauth" }).where(and(eq(servers.id, serverId), eq(servers.ownerUid, uid)));
  await writeOAuth(serverId, { status: "authorization_required", reason: "The server asks its users to sign in: sign in to connect it." });
}
