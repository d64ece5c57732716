import { Button, type ButtonProps } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** A button that, while its action runs, is disabled and shows a spinner named for screen readers. */
export function BusyButton({ busy, busyLabel, disabled, children, ...props }: ButtonProps & { busy: boolean; busyLabel: string }) {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? <Spinner size="sm" aria-label={busyLabel} className="text-current" /> : null}
      {children}
    </Button>
  );
}
