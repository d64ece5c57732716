import type { CheckTrigger } from "@/lib/monitoring/schema";

/** Where a check (and so a status) came from, in the words every screen uses. */
export const TRIGGER_LABEL: Record<CheckTrigger, string> = {
  schedule: "scheduled check",
  manual: "Check now",
  discovery: "discovery",
};
