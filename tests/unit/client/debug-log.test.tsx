import { act, fireEvent, render, screen, within } from "@testing-library/react";

import { AuthDebugPanel } from "@/components/auth/debug-panel";
import {
  DEBUG_LOG_LIMIT,
  clearDebugLog,
  getDebugLog,
  logAuthEvent,
  subscribeDebugLog,
} from "@/lib/debug-log";

beforeEach(() => {
  clearDebugLog();
});

describe("auth debug log", () => {
  it("records timestamped entries, with details only when given", () => {
    logAuthEvent("sign_in", { uid: "u1" });
    logAuthEvent("sign_out");
    const [first, second] = getDebugLog();
    expect(first).toMatchObject({ event: "sign_in", details: { uid: "u1" } });
    expect(new Date(first.timestamp).toISOString()).toBe(first.timestamp);
    expect(second).toEqual({ timestamp: expect.any(String), event: "sign_out" });
  });

  it("keeps only the last 50 entries", () => {
    expect(DEBUG_LOG_LIMIT).toBe(50);
    for (let i = 1; i <= 60; i += 1) logAuthEvent(`e${i}`);
    const log = getDebugLog();
    expect(log).toHaveLength(50);
    expect(log[0].event).toBe("e11");
    expect(log[49].event).toBe("e60");
  });

  it("returns the same snapshot until something changes", () => {
    logAuthEvent("a");
    const snapshot = getDebugLog();
    expect(getDebugLog()).toBe(snapshot);
    logAuthEvent("b");
    expect(getDebugLog()).not.toBe(snapshot);
    expect(snapshot).toHaveLength(1);
  });

  it("notifies subscribers until they unsubscribe", () => {
    const listener = jest.fn();
    const unsubscribe = subscribeDebugLog(listener);
    logAuthEvent("a");
    clearDebugLog();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    logAuthEvent("b");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("clears", () => {
    logAuthEvent("a");
    clearDebugLog();
    expect(getDebugLog()).toEqual([]);
  });
});

describe("AuthDebugPanel", () => {
  // Shown only where debugging was turned on with ?debug=auth; it stays on until ?debug=off or "Hide".
  beforeEach(() => {
    window.localStorage.clear();
    window.history.replaceState(null, "", "/dashboard?debug=auth");
  });
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("is not shown until debugging is turned on, and then stays on until hidden", () => {
    window.history.replaceState(null, "", "/dashboard");
    const { unmount } = render(<AuthDebugPanel />);
    expect(screen.queryByRole("button", { name: "Auth debug log" })).not.toBeInTheDocument();
    unmount();

    window.history.replaceState(null, "", "/settings?debug=auth");
    render(<AuthDebugPanel />).unmount();
    window.history.replaceState(null, "", "/servers");
    render(<AuthDebugPanel />);
    expect(screen.getByRole("button", { name: "Auth debug log" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Hide" }));
    expect(screen.queryByRole("button", { name: "Auth debug log" })).not.toBeInTheDocument();
  });

  it("is collapsed by default and lists entries newest first when opened", () => {
    logAuthEvent("first");
    logAuthEvent("second", { path: "/api/x" });
    render(<AuthDebugPanel />);

    const toggle = screen.getByRole("button", { name: "Auth debug log" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("list")).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining("second"),
      expect.stringContaining("first"),
    ]);
    expect(items[0]).toHaveTextContent('"path": "/api/x"');
  });

  it("shows new entries live and clears them", () => {
    render(<AuthDebugPanel />);
    fireEvent.click(screen.getByRole("button", { name: "Auth debug log" }));
    expect(screen.getByText("0 entries")).toBeInTheDocument();

    act(() => logAuthEvent("token_expired", { path: "/api/servers" }));
    expect(screen.getByText("token_expired")).toBeInTheDocument();
    expect(screen.getByText("1 entry")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(getDebugLog()).toHaveLength(0);
    expect(screen.queryByText("token_expired")).not.toBeInTheDocument();
  });
});
