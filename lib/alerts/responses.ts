import { z, type ZodType } from "zod";
import { isoTime, nextCursor, serverRef } from "../api/fields";
import { ALERT_CHANNELS, ALERT_EVENTS, type DeliveriesPage, type TestEventResponse } from "./schema";
import type { SilenceDto, SilenceList } from "./silence-schema";

/** The alerts' answers as zod schemas, for the API reference (see lib/servers/responses.ts). */

const delivery = z.object({
  id: z.string(),
  createdAt: isoTime,
  event: z.enum(ALERT_EVENTS),
  channel: z.enum(ALERT_CHANNELS),
  destination: z.string(),
  status: z.enum(["pending", "delivered", "failed", "silenced"]),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  nextAttemptAt: isoTime.nullable(),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  error: z.string().nullable(),
  server: serverRef.nullable(),
});

export const deliveriesPage = z.object({ deliveries: z.array(delivery), nextCursor }) satisfies ZodType<DeliveriesPage>;

export const testEventResponse = z.object({ deliveries: z.array(delivery) }) satisfies ZodType<TestEventResponse>;

export const silenceDto = z.object({
  id: z.string(),
  server: serverRef.nullable(),
  reason: z.string(),
  startsAt: isoTime,
  endsAt: isoTime.nullable(),
}) satisfies ZodType<SilenceDto>;

export const silenceList = z.object({ silences: z.array(silenceDto) }) satisfies ZodType<SilenceList>;
