"use client";

import { Square } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A form's submit button that starts a call and, while the call runs, the
 * button that cancels it; `extra` sits after them.
 */
export function RunButtons({
  icon,
  label,
  running,
  disabled,
  onCancel,
  extra,
}: {
  icon: ReactNode;
  label: string;
  running: boolean;
  disabled?: boolean;
  onCancel: () => void;
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="submit" disabled={running || disabled}>
        {icon}
        {label}
      </Button>
      {running ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          <Square aria-hidden="true" />
          Cancel
        </Button>
      ) : null}
      {extra}
    </div>
  );
}
