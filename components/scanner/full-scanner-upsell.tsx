import { Lock, Sparkles } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { ScannerLocked } from "@/lib/scanner/schema";

/** On a plan without the full scanner: what it would add, rule by rule, instead of a hidden feature. */
export function FullScannerUpsell({ locked }: { locked: ScannerLocked }) {
  return (
    <section aria-labelledby="full-scanner-heading" className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-accent p-4 text-sm text-accent-foreground">
      <div className="flex flex-wrap items-center gap-2">
        <Sparkles aria-hidden="true" className="size-4 shrink-0" />
        <h3 id="full-scanner-heading" className="font-semibold">
          {locked.rulesNotRun} more {locked.rulesNotRun === 1 ? "rule" : "rules"} would run with the full scanner
        </h3>
      </div>
      <p>Your plan runs the injection and transport rules. Pro and Enterprise also run:</p>
      <ul className="flex flex-wrap gap-1.5" aria-label="Rules not run on your plan">
        {locked.rules.map((rule) => (
          <li key={rule.id} className="inline-flex items-center gap-1 rounded-md border border-primary/30 bg-background/60 px-2 py-0.5 text-xs">
            <Lock aria-hidden="true" className="size-3" />
            {rule.title}
          </li>
        ))}
      </ul>
      <ul className="list-disc pl-5" aria-label="Also in the full scanner">
        {locked.unlocks.map((u) => (
          <li key={u}>{u}</li>
        ))}
      </ul>
      <div>
        <Button asChild size="sm">
          <Link href="/settings#plan">See plans</Link>
        </Button>
      </div>
    </section>
  );
}
