"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { CardSection } from "@/components/app/card-section";
import { FormProblemBanner } from "@/components/app/form-problem";
import { Button } from "@/components/ui/button";
import type { AnyServerCreate, AnyServerUpdate } from "@/lib/servers/stdio-schema";
import { AdvancedSection } from "./advanced-section";
import { InstallProgress } from "./install-progress";
import { stdioSpec } from "./stdio-form-model";
import { ConnectionSection } from "./connection-section";
import { DetailsSection } from "./details-section";
import { MonitoringFields } from "@/components/monitoring/monitoring-fields";
import { validateCreate, validateUpdate, type ServerFormValues } from "./server-form-model";
import { useServerForm, type ServerFormState } from "./use-server-form";

type ServerFormProps =
  | { mode: "create"; initialValues: ServerFormValues; cancelHref: string; onSubmit: (payload: AnyServerCreate) => Promise<void> }
  | { mode: "edit"; initialValues: ServerFormValues; cancelHref?: string; onSubmit: (payload: AnyServerUpdate) => Promise<void> };

/** Adding a server and editing one: the same fields, the same shared schema. */
export function ServerForm(props: ServerFormProps) {
  const form = useServerForm(props.initialValues, { nameFromServer: props.mode === "create" });
  const { problem, saving } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (props.mode === "create") void form.save(validateCreate(form.values), props.onSubmit);
    else void form.save(validateUpdate(form.values), props.onSubmit);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-6" aria-busy={saving}>
      <FormProblemBanner problem={problem} />
      <ConnectionSection form={form} allowStdio={props.mode === "create"} />
      <DetailsSection form={form} />
      <MonitoringSection form={form} />
      <AdvancedSection form={form} />
      <FormActions form={form} mode={props.mode} cancelHref={props.cancelHref} />
    </form>
  );
}

function MonitoringSection({ form }: { form: ServerFormState }) {
  const { id, values, set, errors, saving } = form;
  return (
    <CardSection title="Monitoring" description="MCP-aware health checks from the console.">
      <MonitoringFields
        idPrefix={id("monitoring")}
        enabled={values.monitoringEnabled}
        intervalSec={values.intervalSec}
        error={errors["monitoring.intervalSec"] ?? errors.monitoring}
        disabled={saving}
        onChange={(m) => set({ monitoringEnabled: m.enabled, intervalSec: m.intervalSec })}
      />
    </CardSection>
  );
}

/** Save, and a way out: Cancel to where the form came from; Discard while an edit has changes. */
function FormActions({ form, mode, cancelHref }: { form: ServerFormState; mode: "create" | "edit"; cancelHref?: string }) {
  const { saving, dirty, values } = form;
  // A stdio server's package is installed when it is added, and when an edit changes its version.
  const installs = values.transport === "stdio" && (mode === "create" || values.stdio.version.trim() !== form.initialValues.stdio.version);
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {installs && saving ? (
        <div className="mr-auto">
          <InstallProgress spec={stdioSpec(values.stdio)} then={mode === "create" ? "starting it in the sandbox to discover it" : "saving the change"} />
        </div>
      ) : null}
      {mode === "edit" && dirty ? (
        <Button type="button" variant="ghost" disabled={saving} onClick={form.discard}>
          Discard changes
        </Button>
      ) : null}
      {cancelHref ? (
        <Button asChild variant="outline">
          <Link href={cancelHref}>Cancel</Link>
        </Button>
      ) : null}
      <BusyButton type="submit" busy={saving} busyLabel={installs ? "Installing and saving" : "Saving"} disabled={saving || (mode === "edit" && !dirty)}>
        {mode === "create" ? "Save server" : "Save changes"}
      </BusyButton>
    </div>
  );
}
