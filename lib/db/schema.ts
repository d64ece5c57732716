import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PLAN_IDS } from "../plans/table";
import type { ProtocolSetting } from "../mcp/protocol-revisions";
import type { ProtocolPrior, ServerInfo } from "../mcp/types";
import type { StdioConfig } from "../stdio/config";

export const userRole = pgEnum("user_role", ["user", "admin"]);
export const subscriptionPlan = pgEnum("subscription_plan", PLAN_IDS);

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** One row per identity-provider account, keyed by its uid. */
export const users = pgTable("users", {
  uid: text("uid").primaryKey(),
  email: text("email").notNull(),
  displayName: text("display_name").notNull(),
  photoUrl: text("photo_url"),
  emailVerified: boolean("email_verified").notNull().default(false),
  role: userRole("role").notNull().default("user"),
  subscriptionPlan: subscriptionPlan("subscription_plan").notNull().default("free tier"),
  subscriptionExpiresAt: timestamp("subscription_expires_at", { withTimezone: true }),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  /** Notification preferences (settings). The webhook secret is encrypted at rest. */
  emailAlerts: boolean("email_alerts").notNull().default(true),
  webhookUrl: text("webhook_url"),
  webhookSecretEnc: text("webhook_secret_enc"),
  /**
   * Sealed into every session cookie; a cookie of another version is refused.
   * Bumped to end every session of the user at once (sign-out, sign out
   * everywhere, a role change, the identity account disabled or its tokens revoked).
   */
  sessionVersion: integer("session_version").notNull().default(1),
  /** When the identity provider last confirmed the account is enabled and its tokens not revoked. */
  identityCheckedAt: timestamp("identity_checked_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * The audit trail: one row per user-visible action. Ordered by
 * (created_at, id) so that cursor pagination is stable under inserts.
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    summary: text("summary").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_events_user_created_idx").on(t.userUid, t.createdAt.desc(), t.id.desc()),
    // A gateway's call log and its charts read its events by time.
    index("activity_events_gateway_idx").on(t.targetId, t.createdAt.desc()).where(sql`${t.targetType} = 'gateway'`),
    // A server's Security tab reads the result guard's findings in what its calls returned, by time.
    index("activity_events_result_findings_idx")
      .on(sql`(${t.metadata}->>'serverId')`, t.createdAt.desc())
      .where(sql`${t.action} = 'gateway.result_flagged'`),
  ],
);

/** Fixed-window counters shared by every instance (rate limits live in the database). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export const serverTransport = pgEnum("server_transport", ["streamable-http", "sse", "stdio"]);
export const serverStatus = pgEnum("server_status", ["unknown", "up", "degraded", "down", "paused"]);

export interface InventoryCounts {
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
}

/** A registered MCP server. Names are unique per owner, case-insensitively. */
export const servers = pgTable(
  "servers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    transport: serverTransport("transport").notNull(),
    url: text("url").notNull(),
    /** "headers": the stored headers sign requests in; "oauth": the MCP authorization flow's tokens do (server_oauth). */
    authType: text("auth_type").$type<"headers" | "oauth">().notNull().default("headers"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    monitoringEnabled: boolean("monitoring_enabled").notNull().default(false),
    intervalSec: integer("interval_sec").notNull().default(900),
    status: serverStatus("status").notNull().default("unknown"),
    lastCheckAt: timestamp("last_check_at", { withTimezone: true }),
    latencyMs: integer("latency_ms"),
    serverInfo: jsonb("server_info").$type<ServerInfo>(),
    /** The protocol revision to speak: "auto" negotiates (the 2026-07-28 revision first, 2025 after); a revision pins it, for servers that misbehave when probed. */
    protocol: text("protocol").$type<ProtocolSetting>().notNull().default("auto"),
    /** What the last negotiation found, so a connection need not probe again: a modern server's `server/discover` result, or "legacy" (2025). Cleared when a call fails for a protocol reason. */
    protocolPrior: jsonb("protocol_prior").$type<ProtocolPrior>(),
    /** Transport "stdio": the package, its program and arguments (lib/stdio/config.ts); null for a remote server. Its env is in server_env. */
    stdio: jsonb("stdio").$type<StdioConfig>(),
    capabilities: jsonb("capabilities").$type<Record<string, unknown>>(),
    counts: jsonb("counts").$type<InventoryCounts>(),
    discoveredAt: timestamp("discovered_at", { withTimezone: true }),
    /** What the server tells its clients about itself at the handshake (scanned like a description). */
    instructions: text("instructions"),
    /** Hash of the tool definitions at the last discovery: a check that sees another one knows they changed. */
    toolsHash: text("tools_hash"),
    /** Monitoring: slower than this (handshake to ping) is `degraded`. */
    degradedThresholdMs: integer("degraded_threshold_ms").notNull().default(2000),
    /** Failed checks in a row; the second makes the server `down`. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** When the next scheduled check is due; null while monitoring is off or paused. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /** The instance that claimed the due check, until when: an expired lease is retaken. */
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("servers_owner_name_idx").on(t.ownerUid, sql`lower(${t.name})`),
    index("servers_owner_created_idx").on(t.ownerUid, t.createdAt),
    index("servers_next_check_idx").on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
  ],
);

/** A server's auth headers; values are AES-256-GCM ciphertext, never returned in full. */
export const serverHeaders = pgTable(
  "server_headers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    valueEnc: text("value_enc").notNull(),
    /** The last characters of the value, for the masked display. */
    valueHint: text("value_hint").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("server_headers_server_name_idx").on(t.serverId, sql`lower(${t.name})`)],
);

/** A stdio server's environment variables: its own configuration, secrets all (values encrypted, never returned: names only). */
export const serverEnv = pgTable(
  "server_env",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    valueEnc: text("value_enc").notNull(),
    ...timestamps,
  },
  // Variable names are case-sensitive, unlike header names.
  (t) => [uniqueIndex("server_env_server_name_idx").on(t.serverId, t.name)],
);

export const inventoryKind = pgEnum("inventory_kind", ["tool", "resource", "resource_template", "prompt"]);

/** What discovery found on a server: one row per definition, with its hash. */
export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    kind: inventoryKind("kind").notNull(),
    /** Tool or prompt name, resource URI or URI template. */
    key: text("key").notNull(),
    definition: jsonb("definition").$type<Record<string, unknown>>().notNull(),
    hash: text("hash").notNull(),
    discoveredAt: timestamp("discovered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inventory_items_server_kind_key_idx").on(t.serverId, t.kind, t.key)],
);

/** The workbench history: the last calls of each user, re-runnable. */
export const workbenchCalls = pgTable(
  "workbench_calls",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    method: text("method").notNull(),
    /** Tool or prompt name, or resource URI; null for ping. */
    target: text("target"),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    ok: boolean("ok").notNull(),
    durationMs: integer("duration_ms").notNull(),
    summary: text("summary").notNull(),
    /** The result (or error), truncated to a bounded size. */
    result: jsonb("result").$type<unknown>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("workbench_calls_user_created_idx").on(t.userUid, t.createdAt.desc())],
);

/**
 * A server's request (form input, sampling) waiting for the person during a
 * streamed workbench call, where several instances share one PostgreSQL: the
 * instance that receives the answer finds it here, stores the answer and
 * tells the `instance` holding the call (LISTEN/NOTIFY). Deleted once answered
 * or when the call ends.
 */
export const workbenchServerRequests = pgTable("workbench_server_requests", {
  id: uuid("id").primaryKey(),
  userUid: text("user_uid")
    .notNull()
    .references(() => users.uid, { onDelete: "cascade" }),
  /** The channel of the instance that holds the call. */
  instance: text("instance").notNull(),
  kind: text("kind").$type<"elicitation" | "sampling">().notNull(),
  params: jsonb("params").$type<Record<string, unknown>>().notNull(),
  /** What goes back to the server: a result, or a rejection; null until answered. */
  answer: jsonb("answer").$type<{ result: Record<string, unknown> } | { rejected: string }>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The resources a user subscribed to on a server from the workbench: kept
 * here rather than on one connection, so that whichever instance holds the
 * page's event stream subscribes its own connection to them.
 */
export const workbenchSubscriptions = pgTable(
  "workbench_subscriptions",
  {
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    uri: text("uri").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.serverId, t.uri] })],
);

/** Messages from the public contact form; admins read them with support tickets. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  status: text("status").notNull().default("new"),
  /** The account that was signed in when the message was sent; anyone can type any email address. */
  senderUid: text("sender_uid").references(() => users.uid, { onDelete: "set null" }),
  ip: text("ip"),
  userAgent: text("user_agent"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** First-party analytics, stored only with analytics consent. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    userUid: text("user_uid").references(() => users.uid, { onDelete: "cascade" }),
    userType: text("user_type").notNull().default("standard"),
    path: text("path"),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    utm: jsonb("utm").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // created_at alone: retention deletes the oldest first.
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt), index("analytics_events_created_idx").on(t.createdAt)],
);

export const ticketStatus = pgEnum("ticket_status", ["open", "answered", "closed"]);
export const ticketCategory = pgEnum("ticket_category", ["question", "bug", "billing", "feature", "security", "other"]);

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    serverId: uuid("server_id").references(() => servers.id, { onDelete: "set null" }),
    subject: text("subject").notNull(),
    category: ticketCategory("category").notNull(),
    status: ticketStatus("status").notNull().default("open"),
    ...timestamps,
  },
  (t) => [index("support_tickets_user_updated_idx").on(t.userUid, t.updatedAt.desc())],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** Null once the author's account is deleted (an admin's answer stays in the user's thread). */
    authorUid: text("author_uid").references(() => users.uid, { onDelete: "set null" }),
    authorRole: userRole("author_role").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_messages_ticket_created_idx").on(t.ticketId, t.createdAt)],
);

// ─── Monitoring ──────────────────────────────────────────────────────────────

export const checkResult = pgEnum("check_result", ["up", "degraded", "failed"]);

/**
 * One health check (handshake, ping, tools/list) of a server. `due_at` is the
 * scheduled time it ran for (for a manual check, when it was asked): unique
 * per server, so a check can never run twice for the same due time.
 */
export const monitorChecks = pgTable(
  "monitor_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    trigger: text("trigger").$type<"schedule" | "manual" | "discovery">().notNull(),
    result: checkResult("result").notNull(),
    /** Handshake to ping, in ms; null when the check failed before the ping answered. */
    latencyMs: integer("latency_ms"),
    connectMs: integer("connect_ms"),
    initializeMs: integer("initialize_ms"),
    pingMs: integer("ping_ms"),
    listMs: integer("list_ms"),
    /** McpFailureKind (refused, timeout, auth, …) of a failed or degraded check. */
    failureKind: text("failure_kind"),
    /** The reason in words a user understands. */
    reason: text("reason"),
    toolCount: integer("tool_count"),
    toolsChanged: boolean("tools_changed").notNull().default(false),
    /** The instance that ran it (for the two-instance tests and diagnosis). */
    instance: text("instance"),
  },
  // Unique on (server, due time) alone: with the id in it, the index would let a check land twice.
  (t) => [uniqueIndex("monitor_checks_server_due_idx").on(t.serverId, t.dueAt.desc())],
);

/**
 * Hourly rollups per server, kept up to date as checks land: uptime and
 * latency over any window are read from here, never by scanning raw checks.
 * `latencyHist` counts latencies in fixed buckets (lib/monitoring), so that
 * percentiles over many hours can be merged.
 */
export const monitorRollups = pgTable(
  "monitor_rollups",
  {
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    checks: integer("checks").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    degraded: integer("degraded").notNull().default(0),
    latencySumMs: bigint("latency_sum_ms", { mode: "number" }).notNull().default(0),
    latencyCount: integer("latency_count").notNull().default(0),
    latencyMaxMs: integer("latency_max_ms").notNull().default(0),
    latencyHist: integer("latency_hist").array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.hour] })],
);

/**
 * A server's outage: opened when it goes down, closed when it comes back.
 * The alert dispatcher claims incidents whose opening or closing has not been
 * notified yet (the `*_notified_at` columns are its outbox).
 */
export const incidents = pgTable(
  "incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    failureKind: text("failure_kind"),
    reason: text("reason").notNull(),
    failedChecks: integer("failed_checks").notNull().default(0),
    openedNotifiedAt: timestamp("opened_notified_at", { withTimezone: true }),
    closedNotifiedAt: timestamp("closed_notified_at", { withTimezone: true }),
  },
  (t) => [
    index("incidents_server_opened_idx").on(t.serverId, t.openedAt.desc(), t.id.desc()),
    uniqueIndex("incidents_one_open_idx").on(t.serverId).where(sql`${t.closedAt} is null`),
    index("incidents_to_notify_idx").on(t.openedAt).where(sql`${t.openedNotifiedAt} is null or (${t.closedAt} is not null and ${t.closedNotifiedAt} is null)`),
  ],
);

/** A note on an incident, shown on the owner's public status page. */
export const incidentUpdates = pgTable(
  "incident_updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    incidentId: uuid("incident_id")
      .notNull()
      .references(() => incidents.id, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("incident_updates_incident_idx").on(t.incidentId, t.createdAt)],
);

// ─── Alerts ──────────────────────────────────────────────────────────────────

export const alertChannel = pgEnum("alert_channel", ["email", "webhook", "slack", "discord", "teams", "pagerduty", "ntfy", "telegram"]);
/** `silenced`: not sent, because the owner paused alerts (lib/alerts/silences.ts); kept so the list says so. */
export const deliveryStatus = pgEnum("delivery_status", ["pending", "delivered", "failed", "silenced"]);

/**
 * Every alert sent (or being sent) to a user: its channel, event and payload,
 * the attempts so far and the last answer. Pending rows are claimed with a
 * lease and retried with backoff until delivered or out of attempts.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    serverId: uuid("server_id").references(() => servers.id, { onDelete: "cascade" }),
    incidentId: uuid("incident_id").references(() => incidents.id, { onDelete: "set null" }),
    channel: alertChannel("channel").notNull(),
    event: text("event").notNull(),
    /** Where it goes: the email address or the webhook URL at the time of the alert; a channel's masked destination. */
    destination: text("destination").notNull(),
    /** The notification channel it goes to (lib/alerts/channels); null for the account's email and settings webhook. */
    channelId: uuid("channel_id").references(() => alertChannels.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: deliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    responseStatus: integer("response_status"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("alert_deliveries_user_created_idx").on(t.userUid, t.createdAt.desc(), t.id.desc()),
    index("alert_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("alert_deliveries_channel_idx").on(t.channelId, t.createdAt.desc()).where(sql`${t.channelId} is not null`),
  ],
);

/**
 * An account's notification channels besides its email address and settings
 * webhook (lib/alerts/channels). `settings` holds what may be shown; what
 * grants access to the destination is in `secretEnc` (JSON, encrypted with
 * the row's context), and `destination` is its masked form.
 */
export const alertChannels = pgTable(
  "alert_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: alertChannel("kind").notNull(),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    secretEnc: text("secret_enc").notNull(),
    destination: text("destination").notNull(),
    ...timestamps,
  },
  (t) => [index("alert_channels_owner_idx").on(t.ownerUid, t.createdAt)],
);

/**
 * A server that alerts only some of its owner's channels: their keys
 * (`email`, `webhook` or a channel's id). No row: all of them. A deleted
 * channel's key stays until the choice is saved again and is skipped.
 */
export const serverAlertChannels = pgTable("server_alert_channels", {
  serverId: uuid("server_id")
    .primaryKey()
    .references(() => servers.id, { onDelete: "cascade" }),
  channels: jsonb("channels").$type<string[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per server, whether its alerts are summarised because it flaps
 * (lib/alerts/flapping.ts). The row is also what the dispatcher locks to
 * handle one server's incidents in one place at a time.
 */
export const alertFlapStates = pgTable(
  "alert_flap_states",
  {
    serverId: uuid("server_id")
      .primaryKey()
      .references(() => servers.id, { onDelete: "cascade" }),
    /** Null while the server's changes are alerted one by one. */
    flappingSince: timestamp("flapping_since", { withTimezone: true }),
    /** The last opening or closing the dispatcher handled (its time, not the handling's). */
    lastChangeAt: timestamp("last_change_at", { withTimezone: true }),
    /** The last flapping alert or summary sent. */
    lastSummaryAt: timestamp("last_summary_at", { withTimezone: true }),
    /** Openings and closings not alerted since that summary. */
    changesSinceSummary: integer("changes_since_summary").notNull().default(0),
    /** When a summary or the "stable again" alert may be due; null when not flapping. */
    reviewAt: timestamp("review_at", { withTimezone: true }),
  },
  (t) => [index("alert_flap_states_review_idx").on(t.reviewAt).where(sql`${t.reviewAt} is not null`)],
);

/**
 * Alerts paused by their owner: for one server, or for all of them when
 * `serverId` is null, until `endsAt` (null: until resumed). Resuming sets
 * `endedAt`; the row stays as the record of who paused them and why.
 */
export const alertSilences = pgTable(
  "alert_silences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    serverId: uuid("server_id").references(() => servers.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("alert_silences_owner_idx").on(t.ownerUid).where(sql`${t.endedAt} is null`)],
);

// ─── Maintenance ─────────────────────────────────────────────────────────────

/**
 * A maintenance window an owner schedules for some of their servers: checks
 * in it open no incident (so nothing is alerted), and the status pages
 * listing those servers announce it.
 */
export const maintenanceWindows = pgTable(
  "maintenance_windows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("maintenance_windows_owner_idx").on(t.ownerUid, t.startsAt)],
);

export const maintenanceWindowServers = pgTable(
  "maintenance_window_servers",
  {
    windowId: uuid("window_id")
      .notNull()
      .references(() => maintenanceWindows.id, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.windowId, t.serverId] }), index("maintenance_window_servers_server_idx").on(t.serverId)],
);

// ─── Public status pages ─────────────────────────────────────────────────────

/** A user's published status page at /status/{slug}. */
export const statusPages = pgTable(
  "status_pages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    published: boolean("published").notNull().default(true),
    /** Whether the servers' URLs appear on the page (never their headers). */
    showUrls: boolean("show_urls").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("status_pages_slug_idx").on(sql`lower(${t.slug})`), index("status_pages_owner_idx").on(t.ownerUid)],
);

export const statusPageServers = pgTable(
  "status_page_servers",
  {
    pageId: uuid("page_id")
      .notNull()
      .references(() => statusPages.id, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.serverId] })],
);

// ─── Scanner ─────────────────────────────────────────────────────────────────

export const findingSeverity = pgEnum("finding_severity", ["critical", "high", "medium", "low", "info"]);

/** One scan of a server's definitions and connection, with its counts by severity. */
export const scans = pgTable(
  "scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    trigger: text("trigger").$type<"manual" | "discovery" | "check">().notNull(),
    /** "basic" (the free tier's rules) or "full". */
    ruleSet: text("rule_set").$type<"basic" | "full">().notNull(),
    rulesRun: integer("rules_run").notNull(),
    rulesSkipped: integer("rules_skipped").notNull().default(0),
    counts: jsonb("counts").$type<Record<"critical" | "high" | "medium" | "low" | "info", number>>().notNull(),
    /** Hash of every definition scanned: the same definitions give the same hash. */
    definitionsHash: text("definitions_hash").notNull(),
    durationMs: integer("duration_ms").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("scans_server_created_idx").on(t.serverId, t.createdAt.desc(), t.id.desc())],
);

export const scanFindings = pgTable(
  "scan_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    scanId: uuid("scan_id")
      .notNull()
      .references(() => scans.id, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    ruleId: text("rule_id").notNull(),
    severity: findingSeverity("severity").notNull(),
    targetKind: text("target_kind").notNull(),
    targetName: text("target_name").notNull(),
    /** JSON pointer inside the definition, e.g. /inputSchema/properties/path/description. */
    targetPath: text("target_path").notNull().default(""),
    /** The excerpt, with invisible characters made visible. */
    evidence: text("evidence").notNull(),
    remediation: text("remediation").notNull(),
    /** For rug pulls: what changed since the pinned baseline. */
    diff: jsonb("diff").$type<unknown>(),
    /**
     * The finding's stable id across scans (lib/scanner/fingerprint.ts): a hash
     * of the rule, target, JSON pointer and evidence. Decisions about a finding
     * (finding_decisions) and SARIF's partialFingerprints use it.
     */
    fingerprint: text("fingerprint").notNull(),
  },
  // By server and stable id: where a finding was seen, and which of a server's findings a decision covers.
  (t) => [index("scan_findings_scan_idx").on(t.scanId), index("scan_findings_server_fingerprint_idx").on(t.serverId, t.fingerprint)],
);

export const findingDecisionStatus = pgEnum("finding_decision_status", ["accepted", "false_positive"]);

/**
 * What the owner decided about a finding of one server, by its stable id, so
 * that the decision holds for every later scan that finds the same thing.
 * Reopening deletes the row (the activity log keeps the history). The rule
 * and target are copied so that a decision can be described once its finding
 * is no longer found.
 */
export const findingDecisions = pgTable(
  "finding_decisions",
  {
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    status: findingDecisionStatus("status").notNull(),
    /** Why: required to accept, optional for a false positive. */
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => users.uid, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    ruleId: text("rule_id").notNull(),
    targetKind: text("target_kind").notNull(),
    targetName: text("target_name").notNull(),
    targetPath: text("target_path").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.fingerprint] })],
);

/** The pinned definitions of a server (rug-pull baseline): kind, key, canonical hash and the whole definition. */
export const scanBaselines = pgTable("scan_baselines", {
  serverId: uuid("server_id")
    .primaryKey()
    .references(() => servers.id, { onDelete: "cascade" }),
  pinnedAt: timestamp("pinned_at", { withTimezone: true }).notNull().defaultNow(),
  pinnedBy: text("pinned_by").references(() => users.uid, { onDelete: "set null" }),
  items: jsonb("items").$type<{ kind: string; key: string; hash: string; definition: Record<string, unknown> }[]>().notNull(),
});

export const apiTokenScope = pgEnum("api_token_scope", ["read", "write", "gateway"]);

/**
 * Personal API tokens for scripts and CI. Only a SHA-256 hash of the token is
 * stored (the token is 256 random bits, so a slow hash adds nothing); its
 * first characters are kept to tell tokens apart in the list. Revoking
 * deletes the row, so the next request with it is refused.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: apiTokenScope("scope").notNull(),
    /** A `gateway` token limited to one gateway; null: every gateway of its owner. */
    gatewayId: uuid("gateway_id").references(() => gateways.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The token's prefix and first random characters, shown in the list. */
    displayPrefix: text("display_prefix").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_tokens_hash_idx").on(t.tokenHash), index("api_tokens_user_idx").on(t.userUid, t.createdAt)],
);

// ─── Gateways ────────────────────────────────────────────────────────────────

/** Which items of one kind a gateway exposes from a server: all (null), an allow list or a deny list (lib/gateways/schema.ts checks it). */
type ItemFilter = { allow?: string[]; deny?: string[] };

/**
 * One MCP endpoint that serves the chosen servers of its owner, filtered,
 * namespaced and guarded by the scanner's findings and the pinned baselines.
 * The slug is the endpoint's path (/mcp/{slug}), unique across owners.
 */
export const gateways = pgTable(
  "gateways",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerUid: text("owner_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** An open finding at or above this severity hides an item; "off" blocks nothing. */
    blockSeverity: text("block_severity").$type<"critical" | "high" | "medium" | "low" | "off">().notNull().default("high"),
    /** An item whose definition differs from its approved one is hidden until approved. */
    quarantineChanged: boolean("quarantine_changed").notNull().default(true),
    /** The result guard: what a finding of each kind in what a call returns does (block, redact, flag or off). */
    resultInstructions: text("result_instructions").$type<"block" | "redact" | "flag" | "off">().notNull().default("redact"),
    resultSecrets: text("result_secrets").$type<"block" | "redact" | "flag" | "off">().notNull().default("redact"),
    /** A result the guard could not read within its budget: refused ("block") or delivered marked as not checked ("deliver"). */
    resultUnchecked: text("result_unchecked").$type<"block" | "deliver">().notNull().default("block"),
    ...timestamps,
  },
  (t) => [uniqueIndex("gateways_slug_idx").on(t.slug), uniqueIndex("gateways_owner_name_idx").on(t.ownerUid, sql`lower(${t.name})`)],
);

/** A server included in a gateway, with its namespace prefix and what of it is exposed. */
export const gatewayServers = pgTable(
  "gateway_servers",
  {
    gatewayId: uuid("gateway_id")
      .notNull()
      .references(() => gateways.id, { onDelete: "cascade" }),
    serverId: uuid("server_id")
      .notNull()
      .references(() => servers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prefix: text("prefix").notNull(),
    tools: jsonb("tools").$type<ItemFilter>(),
    prompts: jsonb("prompts").$type<ItemFilter>(),
    resources: jsonb("resources").$type<ItemFilter>(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.serverId] }), uniqueIndex("gateway_servers_prefix_idx").on(t.gatewayId, t.prefix), index("gateway_servers_server_idx").on(t.serverId)],
);

/**
 * An MCP session with a gateway, kept in the database so that any instance
 * behind the load balancer serves its next request: what the client said of
 * itself at initialize, and the token that opened it (revoking the token ends it).
 */
export const gatewaySessions = pgTable(
  "gateway_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    gatewayId: uuid("gateway_id")
      .notNull()
      .references(() => gateways.id, { onDelete: "cascade" }),
    tokenId: uuid("token_id").references(() => apiTokens.id, { onDelete: "cascade" }),
    /** Set for a client that signed in with OAuth: the session lasts as long as the grant, across refreshes. */
    grantId: uuid("grant_id").references((): AnyPgColumn => oauthGrants.id, { onDelete: "cascade" }),
    clientName: text("client_name").notNull().default(""),
    clientVersion: text("client_version").notNull().default(""),
    clientCapabilities: jsonb("client_capabilities").$type<Record<string, unknown>>().notNull().default({}),
    protocolVersion: text("protocol_version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("gateway_sessions_gateway_idx").on(t.gatewayId),
    index("gateway_sessions_seen_idx").on(t.lastSeenAt),
    // A credential's sessions: counted against its cap at initialize, and ended with it.
    index("gateway_sessions_token_idx").on(t.tokenId),
    index("gateway_sessions_grant_idx").on(t.grantId),
  ],
);

/**
 * A question a server asked a gateway's client during a call (elicitation,
 * sampling, roots), stored under the id it was sent with before it leaves:
 * the client's answer, posted on its session to another instance than the
 * one holding the call, fills `message`, is announced by id, and is taken
 * by the instance that asked (lib/gateways/endpoint/relay.ts).
 */
export const gatewayRelay = pgTable("gateway_relay", {
  id: uuid("id").primaryKey().defaultRandom(),
  sessionId: uuid("session_id").notNull(),
  /** The answer; null while it is awaited. */
  message: jsonb("message").$type<Record<string, unknown>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ─── Servers behind OAuth ────────────────────────────────────────────────────

/**
 * A server's OAuth state as a client of its authorization server: the
 * client registration and the tokens (encrypted, bound to this row like
 * header values), the discovery results (public metadata), the
 * authorization in progress (its PKCE verifier, encrypted, and the hash of
 * its `state`, bound to the person who started it and short-lived), and the
 * lease that lets one instance at a time refresh the tokens.
 */
export const serverOauth = pgTable("server_oauth", {
  serverId: uuid("server_id")
    .primaryKey()
    .references(() => servers.id, { onDelete: "cascade" }),
  status: text("status").$type<"authorization_required" | "authorized" | "reauthorization_required">().notNull().default("authorization_required"),
  /** Why authorization is required again, in words. */
  reason: text("reason"),
  clientEnc: text("client_enc"),
  discovery: jsonb("discovery").$type<Record<string, unknown>>(),
  tokensEnc: text("tokens_enc"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  lastRefreshAt: timestamp("last_refresh_at", { withTimezone: true }),
  verifierEnc: text("verifier_enc"),
  stateHash: text("state_hash"),
  stateUid: text("state_uid"),
  stateExpiresAt: timestamp("state_expires_at", { withTimezone: true }),
  refreshLeaseUntil: timestamp("refresh_lease_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ─── The console as the authorization server of its gateways ────────────────

/**
 * An MCP client known to the console's authorization server: registered
 * (RFC 7591; a confidential client's secret kept as a hash)
 * or described by a Client ID Metadata Document at an https URL, its id,
 * kept here after it was fetched and read again when it is a day old.
 */
export const oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  kind: text("kind").$type<"registered" | "metadata_document">().notNull(),
  /** The client's metadata (RFC 7591 fields), never its secret. */
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull(),
  secretHash: text("secret_hash"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  fetchedAt: timestamp("fetched_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An authorization request, from the moment a client sends the person's
 * browser to the console until its code is exchanged: what the client asked
 * for, then the person's answer (who allowed it, for which gateway), then
 * the code's hash, used once.
 */
export const oauthAuthorizations = pgTable(
  "oauth_authorizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    redirectUri: text("redirect_uri").notNull(),
    codeChallenge: text("code_challenge").notNull(),
    state: text("state"),
    /** The `resource` the client named (RFC 8707): a gateway's URL, or null when it named none. */
    resource: text("resource"),
    scopes: text("scopes").notNull().default(""),
    userUid: text("user_uid").references(() => users.uid, { onDelete: "cascade" }),
    gatewayId: uuid("gateway_id").references(() => gateways.id, { onDelete: "cascade" }),
    codeHash: text("code_hash"),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The grant the code's exchange made: revoked if the code is presented again. */
    grantId: uuid("grant_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("oauth_authorizations_code_idx").on(t.codeHash), index("oauth_authorizations_expiry_idx").on(t.expiresAt)],
);

/** What a person allowed one client to do: open one of their gateways, until revoked. */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userUid: text("user_uid")
      .notNull()
      .references(() => users.uid, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    gatewayId: uuid("gateway_id")
      .notNull()
      .references(() => gateways.id, { onDelete: "cascade" }),
    scopes: text("scopes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("oauth_grants_user_idx").on(t.userUid, t.createdAt)],
);

/**
 * A grant's refresh tokens, by hash. Each is used once: its exchange marks
 * it used and issues the next (rotation); one presented again after its use
 * revokes the grant (it was stolen, or copied).
 */
export const oauthRefreshTokens = pgTable(
  "oauth_refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("oauth_refresh_tokens_grant_idx").on(t.grantId), index("oauth_refresh_tokens_expiry_idx").on(t.expiresAt)],
);
