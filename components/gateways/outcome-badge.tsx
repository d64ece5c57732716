import { Ban, CircleCheck, CircleSlash, CircleX, Gauge, Hourglass, MessageCircleQuestionMark } from "lucide-react";
import type { GatewayCallDto } from "@/lib/gateways/schema";
import { cn } from "@/lib/utils";

/** Each outcome differs in colour, icon and word, never colour alone. */
const OUTCOME: Record<GatewayCallDto["outcome"], { label: string; icon: typeof Ban; className: string }> = {
  ok: { label: "OK", icon: CircleCheck, className: "border-transparent bg-success text-success-foreground" },
  error: { label: "Error", icon: CircleX, className: "border-transparent bg-destructive text-destructive-foreground" },
  blocked: { label: "Blocked", icon: Ban, className: "border-warning bg-background text-warning" },
  rate_limited: { label: "Rate limited", icon: Gauge, className: "border-border bg-secondary text-secondary-foreground" },
  cancelled: { label: "Cancelled", icon: CircleSlash, className: "border-dashed border-input bg-background text-muted-foreground" },
  running: { label: "Under way", icon: Hourglass, className: "border-border bg-background text-foreground" },
  input_required: { label: "Input required", icon: MessageCircleQuestionMark, className: "border-border bg-background text-foreground" },
};

export function OutcomeBadge({ outcome }: { outcome: GatewayCallDto["outcome"] }) {
  const meta = OUTCOME[outcome] ?? OUTCOME.error;
  const Icon = meta.icon;
  return (
    <span data-outcome={outcome} className={cn("inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap", meta.className)}>
      <Icon aria-hidden="true" className="size-3" />
      {meta.label}
    </span>
  );
}
