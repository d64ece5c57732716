"use client";

import Link from "next/link";
import { SilenceList } from "@/components/alerts/silence-list";
import { CardSection } from "@/components/app/card-section";
import { useSilences } from "@/lib/alerts/silence-hooks";

/** The dashboard's word that alerts are paused (nothing while none is): each pause with Resume, so a forgotten one is seen. */
export function PausedAlerts() {
  const silences = useSilences();
  const list = silences.data ?? [];
  if (list.length === 0) return null;
  return (
    <CardSection className="gap-4" title="Alerts paused">
      <p className="text-sm text-muted-foreground">
        Outages are still recorded; the alerts they would send are not sent. Every pause is also in{" "}
        <Link href="/settings#pause-alerts" className="font-medium text-primary underline-offset-4 hover:underline">
          Settings → Pause alerts
        </Link>
        .
      </p>
      <SilenceList silences={list} />
    </CardSection>
  );
}
