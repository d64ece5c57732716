import { PAGE_LOAD_TIMING_DELAY_MS, truncate } from "./events";
import { track } from "./track";
import { captureUtm } from "./utm";

/**
 * The automatic events: page views, the page-load timing and client errors.
 * This module is loaded only once analytics consent exists.
 */

let firstView = true;

export function trackPageView(): void {
  captureUtm(window.location.search);
  const properties: Record<string, string> = {};
  if (firstView && document.referrer) {
    // Only the referring site, never its full address.
    try {
      const host = new URL(document.referrer).host;
      if (host !== window.location.host) properties.referrer = host;
    } catch {
      // An unparsable referrer is simply left out.
    }
  }
  firstView = false;
  track("page_view", properties);
}

function errorMessage(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function onError(event: ErrorEvent) {
  track("client_error", {
    kind: "error",
    message: truncate(event.message || errorMessage(event.error)),
    source: event.filename ? truncate(event.filename, 200) : null,
    line: event.lineno || null,
  });
}

function onRejection(event: PromiseRejectionEvent) {
  track("client_error", { kind: "unhandledrejection", message: truncate(errorMessage(event.reason)) });
}

function navigationTiming(): PerformanceNavigationTiming | undefined {
  return performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
}

function sendLoadTiming() {
  const nav = navigationTiming();
  if (!nav) return;
  track("page_load_timing", {
    loadMs: Math.round(nav.loadEventEnd),
    domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd),
    ttfbMs: Math.round(nav.responseStart),
    transferBytes: nav.transferSize,
  });
}

/**
 * The timing event fires 1 s after the page's load event. If this
 * code arrives late (slow network) but consent predates the page, it fires
 * at once; a consent given on this page more than 1 s after load leaves this
 * page load unmeasured.
 */
function scheduleLoadTiming(consentPredatesPage: boolean): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const loadEnd = navigationTiming()?.loadEventEnd || performance.now();
    const wait = loadEnd + PAGE_LOAD_TIMING_DELAY_MS - performance.now();
    if (wait >= 0 || consentPredatesPage) timeout = setTimeout(sendLoadTiming, Math.max(0, wait));
  };
  const onLoad = () => setTimeout(arm, 0);
  if (document.readyState === "complete") arm();
  else window.addEventListener("load", onLoad, { once: true });
  return () => {
    window.removeEventListener("load", onLoad);
    if (timeout !== undefined) clearTimeout(timeout);
  };
}

/**
 * Starts the automatic events; the returned function stops them (consent
 * withdrawn). `consentTimestamp` tells whether consent was given before this
 * page was opened.
 */
export function startTracking(consentTimestamp: number): () => void {
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  const stopTiming = scheduleLoadTiming(consentTimestamp < performance.timeOrigin);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
    stopTiming();
  };
}
