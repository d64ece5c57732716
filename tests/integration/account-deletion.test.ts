import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { DELETE as userDELETE } from "@/app/api/user/route";
import { GET as subscriptionGET } from "@/app/api/user/subscription/route";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { encrypt } from "@/lib/crypto/encryption";
import { secretContext } from "@/lib/crypto/contexts";
import { db } from "@/lib/db";
import {
  gatewayRelay,
  serverOauth,
  gatewayServers,
  gatewaySessions,
  gateways,
  activityEvents,
  alertDeliveries,
  alertFlapStates,
  alertSilences,
  alertChannels,
  serverAlertChannels,
  maintenanceWindowServers,
  maintenanceWindows,
  analyticsEvents,
  apiTokens,
  contactMessages,
  incidents,
  incidentUpdates,
  inventoryItems,
  monitorChecks,
  monitorRollups,
  oauthAuthorizations,
  oauthClients,
  oauthGrants,
  oauthRefreshTokens,
  rateLimits,
  scanBaselines,
  scanFindings,
  findingDecisions,
  scans,
  serverEnv,
  serverHeaders,
  servers,
  statusPages,
  statusPageServers,
  supportMessages,
  supportTickets,
  workbenchCalls,
  workbenchServerRequests,
  workbenchSubscriptions,
} from "@/lib/db/schema";
import { ownedRows, schemaTables, SHARED_TABLES } from "@/lib/settings/user-data";
import { describeEachDatabase } from "../support/databases";
import { createUser, uniqueEmail, verifyEmail } from "../support/emulator";
import { call } from "../support/http";
import { signIn, signInAdmin } from "../support/sign-in";

/** A row in every table for `uid`, the way the features would leave them. */
async function fillEveryTable(uid: string, email: string) {
  const d = await db();
  const [server] = await d.insert(servers).values({ ownerUid: uid, name: `srv-${uid.slice(0, 6)}`, transport: "streamable-http", url: "https://mcp.example.com/mcp" }).returning({ id: servers.id });
  await d.insert(serverHeaders).values({ serverId: server.id, name: "Authorization", valueEnc: encrypt("Bearer very-secret-token", secretContext.serverHeader(server.id, "Authorization")), valueHint: "oken" });
  await d.insert(serverEnv).values({ serverId: server.id, name: "API_KEY", valueEnc: encrypt("sk-very-secret", secretContext.serverEnv(server.id, "API_KEY")) });
  await d.insert(inventoryItems).values({ serverId: server.id, kind: "tool", key: "echo", definition: { name: "echo" }, hash: "abc" });
  await d.insert(workbenchCalls).values({ userUid: uid, serverId: server.id, method: "tools/call", target: "echo", ok: true, durationMs: 5, summary: "ok" });
  await d.insert(activityEvents).values({ userUid: uid, action: "server.created", summary: "created", targetType: "server", targetId: server.id });
  await d.insert(analyticsEvents).values({ name: "page_view", userUid: uid, path: "/dashboard" });
  const [ticket] = await d.insert(supportTickets).values({ userUid: uid, serverId: server.id, subject: "Help", category: "question" }).returning({ id: supportTickets.id });
  await d.insert(supportMessages).values({ ticketId: ticket.id, authorUid: uid, authorRole: "user", body: "please" });
  await d.insert(contactMessages).values({ name: "Me", email, subject: "Hello", message: "from the contact form", senderUid: uid, ip: "203.0.113.9" });
  await d.insert(rateLimits).values({ key: `support:ticket:${uid}`, windowStart: new Date(), count: 1 });
  const now = new Date();
  await d.insert(monitorChecks).values({ serverId: server.id, dueAt: now, startedAt: now, trigger: "manual", result: "failed", reason: "refused" });
  await d.insert(monitorRollups).values({ serverId: server.id, hour: now, checks: 1, failed: 1 });
  const [incident] = await d.insert(incidents).values({ serverId: server.id, reason: "refused" }).returning({ id: incidents.id });
  await d.insert(incidentUpdates).values({ incidentId: incident.id, serverId: server.id, body: "looking into it" });
  await d.insert(alertDeliveries).values({ userUid: uid, serverId: server.id, incidentId: incident.id, channel: "email", event: "incident.opened", destination: email, payload: {} });
  const [page] = await d.insert(statusPages).values({ ownerUid: uid, slug: `page-${uid.slice(0, 8)}`, title: "Status" }).returning({ id: statusPages.id });
  await d.insert(statusPageServers).values({ pageId: page.id, serverId: server.id });
  const counts = { critical: 0, high: 1, medium: 0, low: 0, info: 0 };
  const [scan] = await d.insert(scans).values({ serverId: server.id, trigger: "manual", ruleSet: "full", rulesRun: 1, counts, definitionsHash: "h", durationMs: 1 }).returning({ id: scans.id });
  await d.insert(scanFindings).values({ scanId: scan.id, serverId: server.id, ruleId: "r", severity: "high", targetKind: "tool", targetName: "echo", evidence: "e", remediation: "r", fingerprint: "0123456789abcdef" });
  await d.insert(findingDecisions).values({ serverId: server.id, fingerprint: "0123456789abcdef", status: "accepted", reason: "known", decidedBy: uid, ruleId: "r", targetKind: "tool", targetName: "echo", targetPath: "" });
  await d.insert(scanBaselines).values({ serverId: server.id, pinnedBy: uid, items: [] });
  await d.insert(alertFlapStates).values({ serverId: server.id });
  await d.insert(alertSilences).values({ ownerUid: uid, serverId: server.id, reason: "Deploying" });
  const channelId = randomUUID();
  const slack = { url: "https://hooks.slack.com/services/T0/B0/very-secret" };
  await d.insert(alertChannels).values({ id: channelId, ownerUid: uid, name: "Team", kind: "slack", secretEnc: encrypt(JSON.stringify(slack), secretContext.alertChannel(channelId)), destination: "https://hooks.slack.com/services/…" });
  await d.insert(serverAlertChannels).values({ serverId: server.id, channels: [channelId] });
  const [window] = await d.insert(maintenanceWindows).values({ ownerUid: uid, startsAt: now, endsAt: new Date(now.getTime() + 3_600_000) }).returning({ id: maintenanceWindows.id });
  await d.insert(maintenanceWindowServers).values({ windowId: window.id, serverId: server.id });
  await d.insert(workbenchServerRequests).values({ id: randomUUID(), userUid: uid, instance: "workbench_answers_x", kind: "sampling", params: { messages: [] } });
  await d.insert(workbenchSubscriptions).values({ userUid: uid, serverId: server.id, uri: "demo://resource/1" });
  await d.insert(apiTokens).values({ userUid: uid, name: "CI", scope: "read", tokenHash: `hash-of-${uid}`, displayPrefix: "mcpc_abcd" });
  await d.insert(serverOauth).values({ serverId: server.id, status: "authorized", tokensEnc: encrypt("{}", secretContext.serverOauth(server.id, "tokens")) });
  const [gateway] = await d.insert(gateways).values({ ownerUid: uid, name: "Agents", slug: `agents-${uid.slice(0, 8).toLowerCase()}` }).returning({ id: gateways.id });
  await d.insert(gatewayServers).values({ gatewayId: gateway.id, serverId: server.id, position: 0, prefix: "srv" });
  const [session] = await d.insert(gatewaySessions).values({ gatewayId: gateway.id, clientName: "claude-code", protocolVersion: "2025-11-25" }).returning({ id: gatewaySessions.id });
  await d.insert(gatewayRelay).values({ sessionId: session.id, message: { jsonrpc: "2.0", method: "notifications/cancelled" } });
  // An app the user allowed on the gateway: its registration is the app's (shared), its grant and tokens the user's.
  const clientId = randomUUID();
  await d.insert(oauthClients).values({ clientId, kind: "registered", metadata: { client_name: "Agent", redirect_uris: ["http://127.0.0.1:7777/cb"] } });
  const [grant] = await d.insert(oauthGrants).values({ userUid: uid, clientId, gatewayId: gateway.id }).returning({ id: oauthGrants.id });
  await d.insert(oauthRefreshTokens).values({ tokenHash: randomUUID(), grantId: grant.id, expiresAt: new Date(Date.now() + 60_000) });
  await d.insert(oauthAuthorizations).values({ clientId, redirectUri: "http://127.0.0.1:7777/cb", codeChallenge: "c".repeat(43), userUid: uid, gatewayId: gateway.id, grantId: grant.id, expiresAt: new Date(Date.now() + 60_000) });
  return { serverId: server.id, ticketId: ticket.id, gatewayId: gateway.id, sessionId: session.id, grantId: grant.id };
}

/**
 * Every table of the database (not only the ones this code knows) with the
 * number of rows whose text mentions any of `needles` (a uid, an email, the
 * id of the user's server or ticket).
 */
async function rowsMentioning(...needles: string[]) {
  const d = await db();
  const tables = (await d.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as
    | { rows: { table_name: string }[] }
    | { table_name: string }[];
  const names = (Array.isArray(tables) ? tables : tables.rows).map((r) => r.table_name);
  const found: Record<string, number> = {};
  for (const name of names) {
    const mentions = sql.join(needles.map((n) => sql`t::text ilike ${`%${n}%`}`), sql` or `);
    const result = (await d.execute(sql`select count(*)::int as n from ${sql.identifier(name)} t where ${mentions}`)) as unknown as { rows: { n: number }[] } | { n: number }[];
    const n = (Array.isArray(result) ? result : result.rows)[0].n;
    if (n > 0) found[name] = n;
  }
  return { names, found };
}

describeEachDatabase("DELETE /api/user", () => {
  it("knows which rows of every table belong to a user", () => {
    const owner = { uid: "u", email: "e@example.com", emailVerified: true };
    const uncovered = schemaTables().filter(({ table }) => ownedRows(table, owner) === null).map((t) => t.name);
    expect(uncovered).toEqual(SHARED_TABLES);
  });

  it("asks for the typed email, then deletes every row of the user, the identity account and the session", async () => {
    const victim = await verifyEmail(await createUser(uniqueEmail("leaving")));
    const bystander = await createUser(uniqueEmail("staying"));
    const { cookie } = await signIn({ user: victim });
    await signIn({ user: bystander });
    const v = await fillEveryTable(victim.uid, victim.email);
    const b = await fillEveryTable(bystander.uid, bystander.email);
    const victimRows = () => rowsMentioning(victim.uid, victim.email, v.serverId, v.ticketId, v.gatewayId, v.sessionId, v.grantId);

    const before = await victimRows();
    // Every table of the schema holds something of the victim's, but those that hold nobody's.
    expect(Object.keys(before.found).sort()).toEqual(before.names.filter((n) => !n.startsWith("__drizzle") && !SHARED_TABLES.includes(n)).sort());

    const wrong = await call(userDELETE, "/api/user", { method: "DELETE", cookie, body: { confirm: "someone@else.example" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.details).toEqual([{ path: "confirm", message: "Type your email address exactly to confirm." }]);
    expect((await victimRows()).found).toEqual(before.found);

    const res = await call(userDELETE, "/api/user", { method: "DELETE", cookie, body: { confirm: victim.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true });
    expect(res.headers.getSetCookie().join(";")).toMatch(/mcp_session=;.*Max-Age=0/i);

    expect((await victimRows()).found).toEqual({});
    // The other user's rows are all still there.
    expect((await rowsMentioning(bystander.uid, bystander.email, b.serverId, b.ticketId, b.gatewayId, b.sessionId, b.grantId)).found).toEqual(before.found);

    await expect(adminAuth().getUser(victim.uid)).rejects.toMatchObject({ code: "auth/user-not-found" });
    // The old session cookie leads nowhere.
    expect((await call(subscriptionGET, "/api/user/subscription", { cookie })).status).toBe(401);
  });

  it("keeps contact messages that only name the user's address: anyone can type it, so they may be someone else's", async () => {
    const leaving = await signIn({ emailPrefix: "contact-leaving" });
    const d = await db();
    await d.insert(contactMessages).values([
      { name: "Me", email: leaving.email, subject: "Sent signed in", message: "mine", senderUid: leaving.uid },
      { name: "Someone", email: leaving.email, subject: "Typed my address", message: "theirs", ip: "198.51.100.7" },
    ]);
    const res = await call(userDELETE, "/api/user", { method: "DELETE", cookie: leaving.cookie, body: { confirm: leaving.email } });
    expect(res.status).toBe(200);
    const left = await d.select({ subject: contactMessages.subject }).from(contactMessages).where(eq(contactMessages.email, leaving.email));
    expect(left.map((m) => m.subject)).toEqual(["Typed my address"]);
  });

  it("keeps an administrator's answers in other users' threads, without their author", async () => {
    const admin = await signInAdmin({ emailPrefix: "support-admin" });
    const customer = await signIn({ emailPrefix: "customer" });
    const { ticketId } = await fillEveryTable(customer.uid, customer.email);
    const d = await db();
    await d.insert(supportMessages).values({ ticketId, authorUid: admin.uid, authorRole: "admin", body: "Here is how" });

    expect((await call(userDELETE, "/api/user", { method: "DELETE", cookie: admin.cookie, body: { confirm: admin.email } })).status).toBe(200);
    const thread = await d.select({ body: supportMessages.body, authorUid: supportMessages.authorUid, authorRole: supportMessages.authorRole }).from(supportMessages).where(sql`${supportMessages.ticketId} = ${ticketId}`);
    expect(thread).toEqual(expect.arrayContaining([{ body: "Here is how", authorUid: null, authorRole: "admin" }]));
    expect((await rowsMentioning(admin.uid)).found).toEqual({});
  });

  it("refuses without a session", async () => {
    expect((await call(userDELETE, "/api/user", { method: "DELETE", body: { confirm: "x@example.com" } })).status).toBe(401);
  });
});
