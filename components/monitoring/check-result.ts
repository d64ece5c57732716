import { CircleCheck, CircleX, TriangleAlert, type LucideIcon } from "lucide-react";
import type { CheckResult } from "@/lib/monitoring/schema";

export const CHECK_RESULT_META: Record<CheckResult, { label: string; icon: LucideIcon; badgeClass: string; textClass: string }> = {
  up: { label: "Up", icon: CircleCheck, badgeClass: "bg-success text-success-foreground", textClass: "text-success" },
  degraded: { label: "Slow", icon: TriangleAlert, badgeClass: "bg-warning text-warning-foreground", textClass: "text-warning" },
  failed: { label: "Failed", icon: CircleX, badgeClass: "bg-destructive text-destructive-foreground", textClass: "text-destructive" },
};
