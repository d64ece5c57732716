"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { LoadError } from "@/components/app/load-error";
import { Segmented } from "@/components/app/segmented";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { failureMessage } from "@/lib/api-client/api-error";
import { useServerChannels, useSetServerChannels } from "@/lib/alerts/channels/hooks";
import { DELIVERY_CHANNEL_LABELS, type ServerChannelsAnswer } from "@/lib/alerts/channels/schema";

type Mode = ServerChannelsAnswer["mode"];
const kindLabel = (kind: ServerChannelsAnswer["options"][number]["kind"]) => (kind === "account-webhook" ? "Webhook" : DELIVERY_CHANNEL_LABELS[kind]);

/** A server's Monitoring tab: whether its alerts go to every channel of the account or to the ones chosen here. */
export function ServerChannels({ serverId }: { serverId: string }) {
  const query = useServerChannels(serverId);
  if (query.isPending) return <Skeleton className="h-16" />;
  if (query.isError) return <LoadError what="this server’s alert channels" query={query} />;
  // What is saved is where the form starts, and again after each save.
  const saved = query.data;
  return <ChannelChoice key={JSON.stringify(saved)} serverId={serverId} saved={saved} />;
}

function ChannelChoice({ serverId, saved }: { serverId: string; saved: ServerChannelsAnswer }) {
  const set = useSetServerChannels(serverId);
  const id = useId();
  const [mode, setMode] = useState<Mode>(saved.mode);
  const [chosen, setChosen] = useState<string[]>(() => (saved.mode === "chosen" ? saved.options.filter((o) => o.used).map((o) => o.key) : []));
  const [error, setError] = useState<string | null>(null);
  const { options } = saved;

  function save() {
    if (mode === "chosen" && chosen.length === 0) {
      setError("Choose at least one channel, or pause this server’s alerts instead.");
      return;
    }
    setError(null);
    set.mutate(mode === "all" ? { mode } : { mode, channels: chosen }, {
      onSuccess: () => toast({ title: "Alert channels saved" }),
      onError: (err) => toast({ title: "Not saved", description: failureMessage(err), variant: "destructive" }),
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Where this server’s alerts go
      </h3>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No channel yet: turn on email alerts or add a channel in{" "}
          <Link href="/settings#channels" className="font-medium text-primary underline-offset-4 hover:underline">
            Settings → Notification channels
          </Link>
          .
        </p>
      ) : (
        <>
          <Segmented
            label="Alert channels of this server"
            value={mode}
            onChange={setMode}
            options={[
              { value: "all", label: "All channels" },
              { value: "chosen", label: "Chosen channels" },
            ]}
          />
          {mode === "all" ? (
            <p className="text-sm text-muted-foreground">{options.map((o) => o.name).join(", ")}, and any channel you add later.</p>
          ) : (
            <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
              <legend className="sr-only">Channels</legend>
              <ul className="flex flex-col gap-2">
                {options.map((o) => (
                  <li key={o.key} className="flex items-start gap-2">
                    <Checkbox
                      id={`${id}-${o.key}`}
                      className="mt-0.5"
                      checked={chosen.includes(o.key)}
                      onCheckedChange={(v) => setChosen((c) => (v === true ? [...c, o.key] : c.filter((k) => k !== o.key)))}
                    />
                    <Label htmlFor={`${id}-${o.key}`} className="flex flex-col items-start gap-0.5 font-normal">
                      <span className="break-words">
                        {o.name} <span className="text-muted-foreground">· {kindLabel(o.kind)}</span>
                      </span>
                      <span className="font-mono text-xs break-all text-muted-foreground">{o.destination}</span>
                    </Label>
                  </li>
                ))}
              </ul>
              {error ? (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </fieldset>
          )}
          <BusyButton size="sm" variant="outline" className="w-fit" busy={set.isPending} busyLabel="Saving" onClick={save}>
            Save channels
          </BusyButton>
        </>
      )}
    </section>
  );
}
