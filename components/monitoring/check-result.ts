import { CircleCheck, CircleX, TriangleAlert, type LucideIcon } from "lucide-react";
import type { CheckResult } from "@/lib/monitoring/schema";

export const CHECK_RESULT_META: Record<CheckResult, { label: string; icon: LucideIcon; badgeClass: string; textClass: string; fillClass: string }> = {
  up: { label: "Up", icon: CircleCheck, badgeClass: "bg-success text-success-foreground", textClass: "text-success", fillClass: "bg-success" },
  degraded: { label: "Slow", icon: TriangleAlert, badgeClass: "bg-warning text-warning-foreground", textClass: "text-warning", fillClass: "bg-warning" },
  failed: { label: "Failed", icon: CircleX, badgeClass: "bg-destructive text-destructive-foreground", textClass: "text-destructive", fillClass: "bg-destructive" },
};
