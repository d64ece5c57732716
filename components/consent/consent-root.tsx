"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import { consentLevel } from "@/lib/consent/consent";
import { openCookiePreferences, useCookiePreferencesOpen } from "@/lib/consent/preferences-dialog";
import { useConsent } from "@/lib/consent/store";
import { ConsentBanner } from "./consent-banner";
import { CookieFloatingButton } from "./cookie-floating-button";

// Loaded only when needed: the dialog when it opens, the analytics code only
// once the visitor has allowed analytics (no non-essential script before).
const CookiePreferencesDialog = dynamic(
  () => import("./cookie-preferences-dialog").then((m) => m.CookiePreferencesDialog),
  { ssr: false },
);
const ConsentedAnalytics = dynamic(() => import("./consented-analytics").then((m) => m.ConsentedAnalytics), {
  ssr: false,
});

/** Mounted once in the root layout: banner or floating button, the preferences dialog, and analytics when allowed. */
export function ConsentRoot() {
  const consent = useConsent();
  const dialogOpen = useCookiePreferencesOpen();
  const [justChose, setJustChose] = useState(false);

  // The footer's "Cookie preferences" is a plain button of a server-rendered
  // page, marked data-cookie-preferences: it is served without script, and
  // this (loaded once the page is idle) opens the dialog for it.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.("[data-cookie-preferences]")) openCookiePreferences();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Unknown on the server and during hydration: render nothing rather than a wrong banner.
  if (!consent) return null;

  return (
    <>
      {consent.hasConsented ? (
        <CookieFloatingButton level={consentLevel(consent)} focusOnMount={justChose} />
      ) : (
        <ConsentBanner onChosen={() => setJustChose(true)} />
      )}
      {dialogOpen ? <CookiePreferencesDialog consent={consent} /> : null}
      {consent.analytics && consent.timestamp !== null ? <ConsentedAnalytics consentTimestamp={consent.timestamp} /> : null}
    </>
  );
}
