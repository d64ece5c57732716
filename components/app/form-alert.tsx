import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

const TONES = {
  error: { role: "alert", icon: CircleAlert, className: "border-destructive/50 bg-destructive/10 text-destructive" },
  info: { role: "status", icon: Info, className: "border-border bg-muted text-foreground" },
  success: { role: "status", icon: CircleCheck, className: "border-emerald-600/40 bg-emerald-600/10 text-foreground" },
} as const;

/**
 * A message about the whole form. Errors use role="alert" so screen readers
 * announce them at once; notices and confirmations use the politer "status".
 */
export function FormAlert({
  tone = "error",
  className,
  children,
}: {
  tone?: keyof typeof TONES;
  className?: string;
  children: ReactNode;
}) {
  const { role, icon: Icon, className: toneClass } = TONES[tone];
  return (
    <div role={role} className={cn("flex gap-2 rounded-md border px-3 py-2 text-sm", toneClass, className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
