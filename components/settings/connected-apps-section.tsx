"use client";

import { Unplug } from "lucide-react";
import Link from "next/link";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { LoadError } from "@/components/app/load-error";
import { Loading, SkeletonRows } from "@/components/app/loading";
import { RelativeTime } from "@/components/app/relative-time";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import type { ConnectedApp } from "@/lib/oauth-server/responses";
import { useConnectedApps, useRevokeApp } from "@/lib/oauth-server/hooks";
import { SettingsSection } from "./settings-section";

/** The MCP clients that signed in to a gateway with OAuth, and a way to end each one's access. */
export function ConnectedAppsSection() {
  return (
    <SettingsSection
      id="connected-apps"
      title="Connected apps"
      description="Apps (Claude, ChatGPT, VS Code, Cursor…) that you allowed to use a gateway by signing in. Revoking one refuses its next call."
    >
      <AppList />
    </SettingsSection>
  );
}

function AppList() {
  const apps = useConnectedApps();
  if (apps.isPending) {
    return (
      <Loading label="Loading your connected apps…">
        <SkeletonRows className="h-10 w-full" />
      </Loading>
    );
  }
  if (apps.isError) return <LoadError what="your connected apps" query={apps} />;
  if (apps.data.apps.length === 0) {
    return <p className="text-sm text-muted-foreground">No app is connected. When an MCP client signs in to one of your gateways, it is listed here.</p>;
  }
  return (
    <ul aria-label="Your connected apps" className="flex flex-col divide-y rounded-md border">
      {apps.data.apps.map((app) => (
        <AppItem key={app.id} app={app} />
      ))}
    </ul>
  );
}

function AppItem({ app }: { app: ConnectedApp }) {
  const revoke = useRevokeApp();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="break-words font-medium">{app.clientName}</span>
        <span className="text-muted-foreground">
          Uses{" "}
          <Link href={`/gateways/${encodeURIComponent(app.gateway.id)}`} className="text-primary underline underline-offset-4">
            {app.gateway.name}
          </Link>{" "}
          · returns to <span className="break-all font-mono text-xs">{app.redirectHosts.join(", ") || "—"}</span>
        </span>
        <span className="text-muted-foreground">
          Allowed <RelativeTime iso={app.createdAt} /> · last used <RelativeTime iso={app.lastUsedAt} fallback="never" />
        </span>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" disabled={revoke.isPending} aria-label={`Revoke ${app.clientName}`}>
            <Unplug aria-hidden="true" />
            Revoke
          </Button>
        }
        title={`Revoke ${app.clientName}?`}
        description={`It can no longer use ${app.gateway.name}: its next call is refused, and it must ask you again to sign in.`}
        action="Revoke"
        onConfirm={() =>
          revoke.mutate(app.id, {
            onSuccess: () => toast({ title: `Revoked ${app.clientName}` }),
            onError: (err) => toast({ title: "Not revoked", description: err.message, variant: "destructive" }),
          })
        }
      />
    </li>
  );
}
