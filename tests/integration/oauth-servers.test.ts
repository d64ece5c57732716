import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { GET as callbackGET } from "@/app/api/oauth/callback/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { POST as authorizePOST } from "@/app/api/servers/[id]/authorize/route";
import { DELETE as serverDELETE, GET as serverGET, PATCH as serverPATCH } from "@/app/api/servers/[id]/route";
import { POST as importPOST } from "@/app/api/servers/import/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { runAlertStep } from "@/lib/alerts/dispatcher";
import { db } from "@/lib/db";
import { FAILURES_TO_DOWN } from "@/lib/monitoring/status-machine";
import { ServerOAuthProvider } from "@/lib/oauth-client/provider";
import { currentTokens, saveTokens } from "@/lib/oauth-client/refresh";
import { readOAuth, seal, tokensOf, writeOAuth } from "@/lib/oauth-client/store";
import { activityEvents, serverOauth, servers } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { startHttpServer, type RunningServer } from "../support/mcp-server";
import { signInAt } from "../support/oauth-peer-pages";
import { signedIn, type Session } from "../support/sign-in";
import { startTsProcess, type TsProcess } from "../support/ts-process";
import { startWebhookReceiver } from "../support/webhook-receiver";

/**
 * A server behind OAuth, end to end against a real authorization server
 * (oidc-provider: dynamic registration, PKCE, resource indicators, rotating
 * refresh tokens) in front of an MCP server that checks its JWTs with jose.
 */

let peer: TsProcess;
beforeAll(async () => {
  peer = await startTsProcess("tests/support/oauth-peer.ts");
});
afterAll(() => peer.stop());

const as = (who: Session) => ({ headers: who.headers });

describeEachDatabase("servers behind OAuth", () => {
  let owner: Session;
  let serverId: string;

  const getServer = async () => (await call(serverGET, `/api/servers/${serverId}`, { ...as(owner), params: { id: serverId } })).json;
  const whoami = () => call(callPOST, `/api/servers/${serverId}/call`, { ...as(owner), params: { id: serverId }, body: { method: "tools/call", params: { name: "whoami" } } });
  const authorize = async (who: Session = owner) => call(authorizePOST, `/api/servers/${serverId}/authorize`, { ...as(who), params: { id: serverId }, body: {} });
  const callback = (who: Session, back: URL) => call(callbackGET, `/api/oauth/callback${back.search}`, as(who));

  beforeAll(async () => {
    owner = await signedIn("pro");
  });

  it("saves a server that asks its users to sign in as waiting for the owner's sign-in", async () => {
    const res = await call(serversPOST, "/api/servers", { ...as(owner), body: { name: "Protected", transport: "streamable-http", url: `${peer.origin}/mcp` } });
    expect(res.status).toBe(201);
    serverId = res.json.id;
    expect(res.json.auth).toMatchObject({ type: "oauth", status: "authorization_required" });
  });

  it("registers, authorizes with PKCE and the resource parameter, and calls a tool with the token", async () => {
    const started = await authorize();
    expect(started.status).toBe(200);
    const url = new URL(started.json.authorizationUrl);
    expect(url.origin).toBe(peer.origin);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(`${peer.origin}/mcp`);
    expect(url.searchParams.get("redirect_uri")).toMatch(/\/api\/oauth\/callback$/);
    expect(url.searchParams.get("state")).toBeTruthy();

    const back = await signInAt(started.json.authorizationUrl, "ada");
    const done = await callback(owner, back);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/servers/${serverId}?signedIn=1`);

    const server = await getServer();
    expect(server.auth).toMatchObject({ type: "oauth", status: "authorized" });
    expect(server.auth.expiresAt).toEqual(expect.any(String));
    expect(JSON.stringify(server)).not.toMatch(/eyJ|refresh_token|access_token/);
    expect(server.counts.tools).toBe(1);
    const result = await whoami();
    expect(result.status).toBe(200);
    expect(result.text).toContain("signed in as ada");

    // The state was used: replayed, it finds nothing.
    expect((await callback(owner, back)).status).toBe(400);
  });

  it("refreshes an access token about to expire without the person noticing", async () => {
    await (await db()).update(serverOauth).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(serverOauth.serverId, serverId));
    const result = await whoami();
    expect(result.text).toContain("signed in as ada");
    const server = await getServer();
    expect(server.auth.lastRefreshAt).toEqual(expect.any(String));
    expect(new Date(server.auth.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it("refuses a sign-in answer started by someone else", async () => {
    const started = await authorize();
    const back = await signInAt(started.json.authorizationUrl, "ada");
    const stranger = await signedIn("pro");
    expect((await callback(stranger, back)).status).toBe(400);
    // Presented by someone else, it was not spent: the owner still finishes.
    expect((await callback(owner, back)).status).toBe(303);
  });

  it("says Reauthorization required when the grant is revoked, fails the check with that reason, and reconnects", async () => {
    await fetch(`${peer.origin}/test/revoke-all`, { method: "POST" });
    await fetch(`${peer.origin}/test/reject-issued`, { method: "POST" });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const refused = await whoami();
    expect(refused.text).toMatch(/Reauthorization required/);
    const server = await getServer();
    expect(server.auth.status).toBe("reauthorization_required");

    // Checks fail with that reason; the second opens the incident, whose alert says what happened.
    const hook = await startWebhookReceiver();
    try {
      expect((await call(settingsPATCH, "/api/user/settings", { ...as(owner), method: "PATCH", body: { webhookUrl: hook.url } })).status).toBe(200);
      for (let i = 0; i < FAILURES_TO_DOWN; i++) {
        const check = await call(checkPOST, `/api/servers/${serverId}/check`, { ...as(owner), method: "POST", params: { id: serverId } });
        expect(check.json.check.result).toBe("failed");
        expect(check.json.check.reason).toMatch(/Reauthorization required/);
      }
      await runAlertStep({ now: new Date() });
      const alerts = hook.received.map((h) => JSON.parse(h.body) as Record<string, unknown>);
      expect(alerts).toEqual([
        expect.objectContaining({ event: "incident.opened", server: expect.objectContaining({ id: serverId }), incident: expect.objectContaining({ reason: expect.stringMatching(/^Reauthorization required: /) }) }),
      ]);
    } finally {
      await call(settingsPATCH, "/api/user/settings", { ...as(owner), method: "PATCH", body: { webhookUrl: null } });
      await hook.close();
    }

    const again = await authorize();
    // A check that falls due while the owner signs in, with nobody there to sign in for it, fails as
    // before and leaves the owner's sign-in as it was.
    const meanwhile = await call(checkPOST, `/api/servers/${serverId}/check`, { ...as(owner), method: "POST", params: { id: serverId } });
    expect(meanwhile.json.check.reason).toMatch(/Reauthorization required/);
    const back = await signInAt(again.json.authorizationUrl, "ada");
    expect((await callback(owner, back)).status).toBe(303);
    expect((await whoami()).text).toContain("signed in as ada");
    const events = await (await db()).select({ action: activityEvents.action }).from(activityEvents).where(eq(activityEvents.userUid, owner.uid));
    expect(events.filter((e) => e.action === "oauth.authorized").length).toBeGreaterThanOrEqual(2);
  });

  it("keeps a sign-in that lands while a call with nobody there is being refused: the call gives up only the tokens it held", async () => {
    const before = tokensOf(await readOAuth(serverId))!;
    const background = new ServerOAuthProvider(serverId, `${peer.origin}/mcp`);
    expect((await background.tokens())?.access_token).toBe(before.access_token);
    // The grant is revoked, the owner signs in again meanwhile, and then the server refuses what the call held.
    await fetch(`${peer.origin}/test/revoke-all`, { method: "POST" });
    const again = await authorize();
    expect((await callback(owner, await signInAt(again.json.authorizationUrl, "ada"))).status).toBe(303);
    await background.invalidateCredentials("tokens");
    await expect(background.redirectToAuthorization(new URL(peer.origin))).rejects.toThrow("The server was signed in to again during this request: try again.");
    const row = await readOAuth(serverId);
    expect(row?.status).toBe("authorized");
    expect(tokensOf(row)?.access_token).not.toBe(before.access_token);
    expect((await whoami()).text).toContain("signed in as ada");
  });

  it("imports an entry of an mcpServers file that asks to sign in as waiting for the owner's sign-in", async () => {
    const file = JSON.stringify({ mcpServers: { "Protected import": { type: "http", url: `${peer.origin}/mcp?from=import` } } });
    const res = await call(importPOST, "/api/servers/import", { ...as(owner), body: { text: file } });
    expect(res.status).toBe(201);
    expect(res.json.created).toEqual([expect.objectContaining({ name: "Protected import", signInRequired: true })]);
  });

  it("signs in with a client id and secret the owner registered at the authorization server themselves", async () => {
    const created = await call(serversPOST, "/api/servers", { ...as(owner), body: { name: "Own client", transport: "streamable-http", url: `${peer.origin}/mcp?client=own` } });
    const id = created.json.id as string;
    // The console's callback, as a first sign-in (with a registered client) names it.
    const first = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: {} });
    const redirectUri = new URL(first.json.authorizationUrl).searchParams.get("redirect_uri")!;
    const discovery = (await (await fetch(`${peer.origin}/as/.well-known/openid-configuration`)).json()) as { registration_endpoint: string };
    const registered = (await (
      await fetch(discovery.registration_endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [redirectUri], token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }),
      })
    ).json()) as { client_id: string; client_secret: string };

    const noId = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: { clientSecret: "alone" } });
    expect(noId.status).toBe(400);
    const started = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: { clientId: registered.client_id, clientSecret: registered.client_secret } });
    expect(started.status).toBe(200);
    expect(new URL(started.json.authorizationUrl).searchParams.get("client_id")).toBe(registered.client_id);
    const back = await signInAt(started.json.authorizationUrl, "grace");
    expect((await callback(owner, back)).status).toBe(303);
    const server = (await call(serverGET, `/api/servers/${id}`, { ...as(owner), params: { id } })).json;
    expect(server.auth.status).toBe("authorized");
    expect(JSON.stringify(server)).not.toContain(registered.client_secret);
    await call(serverDELETE, `/api/servers/${id}`, { ...as(owner), method: "DELETE", params: { id } });
  });

  it("answers an authorization server that hangs or answers garbage with a clear error, and stores no client", async () => {
    let mode: "garbage" | "hang" = "garbage";
    const bad = http.createServer((req, res) => {
      const origin = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
      if (req.url === "/mcp") {
        res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"` }).end();
      } else if (req.url?.startsWith("/.well-known/oauth-protected-resource")) {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: [origin] }));
      } else if (mode === "hang") {
        // Never answers: the guarded fetch's time limit ends the wait.
      } else {
        res.setHeader("content-type", "application/json");
        res.end("{ this is not json");
      }
    });
    await new Promise<void>((resolve) => bad.listen(0, "127.0.0.1", resolve));
    try {
      const created = await call(serversPOST, "/api/servers", { ...as(owner), body: { name: "Broken AS", transport: "streamable-http", url: `http://127.0.0.1:${(bad.address() as AddressInfo).port}/mcp` } });
      const id = created.json.id as string;
      expect(created.json.auth).toMatchObject({ type: "oauth", status: "authorization_required" });
      for (const next of ["garbage", "hang"] as const) {
        mode = next;
        const started = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: {} });
        expect(started.status).toBe(502);
        expect(started.json.message).toMatch(/^The server's authorization could not be started or finished: /);
        const [row] = await (await db()).select().from(serverOauth).where(eq(serverOauth.serverId, id));
        expect(row.clientEnc).toBeNull();
        expect(row.tokensEnc).toBeNull();
      }
    } finally {
      bad.closeAllConnections();
      bad.close();
    }
  }, 60_000);

  it("drops the sign-in when the URL moves to another origin: the token never reaches the new host, and is revoked at the old authorization server", async () => {
    const seen: string[] = [];
    const newHost = await startHttpServer((req, res) => {
      seen.push(req.headers.authorization ?? "");
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" }).end("{}");
    });
    try {
      const created = await call(serversPOST, "/api/servers", { ...as(owner), body: { name: "Moving", transport: "streamable-http", url: `${peer.origin}/mcp?moving=1` } });
      const id = created.json.id as string;
      const started = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: {} });
      expect((await callback(owner, await signInAt(started.json.authorizationUrl, "ada"))).status).toBe(303);
      const signedIn = tokensOf(await readOAuth(id))!;
      expect(signedIn.refresh_token).toEqual(expect.any(String));
      const known = async () => ((await (await fetch(`${peer.origin}/test/refresh-token?token=${signedIn.refresh_token}`)).json()) as { known: boolean }).known;
      expect(await known()).toBe(true);

      // Another path on the same origin keeps the sign-in.
      const samePlace = await call(serverPATCH, `/api/servers/${id}`, { ...as(owner), method: "PATCH", params: { id }, body: { url: `${peer.origin}/mcp?moving=2` } });
      expect(samePlace.json).toMatchObject({ signInDropped: false, auth: { status: "authorized" } });

      const moved = await call(serverPATCH, `/api/servers/${id}`, { ...as(owner), method: "PATCH", params: { id }, body: { url: `${newHost.origin}/mcp` } });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({ headersDropped: [], signInDropped: true, auth: { type: "oauth", status: "authorization_required", reason: expect.stringMatching(/moved to another origin/) } });
      const [row] = await (await db()).select().from(serverOauth).where(eq(serverOauth.serverId, id));
      expect(row).toMatchObject({ tokensEnc: null, clientEnc: null, verifierEnc: null, discovery: null, stateHash: null, status: "authorization_required" });

      // The next check goes to the new host without the old token, and no refresh brings it back.
      const check = await call(checkPOST, `/api/servers/${id}/check`, { ...as(owner), method: "POST", params: { id } });
      expect(check.json.check.result).toBe("failed");
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((authorization) => authorization.startsWith("Bearer "))).toEqual([]);
      // A refresh that was under way for the old address when the URL moved stores nothing.
      expect(await saveTokens(id, `${peer.origin}/mcp`, signedIn, true)).toBe(false);
      expect(tokensOf(await readOAuth(id))).toBeUndefined();
      expect((await call(serverGET, `/api/servers/${id}`, { ...as(owner), params: { id } })).json.auth.status).not.toBe("authorized");

      // Revoked at the old authorization server, without holding the answer.
      for (let i = 0; i < 50 && (await known()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await known()).toBe(false);
      await call(serverDELETE, `/api/servers/${id}`, { ...as(owner), method: "DELETE", params: { id } });
    } finally {
      await newHost.stop();
    }
  });

  describe("an authorization server whose metadata name another issuer (the mix-up attack)", () => {
    const sent: string[] = [];
    let impostor: RunningServer;
    let id: string;
    const honestIssuer = () => `${peer.origin}/as`;

    beforeAll(async () => {
      // Its own protected resource names it as the authorization server; its metadata claim the honest server's
      // issuer and authorization page, with its own token endpoint, where a code and its PKCE verifier would end up.
      impostor = await startHttpServer((req, res) => {
        const path = req.url ?? "";
        if (path === "/mcp") return void res.writeHead(401, { "www-authenticate": `Bearer resource_metadata="${impostor.origin}/.well-known/oauth-protected-resource/mcp"` }).end();
        const json = (body: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
        if (path === "/.well-known/oauth-protected-resource/mcp") return json({ resource: `${impostor.origin}/mcp`, authorization_servers: [impostor.origin] });
        if (path === "/.well-known/oauth-authorization-server") return json(impostorMetadata());
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => {
          sent.push(`${req.method} ${path} ${body}`);
          if (path === "/register") return json({ client_id: "impostor-client", redirect_uris: [`${peer.origin}/callback`] });
          res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_grant" }));
        });
      });
      const created = await call(serversPOST, "/api/servers", { ...as(owner), body: { name: "Impostor", transport: "streamable-http", url: `${impostor.origin}/mcp` } });
      id = created.json.id;
      expect(created.json.auth).toMatchObject({ type: "oauth", status: "authorization_required" });
    });
    afterAll(() => impostor.stop());

    const impostorMetadata = () => ({
      issuer: honestIssuer(),
      authorization_endpoint: `${honestIssuer()}/auth`,
      token_endpoint: `${impostor.origin}/token`,
      registration_endpoint: `${impostor.origin}/register`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });

    it("refuses its metadata where they are discovered, with a clear error, before anything is sent to it", async () => {
      const started = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: {} });
      expect(started.status).toBe(502);
      expect(started.json.message).toBe(
        `The server's authorization could not be started or finished: The authorization server ${impostor.origin} names another issuer in its metadata (${honestIssuer()}): the console does not sign in with an authorization server that claims to be another (RFC 8414).`,
      );
      expect(sent).toEqual([]);
      const [row] = await (await db()).select().from(serverOauth).where(eq(serverOauth.serverId, id));
      expect(row).toMatchObject({ discovery: null, clientEnc: null });
    });

    it("refuses a sign-in answer naming the honest issuer when the metadata were stored unchecked, and sends the code nowhere", async () => {
      // A sign-in started before metadata were checked where they are read: what it stored.
      const state = "mix-up-state";
      await writeOAuth(id, {
        discovery: { authorizationServerUrl: impostor.origin, authorizationServerMetadata: impostorMetadata() },
        clientEnc: seal(id, "client", { client_id: "impostor-client" }),
        verifierEnc: seal(id, "verifier", "v".repeat(43)),
        stateHash: createHash("sha256").update(state).digest("hex"),
        stateUid: owner.uid,
        stateExpiresAt: new Date(Date.now() + 60_000),
      });
      const answer = new URL(`${peer.origin}/api/oauth/callback?${new URLSearchParams({ code: "honest-servers-code", state, iss: honestIssuer() })}`);
      const res = await callback(owner, answer);
      expect(sent.filter((request) => request.startsWith("POST /token"))).toEqual([]);
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/names another issuer in its metadata/);
      expect(tokensOf(await readOAuth(id))).toBeUndefined();
    });
    it("sends no refresh token to the token endpoint of metadata stored unchecked, and asks for a new sign-in", async () => {
      // Tokens about to expire, kept with metadata stored before they were checked where they are read.
      await writeOAuth(id, {
        discovery: { authorizationServerUrl: impostor.origin, authorizationServerMetadata: impostorMetadata() },
        clientEnc: seal(id, "client", { client_id: "impostor-client" }),
        tokensEnc: seal(id, "tokens", { access_token: "old-access", token_type: "Bearer", refresh_token: "old-refresh" }),
        expiresAt: new Date(Date.now() - 60_000),
        status: "authorized",
        reason: null,
      });
      const [server] = await (await db()).select({ url: servers.url }).from(servers).where(eq(servers.id, id));
      expect(await currentTokens(id, server.url)).toBeUndefined();
      expect(sent.filter((request) => request.includes("old-refresh"))).toEqual([]);
      const row = await readOAuth(id);
      expect(row).toMatchObject({ status: "reauthorization_required", reason: expect.stringMatching(/names another issuer in its metadata/) });
    });
  });

  it("revokes the server's tokens at the authorization server when the server is deleted", async () => {
    const grants = async () => ((await (await fetch(`${peer.origin}/test/grants`)).json()) as { refreshTokens: number }).refreshTokens;
    expect(await grants()).toBeGreaterThan(0);
    const gone = await call(serverDELETE, `/api/servers/${serverId}`, { ...as(owner), method: "DELETE", params: { id: serverId } });
    expect(gone.status).toBe(204);
    expect(await grants()).toBe(0);
  });
});
