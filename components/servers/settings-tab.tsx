"use client";

import { useState } from "react";
import { canPause, PauseToggle } from "@/components/monitoring/pause-toggle";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { useUpdateServer } from "@/lib/servers/hooks";
import type { ServerDto } from "@/lib/servers/schema";
import type { AnyServerUpdate } from "@/lib/servers/stdio-schema";
import { DeleteServer } from "./delete-server";
import { ServerForm } from "./server-form";
import { valuesFromServer } from "./server-form-model";
import { StdioPackageCard } from "./stdio-package-card";

export function SettingsTab({ server }: { server: ServerDto }) {
  const paused = server.status === "paused";

  return (
    <div className="flex flex-col gap-8">
      {server.stdio ? <StdioPackageCard stdio={server.stdio} process={server.process} /> : null}
      <EditSection server={server} />

      {canPause(server) ? (
        <Card className="max-w-3xl">
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              {paused ? "Checks are paused" : "Pause checks"}
            </CardTitle>
            <CardDescription>
              {paused
                ? "The server keeps its settings and history; resume to check it again and update its status."
                : "Stop checking this server for now, e.g. during maintenance. Its status shows Paused until you resume."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PauseToggle server={server} />
          </CardContent>
        </Card>
      ) : null}

      <DeleteServer server={server} />
    </div>
  );
}

function EditForm({ server, onSubmit }: { server: ServerDto; onSubmit: (payload: AnyServerUpdate) => Promise<void> }) {
  // Made once per mount: the form compares its values with these to know whether anything changed.
  const [initialValues] = useState(() => valuesFromServer(server));
  return <ServerForm mode="edit" initialValues={initialValues} onSubmit={onSubmit} />;
}

function EditSection({ server }: { server: ServerDto }) {
  const update = useUpdateServer(server.id);
  // The form starts again from the saved server only when a field it shows
  // changed, so pausing does not throw away edits in progress.
  const editable = JSON.stringify([server.name, server.transport, server.url, server.headers, server.stdio, server.description, server.tags, server.monitoring, server.protocol]);
  // A save always starts the form again, even when the API's view of it looks the same (a rotated value stays masked).
  const [saves, setSaves] = useState(0);
  return (
      <section aria-labelledby="edit-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="edit-heading" className="text-lg font-semibold">
            Edit server
          </h2>
          <p className="text-sm text-muted-foreground">
            {server.stdio
              ? "Stored variable values stay hidden: leave a value blank to keep it, type a new one to replace it, remove the row to delete it. Saving a change to the version, arguments, variables or hosts restarts the server."
              : "Stored header values stay hidden: leave a value blank to keep it, type a new one to rotate it, remove the row to delete it."}
          </p>
        </div>
        <EditForm
          key={`${saves}:${editable}`}
          server={server}
          onSubmit={async (payload) => {
            const saved = await update.mutateAsync(payload);
            setSaves((n) => n + 1);
            // Stored headers that did not follow the URL to another origin (typed again, a value goes with it).
            const dropped = saved.headersDropped.length ? `. Not sent to the new address, so removed: ${saved.headersDropped.join(", ")}` : "";
            // Likewise its OAuth sign-in: the Overview tab's Sign-in card asks for a new one.
            const signedOut = saved.signInDropped ? ". Its OAuth sign-in stayed with the old address: sign in again on the Overview tab" : "";
            toast({ title: "Changes saved", description: `${saved.name}${dropped}${signedOut}` });
          }}
        />
      </section>
  );
}
