import { eq } from "drizzle-orm";
import { GET as exportGET } from "@/app/api/user/export/route";
import { PATCH as settingsPATCH } from "@/app/api/user/settings/route";
import { POST as tokensPOST } from "@/app/api/user/tokens/route";
import { encrypt } from "@/lib/crypto/encryption";
import { secretContext } from "@/lib/crypto/contexts";
import { db } from "@/lib/db";
import { apiTokens, contactMessages, serverHeaders, servers, supportMessages, supportTickets } from "@/lib/db/schema";
import { getTableColumns } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { schemaTables, SECRET_DERIVED_COLUMNS } from "@/lib/settings/user-data";
import { describeEachDatabase } from "../support/databases";
import { createUser, uniqueEmail, verifyEmail } from "../support/emulator";
import { call } from "../support/http";
import { signIn } from "../support/sign-in";

async function withServer(uid: string, token: string) {
  const d = await db();
  const [server] = await d.insert(servers).values({ ownerUid: uid, name: `srv-${uid.slice(0, 5)}`, transport: "sse", url: "https://mcp.example.com/sse" }).returning({ id: servers.id });
  await d.insert(serverHeaders).values({ serverId: server.id, name: "Authorization", valueEnc: encrypt(token, secretContext.serverHeader(server.id, "Authorization")), valueHint: token.slice(-4) });
  const [ticket] = await d.insert(supportTickets).values({ userUid: uid, subject: "Hi", category: "other" }).returning({ id: supportTickets.id });
  await d.insert(supportMessages).values({ ticketId: ticket.id, authorUid: uid, authorRole: "user", body: "hello there" });
  return server.id;
}

describeEachDatabase("GET /api/user/export", () => {
  it("downloads every row of the user in every table as JSON, with secrets masked and nothing of anyone else", async () => {
    const me = await verifyEmail(await createUser(uniqueEmail("mine")));
    const other = await createUser(uniqueEmail("theirs"));
    const { cookie } = await signIn({ user: me });
    await signIn({ user: other });
    const myServer = await withServer(me.uid, "Bearer my-own-secret-token-1234");
    await withServer(other.uid, "Bearer someone-elses-token-9876");
    await (await db()).insert(contactMessages).values([
      { name: "Me", email: me.email, subject: "From me", message: "contact form", senderUid: me.uid, ip: "203.0.113.5", userAgent: "my browser" },
      { name: "Someone", email: me.email, subject: "Names me", message: "typed my address", ip: "198.51.100.66", userAgent: "their browser" },
      { name: "Other", email: other.email, subject: "From them", message: "contact form" },
    ]);
    const secret = (await call(settingsPATCH, "/api/user/settings", { method: "PATCH", cookie, body: { webhookUrl: "https://hooks.example.com/me" } })).json.webhookSecret;

    const res = await call(exportGET, "/api/user/export", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="mcp-console-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.text);
    expect(data).toMatchObject({ format: "mcp-console-user-data/1", uid: me.uid });
    expect(Object.keys(data.tables).sort()).toEqual(schemaTables().map((t) => t.name).sort());

    const [user] = data.tables.users;
    expect(user).toMatchObject({ uid: me.uid, email: me.email, webhookUrl: "https://hooks.example.com/me", webhookSecret: "••••••••" });
    expect(user.webhookSecretEnc).toBeUndefined();
    expect(data.tables.servers.map((s: { id: string }) => s.id)).toEqual([myServer]);
    expect(data.tables.server_headers).toEqual([expect.objectContaining({ name: "Authorization", value: "••••••••1234", valueHint: "1234" })]);
    expect(data.tables.support_tickets).toHaveLength(1);
    expect(data.tables.support_messages.map((m: { body: string }) => m.body)).toEqual(["hello there"]);
    const contact = Object.fromEntries(data.tables.contact_messages.map((m: { subject: string }) => [m.subject, m]));
    expect(Object.keys(contact).sort()).toEqual(["From me", "Names me"]);
    expect(contact["From me"]).toMatchObject({ ip: "203.0.113.5", userAgent: "my browser" });
    // Sent by whoever typed the address: the sender's network details are not the user's to see.
    expect(contact["Names me"]).not.toHaveProperty("ip");
    expect(contact["Names me"]).not.toHaveProperty("userAgent");
    expect(data.tables.activity_events.map((e: { action: string }) => e.action).sort()).toEqual(["auth.sign_in", "settings.updated"]);

    // Never decrypted, never anyone else's.
    for (const leak of [secret, "my-own-secret-token", "v1.", "v2.", other.uid, other.email, "someone-elses", "198.51.100.66", "their browser"]) expect(res.text).not.toContain(leak);
  });

  it("leaves out contact messages sent with an address the user has not verified", async () => {
    const me = await createUser(uniqueEmail("unverified"));
    const { cookie } = await signIn({ user: me });
    await (await db()).insert(contactMessages).values({ name: "?", email: me.email, subject: "Claimed", message: "anyone can type any address" });
    const data = JSON.parse((await call(exportGET, "/api/user/export", { cookie })).text);
    expect(data.tables.contact_messages).toEqual([]);
    await (await db()).delete(contactMessages).where(eq(contactMessages.email, me.email));
  });

  it("needs a session", async () => {
    expect((await call(exportGET, "/api/user/export")).status).toBe(401);
  });
});

/**
 * Columns whose names look secret but hold none, each with the reason; any
 * other such column must be left out (SECRET_DERIVED_COLUMNS) or encrypted
 * (`_enc`, masked in the export).
 */
const NOT_SECRET: Record<string, string> = {
  "servers.tools_hash": "a hash of the server's public tool list",
  "inventory_items.hash": "a hash of a definition the server shows any client",
  "scans.definitions_hash": "a hash of the definitions scanned",
  "server_headers.value_hint": "the last characters shown masked in the console, as the owner sees them",
  "api_tokens.display_prefix": "the token's prefix and first characters, shown in the token list",
  "rate_limits.key": "a counter's scope and the user's uid",
  "inventory_items.key": "a definition's name or URI",
  "gateway_servers.prefix": "the namespace a gateway gives a server's tools",
  "gateway_sessions.token_id": "the id of the token that opened the session, not the token",
  "gateways.result_secrets": "what the gateway's result guard does with a secret it finds (block, redact, flag or off)",
};
const SECRET_LOOKING = /hash|secret|token|password|_enc$|hint|signature|prefix|^key$/;

describeEachDatabase("token hashes in the export", () => {
  it("a read token downloads the account export without any token's hash, ciphertext or signing secret", async () => {
    const me = await signIn();
    const created = await call(tokensPOST, "/api/user/tokens", { cookie: me.cookie, body: { name: "CI", scope: "read" } });
    expect(created.status).toBe(201);
    const token = created.json.token as string;
    await withServer(me.uid, "Bearer header-secret-value-5678");
    const secret = (await call(settingsPATCH, "/api/user/settings", { method: "PATCH", cookie: me.cookie, body: { webhookUrl: "https://hooks.example.com/t" } })).json.webhookSecret;
    const [stored] = await (await db()).select({ tokenHash: apiTokens.tokenHash }).from(apiTokens).where(eq(apiTokens.userUid, me.uid));

    const res = await call(exportGET, "/api/user/export", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const data = JSON.parse(res.text);
    expect(data.tables.api_tokens).toEqual([expect.objectContaining({ name: "CI", scope: "read", displayPrefix: token.slice(0, 9) })]);
    expect(data.tables.api_tokens[0]).not.toHaveProperty("tokenHash");
    for (const leak of [stored.tokenHash, token, token.slice(9), secret, "header-secret-value", "v1.", "v2."]) expect(res.text).not.toContain(leak);
  });

  it("leaves out or masks every column of every exported table whose name says it may hold a secret", () => {
    const uncovered: string[] = [];
    for (const { name, table } of schemaTables()) {
      for (const column of Object.values(getTableColumns(table)) as PgColumn[]) {
        const id = `${name}.${column.name}`;
        if (!SECRET_LOOKING.test(column.name) || id in NOT_SECRET || column.name.endsWith("_enc")) continue;
        if (!SECRET_DERIVED_COLUMNS[name]?.includes(column.name)) uncovered.push(id);
      }
    }
    expect(uncovered).toEqual([]);
  });
});
