"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { DEFAULT_CONSENT, type ConsentChoice } from "@/lib/consent/consent";
import { saveConsent } from "@/lib/consent/store";

// The switches load when the visitor asks to customize; most never do.
const ConsentCategories = dynamic(() => import("./consent-categories").then((m) => m.ConsentCategories), {
  ssr: false,
});

// Plain buttons with the Button styles: the banner is on every first visit,
// and the Button component would bring its class-merging code along.
const outline = buttonVariants({ variant: "outline", size: "sm" });
const primary = buttonVariants({ size: "sm" });

/**
 * The banner at the bottom of every page until the visitor chooses: Accept,
 * Reject, or Customize (the categories unfold in place) and then Save.
 */
export function ConsentBanner({ onChosen }: { onChosen: () => void }) {
  const [customizing, setCustomizing] = useState(false);
  const [draft, setDraft] = useState<ConsentChoice>({
    analytics: DEFAULT_CONSENT.analytics,
    marketing: DEFAULT_CONSENT.marketing,
  });

  // The banner is fixed over the bottom of the page; an equally tall spacer at
  // the end of the page lets whatever it covers be scrolled into view.
  const banner = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = banner.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    onChosen();
  };

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={banner}
        aria-label="Cookie consent"
        className="fixed inset-x-0 bottom-0 z-banner max-h-[80dvh] overflow-y-auto border-t bg-background shadow-[0_-4px_16px_rgb(0_0_0/0.08)]"
      >
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:px-6">
          <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <p className="text-sm text-muted-foreground">
              We use essential cookies to run this site. With your permission we also measure visits with our own,
              first-party analytics.{" "}
              <Link prefetch={false} href="/cookies-policy" className="font-medium text-foreground underline underline-offset-4">
                Cookies policy
              </Link>
            </p>
            <div className="flex shrink-0 flex-wrap gap-2">
              <button type="button" className={outline} onClick={() => choose({ analytics: false, marketing: false })}>
                Reject
              </button>
              <button
                type="button"
                className={outline}
                aria-expanded={customizing}
                aria-controls="consent-banner-categories"
                onClick={() => setCustomizing((c) => !c)}
              >
                Customize
              </button>
              <button type="button" className={primary} onClick={() => choose({ analytics: true, marketing: true })}>
                Accept
              </button>
            </div>
          </div>
          {customizing ? (
            <div id="consent-banner-categories" className="flex flex-col gap-4 border-t pt-3">
              <ConsentCategories value={draft} onChange={setDraft} idPrefix="consent-banner" />
              <div className="flex justify-end">
                <button type="button" className={primary} onClick={() => choose(draft)}>
                  Save
                </button>
              </div>
            </div>
          ) : null}
        </div>
      </section>
    </>
  );
}
