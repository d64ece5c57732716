import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, jwtVerify } from "jose";

/**
 * A real authorization server and the MCP server it protects, for the OAuth
 * tests, in a process of their own (run with tests/support/run-ts.mjs):
 *
 * - `/as`: oidc-provider (a certified OpenID Connect server) with dynamic
 *   client registration, PKCE, resource indicators (RFC 8707) issuing JWT
 *   access tokens for the MCP server, rotating refresh tokens and revocation.
 *   Its development sign-in pages take any login and password. With
 *   `PEER_CIMD=on` it also accepts clients that name themselves by the https
 *   URL of their metadata (Client ID Metadata Documents), and says so in its
 *   metadata; the process trusts the certificate NODE_EXTRA_CA_CERTS names.
 * - `/mcp`: an MCP server built with the SDK that checks each request's
 *   access token with jose (signature, issuer, audience, expiry) and answers
 *   401 with its protected resource metadata (RFC 9728) otherwise.
 * - `/test/*`: what a test does to the peer: revoke every grant (as a person
 *   revoking the app at the provider would), or refuse the tokens issued so far;
 *   and what it asks of it: how many clients registered and refresh tokens
 *   it keeps, whether a refresh token is still known.
 *
 * Prints `{"listening": port}`.
 */

type Stored = { payload: Record<string, unknown>; expiresAt?: number };

/** oidc-provider's storage, in memory, with a way to drop every grant and token at once. */
const store = new Map<string, Stored>();
class MemoryAdapter {
  constructor(private readonly model: string) {}
  private key(id: string) {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
    store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined });
    if (payload.grantId) store.set(`grant-of:${this.model}:${id}`, { payload: { grantId: payload.grantId } });
    if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: { id } });
    if (payload.uid) store.set(`uid:${payload.uid}`, { payload: { id } });
  }
  async find(id: string) {
    const found = store.get(this.key(id));
    if (!found || (found.expiresAt && found.expiresAt < Date.now())) return undefined;
    return found.payload;
  }
  async findByUid(uid: string) {
    const id = store.get(`uid:${uid}`)?.payload.id as string | undefined;
    return id ? this.find(id) : undefined;
  }
  async findByUserCode(code: string) {
    const id = store.get(`userCode:${code}`)?.payload.id as string | undefined;
    return id ? this.find(id) : undefined;
  }
  async consume(id: string) {
    const found = store.get(this.key(id));
    if (found) found.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    store.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, value] of store) if (value.payload.grantId === grantId) store.delete(key);
  }
}

const REVOKED_MODELS = ["Grant", "AccessToken", "RefreshToken", "AuthorizationCode", "Session"];

async function main() {
  const { default: Provider } = await import("oidc-provider");
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/as`;
  const mcpUrl = `${origin}/mcp`;
  let notBefore = 0;

  const cimd = process.env.PEER_CIMD === "on";
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter as never,
    clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" },
    cookies: { keys: ["test-only-cookie-key"] },
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      revocation: { enabled: true },
      clientIdMetadataDocument: { enabled: cimd, ...(cimd ? { ack: "draft-02" } : {}) },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          if (resource !== mcpUrl) throw new Error(`unknown resource ${resource}`);
          return { scope: "mcp", audience: mcpUrl, accessTokenTTL: 3600, accessTokenFormat: "jwt" };
        },
      },
    },
    issueRefreshToken: () => true,
    rotateRefreshToken: true,
    pkce: { required: () => true },
    scopes: ["openid", "offline_access", "mcp"],
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
    // Without its guard against special-use addresses: the console under test serves its document on loopback.
    fetch: (url: string, options: RequestInit) => fetch(url, { ...options, dispatcher: undefined } as RequestInit),
  } as never);
  const asHandler = provider.callback();

  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
  const { StreamableHTTPServerTransport } = await import("@modelcontextprotocol/sdk/server/streamableHttp.js");
  const types = await import("@modelcontextprotocol/sdk/types.js");

  const unauthorized = (res: http.ServerResponse, why: string) => {
    res.writeHead(401, {
      "content-type": "application/json",
      "www-authenticate": `Bearer error="invalid_token", error_description="${why}", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    });
    res.end(JSON.stringify({ error: "invalid_token", error_description: why }));
  };

  server.on("request", async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    if (url.pathname.startsWith("/as/") || url.pathname === "/as") {
      // Mounted under /as: oidc-provider reads the mount point from originalUrl, as under Express.
      (req as http.IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      req.url = req.url!.slice(3) || "/";
      return asHandler(req, res);
    }
    if (url.pathname === "/.well-known/oauth-protected-resource/mcp") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ resource: mcpUrl, authorization_servers: [issuer], scopes_supported: ["mcp"] }));
    }
    if (url.pathname === "/test/revoke-all" && req.method === "POST") {
      for (const key of [...store.keys()]) if (REVOKED_MODELS.some((m) => key.startsWith(`${m}:`))) store.delete(key);
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname === "/test/grants") {
      const count = (model: string) => [...store.keys()].filter((k) => k.startsWith(`${model}:`)).length;
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ clients: count("Client"), refreshTokens: count("RefreshToken") }));
    }
    if (url.pathname === "/test/refresh-token") {
      // Opaque tokens are stored under their value: gone once revoked (or rotated).
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ known: store.has(`RefreshToken:${url.searchParams.get("token")}`) }));
    }
    if (url.pathname === "/test/reject-issued" && req.method === "POST") {
      notBefore = Math.floor(Date.now() / 1000) + 1;
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname !== "/mcp") {
      res.writeHead(404);
      return res.end();
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!token) return unauthorized(res, "an access token is required");
    let sub: string;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience: mcpUrl });
      if ((payload.iat ?? 0) < notBefore) return unauthorized(res, "the token was revoked");
      sub = String(payload.sub);
    } catch (err) {
      return unauthorized(res, (err as Error).message.replace(/"/g, "'"));
    }
    const mcp = new Server({ name: "oauth-protected", version: "1.0.0" }, { capabilities: { tools: {} } });
    mcp.setRequestHandler(types.ListToolsRequestSchema, () => ({
      tools: [{ name: "whoami", description: "Says who the access token was issued to.", inputSchema: { type: "object", properties: {} } }],
    }));
    mcp.setRequestHandler(types.CallToolRequestSchema, () => ({ content: [{ type: "text", text: `signed in as ${sub}` }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await mcp.connect(transport);
    res.on("close", () => void mcp.close());
    await transport.handleRequest(req, res);
  });
  console.log(JSON.stringify({ listening: (server.address() as AddressInfo).port }));
}

void main();
