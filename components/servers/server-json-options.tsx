"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { nativeSelectClass } from "@/components/app/native-select";
import type { FieldErrors } from "@/components/app/save-error";
import type { ImportPreviewEntry } from "@/lib/servers/schema";
import type { ImportInput } from "@/lib/servers/server-json";

const TRANSPORT_LABEL: Record<string, string> = { "streamable-http": "Remote (Streamable HTTP)", sse: "Remote (SSE)", stdio: "Package" };

/** What an option is: a remote, or a package (run in the sandbox when it can be). */
const optionLabel = (e: ImportPreviewEntry) => `${e.transport ? TRANSPORT_LABEL[e.transport] : "Not supported"}${e.transport === "stdio" && e.action === "create" ? ", run in the console's sandbox" : ""}`;

/**
 * A server.json's ways to run its server (remotes and packages): one is chosen, then the values
 * it asks for are typed. Secrets are typed masked; a value with choices is a select. Options that
 * cannot be created are listed with the reason, not offered.
 */
export function ServerJsonOptions({
  entries,
  choice,
  onChoose,
  values,
  onValue,
  errors,
}: {
  entries: ImportPreviewEntry[];
  choice: string | undefined;
  onChoose: (key: string) => void;
  values: Record<string, string>;
  onValue: (id: string, value: string) => void;
  errors: FieldErrors;
}) {
  const chosen = entries.find((e) => e.key === choice);
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          Run <strong>{entries[0]?.name}</strong> as
        </legend>
        <ul className="flex flex-col divide-y rounded-md border text-sm">
          {entries.map((e) => (
            <li key={e.key} className="p-2">
              <label className="flex items-start gap-2">
                <input type="radio" name="server-json-option" className="mt-1" value={e.key} checked={choice === e.key} disabled={e.action !== "create"} onChange={() => e.key && onChoose(e.key)} />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">{optionLabel(e)}</span>
                  <span className="break-all text-muted-foreground">{e.url}</span>
                  {e.reason ? <span className="text-muted-foreground">{e.reason}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {chosen?.inputs?.length ? (
        <section aria-labelledby="server-json-values" className="flex flex-col gap-3">
          <h3 id="server-json-values" className="text-sm font-medium">
            What it needs
          </h3>
          {chosen.inputs.map((input) => (
            <InputField key={input.id} input={input} value={values[input.id] ?? ""} onChange={(v) => onValue(input.id, v)} error={errors[`values.${input.id}`]} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

function InputField({ input, value, onChange, error }: { input: ImportInput; value: string; onChange: (value: string) => void; error?: string }) {
  const hint = [input.description, input.secret ? "Stored encrypted; never shown again." : null, input.default && !input.secret ? `Left empty: ${input.default}.` : null].filter(Boolean).join(" ");
  return (
    <Field label={input.label} hint={hint || undefined} error={error} required={input.required}>
      {(control) =>
        input.choices ? (
          <select {...control} className={nativeSelectClass} value={value || input.default || ""} onChange={(e) => onChange(e.target.value)}>
            {input.required && !input.default ? <option value="">Choose…</option> : null}
            {!input.required ? <option value="">(none)</option> : null}
            {input.choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        ) : (
          <Input {...control} type={input.secret ? "password" : "text"} autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}
