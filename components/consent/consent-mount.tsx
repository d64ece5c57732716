"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";

const ConsentRoot = dynamic(() => import("./consent-root").then((m) => m.ConsentRoot), { ssr: false });

/**
 * A public status page is its owner's page, read by their users, who are not
 * the console's visitors: it carries neither the console's consent banner nor
 * its analytics (the status layout has no cookie link either).
 */
const isStatusPage = (pathname: string | null) => pathname?.startsWith("/status/") ?? false;

/**
 * Mounts the consent UI once the page has loaded and the browser is idle,
 * from its own chunk: the banner depends on the browser's storage anyway,
 * and keeping it out of the first bundle and out of hydration keeps every
 * page quick to become interactive on a phone.
 */
export function ConsentMount() {
  const pathname = usePathname();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(start, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(start, 200);
    return () => window.clearTimeout(id);
  }, []);
  return ready && !isStatusPage(pathname) ? <ConsentRoot /> : null;
}
