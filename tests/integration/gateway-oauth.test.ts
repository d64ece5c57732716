import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { and, eq } from "drizzle-orm";
import { POST as decidePOST } from "@/app/api/oauth/authorizations/[id]/route";
import { DELETE as appDELETE } from "@/app/api/user/connected-apps/[id]/route";
import { GET as appsGET } from "@/app/api/user/connected-apps/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { db } from "@/lib/db";
import { activityEvents, oauthAuthorizations, oauthClients, oauthRefreshTokens } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { createGateway, recordedCalls, serveGateways, type Endpoint } from "../support/gateway";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { AgentOAuth } from "../support/oauth-agent";
import { signedIn, type Session } from "../support/sign-in";

/**
 * MCP clients signing in to a gateway with OAuth, the console being the
 * authorization server: the SDK's own client discovers the gateway's
 * metadata, registers, is allowed on the consent page's API, calls tools,
 * refreshes, and is refused once the person revokes it.
 */

let endpoint: Endpoint;
let everything: RunningServer;
beforeAll(async () => {
  // First: the service's address is this server's, before anything reads the configuration.
  endpoint = await serveGateways({ asAppUrl: true });
  everything = await startEverything("streamableHttp");
});
afterAll(async () => {
  await Promise.all([endpoint.stop(), everything.stop()]);
});

const REDIRECT = "http://127.0.0.1:7777/callback";
const as = (who: Session) => ({ headers: who.headers });

async function gatewayFor(who: Session) {
  const server = await call(serversPOST, "/api/servers", { ...as(who), body: { name: `Everything ${Math.random().toString(36).slice(2, 7)}`, transport: "streamable-http", url: `${everything.origin}/mcp` } });
  expect(server.status).toBe(201);
  const gateway = await createGateway(who, { name: `Agents ${Math.random().toString(36).slice(2, 7)}`, servers: [{ serverId: server.json.id, prefix: "all" }] });
  return { ...gateway, url: endpoint.url(gateway.slug) };
}

/** The consent page's request id, from the console's authorization endpoint's redirect. */
async function consentRequestId(authorizationUrl: URL): Promise<string> {
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("location")!, authorizationUrl);
  expect(location.pathname).toMatch(/^\/gateways\/authorize\/[0-9a-f-]{36}$/);
  return location.pathname.split("/").pop()!;
}

async function answer(who: Session, id: string, decision: "allow" | "deny", gatewayId?: string) {
  return call(decidePOST, `/api/oauth/authorizations/${id}`, { ...as(who), params: { id }, body: { decision, ...(gatewayId ? { gatewayId } : {}) } });
}

/** Connects the SDK's client; the first attempt sends the person to sign in, who allows; returns the connected client. */
async function signInAgent(who: Session, url: string, agent: AgentOAuth): Promise<Client> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: agent });
  await expect(new Client({ name: "agent", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(agent.authorizationUrl).toBeDefined();
  const id = await consentRequestId(agent.authorizationUrl!);
  const allowed = await answer(who, id, "allow");
  expect(allowed.status).toBe(200);
  const back = new URL(allowed.json.redirectTo);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get("iss")).toBe(endpoint.origin);
  expect(back.searchParams.get("state")).toBe(agent.authorizationUrl!.searchParams.get("state"));
  await first.finishAuth(back.searchParams.get("code")!);
  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: agent }));
  return client;
}

describeEachDatabase("gateways with OAuth", () => {
  it("serves the metadata an MCP client discovers: the gateway's protected resource and the console's authorization server", async () => {
    const prm = await fetch(`${endpoint.origin}/.well-known/oauth-protected-resource/mcp/some-gateway`);
    expect(prm.status).toBe(200);
    expect(await prm.json()).toMatchObject({ resource: `${endpoint.origin}/mcp/some-gateway`, authorization_servers: [endpoint.origin] });
    const as = await (await fetch(`${endpoint.origin}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: endpoint.origin,
      authorization_endpoint: `${endpoint.origin}/oauth/authorize`,
      token_endpoint: `${endpoint.origin}/oauth/token`,
      registration_endpoint: `${endpoint.origin}/oauth/register`,
      revocation_endpoint: `${endpoint.origin}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("lets the SDK's client register, be allowed, call tools, refresh without notice, and be refused once the person revokes it", async () => {
    const who = await signedIn("pro");
    const gateway = await gatewayFor(who);
    const agent = new AgentOAuth(REDIRECT, "Claude test agent");
    const client = await signInAgent(who, gateway.url, agent);

    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("all__echo");
    const echoed = await client.callTool({ name: "all__echo", arguments: { message: "over oauth" } });
    expect(JSON.stringify(echoed.content)).toContain("over oauth");

    // The audit names the app.
    const [event] = await recordedCalls(who.uid, "all__echo");
    expect(event).toMatchObject({ app: "Claude test agent", keyName: "Claude test agent (OAuth)", outcome: "ok" });

    // Settings → Connected apps lists it.
    const apps = await call(appsGET, "/api/user/connected-apps", as(who));
    expect(apps.json.apps).toEqual([expect.objectContaining({ clientName: "Claude test agent", gateway: { id: gateway.id, name: expect.any(String) }, redirectHosts: ["127.0.0.1:7777"] })]);

    // An access token that no longer opens the gateway is refreshed by the client, on its own.
    const refreshToken = agent.saved!.refresh_token!;
    agent.saved = { ...agent.saved!, access_token: `${agent.saved!.access_token}x` };
    await expect(client.callTool({ name: "all__echo", arguments: { message: "after refresh" } })).resolves.toBeDefined();
    expect(agent.history).toHaveLength(2);
    expect(agent.saved!.refresh_token).not.toBe(refreshToken);

    // The person revokes it: the very next call is refused, and refreshing does not bring it back.
    const revoke = await call(appDELETE, `/api/user/connected-apps/${apps.json.apps[0].id}`, { ...as(who), method: "DELETE", params: { id: apps.json.apps[0].id } });
    expect(revoke.status).toBe(200);
    const raw = await fetch(gateway.url, {
      method: "POST",
      headers: { authorization: `Bearer ${agent.saved!.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get("www-authenticate")).toContain(`resource_metadata="${endpoint.origin}/.well-known/oauth-protected-resource/mcp/${gateway.slug}"`);
    // The client's refresh is refused too, and says why.
    await expect(client.listTools()).rejects.toThrow("This grant was revoked: sign in again.");
    expect((await call(appsGET, "/api/user/connected-apps", as(who))).json.apps).toEqual([]);

    const actions = (await (await db()).select({ action: activityEvents.action }).from(activityEvents).where(eq(activityEvents.userUid, who.uid))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["oauth.client_registered", "oauth.grant_created", "oauth.grant_revoked"]));
  });

  it("refuses a code used twice and ends what it gave; a refresh token used twice ends the grant", async () => {
    const who = await signedIn("pro");
    const gateway = await gatewayFor(who);
    const agent = new AgentOAuth(REDIRECT);
    await signInAgent(who, gateway.url, agent);
    const clientId = agent.client!.client_id;

    const tokenAt = `${endpoint.origin}/oauth/token`;
    const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

    // A code of its own, exchanged twice: the second is refused, and the access the first gave is revoked.
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const res = await fetch(
      `${endpoint.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: "S256", resource: gateway.url })}`,
      { redirect: "manual" },
    );
    const requestId = new URL(res.headers.get("location")!, endpoint.origin).pathname.split("/").pop()!;
    const code = new URL((await answer(who, requestId, "allow")).json.redirectTo).searchParams.get("code")!;
    const exchange = { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT, resource: gateway.url };
    const wrongVerifier = await fetch(tokenAt, form({ ...exchange, code_verifier: "w".repeat(43) }));
    expect(wrongVerifier.status).toBe(400);
    const first = await fetch(tokenAt, form(exchange));
    expect(first.status).toBe(200);
    const second = await fetch(tokenAt, form(exchange));
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("already used") });
    const { refresh_token: fromCode } = (await first.json()) as { refresh_token: string };
    expect((await fetch(tokenAt, form({ grant_type: "refresh_token", refresh_token: fromCode, client_id: clientId }))).status).toBe(400);
    // That grant was the agent's too (one per app and gateway): it signs in again, and a new grant begins.
    agent.saved = undefined;
    await signInAgent(who, gateway.url, agent);

    const rotated = await fetch(tokenAt, form({ grant_type: "refresh_token", refresh_token: agent.saved!.refresh_token!, client_id: clientId }));
    expect(rotated.status).toBe(200);
    const again = await fetch(tokenAt, form({ grant_type: "refresh_token", refresh_token: agent.saved!.refresh_token!, client_id: clientId }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("already used") });
    // The grant is over: the token the first rotation gave opens nothing.
    const next = (await rotated.json()) as { refresh_token: string; access_token: string };
    const afterReuse = await fetch(tokenAt, form({ grant_type: "refresh_token", refresh_token: next.refresh_token, client_id: clientId }));
    expect(afterReuse.status).toBe(400);
    expect((await call(appsGET, "/api/user/connected-apps", as(who))).json.apps).toEqual([]);
    const stored = await (await db()).select().from(oauthRefreshTokens);
    expect(stored.every((r) => r.tokenHash !== next.refresh_token)).toBe(true);
  });

  it("spends neither the code nor the refresh token on a token request whose resource is another gateway", async () => {
    const who = await signedIn("pro");
    const gateway = await gatewayFor(who);
    const other = await gatewayFor(who);
    const agent = new AgentOAuth(REDIRECT);
    await signInAgent(who, gateway.url, agent);
    const clientId = agent.client!.client_id;
    const tokenAt = `${endpoint.origin}/oauth/token`;
    const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });

    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const res = await fetch(
      `${endpoint.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: "S256", resource: gateway.url })}`,
      { redirect: "manual" },
    );
    const requestId = new URL(res.headers.get("location")!, endpoint.origin).pathname.split("/").pop()!;
    const code = new URL((await answer(who, requestId, "allow")).json.redirectTo).searchParams.get("code")!;
    const exchange = { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT };

    const wrongCode = await fetch(tokenAt, form({ ...exchange, resource: other.url }));
    expect(wrongCode.status).toBe(400);
    expect(await wrongCode.json()).toMatchObject({ error: "invalid_target" });
    const exchanged = await fetch(tokenAt, form({ ...exchange, resource: gateway.url }));
    expect(exchanged.status).toBe(200);
    const { refresh_token: refreshToken } = (await exchanged.json()) as { refresh_token: string };

    const refresh = { grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId };
    const wrongRefresh = await fetch(tokenAt, form({ ...refresh, resource: other.url }));
    expect(wrongRefresh.status).toBe(400);
    expect(await wrongRefresh.json()).toMatchObject({ error: "invalid_target" });
    expect((await fetch(tokenAt, form({ ...refresh, resource: gateway.url }))).status).toBe(200);
    expect((await call(appsGET, "/api/user/connected-apps", as(who))).json.apps).toEqual([expect.objectContaining({ gateway: expect.objectContaining({ id: gateway.id }) })]);
  });

  it("answers bad requests with clear errors and stores nothing: an unregistered redirect URI, a denial, a request answered twice, a resource not a gateway", async () => {
    const who = await signedIn("pro");
    const other = await signedIn("pro");
    const gateway = await gatewayFor(who);
    const registered = await fetch(`${endpoint.origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Strict", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const authorize = (extra: Record<string, string>) =>
      fetch(
        `${endpoint.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: REDIRECT, code_challenge: "x".repeat(43), code_challenge_method: "S256", state: "s1", resource: gateway.url, ...extra })}`,
        { redirect: "manual" },
      );

    const stray = await authorize({ redirect_uri: "https://attacker.example/cb" });
    expect(stray.status).toBe(400);
    expect(await stray.json()).toMatchObject({ error: "invalid_request", error_description: "Unregistered redirect_uri" });

    // Errors sent back to the app name the issuer, as answers do (RFC 9207): the provider's, and the SDK's own checks'.
    const elsewhere = await authorize({ resource: "https://elsewhere.example/mcp/x" });
    expect(elsewhere.status).toBe(302);
    const refused = new URL(elsewhere.headers.get("location")!);
    expect(refused.origin + refused.pathname).toBe(REDIRECT);
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: "invalid_target", state: "s1", iss: endpoint.origin });
    const plain = await authorize({ code_challenge_method: "plain" });
    expect(plain.status).toBe(302);
    expect(Object.fromEntries(new URL(plain.headers.get("location")!).searchParams)).toMatchObject({ error: "invalid_request", iss: endpoint.origin });

    const badHttp = await fetch(`${endpoint.origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["http://evil.example/cb"], token_endpoint_auth_method: "none" }),
    });
    expect(badHttp.status).toBe(400);
    expect(await badHttp.json()).toMatchObject({ error: "invalid_client_metadata" });

    // Denied: the app hears access_denied, from this issuer; answered again (another tab, another person): refused.
    const id = new URL((await authorize({})).headers.get("location")!, endpoint.origin).pathname.split("/").pop()!;
    const denied = await answer(who, id, "deny");
    expect(denied.status).toBe(200);
    expect(Object.fromEntries(new URL(denied.json.redirectTo).searchParams)).toMatchObject({ error: "access_denied", state: "s1", iss: endpoint.origin });
    expect((await answer(other, id, "allow")).status).toBe(404);

    // Another person may not hand out someone else's gateway.
    const id2 = new URL((await authorize({ state: "s2" })).headers.get("location")!, endpoint.origin).pathname.split("/").pop()!;
    const notTheirs = await answer(other, id2, "allow");
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.json.message).toContain("another account's gateway");
    const [row] = await (await db()).select().from(oauthAuthorizations).where(eq(oauthAuthorizations.id, id2));
    expect(row.codeHash).toBeNull();
  });

  it("refuses a metadata document whose redirect URIs dynamic registration would refuse, and stores nothing", async () => {
    const evil = "http://evil.example/cb";
    const doc = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ client_id: documentUrl, client_name: "Loose agent", redirect_uris: [evil], token_endpoint_auth_method: "none" }));
    });
    await new Promise<void>((resolve) => doc.listen(0, "127.0.0.1", resolve));
    const documentUrl = `http://127.0.0.1:${(doc.address() as AddressInfo).port}/client.json`;
    try {
      const res = await fetch(
        `${endpoint.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: documentUrl, redirect_uri: evil, code_challenge: "y".repeat(43), code_challenge_method: "S256" })}`,
        { redirect: "manual" },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: "invalid_client",
        error_description: `The client's metadata document at ${documentUrl} is refused: The redirect_uri ${evil} is not allowed: use https, http on loopback, or an app's reverse-domain scheme.`,
      });
      expect(await (await db()).select().from(oauthClients).where(eq(oauthClients.clientId, documentUrl))).toEqual([]);
    } finally {
      doc.close();
    }
  });

  it("accepts a client that names itself by the URL of its metadata document", async () => {
    const who = await signedIn("pro");
    const gateway = await gatewayFor(who);
    const doc = http.createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ client_id: documentUrl, client_name: "Doc agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }));
    });
    await new Promise<void>((resolve) => doc.listen(0, "127.0.0.1", resolve));
    const documentUrl = `http://127.0.0.1:${(doc.address() as AddressInfo).port}/client.json`;
    try {
      const res = await fetch(
        `${endpoint.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: documentUrl, redirect_uri: REDIRECT, code_challenge: "y".repeat(43), code_challenge_method: "S256", resource: gateway.url })}`,
        { redirect: "manual" },
      );
      expect(res.status).toBe(302);
      const id = new URL(res.headers.get("location")!, endpoint.origin).pathname.split("/").pop()!;
      const allowed = await answer(who, id, "allow");
      expect(allowed.status).toBe(200);
      const [client] = await (await db()).select().from(oauthClients).where(and(eq(oauthClients.clientId, documentUrl), eq(oauthClients.kind, "metadata_document")));
      expect(client.metadata).toMatchObject({ client_name: "Doc agent" });
    } finally {
      doc.close();
    }
  });
});
