import { eq } from "drizzle-orm";
import { db } from "@/lib/db";
import {
  activityEvents,
  alertChannels,
  alertSilences,
  maintenanceWindowServers,
  maintenanceWindows,
  apiTokens,
  contactMessages,
  gatewayServers,
  gateways,
  oauthAuthorizations,
  oauthClients,
  oauthGrants,
  incidentUpdates,
  incidents,
  scanFindings,
  scans,
  servers,
  statusPageServers,
  statusPages,
  supportMessages,
  supportTickets,
  workbenchCalls,
} from "@/lib/db/schema";
import { sealSecret } from "@/lib/alerts/channels/config";
import { gatewayResource } from "@/lib/oauth-server/issuer";
import { fingerprintOf } from "@/lib/scanner/fingerprint";

/** One of each thing a user can own, by id: what the authorization matrix and the fuzzer point their paths at. */
export interface OwnedResources {
  uid: string;
  server: string;
  /** Where the server is: an MCP server that answers, when the caller gave one. */
  serverUrl: string;
  incident: string;
  scan: string;
  /** The stable id of a finding of that scan. */
  finding: string;
  statusPage: string;
  /** A maintenance window of the server, an hour from now. */
  maintenance: string;
  /** A pause of the server's alerts, in force. */
  silence: string;
  /** A notification channel (Slack). */
  alertChannel: string;
  ticket: string;
  activity: string;
  history: string;
  apiToken: string;
  /** A gateway that includes the server. */
  gateway: string;
  /** An OAuth app's grant to that gateway (Settings → Connected apps). */
  grant: string;
  /** An app's sign-in request for that gateway, waiting for the owner's answer. */
  authorization: string;
  /** Not owned by anyone: the public contact form's message, for the admin inbox. */
  contactMessage: string;
}

let counter = 0;

/** Writes one of each resource for `uid`, with its server at `serverUrl` (an unreachable address unless given). */
export async function createOwnedResources(uid: string, serverUrl = "http://127.0.0.1:9/mcp"): Promise<OwnedResources> {
  const d = await db();
  const n = ++counter;
  const [server] = await d
    .insert(servers)
    .values({ ownerUid: uid, name: `owned-${n}`, transport: "streamable-http", url: serverUrl })
    .returning({ id: servers.id });
  const [incident] = await d.insert(incidents).values({ serverId: server.id, reason: "Unreachable" }).returning({ id: incidents.id });
  await d.insert(incidentUpdates).values({ incidentId: incident.id, serverId: server.id, body: "Looking into it." });
  const [scan] = await d
    .insert(scans)
    .values({
      serverId: server.id,
      trigger: "manual",
      ruleSet: "full",
      rulesRun: 1,
      counts: { critical: 0, high: 0, medium: 0, low: 0, info: 0 },
      definitionsHash: "0",
      durationMs: 1,
    })
    .returning({ id: scans.id });
  const finding = { ruleId: "model-instructions", target: { kind: "tool" as const, name: "echo", path: "/description" }, evidence: "Ignore previous instructions" };
  await d.insert(scanFindings).values({
    scanId: scan.id,
    serverId: server.id,
    ruleId: finding.ruleId,
    severity: "critical",
    targetKind: finding.target.kind,
    targetName: finding.target.name,
    targetPath: finding.target.path,
    evidence: finding.evidence,
    remediation: "Remove it.",
    fingerprint: fingerprintOf(finding),
  });
  const [page] = await d
    .insert(statusPages)
    .values({ ownerUid: uid, slug: `owned-${uid.slice(0, 8).toLowerCase()}-${n}`, title: "Status" })
    .returning({ id: statusPages.id });
  await d.insert(statusPageServers).values({ pageId: page.id, serverId: server.id });
  const [maintenance] = await d
    .insert(maintenanceWindows)
    .values({ ownerUid: uid, startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000), note: "Upgrade" })
    .returning({ id: maintenanceWindows.id });
  await d.insert(maintenanceWindowServers).values({ windowId: maintenance.id, serverId: server.id });
  const [silence] = await d.insert(alertSilences).values({ ownerUid: uid, serverId: server.id, reason: "Deploying" }).returning({ id: alertSilences.id });
  const channelId = crypto.randomUUID();
  await d.insert(alertChannels).values({
    id: channelId,
    ownerUid: uid,
    name: "Ops",
    kind: "slack",
    settings: { kind: "slack" },
    secretEnc: sealSecret(channelId, { url: "https://hooks.slack.com/services/T0/B0/owned" }),
    destination: "https://hooks.slack.com/services/…",
  });
  const [ticket] = await d
    .insert(supportTickets)
    .values({ userUid: uid, subject: "Help", category: "question" })
    .returning({ id: supportTickets.id });
  await d.insert(supportMessages).values({ ticketId: ticket.id, authorUid: uid, authorRole: "user", body: "Hello" });
  const [activity] = await d
    .insert(activityEvents)
    .values({ userUid: uid, action: "server.create", summary: "Added a server" })
    .returning({ id: activityEvents.id });
  const [history] = await d
    .insert(workbenchCalls)
    .values({ userUid: uid, serverId: server.id, method: "ping", ok: true, durationMs: 1, summary: "pong" })
    .returning({ id: workbenchCalls.id });
  const [token] = await d
    .insert(apiTokens)
    .values({ userUid: uid, name: "CI", scope: "read", tokenHash: `hash-${uid}-${n}`, displayPrefix: "mcpc_test" })
    .returning({ id: apiTokens.id });
  const [gateway] = await d
    .insert(gateways)
    .values({ ownerUid: uid, name: `Gateway ${n}`, slug: `owned-${uid.slice(0, 8).toLowerCase()}-${n}` })
    .returning({ id: gateways.id });
  await d.insert(gatewayServers).values({ gatewayId: gateway.id, serverId: server.id, position: 0, prefix: "owned" });
  const clientId = `owned-client-${uid}-${n}`;
  await d.insert(oauthClients).values({ clientId, kind: "registered", metadata: { client_name: "Owned app", redirect_uris: ["http://127.0.0.1:7777/cb"] } });
  const [grant] = await d.insert(oauthGrants).values({ userUid: uid, clientId, gatewayId: gateway.id }).returning({ id: oauthGrants.id });
  const [slugRow] = await d.select({ slug: gateways.slug }).from(gateways).where(eq(gateways.id, gateway.id));
  const [authorization] = await d
    .insert(oauthAuthorizations)
    .values({ clientId, redirectUri: "http://127.0.0.1:7777/cb", codeChallenge: "c".repeat(43), resource: gatewayResource(slugRow.slug), expiresAt: new Date(Date.now() + 600_000) })
    .returning({ id: oauthAuthorizations.id });
  const [contact] = await d
    .insert(contactMessages)
    .values({ name: "Visitor", email: "visitor@example.com", subject: "Hi", message: "Hello there" })
    .returning({ id: contactMessages.id });
  return {
    uid,
    server: server.id,
    serverUrl,
    incident: incident.id,
    scan: scan.id,
    finding: fingerprintOf(finding),
    statusPage: page.id,
    maintenance: maintenance.id,
    silence: silence.id,
    alertChannel: channelId,
    ticket: ticket.id,
    activity: activity.id,
    history: history.id,
    apiToken: token.id,
    gateway: gateway.id,
    grant: grant.id,
    authorization: authorization.id,
    contactMessage: contact.id,
  };
}
