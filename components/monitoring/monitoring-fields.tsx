"use client";

import { OptionSelect } from "@/components/app/option-select";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { formatEvery, formatInterval } from "@/components/app/format-time";

const INTERVALS_SEC = [30, 60, 300, 900, 1800, 3600, 6 * 3600, 24 * 3600];

export function MonitoringFields({
  idPrefix,
  enabled,
  intervalSec,
  error,
  disabled,
  onChange,
}: {
  idPrefix: string;
  enabled: boolean;
  intervalSec: number;
  error?: string;
  disabled?: boolean;
  onChange: (next: { enabled: boolean; intervalSec: number }) => void;
}) {
  const { plan } = useSubscription();
  const minimum = plan.minCheckIntervalSec;
  const options = INTERVALS_SEC.includes(intervalSec) ? INTERVALS_SEC : [...INTERVALS_SEC, intervalSec].sort((a, b) => a - b);
  const switchId = `${idPrefix}-enabled`;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <Switch
          id={switchId}
          checked={enabled}
          disabled={disabled}
          aria-describedby={`${switchId}-hint`}
          onCheckedChange={(on) => onChange({ enabled: on, intervalSec })}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor={switchId}>Monitor this server</Label>
          <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
            A check connects in the server’s protocol revision and lists the tools, then records the status and latency.
          </p>
        </div>
      </div>
      <Field
        id={`${idPrefix}-interval`}
        label="Check every"
        error={error}
        hint={`Your ${plan.label} plan checks at most ${formatEvery(minimum)}.`}
      >
        {(control) => (
          <OptionSelect
            control={control}
            className="sm:w-56"
            value={String(intervalSec)}
            disabled={disabled || !enabled}
            onChange={(v) => onChange({ enabled, intervalSec: Number(v) })}
            options={options.map((sec) => ({ value: String(sec), label: `${formatInterval(sec)}${sec < minimum ? " (higher plan)" : ""}`, disabled: sec < minimum }))}
          />
        )}
      </Field>
    </div>
  );
}
