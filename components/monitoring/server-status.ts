import { CircleCheck, CircleDashed, CirclePause, CircleX, TriangleAlert, type LucideIcon } from "lucide-react";
import type { ServerStatus } from "@/lib/servers/schema";

export interface StatusMeta {
  label: string;
  /** One sentence for a tooltip or a screen reader: what the status means. */
  description: string;
  icon: LucideIcon;
  /** Badge colours; each status differs in colour, icon and text, never colour alone. */
  badgeClass: string;
  /** Solid colour for bars and dots. */
  fillClass: string;
}

export const STATUS_META: Record<ServerStatus, StatusMeta> = {
  up: {
    label: "Up",
    description: "The last check connected and answered in time.",
    icon: CircleCheck,
    badgeClass: "border-transparent bg-success text-success-foreground",
    fillClass: "bg-success",
  },
  degraded: {
    label: "Degraded",
    description: "The last check answered, but slower than the threshold.",
    icon: TriangleAlert,
    badgeClass: "border-transparent bg-warning text-warning-foreground",
    fillClass: "bg-warning",
  },
  down: {
    label: "Down",
    description: "The last checks could not connect or got no answer.",
    icon: CircleX,
    badgeClass: "border-transparent bg-destructive text-destructive-foreground",
    fillClass: "bg-destructive",
  },
  paused: {
    label: "Paused",
    description: "Checks are paused for this server.",
    icon: CirclePause,
    badgeClass: "border-border bg-secondary text-secondary-foreground",
    fillClass: "bg-muted-foreground",
  },
  unknown: {
    label: "Unknown",
    description: "Not checked yet.",
    icon: CircleDashed,
    badgeClass: "border-dashed border-input bg-background text-muted-foreground",
    fillClass: "bg-input",
  },
};

/** Order in which statuses are listed: the ones that need attention first. */
export const STATUS_ORDER: readonly ServerStatus[] = ["down", "degraded", "up", "paused", "unknown"];
