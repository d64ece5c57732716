import { and, eq } from "drizzle-orm";
import { GET as activityGET } from "@/app/api/activity/route";
import { POST as checkPOST } from "@/app/api/servers/[id]/check/route";
import { GET as listGET, POST as createPOST } from "@/app/api/servers/route";
import { DELETE as userDELETE } from "@/app/api/user/route";
import { DELETE as revokeDELETE } from "@/app/api/user/tokens/[id]/route";
import { GET as tokensGET, POST as tokensPOST } from "@/app/api/user/tokens/route";
import { db } from "@/lib/db";
import { activityEvents, apiTokens } from "@/lib/db/schema";
import { describeEachDatabase } from "../support/databases";
import { createUser, uniqueEmail, verifyEmail } from "../support/emulator";
import { call } from "../support/http";
import { startEverything, type RunningServer } from "../support/mcp-server";
import { signIn, type SignedIn } from "../support/sign-in";

let everything: RunningServer;
beforeAll(async () => {
  everything = await startEverything("streamableHttp");
}, 30_000);
afterAll(() => everything?.stop());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newToken(u: SignedIn, body: Record<string, unknown>) {
  const res = await call(tokensPOST, "/api/user/tokens", { cookie: u.cookie, body });
  expect(res.status).toBe(201);
  return res.json as { token: string; tokenInfo: { id: string; prefix: string } };
}

describeEachDatabase("personal API tokens", () => {
  it("is shown once, stored only as a hash, listed with its last use, and reads with a read scope", async () => {
    const u = await signIn({ plan: "pro" });
    const { token, tokenInfo } = await newToken(u, { name: "CI", scope: "read" });
    expect(token).toMatch(/^mcpc_[A-Za-z0-9_-]{43}$/);
    expect(tokenInfo).toMatchObject({ name: "CI", scope: "read", prefix: token.slice(0, 9), expiresAt: null, lastUsedAt: null });

    const stored = await (await db()).select().from(apiTokens).where(eq(apiTokens.userUid, u.uid));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token.slice(9));

    const listed = await call(listGET, "/api/servers", { headers: bearer(token) });
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual({ servers: [] });

    const tokens = await call(tokensGET, "/api/user/tokens", { cookie: u.cookie });
    expect(tokens.text).not.toContain(token);
    expect(tokens.json.tokens).toEqual([expect.objectContaining({ id: tokenInfo.id, lastUsedAt: expect.any(String) })]);

    // A read token does not write: 403, and nothing was created.
    const write = await call(createPOST, "/api/servers", { headers: bearer(token), body: { name: "X", transport: "sse", url: "https://x.example.com/sse" } });
    expect(write.status).toBe(403);
    expect(write.json).toMatchObject({ error: "forbidden", message: expect.stringMatching(/can only read/) });
    expect((await call(listGET, "/api/servers", { headers: bearer(token) })).json.servers).toEqual([]);

    // Every use is in the owner's activity log, with what came of it.
    const uses = await (await db())
      .select({ summary: activityEvents.summary })
      .from(activityEvents)
      .where(and(eq(activityEvents.userUid, u.uid), eq(activityEvents.action, "token.used")))
      .orderBy(activityEvents.createdAt);
    expect(uses.map((e) => e.summary)).toEqual([
      "API token CI: GET /api/servers → 200",
      "API token CI: POST /api/servers → 403",
      "API token CI: GET /api/servers → 200",
    ]);
  });

  it("writes with a read-and-write scope: lists servers and runs a check, as the curl of docs/api.md does", async () => {
    const u = await signIn({ plan: "pro" });
    const { token } = await newToken(u, { name: "deploy", scope: "write", expiresInDays: 30 });
    const created = await call(createPOST, "/api/servers", { headers: bearer(token), body: { name: "Everything", transport: "streamable-http", url: `${everything.origin}/mcp` } });
    expect(created.status).toBe(201);
    const check = await call(checkPOST, `/api/servers/${created.json.id}/check`, { method: "POST", headers: bearer(token), params: { id: created.json.id } });
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ status: "up", check: { result: "up", trigger: "manual" } });
  });

  it("cannot manage tokens or the account, and is refused at once when revoked", async () => {
    const u = await signIn();
    const { token, tokenInfo } = await newToken(u, { name: "all", scope: "write" });
    expect((await call(tokensGET, "/api/user/tokens", { headers: bearer(token) })).status).toBe(403);
    expect((await call(tokensPOST, "/api/user/tokens", { headers: bearer(token), body: { name: "more", scope: "write" } })).status).toBe(403);
    expect((await call(userDELETE, "/api/user", { method: "DELETE", headers: bearer(token), body: { confirm: u.email } })).status).toBe(403);

    // Another user cannot revoke it.
    const other = await signIn();
    expect((await call(revokeDELETE, `/api/user/tokens/${tokenInfo.id}`, { method: "DELETE", cookie: other.cookie, params: { id: tokenInfo.id } })).status).toBe(404);
    expect((await call(listGET, "/api/servers", { headers: bearer(token) })).status).toBe(200);

    const revoked = await call(revokeDELETE, `/api/user/tokens/${tokenInfo.id}`, { method: "DELETE", cookie: u.cookie, params: { id: tokenInfo.id } });
    expect(revoked.status).toBe(200);
    const refused = await call(listGET, "/api/servers", { headers: bearer(token) });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ error: "unauthenticated" });
    expect((await call(tokensGET, "/api/user/tokens", { cookie: u.cookie })).json.tokens).toEqual([]);
    const actions = (await call(activityGET, "/api/activity", { cookie: u.cookie })).json.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["token.created", "token.revoked"]));
  });

  it("refuses an expired token, an unknown one, and one of a deleted account", async () => {
    const u = await signIn({ user: await verifyEmail(await createUser(uniqueEmail("tokens"))) });
    const { token, tokenInfo } = await newToken(u, { name: "old", scope: "read", expiresInDays: 1 });
    await (await db()).update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, tokenInfo.id));
    const expired = await call(listGET, "/api/servers", { headers: bearer(token) });
    expect(expired.status).toBe(401);
    expect(expired.json.message).toMatch(/expired/);
    expect(expired.json.expired).toBeUndefined();
    expect((await call(listGET, "/api/servers", { headers: bearer("mcpc_not-a-real-token") })).status).toBe(401);

    const { token: live } = await newToken(u, { name: "live", scope: "write" });
    expect((await call(listGET, "/api/servers", { headers: bearer(live) })).status).toBe(200);
    expect((await call(userDELETE, "/api/user", { method: "DELETE", cookie: u.cookie, body: { confirm: u.email } })).status).toBe(200);
    expect((await call(listGET, "/api/servers", { headers: bearer(live) })).status).toBe(401);
  });

  it("is rate-limited per token", async () => {
    const u = await signIn();
    const { token } = await newToken(u, { name: "busy", scope: "read" });
    let last = await call(listGET, "/api/servers", { headers: bearer(token) });
    let n = 1;
    // 120 a minute; a fixed window can turn over once during the loop, so up to twice that may pass.
    while (last.status === 200 && n < 300) {
      last = await call(listGET, "/api/servers", { headers: bearer(token) });
      n += 1;
    }
    expect(last.status).toBe(429);
    expect(last.json.error).toBe("rate_limited");
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(n).toBeGreaterThan(120);
  });
});
