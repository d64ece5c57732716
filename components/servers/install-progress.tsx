"use client";

import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";

/**
 * While a stdio server's package installs and starts: what is happening, and for how long, since
 * a first install can take a minute. Announced once; the seconds are for the eye only.
 */
export function InstallProgress({ spec, then }: { spec: string; then: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      <span>
        Installing {spec} from npm (the first time can take a minute), then {then}…
        <span aria-hidden="true" className="ml-1 tabular-nums">
          {seconds} s
        </span>
      </span>
    </p>
  );
}
