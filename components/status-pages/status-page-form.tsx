"use client";

import { slugify } from "@/lib/slug";
import { useId, useState, type FormEvent } from "react";
import { FormProblemBanner } from "@/components/app/form-problem";
import { ServerChecklist } from "@/components/app/server-checklist";
import { Field } from "@/components/ui/field";
import { useSaveForm } from "@/components/app/use-save-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import type { ServerDto } from "@/lib/servers/schema";
import { statusPageCreate, type StatusPageCreate, type StatusPageDto } from "@/lib/status-pages/schema";

/** Suggests an address from a title: "Acme tools" → "acme-tools". */
export function slugFromTitle(title: string): string {
  return slugify(title, 48);
}

/**
 * The one form for a new page and for changing one: title, address, which
 * servers (in the order chosen), whether URLs show, published or not.
 * Checked with the API's own schema first; what the API still refuses lands
 * on the field it names.
 */
export function StatusPageForm({
  page,
  servers,
  onSubmit,
  onCancel,
}: {
  page?: StatusPageDto;
  servers: Pick<ServerDto, "id" | "name">[];
  onSubmit: (input: StatusPageCreate) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(page?.title ?? "");
  const [slug, setSlug] = useState(page?.slug ?? "");
  const [slugEdited, setSlugEdited] = useState(Boolean(page));
  const [chosen, setChosen] = useState<string[]>(page?.servers.map((s) => s.id) ?? []);
  const [showUrls, setShowUrls] = useState(page?.showUrls ?? false);
  const [published, setPublished] = useState(page?.published ?? true);
  // A 409 is the address: slugs are the only unique field of a page.
  const { errors, problem, saving, save } = useSaveForm("slug");

  function submit(event: FormEvent) {
    event.preventDefault();
    void save(statusPageCreate.safeParse({ title, slug, serverIds: chosen, showUrls, published }), onSubmit);
  }


  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <FormProblemBanner problem={problem} />
      <Field id={`${id}-title`} label="Title" error={errors.title} hint="Shown at the top of the page, e.g. your product's name.">
        {(control) => (
          <Input
            {...control}
            value={title}
            maxLength={80}
            onChange={(e) => {
              setTitle(e.target.value);
              if (!slugEdited) setSlug(slugFromTitle(e.target.value));
            }}
          />
        )}
      </Field>
      <Field id={`${id}-slug`} label="Address" error={errors.slug} hint="Letters, digits and hyphens. Changing it moves the page; the old address stops working at once.">
        {(control) => (
          <div className="flex items-center gap-1">
            <span className="shrink-0 text-sm text-muted-foreground" aria-hidden="true">
              /status/
            </span>
            <Input
              {...control}
              value={slug}
              maxLength={48}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => {
                setSlug(e.target.value);
                setSlugEdited(true);
              }}
            />
          </div>
        )}
      </Field>
      <ServerChecklist legend="Servers on the page" servers={servers} chosen={chosen} onChange={setChosen} error={errors.serverIds} empty="Add a server first; a page lists servers you monitor." />
      <div className="flex items-start gap-3">
        <Switch id={`${id}-urls`} checked={showUrls} onCheckedChange={setShowUrls} aria-describedby={`${id}-urls-hint`} />
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-urls`}>Show the servers’ URLs</Label>
          <p id={`${id}-urls-hint`} className="text-xs text-muted-foreground">
            Off by default. Headers and credentials are never shown.
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <Switch id={`${id}-published`} checked={published} onCheckedChange={setPublished} aria-describedby={`${id}-published-hint`} />
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-published`}>Published</Label>
          <p id={`${id}-published-hint`} className="text-xs text-muted-foreground">
            Anyone with the address can see a published page, without signing in.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner size="sm" className="text-current" aria-label="Saving" /> : null}
          {page ? "Save changes" : "Create page"}
        </Button>
      </div>
    </form>
  );
}
