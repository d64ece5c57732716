import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { PLAN_IDS } from "../plans";

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
  (t) => [index("activity_events_user_created_idx").on(t.userUid, t.createdAt.desc(), t.id.desc())],
);

/** Fixed-window counters shared by every instance (rate limits live in the database). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export const serverTransport = pgEnum("server_transport", ["streamable-http", "sse"]);
export const serverStatus = pgEnum("server_status", ["unknown", "up", "degraded", "down", "paused"]);

export interface ServerInfo {
  name: string;
  title?: string;
  version: string;
  protocolVersion: string;
}
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
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    monitoringEnabled: boolean("monitoring_enabled").notNull().default(false),
    intervalSec: integer("interval_sec").notNull().default(900),
    status: serverStatus("status").notNull().default("unknown"),
    lastCheckAt: timestamp("last_check_at", { withTimezone: true }),
    latencyMs: integer("latency_ms"),
    serverInfo: jsonb("server_info").$type<ServerInfo>(),
    capabilities: jsonb("capabilities").$type<Record<string, unknown>>(),
    counts: jsonb("counts").$type<InventoryCounts>(),
    discoveredAt: timestamp("discovered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("servers_owner_name_idx").on(t.ownerUid, sql`lower(${t.name})`),
    index("servers_owner_created_idx").on(t.ownerUid, t.createdAt),
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

/** Messages from the public contact form; admins read them with support tickets. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  status: text("status").notNull().default("new"),
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
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt)],
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
