import { apiBeacon } from "@/lib/api-client/fetch";
import { hasAnalyticsConsent } from "@/lib/consent/store";
import {
  ANALYTICS_ENDPOINT,
  MAX_EVENTS_PER_BATCH,
  MAX_MESSAGE_CHARS,
  MAX_PROPERTIES,
  truncate,
  type AnalyticsEventName,
  type AnalyticsProperties,
} from "./events";
import { storedUtm } from "./utm";

/**
 * First-party analytics in the browser. `track` is a no-op without analytics
 * consent; with it, events are queued and sent in batches: shortly after the
 * last one, or with sendBeacon when the page is hidden or left, so that an
 * event fired just before a navigation (sign-in) is not lost.
 */

interface QueuedEvent {
  name: AnalyticsEventName;
  path: string;
  properties: AnalyticsProperties;
  timestamp: number;
}

const FLUSH_DELAY_MS = 2000;

const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function clean(properties: AnalyticsProperties): AnalyticsProperties {
  const out: AnalyticsProperties = {};
  for (const [key, value] of Object.entries(properties).slice(0, MAX_PROPERTIES)) {
    out[key.slice(0, 64)] = typeof value === "string" ? truncate(value, MAX_MESSAGE_CHARS) : value;
  }
  return out;
}

function send(events: QueuedEvent[], beacon: boolean) {
  const utm = storedUtm();
  // Analytics must never disturb the page: a lost batch is acceptable.
  apiBeacon(ANALYTICS_ENDPOINT, utm ? { events, utm } : { events }, { beacon });
}

/** Sends whatever is queued. Consent is checked again: it may have been withdrawn meanwhile. */
export function flush({ beacon = false } = {}) {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (!hasAnalyticsConsent()) {
    queue.length = 0;
    return;
  }
  while (queue.length) send(queue.splice(0, MAX_EVENTS_PER_BATCH), beacon);
}

function onHide() {
  if (document.visibilityState === "hidden") flush({ beacon: true });
}

function listenForLeaving() {
  if (listening) return;
  listening = true;
  window.addEventListener("pagehide", () => flush({ beacon: true }));
  document.addEventListener("visibilitychange", onHide);
}

/** Records an analytics event, if and only if the visitor allowed analytics. */
export function track(name: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  if (typeof window === "undefined" || !hasAnalyticsConsent()) return;
  listenForLeaving();
  queue.push({ name, path: window.location.pathname, properties: clean(properties), timestamp: Date.now() });
  if (queue.length >= MAX_EVENTS_PER_BATCH) flush();
  else if (timer === null) timer = setTimeout(flush, FLUSH_DELAY_MS);
}
