import "server-only";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { secretContext } from "../crypto/contexts";
import { decrypt } from "../crypto/encryption";
import type { Db } from "../db/database";
import { alertDeliveries, users } from "../db/schema";
import { mailEnabled, sendMail } from "../mail/service";
import { chatServiceOf } from "../webhooks/chat";
import { postWebhook, type PostResult } from "../webhooks/send";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from "../webhooks/sign";
import { nextAttemptAt } from "./backoff";
import { channelRequest } from "./channels/request";
import { chatBody, emailMessage } from "./formats";
import { notificationSettingsUrl } from "./payload";
import type { AlertEventName, AlertPayload } from "./schema";

/**
 * Sends queued deliveries. A due delivery is claimed with a lease (and its
 * attempt counted) in one statement with FOR UPDATE SKIP LOCKED, so two
 * instances never send the same attempt; an instance that dies mid-send
 * leaves a lease that expires, and the delivery is tried again. Failures are
 * retried with backoff (lib/alerts/backoff.ts) until delivered or given up.
 */

export const LEASE_MS = 2 * 60_000;
const MAX_ERROR = 500;

const claimedColumns = {
  id: alertDeliveries.id,
  userUid: alertDeliveries.userUid,
  channel: alertDeliveries.channel,
  channelId: alertDeliveries.channelId,
  event: alertDeliveries.event,
  destination: alertDeliveries.destination,
  payload: alertDeliveries.payload,
  attempts: alertDeliveries.attempts,
};
export type ClaimedDelivery = { [K in keyof typeof claimedColumns]: (typeof alertDeliveries.$inferSelect)[K] };

const claimable = (now: Date) =>
  and(eq(alertDeliveries.status, "pending"), lte(alertDeliveries.nextAttemptAt, now), or(isNull(alertDeliveries.leaseUntil), lte(alertDeliveries.leaseUntil, now)));

const leased = (now: Date) => ({ leaseUntil: new Date(now.getTime() + LEASE_MS), attempts: sql<number>`${alertDeliveries.attempts} + 1` });

/** Claims up to `limit` due deliveries, oldest due first. */
export async function claimDue(d: Db, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  const due = d
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(claimable(now))
    .orderBy(asc(alertDeliveries.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return d.update(alertDeliveries).set(leased(now)).where(inArray(alertDeliveries.id, due)).returning(claimedColumns);
}

/** Claims one delivery by id, if it is due and nobody holds it. */
export async function claimOne(d: Db, id: string, now: Date): Promise<ClaimedDelivery | undefined> {
  const [row] = await d
    .update(alertDeliveries)
    .set(leased(now))
    .where(and(eq(alertDeliveries.id, id), claimable(now)))
    .returning(claimedColumns);
  return row;
}

interface Outcome {
  delivered: boolean;
  status: number | null;
  durationMs: number | null;
  error: string | null;
  /** No retry can help (the address is refused, the channel is gone). */
  permanent?: boolean;
}

const gone = (error: string): Outcome => ({ delivered: false, status: null, durationMs: null, error, permanent: true });

async function sendWebhook(d: Db, row: ClaimedDelivery, payload: AlertPayload): Promise<Outcome> {
  const [user] = await d.select({ url: users.webhookUrl, secretEnc: users.webhookSecretEnc }).from(users).where(eq(users.uid, row.userUid)).limit(1);
  // A delivery goes where it was meant to, or nowhere: a changed URL may belong to someone else now.
  if (!user?.url) return gone("The webhook was removed before this alert could be sent.");
  if (user.url !== row.destination) return gone("The webhook URL changed before this alert could be sent; it was not sent to the old one.");
  const base = { "content-type": "application/json", "user-agent": "MCP-Console-Webhooks/1" };
  const chat = chatServiceOf(row.destination);
  let result;
  if (chat) {
    result = await postWebhook(row.destination, chatBody(chat, payload), base);
  } else {
    if (!user.secretEnc) return gone("The webhook has no signing secret. Rotate the secret in the settings.");
    const body = JSON.stringify(payload);
    // Signed at the moment of sending, by the wall clock: the receiver compares it with its own.
    result = await postWebhook(row.destination, body, {
      ...base,
      [EVENT_HEADER]: payload.event,
      [DELIVERY_HEADER]: row.id,
      [SIGNATURE_HEADER]: signatureHeader(body, decrypt(user.secretEnc, secretContext.webhookSecret(row.userUid))),
    });
  }
  return posted(result);
}

const posted = (result: PostResult): Outcome =>
  result.delivered
    ? { delivered: true, status: result.status, durationMs: result.durationMs, error: null }
    : { delivered: false, status: result.status, durationMs: result.durationMs, error: result.error, permanent: result.kind === "refused" };

async function sendToChannel(d: Db, row: ClaimedDelivery, channelId: string, payload: AlertPayload): Promise<Outcome> {
  const request = await channelRequest(d, row.userUid, channelId, row.id, payload);
  if (!request) return gone("The channel was deleted before this alert could be sent.");
  return posted(await postWebhook(request.url, request.body, request.headers));
}

async function sendEmail(d: Db, row: ClaimedDelivery, payload: AlertPayload): Promise<Outcome> {
  if (!mailEnabled()) return gone("Email is off on this installation (no mail server is configured).");
  const [user] = await d.select({ emailAlerts: users.emailAlerts }).from(users).where(eq(users.uid, row.userUid)).limit(1);
  if (!user?.emailAlerts) return gone("Email alerts were turned off before this alert could be sent.");
  const started = performance.now();
  try {
    await sendMail(emailMessage(payload, row.destination, notificationSettingsUrl()));
    return { delivered: true, status: null, durationMs: Math.round(performance.now() - started), error: null };
  } catch (err) {
    return { delivered: false, status: null, durationMs: Math.round(performance.now() - started), error: `The mail server did not take it: ${(err as Error).message}` };
  }
}

/** Sends one claimed delivery and records how it went; `now` schedules a retry. */
export async function attempt(d: Db, row: ClaimedDelivery, now: Date): Promise<void> {
  const payload = row.payload as unknown as AlertPayload;
  let outcome: Outcome;
  try {
    if (row.channelId) outcome = await sendToChannel(d, row, row.channelId, payload);
    else if (row.channel === "email") outcome = await sendEmail(d, row, payload);
    else if (row.channel === "webhook") outcome = await sendWebhook(d, row, payload);
    // A channel's delivery whose channel was deleted (the reference is cleared with it).
    else outcome = gone("The channel was deleted before this alert could be sent.");
  } catch (err) {
    outcome = { delivered: false, status: null, durationMs: null, error: (err as Error).message };
  }
  const retryAt = outcome.delivered || outcome.permanent ? null : nextAttemptAt(row.event as AlertEventName, row.attempts, now);
  await d
    .update(alertDeliveries)
    .set({
      status: outcome.delivered ? "delivered" : retryAt ? "pending" : "failed",
      leaseUntil: null,
      responseStatus: outcome.status,
      durationMs: outcome.durationMs,
      error: outcome.error ? outcome.error.slice(0, MAX_ERROR) : null,
      deliveredAt: outcome.delivered ? new Date() : null,
      ...(retryAt ? { nextAttemptAt: retryAt } : {}),
    })
    // Only the holder of this attempt records it.
    .where(and(eq(alertDeliveries.id, row.id), eq(alertDeliveries.attempts, row.attempts)));
}

/** Claims and sends due deliveries, `concurrency` at a time. Returns how many were tried. */
export async function sendDue(d: Db, now: Date, { limit = 20, concurrency = 5 } = {}): Promise<number> {
  const claimed = await claimDue(d, now, limit);
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) await attempt(d, claimed[next++], now);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
  return claimed.length;
}
