import { CircleAlert, Info, OctagonAlert, TriangleAlert, CircleMinus, type LucideIcon } from "lucide-react";
import type { Severity } from "@/lib/scanner/types";

export interface SeverityMeta {
  label: string;
  /** What the level means, for a tooltip or a screen reader. */
  description: string;
  icon: LucideIcon;
  /** Each level differs in colour, icon and text, never colour alone. */
  badgeClass: string;
  /** Solid colour for bars and dots. */
  fillClass: string;
}

export const SEVERITY_META: Record<Severity, SeverityMeta> = {
  critical: {
    label: "Critical",
    description: "Text that steers the model against the user, or a definition changed behind your back.",
    icon: OctagonAlert,
    badgeClass: "border-transparent bg-destructive text-destructive-foreground",
    fillClass: "bg-destructive",
  },
  high: {
    label: "High",
    description: "Hidden content or references to secrets a model could be led to.",
    icon: TriangleAlert,
    badgeClass: "border-destructive bg-background text-destructive",
    fillClass: "bg-destructive/70",
  },
  medium: {
    label: "Medium",
    description: "Worth a look: it could be misused or hide something.",
    icon: CircleAlert,
    badgeClass: "border-warning bg-background text-warning",
    fillClass: "bg-warning",
  },
  low: {
    label: "Low",
    description: "Hygiene: makes misuse easier, rarely harmful on its own.",
    icon: CircleMinus,
    badgeClass: "border-border bg-secondary text-secondary-foreground",
    fillClass: "bg-muted-foreground",
  },
  info: {
    label: "Info",
    description: "Good to know, such as a capability that acts on the world.",
    icon: Info,
    badgeClass: "border-dashed border-input bg-background text-muted-foreground",
    fillClass: "bg-input",
  },
};

export const TARGET_LABEL = {
  tool: "Tool",
  prompt: "Prompt",
  resource: "Resource",
  resource_template: "Resource template",
  server: "Server",
} as const;

export const TRIGGER_LABEL = {
  manual: "On demand",
  discovery: "After discovery",
  check: "After a check",
} as const;
