import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { countActionSince } from "../activity/queries";
import { record } from "../activity/service";
import { adminAuth } from "../auth/firebase-admin";
import { forgetUser } from "../users/cache";
import { secretContext } from "../crypto/contexts";
import { encrypt } from "../crypto/encryption";
import { db } from "../db";
import { alertChannels, servers, users } from "../db/schema";
import { env } from "../env";
import { conflict, notFound, planRequired } from "../http/errors";
import { mailEnabled } from "../mail/service";
import { assertAllowed } from "../plans/capabilities";
import { planFor, planOf, type PlanHolder } from "../plans/holder";
import { plural } from "../plural";
import { effectiveSubscription } from "../plans/table";
import { gatewayCallsSince } from "../gateways/endpoint/limits";
import { newSigningSecret } from "../webhooks/sign";
import { webhookUrl, type SettingsResponse, type SettingsUpdate, type UserSettings } from "./schema";

interface RequestContext {
  req?: Request;
  ip?: string;
}

/** http:// webhooks only where nothing travels over the internet: local mode or development. */
export function webhookHttpAllowed(): boolean {
  const e = env();
  return e.localMode || !e.production;
}

function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

async function loadRow(uid: string) {
  const [row] = await (await db())
    .select({
      uid: users.uid,
      email: users.email,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      emailVerified: users.emailVerified,
      plan: users.subscriptionPlan,
      expiresAt: users.subscriptionExpiresAt,
      emailAlerts: users.emailAlerts,
      webhookUrl: users.webhookUrl,
      hasSecret: sql<boolean>`${users.webhookSecretEnc} is not null`,
    })
    .from(users)
    .where(eq(users.uid, uid))
    .limit(1);
  if (!row) throw notFound("This account does not exist.");
  return row;
}

export async function getSettings(uid: string, now = new Date()): Promise<UserSettings> {
  const row = await loadRow(uid);
  const subscription = effectiveSubscription(row.plan, row.expiresAt, now);
  const plan = planFor(uid, subscription.tier);
  const today = utcDayStart(now);
  const [[serverCount], callsToday, gatewayCalls] = await Promise.all([
    (await db()).select({ n: sql<number>`count(*)::int` }).from(servers).where(eq(servers.ownerUid, uid)),
    countActionSince(uid, "workbench.call", today),
    gatewayCallsSince(uid, today),
  ]);
  const resetsAt = new Date(today.getTime() + 24 * 3600 * 1000).toISOString();
  return {
    profile: { uid: row.uid, email: row.email, displayName: row.displayName, photoUrl: row.photoUrl, emailVerified: row.emailVerified },
    notifications: {
      emailAlerts: row.emailAlerts,
      webhookUrl: row.webhookUrl,
      webhookSecretSet: row.hasSecret,
      webhookHttpAllowed: webhookHttpAllowed(),
      mailEnabled: mailEnabled(),
    },
    plan: { tier: subscription.tier, label: plan.label, active: subscription.active, expiresAt: subscription.expiresAt, features: subscription.features },
    usage: {
      servers: { used: serverCount?.n ?? 0, limit: plan.maxServers },
      workbenchCallsToday: { used: callsToday, limit: plan.workbenchCallsPerDay, resetsAt },
      // The counter goes on past the limit with the calls it refuses: used is what ran, at most the limit.
      gatewayCallsToday: { used: Math.min(gatewayCalls, plan.gatewayCallsPerDay), limit: plan.gatewayCallsPerDay, resetsAt },
    },
  };
}

/** The identity provider keeps the display name too, or the next sign-in would bring the old one back. */
async function renameIdentity(uid: string, displayName: string) {
  try {
    await adminAuth().updateUser(uid, { displayName });
  } catch (err) {
    if ((err as { code?: string }).code !== "auth/user-not-found") throw err;
  }
}

/** The settings webhook is one of the plan's alert channels besides email (lib/plans/table.ts), with the notification channels. */
async function assertRoomForWebhook(user: PlanHolder) {
  const plan = planOf(user);
  const [{ n }] = await (await db()).select({ n: sql<number>`count(*)::int` }).from(alertChannels).where(eq(alertChannels.ownerUid, user.uid));
  if (n + 1 > plan.maxAlertChannels) {
    throw planRequired(
      "alertChannels",
      `The ${plan.label} plan sends alerts to email and ${plural(plan.maxAlertChannels, "other channel")}, and you have ${plural(n, "notification channel")}. Remove one, or upgrade your plan, to add this webhook.`,
    );
  }
}

export async function updateSettings(user: PlanHolder, change: SettingsUpdate, ctx: RequestContext): Promise<SettingsResponse> {
  const { uid } = user;
  // Alerts send mail and reach an address of the user's choosing (a webhook); turning them off never needs asking.
  if (change.emailAlerts === true || (change.webhookUrl !== undefined && change.webhookUrl !== null)) assertAllowed(user, "alerts");
  const before = await loadRow(uid);
  const set: Partial<typeof users.$inferInsert> = {};
  const changed: string[] = [];
  let newSecret: string | undefined;

  if (change.displayName !== undefined && change.displayName !== before.displayName) {
    await renameIdentity(uid, change.displayName);
    set.displayName = change.displayName;
    changed.push("display name");
  }
  if (change.emailAlerts !== undefined && change.emailAlerts !== before.emailAlerts) {
    set.emailAlerts = change.emailAlerts;
    changed.push(change.emailAlerts ? "email alerts on" : "email alerts off");
  }
  if (change.webhookUrl !== undefined && change.webhookUrl !== before.webhookUrl) {
    if (change.webhookUrl === null) {
      set.webhookUrl = null;
      set.webhookSecretEnc = null;
      changed.push("webhook removed");
    } else {
      // The deployment's scheme policy, on top of the shared form schema.
      z.object({ webhookUrl: webhookUrl(webhookHttpAllowed()) }).parse({ webhookUrl: change.webhookUrl });
      if (!before.webhookUrl) await assertRoomForWebhook(user);
      set.webhookUrl = change.webhookUrl;
      if (!before.hasSecret) {
        newSecret = newSigningSecret();
        set.webhookSecretEnc = encrypt(newSecret, secretContext.webhookSecret(uid));
      }
      changed.push("webhook URL");
    }
  }

  if (changed.length) {
    await (await db()).update(users).set({ ...set, updatedAt: new Date() }).where(eq(users.uid, uid));
    await forgetUser(uid);
    await record({
      userUid: uid,
      action: "settings.updated",
      summary: `Changed settings: ${changed.join(", ")}`,
      // Names of what changed only: a webhook URL can carry credentials.
      metadata: { changed },
      req: ctx.req,
      ip: ctx.ip,
    });
  }
  const settings = await getSettings(uid);
  return newSecret ? { ...settings, webhookSecret: newSecret } : settings;
}

/** A new signing secret, shown this once; the old one stops being used at once. */
export async function rotateWebhookSecret(uid: string, ctx: RequestContext): Promise<SettingsResponse> {
  const secret = newSigningSecret();
  const updated = await (await db())
    .update(users)
    .set({ webhookSecretEnc: encrypt(secret, secretContext.webhookSecret(uid)), updatedAt: new Date() })
    .where(and(eq(users.uid, uid), sql`${users.webhookUrl} is not null`))
    .returning({ uid: users.uid });
  if (updated.length === 0) throw conflict("Set a webhook URL first.");
  await record({ userUid: uid, action: "settings.updated", summary: "Rotated the webhook signing secret", metadata: { changed: ["webhook secret"] }, req: ctx.req, ip: ctx.ip });
  return { ...(await getSettings(uid)), webhookSecret: secret };
}
