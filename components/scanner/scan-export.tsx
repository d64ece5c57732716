import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { scanExportPath } from "@/lib/scanner/hooks";
import type { ScanExportFormat } from "@/lib/scanner/schema";
import { SidePanel } from "./side-panel";

const FORMATS: { format: ScanExportFormat; label: string }[] = [
  { format: "sarif", label: "SARIF" },
  { format: "json", label: "JSON" },
];

/** Download the latest scan's findings (dataExport), or what the plan would give. */
export function ScanExport({ serverId, canExport }: { serverId: string; canExport: boolean }) {
  if (!canExport) {
    return (
      <SidePanel
        id="scan-export-heading"
        title="Export findings"
        lockedOffer="you can download the findings as SARIF 2.1.0 (which code-scanning tools and code hosts read) or as JSON."
      />
    );
  }
  return (
    <SidePanel id="scan-export-heading" title="Export findings">
      <p className="text-sm text-muted-foreground">The latest scan as SARIF 2.1.0, for code-scanning tools, or as JSON.</p>
      <div className="flex flex-wrap gap-2">
        {FORMATS.map(({ format, label }) => (
          <Button key={format} asChild variant="outline" size="sm">
            <a href={scanExportPath(serverId, format)} download>
              <Download aria-hidden="true" />
              {label}
            </a>
          </Button>
        ))}
      </div>
    </SidePanel>
  );
}
