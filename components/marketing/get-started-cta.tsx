"use client";

import Link from "next/link";
import { useSyncExternalStore, type ReactNode } from "react";
import { utmFromSearch } from "@/lib/analytics/utm";

const REGISTER = "/auth/register";

// The query string of a page does not change while the page is shown.
const subscribe = () => () => {};
const browserSearch = () => window.location.search;
const noSearch = () => "";

/**
 * The ads page's one call to action. The page is static, so the campaign's
 * `utm_*` parameters are read in the browser and passed on to registration,
 * where analytics (if allowed) keeps them for the sign-up event. The page
 * passes the button classes in, so that this client component ships no
 * styling code.
 */
export function GetStartedCta({ className, children }: { className: string; children: ReactNode }) {
  const search = useSyncExternalStore(subscribe, browserSearch, noSearch);
  const utm = utmFromSearch(search);
  const href = Object.keys(utm).length ? `${REGISTER}?${new URLSearchParams(utm).toString()}` : REGISTER;
  return (
    <Link prefetch={false} href={href} className={className}>
      {children}
    </Link>
  );
}
