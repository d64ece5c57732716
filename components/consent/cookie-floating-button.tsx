"use client";

import { Cookie } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { ConsentLevel } from "@/lib/consent/consent";
import { openCookiePreferences } from "@/lib/consent/preferences-dialog";

const LOOK: Record<ConsentLevel, { label: string; className: string }> = {
  // The choice shows as the button's rim, on the page's own background: green
  // for all, yellow for custom, red for essential only, as the specification
  // has it (hex rather than theme tokens: the colours mean something here and
  // must not change with the theme; each is at least 3:1 against white and
  // near-black). "Essential only" is a fine choice, not a warning: a thin rim
  // on a small neutral button, never a filled red alarm.
  all: { label: "all cookies accepted", className: "border-[#16a34a]" },
  custom: { label: "custom choice", className: "border-[#ca8a04]" },
  essential: { label: "essential cookies only", className: "border-[#dc2626]" },
};

/**
 * Whether the page is being scrolled down (reading on): the button then
 * slides out of the way, and comes back when the reader scrolls up.
 */
function useScrollingDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      // A few pixels of jitter (a phone's toolbar settling) change nothing.
      if (Math.abs(y - last) < 8) return;
      setDown(y > last && y > 64);
      last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return down;
}

/**
 * The small round button at the bottom left that reopens the cookie
 * preferences once the visitor has chosen. It sits below every banner, toast
 * and dialog (z-cookie), and moves away while the page is read downwards; the
 * footer and Settings have the same link in words. A phone has no room beside
 * its controls for it: there the choice made, it is not shown, and the
 * footer's link (Settings → Cookie preferences in the console) is the way back.
 */
export function CookieFloatingButton({ level, focusOnMount }: { level: ConsentLevel; focusOnMount: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  const away = useScrollingDown();
  useEffect(() => {
    // Right after a choice in the banner, whose buttons just disappeared,
    // keyboard focus lands here instead of falling back to the page top.
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);

  const look = LOOK[level];
  return (
    <>
      {/* Room at the end of a short page, so that nothing has to stay under the button. */}
      <div aria-hidden="true" className="h-14 max-sm:hidden" />
      <aside aria-label="Cookie settings" className="fixed bottom-3 left-3 z-cookie max-sm:hidden">
        <button
          ref={ref}
          type="button"
          onClick={openCookiePreferences}
          aria-haspopup="dialog"
          aria-label={`Cookie preferences: ${look.label}`}
          data-consent-level={level}
          data-away={away || undefined}
          className={`inline-flex size-9 items-center justify-center rounded-full border-2 bg-background text-muted-foreground shadow-sm transition-[translate,opacity] duration-200 outline-hidden hover:text-foreground focus-visible:translate-y-0 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background motion-reduce:transition-none data-away:translate-y-16 data-away:opacity-0 ${look.className}`}
        >
          <Cookie aria-hidden="true" className="size-4" />
        </button>
      </aside>
    </>
  );
}
