import { Badge } from "@/components/ui/badge";

/** The tool hints of the MCP spec, as badges; only those the server set to true. */
const HINTS: { key: string; label: string; destructive?: boolean }[] = [
  { key: "readOnlyHint", label: "Read-only" },
  { key: "destructiveHint", label: "Destructive", destructive: true },
  { key: "idempotentHint", label: "Idempotent" },
  { key: "openWorldHint", label: "Open world" },
];

export function AnnotationBadges({ annotations }: { annotations?: Record<string, unknown> }) {
  const set = HINTS.filter((h) => annotations?.[h.key] === true);
  if (set.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {set.map((h) => (
        <Badge key={h.key} variant={h.destructive ? "destructive" : "secondary"} className="px-1.5 text-[11px]">
          {h.label}
        </Badge>
      ))}
    </span>
  );
}
