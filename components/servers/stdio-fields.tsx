"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { EnvRows } from "./env-rows";
import { egressError, envRowErrors, splitTypedPackage, type StdioFormValues } from "./stdio-form-model";
import type { ServerFormState } from "./use-server-form";

/** The first error of any argument line: the API names them by index, the field is one. */
const argsError = (errors: Record<string, string>) => errors.args ?? Object.entries(errors).find(([k]) => k.startsWith("args."))?.[1];

/**
 * "Command (stdio)": the npm package the console installs and runs in its sandbox, its exact
 * version, its arguments, its environment variables and the hosts it may reach. `editing` a saved
 * server: its package is fixed (another package is another server), the rest can change.
 */
export function StdioFields({ form, editing = false }: { form: ServerFormState; editing?: boolean }) {
  const { id, values, set, errors, saving } = form;
  const stdio = values.stdio;
  const change = (patch: Partial<StdioFormValues>) => set({ stdio: { ...stdio, ...patch } });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start">
        <Field
          id={id("package-identifier")}
          label="npm package"
          error={errors["package.identifier"] ?? errors["package.registryType"] ?? errors.package}
          hint={
            editing
              ? "Fixed once added: another package is another server. Its version can change."
              : "Its name on npm, e.g. @modelcontextprotocol/server-everything. Install scripts do not run."
          }
        >
          {(control) => (
            <Input
              {...control}
              value={stdio.identifier}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              placeholder="@scope/server-name"
              className={editing ? "bg-muted font-mono" : "font-mono"}
              disabled={saving}
              readOnly={editing}
              onChange={(e) => change({ identifier: e.target.value })}
              // "name@1.2.3" pasted or typed whole fills both fields.
              onBlur={() => set({ stdio: splitTypedPackage(stdio) })}
            />
          )}
        </Field>
        <Field
          id={id("package-version")}
          label="Version"
          error={errors["package.version"]}
          hint={editing ? "Exact, e.g. 1.2.3: another version is installed when you save." : "Exact, e.g. 1.2.3: what is installed is what runs."}
        >
          {(control) => (
            <Input
              {...control}
              value={stdio.version}
              autoComplete="off"
              spellCheck={false}
              inputMode="decimal"
              placeholder="1.2.3"
              className="font-mono"
              disabled={saving}
              onChange={(e) => change({ version: e.target.value })}
            />
          )}
        </Field>
      </div>
      <Field id={id("args")} label="Arguments" error={argsError(errors)} hint="One per line, given to the package's program in this order. Leave empty for none.">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={stdio.args}
            autoComplete="off"
            spellCheck={false}
            placeholder="stdio"
            className="font-mono"
            disabled={saving}
            onChange={(e) => change({ args: e.target.value })}
          />
        )}
      </Field>
      <EnvRows idPrefix={id("env")} rows={stdio.env} errors={envRowErrors(stdio.env, errors)} listError={errors.env} disabled={saving} onChange={(env) => change({ env })} />
      <Field
        id={id("egress")}
        label="Hosts it may reach"
        error={egressError(errors)}
        hint="One per line: a host (ports 443 and 80) or host:port, reached through the console's proxy. Leave empty for no network."
      >
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={stdio.egress}
            autoComplete="off"
            spellCheck={false}
            placeholder="api.example.com"
            className="font-mono"
            disabled={saving}
            onChange={(e) => change({ egress: e.target.value })}
          />
        )}
      </Field>
      <p className="text-xs text-muted-foreground">
        The console runs it in its sandbox: no network but the hosts listed, no view of the console&apos;s files or secrets, capped memory, CPU time and
        processes.
      </p>
    </>
  );
}
