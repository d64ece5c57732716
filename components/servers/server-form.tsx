"use client";

import { PlugZap } from "lucide-react";
import Link from "next/link";
import { useId, useMemo, useState, type FormEvent } from "react";
import { FormAlert } from "@/components/auth/form-alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useTestConnection } from "@/lib/servers/client";
import { TRANSPORTS, type ServerCreate, type ServerUpdate, type Transport } from "@/lib/servers/schema";
import { HeaderRows } from "./header-rows";
import { MonitoringFields } from "./monitoring-fields";
import { PlanUpsell } from "./plan-upsell";
import {
  firstErrorKey,
  mapServerError,
  serverMessage,
  suggestedTransport,
  validateConnection,
  validateCreate,
  validateUpdate,
  type FieldErrors,
  type FormProblem,
  type ServerFormValues,
} from "./server-form-model";
import { TagInput } from "./tag-input";
import { TestResultPanel, type TestState } from "./test-result";
import { TRANSPORT_INFO } from "./transports";

/** The fields in the order they appear: errors focus the first, and any other path becomes a banner. */
const FIELD_ORDER = ["name", "transport", "url", "headers", "description", "tags", "monitoring"] as const;
const DESCRIPTION_MAX = 500;

type ServerFormProps =
  | { mode: "create"; initialValues: ServerFormValues; cancelHref: string; onSubmit: (payload: ServerCreate) => Promise<void> }
  | { mode: "edit"; initialValues: ServerFormValues; cancelHref?: string; onSubmit: (payload: ServerUpdate) => Promise<void> };

/** Adding a server and editing one: the same fields, the same shared schema. */
export function ServerForm(props: ServerFormProps) {
  const { mode, initialValues } = props;
  const formId = useId().replace(/:/g, "");
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [test, setTest] = useState<TestState>({ kind: "idle" });
  const testConnection = useTestConnection();

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initialValues), [values, initialValues]);
  const id = (name: string) => `${formId}-${name}`;

  function set(patch: Partial<ServerFormValues>) {
    setValues((v) => ({ ...v, ...patch }));
    // A result no longer describes a connection that has changed since.
    if ("transport" in patch || "url" in patch || "headers" in patch) {
      if (test.kind !== "running") setTest({ kind: "idle" });
    }
  }

  function elementIdFor(key: string): string {
    const [field, index, part] = key.split(".");
    if (field === "headers" && index !== undefined) {
      const row = values.headers[Number(index)];
      return row ? `${id("headers")}-${row.key}-${part === "value" ? "value" : "name"}` : id("headers-add");
    }
    if (field === "monitoring") return id("monitoring-interval");
    return id(field);
  }

  function showErrors(found: FieldErrors, extra: FormProblem | null = null) {
    setErrors(found);
    const unplaced = Object.entries(found).filter(([k]) => !FIELD_ORDER.some((f) => k === f || k.startsWith(`${f}.`)));
    setProblem(extra ?? (unplaced.length > 0 ? { kind: "error", message: unplaced.map(([, m]) => m).join(" ") } : null));
    const first = firstErrorKey(found, FIELD_ORDER);
    if (first) requestAnimationFrame(() => document.getElementById(elementIdFor(first))?.focus());
  }

  async function runTest(current: ServerFormValues) {
    const checked = validateConnection(current);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setTest({ kind: "running" });
    try {
      const result = await testConnection.mutateAsync(checked.payload);
      setTest({ kind: "ok", result });
    } catch (err) {
      setTest({ kind: "failed", message: serverMessage(err), suggestion: suggestedTransport(err) });
    }
  }

  function switchTransport(transport: Transport) {
    const next = { ...values, transport };
    setValues(next);
    void runTest(next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const checked = props.mode === "create" ? validateCreate(values) : validateUpdate(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (props.mode === "create") await props.onSubmit(checked.payload as ServerCreate);
      else await props.onSubmit(checked.payload as ServerUpdate);
    } catch (err) {
      const mapped = mapServerError(err);
      showErrors(mapped.fields, mapped.problem);
    } finally {
      setSaving(false);
    }
  }

  // Stored header values are not known here, so only a connection with every value typed can be tested.
  const untestable = values.headers.some((h) => h.stored && h.value === "");

  return (
    <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-6" aria-busy={saving}>
      {problem?.kind === "plan" ? <PlanUpsell message={problem.message} /> : null}
      {problem?.kind === "error" ? <FormAlert>{problem.message}</FormAlert> : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">Connection</CardTitle>
          <CardDescription>Where the console reaches the server. It connects from the console&apos;s backend, never from your browser.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Field id={id("name")} label="Name" error={errors.name} hint="Unique among your servers, e.g. “GitHub tools (prod)”.">
            {(control) => (
              <Input {...control} value={values.name} maxLength={80} autoComplete="off" disabled={saving} onChange={(e) => set({ name: e.target.value })} />
            )}
          </Field>
          <Field id={id("transport")} label="Transport" error={errors.transport} hint={TRANSPORT_INFO[values.transport].description}>
            {(control) => (
              <Select value={values.transport} disabled={saving} onValueChange={(v) => set({ transport: v as Transport })}>
                <SelectTrigger {...control} className="sm:w-80">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TRANSPORTS.map((t) => (
                    <SelectItem key={t} value={t}>
                      {TRANSPORT_INFO[t].label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </Field>
          <Field id={id("url")} label="URL" error={errors.url} hint={values.transport === "sse" ? "For example https://example.com/sse" : "For example https://example.com/mcp"}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                value={values.url}
                autoComplete="off"
                spellCheck={false}
                placeholder={values.transport === "sse" ? "https://…/sse" : "https://…/mcp"}
                className="font-mono"
                disabled={saving}
                onChange={(e) => set({ url: e.target.value })}
              />
            )}
          </Field>
          <HeaderRows idPrefix={id("headers")} rows={values.headers} errors={errors} disabled={saving} onChange={(headers) => set({ headers })} />

          <div className="flex flex-col gap-3 border-t pt-5">
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant="secondary"
                disabled={saving || test.kind === "running" || untestable}
                aria-describedby={untestable ? id("test-hint") : undefined}
                onClick={() => void runTest(values)}
              >
                {test.kind === "running" ? <Spinner size="sm" aria-label="Testing the connection" className="text-current" /> : <PlugZap aria-hidden="true" />}
                Test connection
              </Button>
              <p id={id("test-hint")} className="text-xs text-muted-foreground">
                {untestable
                  ? "Type the values of the stored headers to test; “Refresh inventory” uses the stored ones."
                  : "Connects, completes the MCP handshake and lists what the server offers. Nothing is saved."}
              </p>
            </div>
            <TestResultPanel state={test} onUseTransport={switchTransport} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">Details</CardTitle>
          <CardDescription>Help you and your team find the server later.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <Field
            id={id("description")}
            label="Description"
            error={errors.description}
            hint={`${values.description.length} of ${DESCRIPTION_MAX} characters`}
          >
            {(control) => (
              <Textarea {...control} value={values.description} rows={3} disabled={saving} onChange={(e) => set({ description: e.target.value })} />
            )}
          </Field>
          <Field
            id={id("tags")}
            label="Tags"
            error={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith("tags."))?.[1]}
            hint="Press Enter or type a comma to add a tag. Filter the server list by tag."
          >
            {(control) => <TagInput control={control} tags={values.tags} disabled={saving} onChange={(tags) => set({ tags })} />}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">Monitoring</CardTitle>
          <CardDescription>MCP-aware health checks from the console.</CardDescription>
        </CardHeader>
        <CardContent>
          <MonitoringFields
            idPrefix={id("monitoring")}
            enabled={values.monitoringEnabled}
            intervalSec={values.intervalSec}
            error={errors["monitoring.intervalSec"] ?? errors.monitoring}
            disabled={saving}
            onChange={(m) => set({ monitoringEnabled: m.enabled, intervalSec: m.intervalSec })}
          />
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center justify-end gap-2">
        {mode === "edit" && dirty ? (
          <Button type="button" variant="ghost" disabled={saving} onClick={() => { setValues(initialValues); setErrors({}); setProblem(null); setTest({ kind: "idle" }); }}>
            Discard changes
          </Button>
        ) : null}
        {props.cancelHref ? (
          <Button asChild variant="outline">
            <Link href={props.cancelHref}>Cancel</Link>
          </Button>
        ) : null}
        <Button type="submit" disabled={saving || (mode === "edit" && !dirty)}>
          {saving ? <Spinner size="sm" aria-label="Saving" className="text-current" /> : null}
          {mode === "create" ? "Save server" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
