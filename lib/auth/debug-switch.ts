/**
 * Whether this browser shows the auth debug panel. Off by default: the log
 * is a developer aid, not something every user should see. `?debug=auth` on
 * any console address turns it on and it stays on (localStorage) until
 * `?debug=off` or the panel's "Hide" button.
 */
export const DEBUG_SWITCH_KEY = "auth_debug";
const listeners = new Set<() => void>();

export function readDebugSwitch(): boolean {
  try {
    const flag = new URLSearchParams(window.location.search).get("debug");
    if (flag === "auth") window.localStorage.setItem(DEBUG_SWITCH_KEY, "on");
    if (flag === "off") window.localStorage.removeItem(DEBUG_SWITCH_KEY);
    return window.localStorage.getItem(DEBUG_SWITCH_KEY) === "on";
  } catch {
    // Storage refused (private mode, policy): the panel simply stays hidden.
    return false;
  }
}

export function turnDebugOff(): void {
  try {
    window.localStorage.removeItem(DEBUG_SWITCH_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  for (const listener of [...listeners]) listener();
}

export function subscribeDebugSwitch(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
