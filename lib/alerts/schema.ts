import { z } from "zod";
import { blankIsAbsent } from "../api-contract/query-params";

/**
 * Alerts' shapes, shared by the dispatcher, the API and the settings page.
 * The payload is what a webhook receives as JSON; email and chat messages
 * are written from it.
 */

// The answers' types, each inferred from its zod schema in ./responses.ts (type-only: no schema reaches the browser from here).
export type { AlertDeliveryDto, DeliveriesPage, TestEventResponse } from "./responses";

export const ALERT_EVENTS = ["incident.opened", "incident.resolved", "incident.flapping", "incident.stable", "test"] as const;
export type AlertEventName = (typeof ALERT_EVENTS)[number];

/** The account's email and settings webhook, and the kinds of notification channel (lib/alerts/channels). */
export const ALERT_CHANNELS = ["email", "webhook", "slack", "discord", "teams", "pagerduty", "ntfy", "telegram"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** `silenced`: alerts were paused (lib/alerts/silences.ts), so it was recorded and not sent. */
export const DELIVERY_STATUSES = ["pending", "delivered", "failed", "silenced"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface AlertIncident {
  id: string;
  openedAt: string;
  closedAt: string | null;
  /** Seconds from opening to closing; null while open. */
  durationSec: number | null;
  reason: string;
}

/** What a flapping alert, a summary or the "stable again" alert says about the period. */
export interface AlertFlapping {
  /** When the summarising began. */
  since: string;
  /** False for the alert that starts the summarising, true for the summaries after it. */
  summary: boolean;
  windowMinutes: number;
  /** Outages that began in the last `windowMinutes`. */
  openings: number;
  /** Openings and closings not alerted one by one since the previous alert. */
  changes: number;
  /** Whether an outage is open at the time of the alert. */
  status: "up" | "down";
}

export interface AlertPayload {
  /** The delivery's id: the same on every retry, so a receiver can drop duplicates. */
  id: string;
  event: AlertEventName;
  createdAt: string;
  server: { id: string; name: string } | null;
  /** The incident the alert is about (for flapping ones, the latest). */
  incident: AlertIncident | null;
  flapping?: AlertFlapping;
  /** The server's page in the console (the settings for a test). */
  url: string;
  /** A test event's words. */
  message?: string;
}

export const DELIVERIES_PAGE_MAX = 50;

export const deliveriesQuery = z.object({
  cursor: z.preprocess(blankIsAbsent, z.string().max(200).optional()),
  limit: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(DELIVERIES_PAGE_MAX).default(20)),
});

export const EVENT_LABELS: Record<AlertEventName, string> = {
  "incident.opened": "Down",
  "incident.resolved": "Recovered",
  "incident.flapping": "Flapping",
  "incident.stable": "Stable again",
  test: "Test",
};
