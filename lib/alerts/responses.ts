import { z } from "zod";
import { isoTime, nextCursor, serverRef } from "../api-contract/fields";
import { ALERT_CHANNELS, ALERT_EVENTS, DELIVERY_STATUSES } from "./schema";

/** The alerts' answers: one zod schema each, its type inferred from it (re-exported by ./schema.ts and ./silence-schema.ts; see lib/servers/responses.ts). */

const delivery = z.object({
  id: z.string(),
  createdAt: isoTime,
  event: z.enum(ALERT_EVENTS),
  channel: z.enum(ALERT_CHANNELS),
  /** The address, or the webhook URL shortened (paths of chat webhooks carry their token). */
  destination: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When the next try is due, while pending. */
  nextAttemptAt: isoTime.nullable(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  server: serverRef.nullable(),
});
export type AlertDeliveryDto = z.infer<typeof delivery>;

/** `GET /api/user/alerts/deliveries`: newest first. */
export const deliveriesPage = z.object({ deliveries: z.array(delivery), nextCursor });
export type DeliveriesPage = z.infer<typeof deliveriesPage>;

/** `POST /api/user/alerts/test`: one test delivery per channel, after its attempt. */
export const testEventResponse = z.object({ deliveries: z.array(delivery) });
export type TestEventResponse = z.infer<typeof testEventResponse>;

/** A pause in force: alerts it covers are recorded as not sent. */
export const silenceDto = z.object({
  id: z.string(),
  /** null: every server. */
  server: serverRef.nullable(),
  reason: z.string(),
  startsAt: isoTime,
  /** null: until resumed. */
  endsAt: isoTime.nullable(),
});
export type SilenceDto = z.infer<typeof silenceDto>;

export const silenceList = z.object({ silences: z.array(silenceDto) });
export type SilenceList = z.infer<typeof silenceList>;
