import { flush, track } from "@/lib/analytics/track";
import { startTracking } from "@/lib/analytics/tracker";
import { UTM_STORAGE_KEY, captureUtm } from "@/lib/analytics/utm";
import { resetConsentCache, saveConsent } from "@/lib/consent/store";

const fetchMock = jest.fn(() => Promise.resolve({ ok: true }));
const beaconMock = jest.fn(() => true);

function sentBatches() {
  return fetchMock.mock.calls.map((call) => JSON.parse((call as unknown as [string, RequestInit])[1].body as string));
}

beforeAll(() => {
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  Object.defineProperty(navigator, "sendBeacon", { value: beaconMock, configurable: true });
});

beforeEach(() => {
  // Real `performance`: the load-timing code reads the navigation entry from it.
  jest.useFakeTimers({ doNotFake: ["performance"] });
  fetchMock.mockClear();
  beaconMock.mockClear();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = "cookie_consent=; Max-Age=0; Path=/";
  resetConsentCache();
});

afterEach(() => {
  flush();
  jest.useRealTimers();
});

describe("track", () => {
  it("sends nothing without analytics consent", () => {
    track("page_view");
    saveConsent({ analytics: false, marketing: true });
    track("sign_in", { method: "password" });
    jest.advanceTimersByTime(10_000);
    flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(beaconMock).not.toHaveBeenCalled();
  });

  it("with consent, batches events into one request to the analytics API, with the kept utm parameters", () => {
    saveConsent({ analytics: true, marketing: false });
    captureUtm("?utm_source=newsletter&utm_campaign=launch&ref=x");
    track("page_view");
    track("sign_up", { method: "password" });
    expect(fetchMock).not.toHaveBeenCalled();
    jest.advanceTimersByTime(2000);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([
      "/api/analytics/events",
      expect.objectContaining({ method: "POST", keepalive: true, credentials: "same-origin" }),
    ]);
    const [batch] = sentBatches();
    expect(batch.utm).toEqual({ utm_source: "newsletter", utm_campaign: "launch" });
    expect(batch.events.map((e: { name: string }) => e.name)).toEqual(["page_view", "sign_up"]);
    expect(batch.events[1]).toMatchObject({ path: "/", properties: { method: "password" } });
    expect(typeof batch.events[0].timestamp).toBe("number");
  });

  it("drops queued events when consent is withdrawn before they are sent", () => {
    saveConsent({ analytics: true, marketing: true });
    track("page_view");
    saveConsent({ analytics: false, marketing: false });
    jest.advanceTimersByTime(2000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends what is queued with sendBeacon when the page is left", () => {
    saveConsent({ analytics: true, marketing: true });
    track("sign_in", { method: "google" });
    window.dispatchEvent(new Event("pagehide"));
    expect(beaconMock).toHaveBeenCalledTimes(1);
    expect(beaconMock.mock.calls[0]).toEqual(["/api/analytics/events", expect.any(Blob)]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("automatic events", () => {
  // jsdom has no navigation timing; each test says what the page load looked like.
  const original = performance.getEntriesByType;
  beforeEach(() => {
    performance.getEntriesByType = (() => []) as typeof performance.getEntriesByType;
  });
  afterEach(() => {
    performance.getEntriesByType = original;
  });

  it("reports an uncaught error with its message cut to 500 characters", () => {
    saveConsent({ analytics: true, marketing: false });
    const stop = startTracking(Date.now() - 60_000);
    window.dispatchEvent(new ErrorEvent("error", { message: "x".repeat(900), filename: "https://example.test/app.js", lineno: 7 }));
    stop();
    window.dispatchEvent(new ErrorEvent("error", { message: "after stop" }));
    flush();

    const events = sentBatches().flatMap((b) => b.events).filter((e: { name: string }) => e.name === "client_error");
    expect(events).toHaveLength(1);
    expect(events[0].properties.message).toHaveLength(500);
    expect(events[0].properties).toMatchObject({ kind: "error", line: 7 });
  });

  describe("page-load timing", () => {
    function loadedAgo(ms: number) {
      const entry = { loadEventEnd: performance.now() - ms, domContentLoadedEventEnd: 420.4, responseStart: 80.2, transferSize: 5120 };
      performance.getEntriesByType = ((type: string) => (type === "navigation" ? [entry] : [])) as unknown as typeof performance.getEntriesByType;
    }
    const timings = () =>
      sentBatches()
        .flatMap((b) => b.events)
        .filter((e: { name: string }) => e.name === "page_load_timing");

    it("fires 1 s after the load event", () => {
      saveConsent({ analytics: true, marketing: false });
      loadedAgo(0);
      const stop = startTracking(Date.now() - 60_000);
      jest.advanceTimersByTime(900);
      flush();
      expect(timings()).toHaveLength(0);
      jest.advanceTimersByTime(200);
      flush();
      stop();
      expect(timings()).toHaveLength(1);
      expect(timings()[0].properties).toMatchObject({ domContentLoadedMs: 420, ttfbMs: 80, transferBytes: 5120 });
    });

    it("is skipped when consent was given on this page long after the load", () => {
      saveConsent({ analytics: true, marketing: false });
      loadedAgo(5000);
      const stop = startTracking(Date.now());
      jest.advanceTimersByTime(5000);
      flush();
      stop();
      expect(timings()).toHaveLength(0);
    });
  });

  it("keeps utm parameters for the visit in sessionStorage", () => {
    captureUtm("?utm_medium=cpc&utm_source=ads");
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({ utm_source: "ads", utm_medium: "cpc" });
    captureUtm("?page=2");
    expect(JSON.parse(sessionStorage.getItem(UTM_STORAGE_KEY)!)).toEqual({ utm_source: "ads", utm_medium: "cpc" });
  });
});
