import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "../db";
import { servers } from "../db/schema";
import { env } from "../env";
import { HttpError, notFound } from "../http/errors";
import type { Logger } from "../log";
import { createAndDiscover, discoverServer } from "../discovery/service";
import { upsertOnSignIn } from "../users/service";
import { adminAuth } from "./firebase-admin";

/**
 * The local demo account: `npm start` runs server-everything on loopback,
 * and "Try the demo account" on the login page signs in as a user of the
 * Auth Emulator that owns it. Local mode only; elsewhere it does not exist.
 */

export const DEMO_USER = { uid: "demo-user", email: "demo@example.com", displayName: "Demo User" } as const;
export const DEMO_SERVER_NAME = "Everything (demo)";

export const demoAvailable = () => env().localMode;

export const demoServerUrl = () => `http://127.0.0.1:${env().demoMcpPort}/mcp`;

async function ensureIdentity() {
  const auth = adminAuth();
  const profile = { email: DEMO_USER.email, emailVerified: true, displayName: DEMO_USER.displayName, disabled: false };
  try {
    await auth.updateUser(DEMO_USER.uid, profile);
  } catch (err) {
    if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
    await auth.createUser({ uid: DEMO_USER.uid, ...profile });
  }
}

/** The demo account owns the local server-everything: registered (and discovered) at its first sign-in. */
async function ensureDemoServer(log: Logger) {
  const user = await upsertOnSignIn({ ...DEMO_USER, emailVerified: true });
  const [existing] = await (await db())
    .select({ id: servers.id, discoveredAt: servers.discoveredAt })
    .from(servers)
    .where(and(eq(servers.ownerUid, user.uid), eq(servers.url, demoServerUrl())))
    .limit(1);
  if (!existing) {
    const created = createAndDiscover(user, {
      name: DEMO_SERVER_NAME,
      description: "The MCP reference server that exercises every protocol feature, started by npm start on this machine.",
      transport: "streamable-http",
      url: demoServerUrl(),
      headers: [],
      tags: ["demo", "local"],
      monitoring: { enabled: false, intervalSec: 900 },
    }, { log });
    // Signing in matters more than the server: a renamed copy or a full plan only skips it.
    await created.catch((err: unknown) => {
      if (!(err instanceof HttpError)) throw err;
      log.info("demo server not registered", { reason: err.message });
    });
    return;
  }
  if (!existing.discoveredAt) {
    await discoverServer(user, existing.id, { log }).catch((err: Error) =>
      log.info("demo server discovery failed", { reason: err.message }),
    );
  }
}

/** A custom token for the demo user, to sign in with in the browser. */
export async function demoSignInToken(log: Logger): Promise<string> {
  if (!demoAvailable()) throw notFound();
  await ensureIdentity();
  await ensureDemoServer(log);
  return adminAuth().createCustomToken(DEMO_USER.uid);
}
