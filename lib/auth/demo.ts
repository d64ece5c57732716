import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "../db";
import { users } from "../db/schema";
import { seedDemoHistory } from "../demo/history";
import { DEMO_ACCOUNT_TTL_MS, DEMO_ACCOUNTS_ERASED_PER_RUN } from "../demo/expiry";
import { seedDemoGateway } from "../demo/gateway";
import { demoServerOrigin } from "../demo/server-origin";
import { DEMO_UID_PREFIX } from "../plans/demo";
import { createAndDiscover } from "../discovery/service";
import { env } from "../env";
import { HttpError, notFound } from "../http/errors";
import type { Logger } from "../log";
import { upsertOnSignIn } from "../users/service";
import { adminAuth } from "./firebase-admin";

/**
 * The demo: scripts/server.mjs runs server-everything on loopback, and "Try
 * it without signing up" (the landing page, /get-started, the product tour,
 * the login page) signs each visitor in to an account of their own, made for
 * the visit: on the demo's plan (lib/plans/demo.ts: what Pro shows, on the
 * demo server only, sending and publishing nothing of the visitor's), owning
 * that server with two weeks of history (lib/demo/history.ts) and a gateway
 * of it with one changed tool to approve (lib/demo/gateway.ts), and erased
 * after a day by housekeeping (lib/demo/expiry.ts). Nobody inherits anybody's
 * servers, settings or tickets. On in local mode, and in a deployment that
 * sets DEMO_ACCOUNTS=on; elsewhere it does not exist.
 */

export const DEMO_SERVER_NAME = "Everything (demo)";

// Each visit adds an account to the user table for a day: a few an hour from one address (an IPv6
// client's /64: lib/http/client-address.ts), a tenth of what all addresses together may start, which
// is no more than an hour's housekeeping erases, so that nobody fills the table or keeps others out
// (app/api/auth/demo/route.ts).
export const DEMO_VISITS_PER_ADDRESS_PER_HOUR = 10;
export const DEMO_VISITS_PER_HOUR = DEMO_ACCOUNTS_ERASED_PER_RUN;

export const demoAvailable = () => env().demoAccounts;

export const demoServerUrl = () => `${demoServerOrigin(env().demoMcpPort)}/mcp`;

/**
 * A new visitor: an identity of their own (the session's sync needs a uid and
 * an email), on Pro until the account is erased (its tokens end then too:
 * lib/plans/capabilities.ts), with no email alerts (its address is nobody's).
 */
async function newVisitor() {
  const id = randomBytes(6).toString("hex");
  const visitor = { uid: `${DEMO_UID_PREFIX}${id}`, email: `visitor-${id}@demo.mcp-console.invalid`, displayName: "Demo visitor" };
  await adminAuth().createUser({ ...visitor, emailVerified: true });
  const user = await upsertOnSignIn({ ...visitor, emailVerified: true });
  const planned = { subscriptionPlan: "pro" as const, subscriptionExpiresAt: new Date(Date.now() + DEMO_ACCOUNT_TTL_MS) };
  await (await db()).update(users).set({ ...planned, emailAlerts: false }).where(eq(users.uid, user.uid));
  return { ...user, ...planned };
}

/** The visitor's copy of the demo server, discovered, with its history; its id, or undefined when it could not be made. */
async function seedAccount(user: Awaited<ReturnType<typeof newVisitor>>, log: Logger): Promise<string | undefined> {
  try {
    const server = await createAndDiscover(user, {
      name: DEMO_SERVER_NAME,
      description: "The MCP reference server that exercises every protocol feature, run by MCP Console for its demo accounts.",
      transport: "streamable-http",
      url: demoServerUrl(),
      headers: [],
      tags: ["demo", "local"],
      monitoring: { enabled: true, intervalSec: 300 },
      protocol: "auto",
    }, { log });
    await seedDemoHistory(user, server.id, server.counts.tools);
    await seedDemoGateway(user, server.id);
    return server.id;
  } catch (err) {
    // Signing in matters more than the history: the visitor gets an empty account, and the log says why.
    if (!(err instanceof HttpError)) throw err;
    log.info("demo history not seeded", { reason: err.message });
    return undefined;
  }
}

/** A new demo visitor: a custom token to sign in with in the browser, and the seeded server to land on. */
export async function demoVisit(log: Logger): Promise<{ token: string; serverId?: string }> {
  if (!demoAvailable()) throw notFound();
  const user = await newVisitor();
  const serverId = await seedAccount(user, log);
  return { token: await adminAuth().createCustomToken(user.uid), ...(serverId ? { serverId } : {}) };
}
