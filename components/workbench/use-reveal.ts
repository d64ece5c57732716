"use client";

import { useCallback, useRef } from "react";

/**
 * Brings the panel of a chosen item into view where it sits below the list
 * (a phone, where the list comes first and is long): the panel scrolls to the
 * top of the screen and its heading takes the focus, so that the form is
 * where the eye and the screen reader are. Beside the list (a wide screen)
 * the panel is already in view and nothing moves.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const reveal = useCallback(() => {
    // After the render that shows the chosen item's panel.
    requestAnimationFrame(() => {
      const panel = ref.current;
      if (!panel) return;
      const { top } = panel.getBoundingClientRect();
      if (top >= 0 && top < window.innerHeight / 2) return;
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      panel.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
      const heading = panel.querySelector<HTMLElement>("h2, h3");
      if (heading) {
        // Focusable by script only, not a stop for Tab.
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
    });
  }, []);
  return [ref, reveal] as const;
}
