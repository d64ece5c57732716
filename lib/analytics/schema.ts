import { z } from "zod";
import {
  ANALYTICS_EVENTS,
  MAX_EVENTS_PER_BATCH,
  MAX_MESSAGE_CHARS,
  MAX_PROPERTIES,
  MAX_UTM_CHARS,
  truncate,
} from "./events";

const propertyValue = z.union([
  // Whatever a client sends, no stored text is longer than an error message may be.
  z.string().transform((s) => truncate(s, MAX_MESSAGE_CHARS)),
  z.number(),
  z.boolean(),
  z.null(),
]);

const utmValue = z.string().trim().min(1).max(MAX_UTM_CHARS);

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS),
  path: z.string().startsWith("/").max(2048).optional(),
  properties: z
    .record(z.string().min(1).max(64), propertyValue)
    .refine((p) => Object.keys(p).length <= MAX_PROPERTIES, { error: `At most ${MAX_PROPERTIES} properties.` })
    .optional(),
  timestamp: z.number().int().positive().optional(),
});

export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
  utm: z
    .strictObject({
      utm_source: utmValue.optional(),
      utm_medium: utmValue.optional(),
      utm_campaign: utmValue.optional(),
      utm_term: utmValue.optional(),
      utm_content: utmValue.optional(),
    })
    .optional(),
});

export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
