"use client";

import { useId, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/app/form-alert";
import { Field } from "@/components/ui/field";
import { MonitoringFields } from "./monitoring-fields";
import { mapSaveError } from "@/components/app/save-error";
import { Button } from "@/components/ui/button";
import { CardSection } from "@/components/app/card-section";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { DEFAULT_THRESHOLD_MS, THRESHOLD_MAX_MS, THRESHOLD_MIN_MS } from "@/lib/servers/schema";
import { useUpdateServer } from "@/lib/servers/hooks";
import { monitoringInput, type ServerDto } from "@/lib/servers/schema";
import { toast } from "@/components/ui/use-toast";

type Errors = Record<string, string>;

/** How often the server is checked and how slow counts as degraded; the API's field errors land on the fields. */
export function MonitoringSettings({ server }: { server: ServerDto }) {
  const update = useUpdateServer(server.id);
  const id = useId();
  const [enabled, setEnabled] = useState(server.monitoring.enabled);
  const [intervalSec, setIntervalSec] = useState(server.monitoring.intervalSec);
  const [threshold, setThreshold] = useState(String(server.monitoring.thresholdMs));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const parsed = monitoringInput.safeParse({ enabled, intervalSec, thresholdMs: threshold.trim() === "" ? Number.NaN : Number(threshold) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[`monitoring.${String(issue.path[0])}`] ??= issue.path[0] === "thresholdMs" && issue.code === "invalid_type" ? "Enter a number of milliseconds." : issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { monitoring: parsed.data },
      {
        onSuccess: (s) => toast({ title: "Monitoring saved", description: s.name }),
        onError: (err) => {
          const mapped = mapSaveError(err);
          setErrors(mapped.fields);
          setProblem(mapped.problem?.message ?? null);
        },
      },
    );
  }

  return (
    <CardSection
      className="gap-4"
      title="Monitoring settings"
      description="Scheduled checks, how often they run, and when a slow answer counts as degraded."
    >
      <form onSubmit={submit} className="flex max-w-xl flex-col gap-5" noValidate>
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <MonitoringFields
          idPrefix={`${id}-monitoring`}
          enabled={enabled}
          intervalSec={intervalSec}
          error={errors["monitoring.intervalSec"]}
          onChange={(next) => {
            setEnabled(next.enabled);
            setIntervalSec(next.intervalSec);
          }}
        />
        <Field
          id={`${id}-threshold`}
          label="Degraded when slower than (ms)"
          error={errors["monitoring.thresholdMs"]}
          hint={`Handshake to ping, between ${THRESHOLD_MIN_MS} ms and ${THRESHOLD_MAX_MS / 1000} s; ${DEFAULT_THRESHOLD_MS} ms by default.`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={THRESHOLD_MIN_MS}
              max={THRESHOLD_MAX_MS}
              step={100}
              className="sm:w-56"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? <Spinner size="sm" className="text-current" aria-label="Saving" /> : null}
          Save monitoring settings
        </Button>
      </form>
    </CardSection>
  );
}
