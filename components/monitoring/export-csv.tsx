"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { monitoringExportPath } from "@/lib/monitoring/hooks";
import { useSubscription } from "@/lib/subscription/use-subscription";

/** Downloads the server's whole check or incident history as CSV; offered with the plan's dataExport only. */
export function ExportCsv({ serverId, kind }: { serverId: string; kind: "checks" | "incidents" }) {
  const { subscription } = useSubscription();
  if (!subscription.features.dataExport) return null;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={monitoringExportPath(serverId, kind)} download>
        <Download aria-hidden="true" />
        Export CSV<span className="sr-only"> of the {kind}</span>
      </a>
    </Button>
  );
}
