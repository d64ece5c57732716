"use client";

import { BellOff, BellRing } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { DemoSignUp } from "@/components/app/demo-sign-up";
import { OptionSelect } from "@/components/app/option-select";
import { Segmented } from "@/components/app/segmented";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useChannels } from "@/lib/alerts/channels/hooks";
import { alertReach, DEMO_NO_ALERTS, type AlertReach } from "@/lib/alerts/reach";
import { usePauseAlerts, useSilences } from "@/lib/alerts/silence-hooks";
import { SILENCE_DURATION_LABELS, SILENCE_DURATIONS, SILENCE_REASON_MAX, silenceCreate, type SilenceDuration } from "@/lib/alerts/silence-schema";
import { plural } from "@/lib/plural";
import type { ServerDto } from "@/lib/servers/schema";
import { useSettings } from "@/lib/settings/hooks";
import type { UserSettings } from "@/lib/settings/schema";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { SilenceList } from "./silence-list";

const durationOptions = SILENCE_DURATIONS.map((value) => ({ value, label: SILENCE_DURATION_LABELS[value] }));

/** A server as its alerts depend on it: checked or not. */
type AlertsServer = Pick<ServerDto, "id" | "name" | "status" | "monitoring">;

/**
 * Pausing alerts: the pauses in force, each with Resume, or whether alerts go
 * out at all, and a form to pause more while they do. Given `server`, only
 * that server's (and the every-server pause that covers it); otherwise the
 * person picks all servers or one of `servers`.
 */
export function PauseAlerts({ server, servers = [] }: { server?: AlertsServer; servers?: { id: string; name: string }[] }) {
  const silences = useSilences();
  const pause = usePauseAlerts();
  const settings = useSettings();
  const { plan } = useSubscription();
  const channels = useChannels();
  // Channels past the plan's limit are not sent to; one that failed to load counts as none.
  const channelCount = channels.data?.channels.filter((c) => c.active).length ?? 0;
  const reach = settings.data && !channels.isPending ? alertReach(plan, settings.data.notifications, channelCount) : null;
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
      {shown.length > 0 ? <SilenceList silences={shown} /> : <AlertsState reach={reach} notifications={settings.data?.notifications} channels={channelCount} server={server} />}
      {reach !== "on" ? null : (
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
      )}
    </div>
  );
}

/** What happens to alerts now when none is paused: said only as far as it is true (a channel set up, the plan sending them, the server checked). */
function AlertsState({
  reach,
  notifications,
  channels,
  server,
}: {
  reach: AlertReach | null;
  notifications?: UserSettings["notifications"];
  channels: number;
  server?: AlertsServer;
}) {
  if (reach === null || !notifications) return <Skeleton className="h-5 w-64 max-w-full" />;
  if (reach === "not-allowed") return <DemoSignUp notice message={DEMO_NO_ALERTS} />;
  if (reach === "no-channel") {
    return (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <BellOff aria-hidden="true" className="size-4 shrink-0" />
        Alerts are off: no email, webhook or notification channel is set up.
        <Link href="/settings#notifications" className="font-medium text-primary underline-offset-4 hover:underline">
          Choose where alerts go
        </Link>
      </p>
    );
  }
  const unchecked = server && (server.status === "paused" ? "its checks are paused" : server.monitoring.enabled ? null : "it is not checked on a schedule");
  if (server && unchecked) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <BellOff aria-hidden="true" className="size-4 shrink-0" />
        No alerts for {server.name}: {unchecked}.
      </p>
    );
  }
  const email = notifications.emailAlerts && notifications.mailEnabled;
  const where = [email ? "by email" : null, notifications.webhookUrl ? "to your webhook" : null, channels > 0 ? `to ${plural(channels, "notification channel")}` : null]
    .filter(Boolean)
    .join(" and ");
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <BellRing aria-hidden="true" className="size-4 shrink-0" />
      Alerts are on{server ? ` for ${server.name}` : ""}: they go {where}.
    </p>
  );
}
