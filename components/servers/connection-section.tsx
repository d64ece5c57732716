"use client";

import { CardSection } from "@/components/app/card-section";
import { FormAlert } from "@/components/app/form-alert";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SERVER_TRANSPORTS, TRANSPORTS, type ServerTransport } from "@/lib/mcp/types";
import { ConnectionTest } from "./connection-test";
import { HeaderRows } from "./header-rows";
import { originOf } from "@/lib/servers/secret-origin";
import { leavesSignInBehind } from "./server-form-model";
import { StdioFields } from "./stdio-fields";
import { TRANSPORT_INFO } from "./transports";
import type { ServerFormState } from "./use-server-form";

/**
 * Where the console reaches the server: its name, transport, URL and headers, or (`allowStdio`,
 * when adding one) the package it runs as a command; and a test of them. A saved stdio server
 * keeps its transport and package; its version, arguments, variables and hosts are edited here.
 */
export function ConnectionSection({ form, allowStdio }: { form: ServerFormState; allowStdio: boolean }) {
  const { id, values, set, errors, saving } = form;
  const stdio = values.transport === "stdio";
  const editingStdio = stdio && !allowStdio;
  return (
    <CardSection
      title="Connection"
      description={
        stdio
          ? "What the console runs: an npm package it installs once and starts in its sandbox when it is used."
          : "Where the console reaches the server. It connects from the console's backend, never from your browser."
      }
    >
      <Field id={id("name")} label="Name" error={errors.name} hint="Unique among your servers, e.g. “GitHub tools (prod)”.">
        {(control) => (
          <Input {...control} value={values.name} maxLength={80} autoComplete="off" disabled={saving} onChange={(e) => set({ name: e.target.value })} />
        )}
      </Field>
      {editingStdio ? null : (
        <Field id={id("transport")} label="Transport" error={errors.transport} hint={TRANSPORT_INFO[values.transport].description}>
          {(control) => (
            <OptionSelect
              control={control}
              className="sm:w-80"
              value={values.transport}
              disabled={saving}
              onChange={(v) => set({ transport: v as ServerTransport })}
              options={optionsOf(allowStdio ? SERVER_TRANSPORTS : TRANSPORTS, (t) => TRANSPORT_INFO[t].label)}
            />
          )}
        </Field>
      )}
      {stdio ? <StdioFields form={form} editing={editingStdio} /> : <RemoteFields form={form} />}
      {/* A saved stdio server's variable values are not known here: "Check now" and the workbench try the saved settings. */}
      {editingStdio ? null : <ConnectionTest form={form} />}
    </CardSection>
  );
}

/** A remote server's URL and headers. */
function RemoteFields({ form }: { form: ServerFormState }) {
  const { id, values, set, errors, saving } = form;
  const sse = values.transport === "sse";
  return (
    <>
      <Field id={id("url")} label="URL" error={errors.url} hint={sse ? "For example https://example.com/sse" : "For example https://example.com/mcp"}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            value={values.url}
            autoComplete="off"
            spellCheck={false}
            placeholder={sse ? "https://…/sse" : "https://…/mcp"}
            className="font-mono"
            disabled={saving}
            onChange={(e) => set({ url: e.target.value })}
          />
        )}
      </Field>
      {leavesSignInBehind(values) ? (
        <FormAlert tone="info">
          This server signs in with OAuth at {originOf(values.signInFor ?? "") ?? "its current address"}. Saved with an address on another origin, its sign-in stays behind: the console
          revokes its tokens there, and you sign in again at the new address.
        </FormAlert>
      ) : null}
      <HeaderRows idPrefix={id("headers")} rows={values.headers} url={values.url} errors={errors} disabled={saving} onChange={(headers) => set({ headers })} />
    </>
  );
}
