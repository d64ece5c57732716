"use client";

import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";

/**
 * What a page may show of the time, the same on the server and in the
 * hydrating browser (so React finds the markup it expects), and the reader's
 * own after: useSyncExternalStore renders the server's snapshot while it
 * hydrates and the browser's right after.
 */

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** False on the server and while the page hydrates; true after, in the browser. */
export function useInBrowser(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}

/** How often a relative time ("5 minutes ago") is written again: its smallest step is a minute. */
const TICK_MS = 30_000;

const listeners = new Set<() => void>();
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;

function tick() {
  now = Date.now();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    tick();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) clearInterval(timer);
  };
}

/** The last tick; read before any subscriber started the clock (a component mounting after a navigation), the current time. */
function browserNow() {
  if (listeners.size === 0 && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

const RenderedAt = createContext<number | null>(null);

/** The time the server rendered the page at, carried to the browser with the page, for it to hydrate with. */
export function RenderedAtProvider({ at, children }: { at: number; children: ReactNode }) {
  return <RenderedAt.Provider value={at}>{children}</RenderedAt.Provider>;
}

/** The current time, in milliseconds: the page's render time on the server and while it hydrates, then the browser's clock, every 30 s. */
export function useNow(): number {
  const renderedAt = useContext(RenderedAt);
  return useSyncExternalStore(subscribe, browserNow, () => {
    if (renderedAt === null) throw new Error("useNow needs the RenderedAtProvider of the root layout to render on the server");
    return renderedAt;
  });
}
