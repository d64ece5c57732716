/**
 * Names and limits of the first-party analytics events, shared by the
 * browser and the API. Kept free of zod: the browser side ships this file.
 */
export const ANALYTICS_EVENTS = [
  "page_view",
  "page_load_timing",
  "sign_up",
  "sign_in",
  "server_created",
  "workbench_call",
  "client_error",
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export type AnalyticsProperties = Record<string, string | number | boolean | null>;

/** Analytics keeps at most 500 characters of an error message. */
export const MAX_MESSAGE_CHARS = 500;
export const MAX_EVENTS_PER_BATCH = 25;
export const MAX_PROPERTIES = 20;
export const MAX_BATCH_BYTES = 32 * 1024;

/** The page-load timing event fires this long after the load event. */
export const PAGE_LOAD_TIMING_DELAY_MS = 1000;

export const ANALYTICS_ENDPOINT = "/api/analytics/events";

export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;
export const MAX_UTM_CHARS = 200;

export function truncate(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length > max ? text.slice(0, max) : text;
}
