"use client";

import { useState, type ComponentType } from "react";

/**
 * A popup (a menu, a side panel) whose code loads when someone first reaches
 * for its button rather than with the page. Every public page shows such
 * buttons in its header, few visitors press them, and their Radix code is
 * most of what a static page would otherwise download and run before it
 * becomes interactive on a phone.
 *
 * Until then the caller renders a plain button that looks the same:
 * `prefetch` (hover, focus) starts the download, `open` (a press) renders
 * the loaded component in its place, opened; from then on it is the
 * component's own button.
 */
export function useOnDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
  return {
    Loaded,
    // A failed prefetch is tried again by the press, which reports its own failure.
    prefetch: () => void load().catch(() => undefined),
    open: () => void load().then((component) => setLoaded(() => component)),
  };
}
