import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "../db";
import { users } from "../db/schema";
import { seedDemoHistory } from "../demo/history";
import { DEMO_ACCOUNT_TTL_MS, DEMO_UID_PREFIX } from "../demo/expiry";
import { createAndDiscover } from "../discovery/service";
import { env } from "../env";
import { HttpError, notFound } from "../http/errors";
import type { Logger } from "../log";
import { upsertOnSignIn } from "../users/service";
import { adminAuth } from "./firebase-admin";

/**
 * The local demo: `npm start` runs server-everything on loopback, and "Try
 * the demo account" on the login page signs each visitor in to an account of
 * their own, made for the visit: on the Pro plan for a day, owning that
 * server with two weeks of history (lib/demo/history.ts), and erased after a
 * day by housekeeping (lib/demo/expiry.ts). Nobody inherits anybody's
 * servers, settings or tickets. Local mode only; elsewhere it does not exist.
 */

export const DEMO_SERVER_NAME = "Everything (demo)";

export const demoAvailable = () => env().localMode;

export const demoServerUrl = () => `http://127.0.0.1:${env().demoMcpPort}/mcp`;

/** A new visitor: an identity of their own (the session's sync needs a uid and an email), signed in as Pro until the account expires. */
async function newVisitor() {
  const id = randomBytes(6).toString("hex");
  const visitor = { uid: `${DEMO_UID_PREFIX}${id}`, email: `visitor-${id}@demo.mcp-console.invalid`, displayName: "Demo visitor" };
  await adminAuth().createUser({ ...visitor, emailVerified: true });
  const user = await upsertOnSignIn({ ...visitor, emailVerified: true });
  const planned = { subscriptionPlan: "pro" as const, subscriptionExpiresAt: new Date(Date.now() + DEMO_ACCOUNT_TTL_MS) };
  await (await db()).update(users).set(planned).where(eq(users.uid, user.uid));
  return { ...user, ...planned };
}

/** The visitor's copy of the local server-everything, discovered, with its history. */
async function seedAccount(user: Awaited<ReturnType<typeof newVisitor>>, log: Logger) {
  try {
    const server = await createAndDiscover(user, {
      name: DEMO_SERVER_NAME,
      description: "The MCP reference server that exercises every protocol feature, started by npm start on this machine.",
      transport: "streamable-http",
      url: demoServerUrl(),
      headers: [],
      tags: ["demo", "local"],
      monitoring: { enabled: true, intervalSec: 300 },
    }, { log });
    await seedDemoHistory(user, server.id, server.counts.tools);
  } catch (err) {
    // Signing in matters more than the history: the visitor gets an empty account, and the log says why.
    if (!(err instanceof HttpError)) throw err;
    log.info("demo history not seeded", { reason: err.message });
  }
}

/** A custom token for a new demo visitor, to sign in with in the browser. */
export async function demoSignInToken(log: Logger): Promise<string> {
  if (!demoAvailable()) throw notFound();
  const user = await newVisitor();
  await seedAccount(user, log);
  return adminAuth().createCustomToken(user.uid);
}
