"use client";

import { ArrowRight, Loader2 } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";

/**
 * Whether this deployment offers demo accounts. The public pages are
 * prerendered, while the setting is the running service's: the browser asks
 * (GET /api/config, which the sign-in pages ask too) once the page is shown.
 */
export function useDemoOffered(): boolean {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    let live = true;
    import("@/lib/api-client/fetch")
      .then(({ apiGet }) => apiGet<{ demoAccounts?: boolean }>("/api/config", { cache: true }))
      .then((config) => live && setOffered(config.demoAccounts === true))
      // No answer, no offer: the page's other ways in still work.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return offered;
}

interface DemoOfferProps {
  className: string;
  buttonClassName: string;
  children?: ReactNode;
}

/** The offer where the deployment makes it (useDemoOffered); nothing elsewhere. */
export function DemoOffer(props: DemoOfferProps) {
  return useDemoOffered() ? <DemoOfferButton {...props} /> : null;
}

/**
 * "Try it without signing up": a demo account of the visitor's own, made and
 * seeded on the server (a few seconds, said while it runs), signed in to,
 * then its server with two weeks of history. The page passes the classes, so
 * that this component ships no styling code; the sign-in code loads on the
 * click.
 */
export function DemoOfferButton({ className, buttonClassName, children = "Try it without signing up" }: DemoOfferProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    let visit: typeof import("@/lib/auth/demo-visit") | undefined;
    try {
      visit = await import("@/lib/auth/demo-visit");
      // Busy until the browser has left for the demo's server.
      await visit.startDemoVisit();
    } catch (err) {
      setError(visit ? visit.demoFailureMessage(err) : "The demo could not be loaded. Check your connection and try again.");
      setBusy(false);
    }
  }

  return (
    <div className={className}>
      <button type="button" className={buttonClassName} onClick={start} disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy ? "Preparing your demo account…" : children}
        {busy ? null : <ArrowRight aria-hidden="true" />}
      </button>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {busy ? "Setting up a server with two weeks of checks, incidents and a security scan. This takes a few seconds." : ""}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
