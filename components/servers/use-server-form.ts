"use client";

import { useId, useMemo, useState } from "react";
import { failureMessage } from "@/lib/api-client/api-error";
import { useTestConnection } from "@/lib/servers/hooks";
import { SERVER_NAME_MAX } from "@/lib/servers/schema";
import type { Transport } from "@/lib/mcp/types";
import { mapSaveError, type FieldErrors, type FormProblem } from "@/components/app/save-error";
import { firstErrorKey, suggestedTransport, validateConnection, type ServerFormValues } from "./server-form-model";
import type { TestState } from "./test-result";

/** The fields in the order they appear: errors focus the first, and any other path becomes a banner. */
const FIELD_ORDER = ["name", "transport", "url", "headers", "package", "args", "env", "egress", "description", "tags", "monitoring", "protocol"] as const;

/**
 * The server form's state: its values, where its errors show, and the
 * connection test. `save` runs a checked payload and puts a refusal where the
 * user will look.
 */
export function useServerForm(initialValues: ServerFormValues, { nameFromServer = false }: { nameFromServer?: boolean } = {}) {
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
    if ("transport" in patch || "url" in patch || "headers" in patch || "stdio" in patch) {
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
    // A stdio server's fields: the package (an install that failed is the package's), its arguments, a variable's row by index or by name.
    if (field === "package") return id(index === "version" ? "package-version" : "package-identifier");
    if (field === "env") {
      const row = index === undefined ? undefined : /^\d+$/.test(index) ? values.stdio.env[Number(index)] : values.stdio.env.find((r) => r.name === index);
      return row ? `${id("env")}-${row.key}-${part === "value" ? "value" : "name"}` : id("env-add");
    }
    return id(field);
  }

  function showErrors(found: FieldErrors, extra: FormProblem | null = null) {
    setErrors(found);
    const unplaced = Object.entries(found).filter(([k]) => !FIELD_ORDER.some((f) => k === f || k.startsWith(`${f}.`)));
    setProblem(extra ?? (unplaced.length > 0 ? { kind: "error", message: unplaced.map(([, m]) => m).join(" ") } : null));
    const first = firstErrorKey(found, FIELD_ORDER);
    if (first) requestAnimationFrame(() => document.getElementById(elementIdFor(first))?.focus());
  }

  async function runTest(current: ServerFormValues = values) {
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
      // A new server whose name is still empty takes the one it gives itself; a typed name is never replaced.
      const own = (result.serverInfo.title ?? result.serverInfo.name).trim().slice(0, SERVER_NAME_MAX);
      if (nameFromServer && own) setValues((v) => (v.name.trim() === "" ? { ...v, name: own } : v));
    } catch (err) {
      const { problem: refused } = mapSaveError(err);
      // What the account may not try (a demo's server other than the demo's) is no failed connection: the banner offers sign-up.
      if (refused?.kind === "demo") {
        setTest({ kind: "idle" });
        setProblem(refused);
        return;
      }
      setTest({ kind: "failed", message: failureMessage(err), suggestion: suggestedTransport(err) });
    }
  }

  /** Takes the transport that answered, and tests again with it. */
  function switchTransport(transport: Transport) {
    const next = { ...values, transport };
    setValues(next);
    void runTest(next);
  }

  async function save<T>(checked: { ok: true; payload: T } | { ok: false; errors: FieldErrors }, send: (payload: T) => Promise<void>) {
    setProblem(null);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await send(checked.payload);
    } catch (err) {
      const mapped = mapSaveError(err);
      showErrors(mapped.fields, mapped.problem);
    } finally {
      setSaving(false);
    }
  }

  function discard() {
    setValues(initialValues);
    setErrors({});
    setProblem(null);
    setTest({ kind: "idle" });
  }

  return { id, initialValues, values, set, errors, problem, saving, dirty, test, runTest, switchTransport, save, discard };
}

export type ServerFormState = ReturnType<typeof useServerForm>;
