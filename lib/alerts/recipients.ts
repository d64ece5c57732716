import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { alertDeliveries, users } from "../db/schema";
import { mailEnabled } from "../mail/service";
import { assertAllowed } from "../plans/capabilities";
import { planOf, type PlanHolder } from "../plans/holder";
import type { AlertChannel, AlertPayload } from "./schema";

/** What decides where a user's alerts go. */
export const ownerColumns = {
  uid: users.uid,
  email: users.email,
  emailAlerts: users.emailAlerts,
  webhookUrl: users.webhookUrl,
  plan: users.subscriptionPlan,
  expiresAt: users.subscriptionExpiresAt,
};

export interface Owner {
  uid: string;
  email: string;
  emailAlerts: boolean;
  webhookUrl: string | null;
  plan: (typeof users.$inferSelect)["subscriptionPlan"];
  expiresAt: Date | null;
}

export interface Channel {
  channel: AlertChannel;
  destination: string;
  /** How a server's choice names it: `email`, `webhook` (the settings webhook) or a notification channel's id. */
  key: string;
  /** A notification channel's id (lib/alerts/channels). */
  channelId?: string;
}

/** The account's own two: email when they want it and this installation sends mail, and their settings webhook. */
export function channelsOf(owner: Owner): Channel[] {
  const out: Channel[] = [];
  if (owner.emailAlerts && mailEnabled()) out.push({ channel: "email", destination: owner.email, key: "email" });
  if (owner.webhookUrl) out.push({ channel: "webhook", destination: owner.webhookUrl, key: "webhook" });
  return out;
}

/** The plan of the owner as alerts read it. */
export const holderOf = (owner: Pick<Owner, "uid" | "plan" | "expiresAt">): PlanHolder => ({ uid: owner.uid, subscriptionPlan: owner.plan, subscriptionExpiresAt: owner.expiresAt });

/** Whether the owner's plan sends alerts at all: every plan does (Free too) but a demo account's. */
export const mayAlert = (owner: Owner) => planOf(holderOf(owner)).allows.alerts;

/** Refuses a test event to an account whose plan allows no alerts, with why. */
export const assertMayAlert = (owner: Owner) => assertAllowed(holderOf(owner), "alerts");

export async function loadOwner(d: Db, uid: string): Promise<Owner | undefined> {
  const [row] = await d.select(ownerColumns).from(users).where(eq(users.uid, uid)).limit(1);
  return row;
}

/**
 * One pending delivery per channel of the same event, due at once. Each gets
 * its own id, which is also the payload's: a receiver recognises a retry.
 */
export async function queueDeliveries(
  // The database or a transaction: only inserts are made.
  tx: Pick<Db, "insert">,
  a: {
    owner: Owner;
    channels: Channel[];
    serverId: string | null;
    incidentId: string | null;
    now: Date;
    payload: (id: string) => AlertPayload;
    /** Alerts are paused (lib/alerts/silences.ts): stored as silenced with this note, never sent. */
    silenced?: string;
  },
): Promise<string[]> {
  if (a.channels.length === 0) return [];
  const rows = a.channels.map(({ channel, destination, channelId }) => {
    const id = randomUUID();
    const payload = a.payload(id);
    return {
      id,
      userUid: a.owner.uid,
      serverId: a.serverId,
      incidentId: a.incidentId,
      channel,
      channelId: channelId ?? null,
      event: payload.event,
      destination,
      payload: payload as unknown as Record<string, unknown>,
      nextAttemptAt: a.now,
      createdAt: a.now,
      ...(a.silenced ? { status: "silenced" as const, error: a.silenced } : {}),
    };
  });
  await tx.insert(alertDeliveries).values(rows);
  return rows.map((r) => r.id);
}
