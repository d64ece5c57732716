"use client";

import { Cookie } from "lucide-react";
import { useEffect, useRef } from "react";
import type { ConsentLevel } from "@/lib/consent/consent";
import { openCookiePreferences } from "@/lib/consent/preferences-dialog";

const LOOK: Record<ConsentLevel, { label: string; className: string }> = {
  // The colour of the choice (green all, yellow custom, red essential only)
  // is the button's rim, on the page's own background: a filled red disc read
  // as an error badge, while "essential only" is a fine choice. Hex values
  // rather than theme tokens: the colours mean something here and must not
  // change with the theme; each is at least 3:1 against white and near-black.
  all: { label: "all cookies accepted", className: "border-[#16a34a]" },
  custom: { label: "custom choice", className: "border-[#ca8a04]" },
  essential: { label: "essential cookies only", className: "border-[#dc2626]" },
};

/** The round button at the bottom left that reopens the cookie preferences once the visitor has chosen. */
export function CookieFloatingButton({ level, focusOnMount }: { level: ConsentLevel; focusOnMount: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Right after a choice in the banner, whose buttons just disappeared,
    // keyboard focus lands here instead of falling back to the page top.
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);

  const look = LOOK[level];
  return (
    <>
      {/* Room at the end of the page, so that nothing has to stay under the button. */}
      <div aria-hidden="true" className="h-20" />
      <aside aria-label="Cookie settings" className="fixed bottom-4 left-4 z-40">
        <button
          ref={ref}
          type="button"
          onClick={openCookiePreferences}
          aria-haspopup="dialog"
          aria-label={`Cookie preferences: ${look.label}`}
          data-consent-level={level}
          className={`inline-flex size-11 items-center justify-center rounded-full border-[3px] bg-background text-foreground shadow-md transition-transform outline-hidden hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background ${look.className}`}
        >
          <Cookie aria-hidden="true" className="size-5" />
        </button>
      </aside>
    </>
  );
}
