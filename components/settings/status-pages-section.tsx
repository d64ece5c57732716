"use client";

import { Globe, Plus } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/app/load-error";
import { PlanUpsell } from "@/components/app/plan-upsell";
import { plural } from "@/lib/plural";
import { SettingsSection } from "@/components/settings/settings-section";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useServers } from "@/lib/servers/hooks";
import { useCreateStatusPage, useStatusPages } from "@/lib/status-pages/hooks";
import type { StatusPageDto } from "@/lib/status-pages/schema";
import { useSubscription } from "@/lib/subscription/use-subscription";
import { toast } from "@/components/ui/use-toast";
import { StatusPageItem } from "@/components/status-pages/status-page-item";
import { StatusPageForm } from "@/components/status-pages/status-page-form";

/** /settings#status-pages: the user's public status pages, made and changed here. */
export function StatusPagesSection() {
  const { plan } = useSubscription();
  const pages = useStatusPages();
  const servers = useServers();
  const create = useCreateStatusPage();
  const [creating, setCreating] = useState(false);
  const canPublish = plan.allows.publishing;
  const list: StatusPageDto[] = pages.data ?? [];
  const room = pages.isSuccess && list.length < plan.maxStatusPages;
  // The list is oldest first: a plan shows its oldest published pages up to its number (a lapsed plan's others are down).
  const shownIds = new Set(list.filter((p) => p.published).slice(0, plan.maxStatusPages).map((p) => p.id));

  return (
    <SettingsSection
      id="status-pages"
      title="Status pages"
      description={`A public page at /status/… with the current status, ${plan.features.fullMonitoring ? "90 days" : "24 hours"} of uptime and the open incidents of the servers you choose.`}
    >
      {!canPublish ? (
        <PlanUpsell compact message="Demo accounts publish no status pages of their own." />
      ) : pages.isSuccess && !room ? (
        <PlanUpsell compact message={`The ${plan.label} plan has ${plural(plan.maxStatusPages, "status page")}. Delete one to make another${plan.id === "enterprise" ? "" : ", or get more with a bigger plan"}.`} />
      ) : null}
      {pages.isPending ? (
        <Skeleton className="h-20" />
      ) : pages.isError ? (
        <LoadError what="your status pages" query={pages} />
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Globe aria-hidden="true" className="size-4 shrink-0" />
          No status pages yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your status pages">
          {list.map((p) => (
            <li key={p.id}>
              <StatusPageItem page={p} servers={servers.data ?? []} canPublish={canPublish} overPlan={p.published && !shownIds.has(p.id)} />
            </li>
          ))}
        </ul>
      )}
      {canPublish && room ? (
        <Dialog open={creating} onOpenChange={setCreating}>
          <Button className="w-fit" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New status page
          </Button>
          <DialogContent className="max-h-[90vh] overflow-y-auto">
            <DialogHeader>
              <DialogTitle>New status page</DialogTitle>
              <DialogDescription>Visitors see the servers’ names and statuses; URLs only if you choose so.</DialogDescription>
            </DialogHeader>
            <StatusPageForm
              servers={servers.data ?? []}
              onCancel={() => setCreating(false)}
              onSubmit={async (input) => {
                const page = await create.mutateAsync(input);
                setCreating(false);
                toast({ title: "Status page created", description: `/status/${page.slug}` });
              }}
            />
          </DialogContent>
        </Dialog>
      ) : null}
    </SettingsSection>
  );
}
