import { execFileSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { GET as callbackGET } from "@/app/api/oauth/callback/route";
import { POST as callPOST } from "@/app/api/servers/[id]/call/route";
import { POST as authorizePOST } from "@/app/api/servers/[id]/authorize/route";
import { POST as serversPOST } from "@/app/api/servers/route";
import { GET as documentGET } from "@/app/oauth/client-metadata.json/route";
import { db } from "@/lib/db";
import { serverOauth } from "@/lib/db/schema";
import { clientOf, readOAuth } from "@/lib/oauth-client/store";
import { describeEachDatabase } from "../support/databases";
import { call } from "../support/http";
import { signInAt } from "../support/oauth-peer-pages";
import { signedIn, type Session } from "../support/sign-in";
import { startTsProcess, type TsProcess } from "../support/ts-process";

/**
 * The console, served over https as a deployment is, signing in to servers
 * behind OAuth: at an authorization server that accepts Client ID Metadata
 * Documents (oidc-provider with that feature on) its client id is the URL of
 * its own document, which the authorization server reads, and nothing is
 * registered; at one that does not (oidc-provider as the other OAuth tests
 * run it) it registers, as before.
 */

let dir: string;
let site: https.Server;
let documentReads = 0;
let accepting: TsProcess;
let registering: TsProcess;
const documentUrl = () => `${process.env.APP_URL}/oauth/client-metadata.json`;

beforeAll(async () => {
  // The console's own address is https, with a certificate the accepting authorization server trusts.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "cimd-tls-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], {
    stdio: "ignore",
  });
  site = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, async (req, res) => {
    if (req.url !== "/oauth/client-metadata.json") return void res.writeHead(404).end();
    documentReads++;
    const answer = documentGET();
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  // Before anything reads the configuration.
  process.env.APP_URL = `https://127.0.0.1:${(site.address() as AddressInfo).port}`;
  [accepting, registering] = await Promise.all([
    startTsProcess("tests/support/oauth-peer.ts", { PEER_CIMD: "on", NODE_EXTRA_CA_CERTS: cert }),
    startTsProcess("tests/support/oauth-peer.ts"),
  ]);
});
afterAll(async () => {
  await Promise.all([accepting.stop(), registering.stop()]);
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const as = (who: Session) => ({ headers: who.headers });
const registeredClients = async (peer: TsProcess) => ((await (await fetch(`${peer.origin}/test/grants`)).json()) as { clients: number }).clients;

describeEachDatabase("the console's Client ID Metadata Document", () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await signedIn("pro");
  });

  /** Adds the peer's MCP server, signs in to it as ada through its pages, and calls its tool; returns the server's id and where the browser was sent. */
  async function signIn(peer: TsProcess) {
    const created = await call(serversPOST, "/api/servers", { ...as(owner), body: { name: `Protected ${Math.random().toString(36).slice(2, 7)}`, transport: "streamable-http", url: `${peer.origin}/mcp` } });
    expect(created.json.auth).toMatchObject({ type: "oauth", status: "authorization_required" });
    const id = created.json.id as string;
    const started = await call(authorizePOST, `/api/servers/${id}/authorize`, { ...as(owner), params: { id }, body: {} });
    expect(started.status).toBe(200);
    const authorizationUrl = new URL(started.json.authorizationUrl);
    const back = await signInAt(started.json.authorizationUrl, "ada");
    expect((await call(callbackGET, `/api/oauth/callback${back.search}`, as(owner))).status).toBe(303);
    const whoami = () => call(callPOST, `/api/servers/${id}/call`, { ...as(owner), params: { id }, body: { method: "tools/call", params: { name: "whoami" } } });
    expect((await whoami()).text).toContain("signed in as ada");
    return { id, authorizationUrl, whoami };
  }

  it("is served at a stable https URL under the console's address, naming the console's callback, and may be cached", async () => {
    const res = await call(async () => documentGET(), "/oauth/client-metadata.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.json).toMatchObject({
      client_id: documentUrl(),
      client_uri: process.env.APP_URL,
      redirect_uris: [`${process.env.APP_URL}/api/oauth/callback`],
      grant_types: ["authorization_code", "refresh_token"],
      token_endpoint_auth_method: "none",
    });
  });

  it("is the console's client id at an authorization server that accepts such documents: it reads it, nothing is registered, and refreshing works", async () => {
    const { id, authorizationUrl, whoami } = await signIn(accepting);
    expect(authorizationUrl.searchParams.get("client_id")).toBe(documentUrl());
    // Read once in this file: afterwards from the authorization server's cache, as the document's cache-control allows.
    expect(documentReads).toBe(1);
    expect(await registeredClients(accepting)).toBe(0);
    expect(clientOf(await readOAuth(id))?.client_id).toBe(documentUrl());

    // The token endpoint knows the client by its document too.
    await (await db()).update(serverOauth).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(serverOauth.serverId, id));
    expect((await whoami()).text).toContain("signed in as ada");
    expect((await readOAuth(id))?.lastRefreshAt).toEqual(expect.any(Date));
    expect(await registeredClients(accepting)).toBe(0);
  });

  it("registers, as before, at an authorization server that does not accept them", async () => {
    const before = await registeredClients(registering);
    const { id, authorizationUrl } = await signIn(registering);
    const clientId = authorizationUrl.searchParams.get("client_id");
    expect(clientId).not.toBe(documentUrl());
    expect(clientOf(await readOAuth(id))?.client_id).toBe(clientId);
    expect(await registeredClients(registering)).toBe(before + 1);
  });
});
