import "server-only";
import { randomBytes } from "node:crypto";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { env } from "../env";
import { McpFailure } from "../mcp/errors";
import { SITE } from "../site";
import { currentTokens, markReauthorization, saveTokens } from "./refresh";
import { issuerProblem } from "./issuer";
import { clientOf, readOAuth, seal, tokensOf, verifierOf, writeOAuth, writeOAuthFor } from "./store";

/**
 * The SDK's OAuth client (`@modelcontextprotocol/sdk/client/auth`) asks this
 * provider for what it keeps, and the database holds it, so that every
 * instance and every path that talks to the server (test, discovery,
 * workbench, monitoring, scanner, gateways) uses the same tokens.
 *
 * Interactive: the owner's browser is about to go to the authorization
 * server (POST /api/servers/{id}/authorize), and the URL it must go to is
 * kept for the answer. Otherwise nobody is there to sign in: a flow that
 * needs a person marks the server "Reauthorization required" and fails the
 * connection with that reason.
 *
 * A flow with nobody there (a check, a scan, a gateway's call) may run while
 * the owner signs in in their browser. It must not undo that sign-in: it
 * keeps no code verifier (it would replace the one the browser's sign-in
 * needs for its code), and it gives up tokens, or marks the server, only
 * while the stored tokens are still the ones it was refused.
 */

export const callbackUrl = () => `${env().appUrl}/api/oauth/callback`;

/**
 * The Client ID Metadata Document's address (the console's stable client
 * id): only over https, which its spec requires. The SDK's `auth()` presents
 * it where the authorization server's metadata say
 * `client_id_metadata_document_supported`, and registers (RFC 7591) elsewhere.
 */
export const clientMetadataUrl = () => (env().appUrl.startsWith("https:") ? `${env().appUrl}/oauth/client-metadata.json` : undefined);

export function consoleClientMetadata(): OAuthClientMetadata {
  return {
    client_name: SITE.name,
    client_uri: env().appUrl,
    redirect_uris: [callbackUrl()],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}

const movedAway = () => new McpFailure("auth", "The server's URL moved to another origin during this sign-in: sign in again from the server's page.");

export class ServerOAuthProvider implements OAuthClientProvider {
  /** Where the person's browser goes, once the SDK has made it. */
  authorizationUrl: URL | undefined;
  /** The access token this provider last handed out or stored (none: undefined). */
  private held: string | undefined;

  /** `serverUrl`: the address this provider signs in to; what it obtains is stored only while the server is on that origin. */
  constructor(
    readonly serverId: string,
    readonly serverUrl: string,
    private readonly flow: { state: string } | null = null,
  ) {}

  /** Stores what the flow obtained, or stops it when the server moved to another origin meanwhile. */
  private async store(set: Parameters<typeof writeOAuthFor>[2]) {
    if (!(await writeOAuthFor(this.serverId, this.serverUrl, set))) throw movedAway();
  }

  get redirectUrl() {
    return callbackUrl();
  }

  get clientMetadataUrl() {
    return clientMetadataUrl();
  }

  get clientMetadata() {
    return consoleClientMetadata();
  }

  state() {
    return this.flow?.state ?? randomBytes(16).toString("base64url");
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return clientOf(await readOAuth(this.serverId));
  }

  async saveClientInformation(info: OAuthClientInformationMixed) {
    await this.store({ clientEnc: seal(this.serverId, "client", info) });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    const tokens = await currentTokens(this.serverId, this.serverUrl);
    this.held = tokens?.access_token;
    return tokens;
  }

  async saveTokens(tokens: OAuthTokens) {
    if (!(await saveTokens(this.serverId, this.serverUrl, tokens))) throw movedAway();
    this.held = tokens.access_token;
  }

  /** Whether the stored tokens are still the ones this flow held: false once someone signed in, or refreshed, meanwhile. */
  private async stillHeld(): Promise<boolean> {
    if (this.flow) return true;
    return tokensOf(await readOAuth(this.serverId))?.access_token === this.held;
  }

  async redirectToAuthorization(url: URL) {
    if (this.flow) {
      this.authorizationUrl = url;
      return;
    }
    if (!(await this.stillHeld())) throw new McpFailure("auth", "The server was signed in to again during this request: try again.");
    const row = await readOAuth(this.serverId);
    const reason = row?.reason ?? (row?.status === "authorized" ? "The server refused its access token and it could not be refreshed." : "Nobody has signed in to this server yet.");
    await markReauthorization(this.serverId, reason);
    throw new McpFailure("auth", `Reauthorization required: ${reason} Reconnect the server in the console to sign in again.`);
  }

  async saveCodeVerifier(verifier: string) {
    if (!this.flow) return;
    await this.store({ verifierEnc: seal(this.serverId, "verifier", verifier) });
  }

  async codeVerifier(): Promise<string> {
    const verifier = verifierOf(await readOAuth(this.serverId));
    if (!verifier) throw new McpFailure("auth", "This sign-in was not started here, or it already finished: start it again from the server's page.");
    return verifier;
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return ((await readOAuth(this.serverId))?.discovery ?? undefined) as OAuthDiscoveryState | undefined;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState) {
    // Checked before anything is sent to the endpoints these metadata name (the mix-up defence, ./issuer.ts).
    const problem = issuerProblem(state);
    if (problem) throw new McpFailure("auth", problem);
    await this.store({ discovery: state as unknown as Record<string, unknown> });
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (!this.flow && (scope === "verifier" || !(await this.stillHeld()))) return;
    const all = scope === "all";
    await writeOAuth(this.serverId, {
      ...(all || scope === "client" ? { clientEnc: null } : {}),
      ...(all || scope === "tokens" ? { tokensEnc: null, expiresAt: null } : {}),
      ...(all || scope === "verifier" ? { verifierEnc: null } : {}),
      ...(all || scope === "discovery" ? { discovery: null } : {}),
    });
  }
}
