import { z } from "zod";
import { DEFAULT_DEMO_MCP_PORT, DEFAULT_EMULATOR_HOST, DEFAULT_PROJECT_ID, demoAccountsOn, isLocalMode } from "./env-rules.mjs";

/**
 * Every environment variable the service reads, validated once.
 *
 * "Local mode" is an identity project id starting with `demo-`: the Firebase
 * Auth Emulator is the identity provider and every secret has a local default,
 * so a fresh clone runs with no configuration. Anything else is a real
 * deployment, which refuses to start without its secrets.
 */

const emailList = z
  .string()
  .default("")
  .transform((s) =>
    s
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of email addresses" })));

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s === undefined || s.trim() === "" ? undefined : s.trim()));

const base64Key = z
  .string()
  .refine((s) => Buffer.from(s, "base64").length === 32, {
    message: "must be 32 bytes encoded in base64 (openssl rand -base64 32)",
  });

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: optionalString.pipe(z.url({ message: "must be an absolute URL such as https://console.example.com" }).optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SESSION_SECRET_PREVIOUS: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  SESSION_MAX_AGE_SEC: z.coerce.number().int().min(60).max(30 * 24 * 3600).default(7 * 24 * 3600),
  ENCRYPTION_KEY: optionalString.pipe(base64Key.optional()),
  ENCRYPTION_KEY_PREVIOUS: optionalString.pipe(base64Key.optional()),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id (lower-case letters, digits and dashes)")
    .default(DEFAULT_PROJECT_ID),
  FIREBASE_API_KEY: optionalString.pipe(
    z.string().refine((s) => !s.includes(":"), { message: "must not contain a colon" }).optional(),
  ),
  FIREBASE_AUTH_DOMAIN: optionalString,
  FIREBASE_MESSAGING_SENDER_ID: optionalString,
  FIREBASE_APP_ID: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString.pipe(
    z
      .string()
      .regex(/^[\w.-]+:\d{1,5}$/, "must be host:port, for example 127.0.0.1:9099")
      .optional(),
  ),
  AUTH_SYNC_URL: optionalString.pipe(z.url({ message: "must be an absolute URL" }).optional()),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, for example smtps://user:password@mail.example.com")
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default("MCP Console <no-reply@localhost>"),
  TRUST_PROXY: z.coerce.number({ message: "must be a whole number" }).int("must be a whole number").min(0).max(10).default(0),
  AUTH_EMULATOR_IN_PRODUCTION: z.enum(["allow"], { message: "must be allow, or unset" }).optional(),
  OUTBOUND_ALLOW_PRIVATE: z.enum(["true", "false"], { message: "must be true or false" }).default("false"),
  DEMO_MCP_PORT: z.coerce.number().int().min(1).max(65535).default(DEFAULT_DEMO_MCP_PORT),
  DEMO_ACCOUNTS: z.enum(["on", "off"], { message: "must be on or off" }).optional(),
  MONITOR_SCHEDULER: z.enum(["true", "false"], { message: "must be true or false" }).default("true"),
  MONITOR_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  // A claim must outlive the longest check (10 s by default), or another instance would run it again.
  MONITOR_LEASE_SEC: z.coerce.number().int().min(15).max(3600).default(60),
  // Under the 60 s after which MCP clients (the SDK's default) stop waiting themselves.
  GATEWAY_CALL_TIMEOUT_SEC: z.coerce.number().int().min(1).max(600).default(50),
  // Each stdio server's process is a sandbox of up to 512 MiB by default: 20 of them fill a 10 GiB host.
  STDIO_MAX_PROCESSES: z.coerce.number().int().min(0).max(10_000).default(20),
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, "must be at least 16 characters (openssl rand -hex 24)").optional(),
  ),
  // Printable and short: it is stored on every check and shown in logs.
  INSTANCE_ID: optionalString.pipe(
    z
      .string()
      .max(100, "must be at most 100 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces, such as a pod's name")
      .optional(),
  ),
});

export type Env = ReturnType<typeof finish>;

function finish(raw: z.infer<typeof schema>) {
  const localMode = isLocalMode(raw.FIREBASE_PROJECT_ID);
  const appUrl = raw.APP_URL ?? `http://localhost:${raw.PORT}`;
  return {
    nodeEnv: raw.NODE_ENV,
    production: raw.NODE_ENV === "production",
    localMode,
    port: raw.PORT,
    appUrl: appUrl.replace(/\/$/, ""),
    dataDir: raw.DATA_DIR,
    databaseUrl: raw.DATABASE_URL,
    sessionSecret: raw.SESSION_SECRET,
    sessionSecretPrevious: raw.SESSION_SECRET_PREVIOUS,
    sessionMaxAgeSec: raw.SESSION_MAX_AGE_SEC,
    encryptionKey: raw.ENCRYPTION_KEY,
    /** While rotating: the key stored secrets may still be sealed with until `npm run reencrypt` has run. */
    encryptionKeyPrevious: raw.ENCRYPTION_KEY_PREVIOUS,
    firebase: {
      apiKey: raw.FIREBASE_API_KEY ?? (localMode ? "demo-api-key" : undefined),
      authDomain: raw.FIREBASE_AUTH_DOMAIN ?? `${raw.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: raw.FIREBASE_PROJECT_ID,
      messagingSenderId: raw.FIREBASE_MESSAGING_SENDER_ID ?? "",
      appId: raw.FIREBASE_APP_ID ?? "",
    },
    authEmulatorHost: raw.FIREBASE_AUTH_EMULATOR_HOST ?? (localMode ? DEFAULT_EMULATOR_HOST : undefined),
    authSyncUrl: raw.AUTH_SYNC_URL,
    adminEmails: raw.ADMIN_EMAILS,
    logLevel: raw.LOG_LEVEL,
    /** How many proxies stand in front of the service; the client address is the one the outermost of them saw. */
    trustProxy: raw.TRUST_PROXY,
    /** A real deployment that the operator lets run on the Auth Emulator (staging, tests of production mode). */
    authEmulatorInProduction: !localMode && raw.FIREBASE_AUTH_EMULATOR_HOST !== undefined,
    /** Outgoing mail (support notifications, alerts); none when unset. */
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    /** Self-hosted deployments: MCP servers on loopback and private networks may be reached. */
    outboundAllowPrivate: raw.OUTBOUND_ALLOW_PRIVATE === "true",
    /**
     * Visitors may try a demo account of their own without signing up (lib/auth/demo.ts). On by
     * default in local mode only; a deployment that turns it on runs the demo's MCP server on
     * loopback (scripts/server.mjs), and its outbound policy admits that one origin.
     */
    demoAccounts: demoAccountsOn(raw),
    /** Where scripts/server.mjs runs the demo accounts' MCP server, on 127.0.0.1. */
    demoMcpPort: raw.DEMO_MCP_PORT,
    /** Scheduled health checks run in this instance (claimed from the database, shared with other instances). */
    monitor: {
      scheduler: raw.MONITOR_SCHEDULER === "true",
      concurrency: raw.MONITOR_CONCURRENCY,
      leaseSec: raw.MONITOR_LEASE_SEC,
    },
    /** How long a gateway call waits on a silent server (progress starts it again) before the client is told so. */
    gatewayCallTimeoutMs: raw.GATEWAY_CALL_TIMEOUT_SEC * 1000,
    /** Stdio servers' processes this instance runs at once, of all users together (lib/upstream/stdio-process.ts). */
    stdioMaxProcesses: raw.STDIO_MAX_PROCESSES,
    /** The bearer token Prometheus scrapes /api/metrics with; the endpoint answers 404 without one. */
    metricsToken: raw.METRICS_TOKEN,
    /** The name this instance records on the checks it runs (a pod's name); host and process when unset. */
    instanceId: raw.INSTANCE_ID,
  };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment; throws EnvError naming every bad or missing variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const env = finish(result.data);
  const missing: string[] = [];
  if (env.production && !env.localMode) {
    if (!env.sessionSecret) missing.push("SESSION_SECRET: required in production (at least 32 characters)");
    if (!env.encryptionKey) missing.push("ENCRYPTION_KEY: required in production (32 bytes in base64)");
    if (!env.firebase.apiKey) missing.push("FIREBASE_API_KEY: required with a real Firebase project");
    if (!source.FIREBASE_AUTH_DOMAIN) missing.push("FIREBASE_AUTH_DOMAIN: required with a real Firebase project");
    if (!source.APP_URL) missing.push("APP_URL: required in production (the public https URL)");
  }
  // The emulator's tokens carry no signature that firebase-admin checks: anyone could sign in as anyone.
  if (env.authEmulatorHost && !env.localMode && result.data.AUTH_EMULATOR_IN_PRODUCTION !== "allow") {
    missing.push(
      "FIREBASE_AUTH_EMULATOR_HOST: not allowed with a real Firebase project, whose ID tokens would then go unchecked; unset it, or set AUTH_EMULATOR_IN_PRODUCTION=allow for staging and tests",
    );
  }
  // The outbound policy admits the demo's port: it must not be the console's own.
  if (env.demoAccounts && env.demoMcpPort === env.port) {
    missing.push(`DEMO_MCP_PORT: must differ from PORT (${env.port}) while demo accounts are on`);
  }
  if (missing.length) throw new EnvError(missing);
  return env;
}

/** What is risky in a configuration that starts: logged at start, and reported by /api/health. */
export function configurationWarnings(e: Env): string[] {
  const warnings: string[] = [];
  if (e.authEmulatorInProduction) {
    warnings.push("FIREBASE_AUTH_EMULATOR_HOST is set with a real Firebase project (AUTH_EMULATOR_IN_PRODUCTION=allow): ID tokens are not verified.");
  }
  if (e.production && !e.localMode && !e.appUrl.startsWith("https:")) {
    warnings.push(`APP_URL (${e.appUrl}) is not https: the session cookie is sent without Secure, in clear text.`);
  }
  return warnings;
}

/**
 * LOG_LEVEL alone, for the logger, which cannot call env(): it must still
 * write when the rest of the configuration is invalid, since that is what it
 * then reports. An unset or unknown value is `info` (env() refuses an unknown
 * one at start). Read at each call, as tests set it after importing.
 */
export function logLevel(): LogLevel {
  const raw = process.env.LOG_LEVEL;
  return LOG_LEVELS.find((level) => level === raw) ?? "info";
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
