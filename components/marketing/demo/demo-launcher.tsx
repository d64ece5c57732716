"use client";

import dynamic from "next/dynamic";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

// The tour's code loads only when someone opens it.
const DemoDialog = dynamic(() => import("./demo-dialog").then((m) => m.DemoDialog), { ssr: false });

/**
 * Opens the product tour when the address says `demo=open` (from the "Take
 * the tour" link, or /in-action) and removes the flag when it is closed.
 * Read in the browser, so the landing page itself stays static.
 */
export function DemoLauncher() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const open = params.get("demo") === "open";

  const close = useCallback(() => {
    const rest = new URLSearchParams(params.toString());
    rest.delete("demo");
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [params, pathname, router]);

  return open ? <DemoDialog onClose={close} /> : null;
}
