"use client";

import { BellOff, BellRing } from "lucide-react";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { LocalTime } from "@/components/app/local-time";
import { OptionSelect } from "@/components/app/option-select";
import { Segmented } from "@/components/app/segmented";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api/api-error";
import { usePauseAlerts, useResumeAlerts, useSilences } from "@/lib/alerts/silence-hooks";
import { SILENCE_DURATION_LABELS, SILENCE_DURATIONS, SILENCE_REASON_MAX, silenceCreate, type SilenceDuration } from "@/lib/alerts/silence-schema";

const durationOptions = SILENCE_DURATIONS.map((value) => ({ value, label: SILENCE_DURATION_LABELS[value] }));

/**
 * Pausing alerts: the pauses in force, each with Resume, and a form to pause
 * more. Given `server`, only that server's (and the every-server pause that
 * covers it); otherwise the person picks all servers or one of `servers`.
 */
export function PauseAlerts({ server, servers = [] }: { server?: { id: string; name: string }; servers?: { id: string; name: string }[] }) {
  const silences = useSilences();
  const pause = usePauseAlerts();
  const resume = useResumeAlerts();
  const [scope, setScope] = useState("");
  const [duration, setDuration] = useState<SilenceDuration>("1h");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const shown = (silences.data ?? []).filter((s) => !server || s.server === null || s.server.id === server.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = silenceCreate.safeParse({ serverId: server?.id ?? (scope || null), duration, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Say why.");
      return;
    }
    setError(null);
    pause.mutate(parsed.data, {
      onSuccess: () => {
        setReason("");
        toast({ title: "Alerts paused", description: "Alerts in this time are recorded as not sent." });
      },
      onError: (err) => setError(failureMessage(err)),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {shown.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <BellRing aria-hidden="true" className="size-4 shrink-0" />
          Alerts are on{server ? ` for ${server.name}` : ""}.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Paused alerts">
          {shown.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-col gap-0.5 text-sm">
                <p className="flex items-center gap-2 font-medium">
                  <BellOff aria-hidden="true" className="size-4 shrink-0" />
                  Alerts paused for {s.server ? s.server.name : "all servers"}
                </p>
                <p className="break-words text-muted-foreground">
                  {s.endsAt ? (
                    <>
                      Until <LocalTime iso={s.endsAt} />
                    </>
                  ) : (
                    "Until you resume them"
                  )}
                  {" · "}
                  {s.reason}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                className="w-fit shrink-0"
                disabled={resume.isPending}
                onClick={() =>
                  resume.mutate(s.id, {
                    onSuccess: () => toast({ title: "Alerts resumed" }),
                    onError: (err) => toast({ title: "Not resumed", description: failureMessage(err), variant: "destructive" }),
                  })
                }
              >
                Resume alerts
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-xl" aria-label="Pause alerts">
        {server ? null : (
          <Field label="Pause alerts for">
            {(control) => (
              <OptionSelect control={control} value={scope} onChange={setScope} any="All servers" options={servers.map((s) => ({ value: s.id, label: s.name }))} />
            )}
          </Field>
        )}
        <div className="flex flex-col gap-1.5">
          <span aria-hidden="true" className="text-sm font-medium">
            For how long
          </span>
          <Segmented label="For how long" value={duration} options={durationOptions} onChange={setDuration} />
        </div>
        <Field label="Why" error={error} hint="Kept in the activity log with your name.">
          {(control) => <Input {...control} value={reason} maxLength={SILENCE_REASON_MAX} placeholder="Deploying a new release" onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <BusyButton type="submit" variant="outline" className="w-fit" busy={pause.isPending} busyLabel="Pausing" icon={<BellOff aria-hidden="true" />}>
          Pause alerts
        </BusyButton>
      </form>
    </div>
  );
}
