"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { startTracking, trackPageView } from "@/lib/analytics/tracker";

/**
 * Runs the automatic analytics (page views on every route change, load
 * timing, client errors). ConsentRoot loads and mounts it only while the
 * visitor allows analytics; unmounting stops everything.
 */
export function ConsentedAnalytics({ consentTimestamp }: { consentTimestamp: number }) {
  const pathname = usePathname();
  useEffect(() => startTracking(consentTimestamp), [consentTimestamp]);
  useEffect(() => {
    trackPageView();
  }, [pathname]);
  return null;
}
