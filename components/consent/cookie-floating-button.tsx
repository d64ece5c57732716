"use client";

import { Cookie } from "lucide-react";
import { useEffect, useRef } from "react";
import type { ConsentLevel } from "@/lib/consent/consent";
import { openCookiePreferences } from "@/lib/consent/preferences-dialog";

const LOOK: Record<ConsentLevel, { label: string; className: string }> = {
  // Hex values rather than theme tokens: the colours mean something here and
  // must not change with the theme. Each icon colour is at least 4.5:1 on its
  // background, and the yellow gets a dark rim to stand out on white.
  all: { label: "all cookies accepted", className: "border-[#14532d] bg-[#15803d] text-white" },
  custom: { label: "custom choice", className: "border-[#854d0e] bg-[#facc15] text-[#422006]" },
  essential: { label: "essential cookies only", className: "border-[#7f1d1d] bg-[#dc2626] text-white" },
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
          className={`inline-flex size-12 items-center justify-center rounded-full border-2 shadow-lg transition-transform outline-hidden hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background ${look.className}`}
        >
          <Cookie aria-hidden="true" className="size-6" />
        </button>
      </aside>
    </>
  );
}
