import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/**
 * A button that, while its action runs, is disabled and shows a spinner named
 * for screen readers in place of its icon.
 */
export function BusyButton({
  busy,
  busyLabel,
  icon,
  disabled,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: string; icon?: ReactNode }) {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? <Spinner size="sm" aria-label={busyLabel} className="text-current" /> : icon}
      {children}
    </Button>
  );
}
