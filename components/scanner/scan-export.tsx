import { Download, Lock } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { scanExportPath } from "@/lib/scanner/client";

/** Download the latest scan's findings (dataExport), or what the plan would give. */
export function ScanExport({ serverId, canExport }: { serverId: string; canExport: boolean }) {
  return (
    <section aria-labelledby="scan-export-heading" className="flex flex-col gap-2 rounded-xl border p-4">
      <h3 id="scan-export-heading" className="flex items-center gap-2 font-semibold">
        {canExport ? null : <Lock aria-hidden="true" className="size-4 text-muted-foreground" />}
        Export findings
      </h3>
      {canExport ? (
        <>
          <p className="text-sm text-muted-foreground">The latest scan as SARIF 2.1.0, for code-scanning tools, or as JSON.</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <a href={scanExportPath(serverId, "sarif")} download>
                <Download aria-hidden="true" />
                SARIF
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={scanExportPath(serverId, "json")} download>
                <Download aria-hidden="true" />
                JSON
              </a>
            </Button>
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          With the Pro or Enterprise plan you can download the findings as SARIF 2.1.0 (which code-scanning tools and code hosts read) or
          as JSON. <Link href="/settings#plan" className="text-primary underline underline-offset-4">See plans</Link>
        </p>
      )}
    </section>
  );
}
