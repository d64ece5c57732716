import { useSyncExternalStore } from "react";

/**
 * Whether the cookie-preferences dialog is open. The dialog is mounted once,
 * in the root layout; the floating button and CookiePreferencesButton (on
 * the settings page, for example) open that same dialog through here.
 */

type Listener = () => void;

let open = false;
const listeners = new Set<Listener>();

function set(next: boolean) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openCookiePreferences = () => set(true);
export const closeCookiePreferences = () => set(false);

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => open;
const getServerSnapshot = () => false;

export function useCookiePreferencesOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
