"use client";

import { EyeOff, Pencil, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { failureMessage } from "@/lib/api-client/api-error";
import { ConfirmDialog } from "@/components/app/confirm-dialog";
import { demoRefusal, DemoSignUp } from "@/components/app/demo-sign-up";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { ServerDto } from "@/lib/servers/schema";
import { useDeleteStatusPage, useUpdateStatusPage } from "@/lib/status-pages/hooks";
import type { StatusPageDto } from "@/lib/status-pages/schema";
import { toast } from "@/components/ui/use-toast";
import { StatusPageForm } from "./status-page-form";
import { PageLink } from "./page-link";

/**
 * One status page: where it is, what it lists, and the changes that take
 * effect at once. `overPlan`: published, but past the number of pages the
 * plan shows (a paid plan that lapsed), so visitors get "page not found".
 */
export function StatusPageItem({ page, servers, canPublish, overPlan = false }: { page: StatusPageDto; servers: Pick<ServerDto, "id" | "name">[]; canPublish: boolean; overPlan?: boolean }) {
  const update = useUpdateStatusPage(page.id);
  const remove = useDeleteStatusPage(page.id);
  const [editing, setEditing] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  function setPublished(published: boolean) {
    update.mutate(
      { published },
      {
        onSuccess: () => toast({ title: published ? "Page published" : "Page unpublished", description: published ? `/status/${page.slug}` : "Visitors now get “page not found”." }),
        onError: (err) => {
          // A demo account may take its page down, not publish it again: why, with the way to sign up, in the page's card.
          const demo = demoRefusal(err);
          if (demo) setRefused(demo);
          else toast({ title: "Not saved", description: failureMessage(err), variant: "destructive" });
        },
      },
    );
  }

  return (
    <article className="flex flex-col gap-3 rounded-lg border p-4" aria-label={page.title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="font-medium break-words">{page.title}</h3>
          {page.published ? <PageLink slug={page.slug} /> : <span className="font-mono text-sm break-all text-muted-foreground">/status/{page.slug}</span>}
        </div>
        {overPlan ? <Badge variant="secondary">Not shown: over your plan</Badge> : page.published ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Not published</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {page.servers.length === 0 ? "Lists no servers." : `Lists ${page.servers.map((s) => s.name).join(", ")}.`}
        {page.showUrls ? " Shows their URLs." : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {canPublish ? (
          <Dialog open={editing} onOpenChange={setEditing}>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <DialogContent className="max-h-[90vh] overflow-y-auto">
              <DialogHeader>
                <DialogTitle>Edit “{page.title}”</DialogTitle>
                <DialogDescription>Changes show on the public page at once.</DialogDescription>
              </DialogHeader>
              <StatusPageForm
                page={page}
                servers={servers}
                onCancel={() => setEditing(false)}
                onSubmit={async (input) => {
                  await update.mutateAsync(input);
                  setEditing(false);
                  toast({ title: "Status page saved", description: `/status/${input.slug}` });
                }}
              />
            </DialogContent>
          </Dialog>
        ) : null}
        {page.published ? (
          <Button variant="outline" size="sm" onClick={() => setPublished(false)} disabled={update.isPending}>
            <EyeOff aria-hidden="true" />
            Unpublish
          </Button>
        ) : canPublish ? (
          <Button variant="outline" size="sm" onClick={() => setPublished(true)} disabled={update.isPending}>
            <Send aria-hidden="true" />
            Publish
          </Button>
        ) : null}
        <ConfirmDialog
          trigger={
            <Button variant="outline" size="sm" className="text-destructive">
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          }
          title={`Delete “${page.title}”?`}
          description={`The page at /status/${page.slug} stops working at once. Your servers and their history stay.`}
          cancel="Keep it"
          action="Delete page"
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => toast({ title: "Status page deleted", description: `/status/${page.slug}` }),
              onError: (err) => toast({ title: "Not deleted", description: failureMessage(err), variant: "destructive" }),
            })
          }
        />
      </div>
      {refused ? <DemoSignUp message={refused} /> : null}
    </article>
  );
}
