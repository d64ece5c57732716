import { ShieldCheck } from "lucide-react";
import type { FindingDto } from "@/lib/scanner/schema";
import { SEVERITIES } from "@/lib/scanner/types";
import { FindingCard } from "./finding-card";
import { SEVERITY_META } from "./severity-meta";

/** Findings grouped by severity, most severe first; each group a section with its count. */
export function FindingsList({ findings, omitted, idPrefix }: { findings: FindingDto[]; omitted: number; idPrefix: string }) {
  if (findings.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-sm text-muted-foreground">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
        No findings: nothing the rules look for is in what this server exposes.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {SEVERITIES.map((severity) => {
        const group = findings.filter((f) => f.severity === severity);
        if (group.length === 0) return null;
        const meta = SEVERITY_META[severity];
        const Icon = meta.icon;
        const headingId = `${idPrefix}-${severity}`;
        return (
          <section key={severity} aria-labelledby={headingId} className="flex flex-col gap-3">
            <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold">
              <span className={`size-2.5 rounded-full ${meta.fillClass}`} aria-hidden="true" />
              <Icon aria-hidden="true" className="size-4" />
              {meta.label}
              <span className="rounded-sm bg-muted px-1.5 text-xs font-normal tabular-nums text-muted-foreground">
                {group.length}
                <span className="sr-only"> {group.length === 1 ? "finding" : "findings"}</span>
              </span>
            </h3>
            <ul className="flex flex-col gap-3">
              {group.map((finding) => (
                <li key={finding.id}>
                  <FindingCard finding={finding} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {omitted > 0 ? (
        <p className="text-sm text-muted-foreground">
          {omitted.toLocaleString("en")} more findings of the lowest severities were counted but not kept.
        </p>
      ) : null}
    </div>
  );
}
