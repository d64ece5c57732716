"use client";

import { useEffect, useState } from "react";
import { cn } from "@/lib/utils";
import { SETTINGS_SECTIONS } from "./sections";

/**
 * The section being read: the first whose heading sits in the upper part of the viewport, or,
 * between headings, the last one scrolled past.
 */
function useCurrentSection(ids: readonly string[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  useEffect(() => {
    const pick = () => {
      let seen: string | null = null;
      for (const id of ids) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top === undefined) continue;
        if (top > window.innerHeight * 0.4) break;
        seen = id;
      }
      setCurrent(seen ?? ids[0] ?? null);
    };
    pick();
    window.addEventListener("scroll", pick, { passive: true });
    window.addEventListener("resize", pick);
    return () => {
      window.removeEventListener("scroll", pick);
      window.removeEventListener("resize", pick);
    };
  }, [ids]);
  return current;
}

const IDS = SETTINGS_SECTIONS.map((s) => s.id);

/** Links to each section of the long settings page, beside it on a wide screen (a phone scrolls through them); the one being read is marked. */
export function SettingsNav() {
  const current = useCurrentSection(IDS);
  useEffect(() => {
    // The sections appear once the settings have loaded, after the browser or the router looked for
    // the address's #section (a link from the command palette, the footer or a bookmark): go there now.
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = IDS.some((s) => s === id) ? document.getElementById(id) : null;
    if (!target?.parentElement) return;
    const land = () => target.scrollIntoView();
    land();
    // The sections above then load their own lists and change height, which would carry the heading
    // off screen: it is brought back each time, until the reader moves on their own.
    const settling = new ResizeObserver(land);
    settling.observe(target.parentElement);
    const release = () => settling.disconnect();
    const moves = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const m of moves) window.addEventListener(m, release, { once: true, passive: true });
    return () => {
      release();
      for (const m of moves) window.removeEventListener(m, release);
    };
  }, []);
  return (
    <nav aria-label="Settings sections" className="sticky top-6 hidden lg:block">
      <ul className="flex flex-col gap-0.5 text-sm">
        {SETTINGS_SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              aria-current={current === s.id ? "location" : undefined}
              className={cn(
                "block rounded-md px-3 py-1.5 text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden",
                current === s.id && "bg-accent font-medium text-accent-foreground",
              )}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
