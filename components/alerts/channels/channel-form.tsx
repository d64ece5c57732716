"use client";

import { useState, type FormEvent } from "react";
import { BusyButton } from "@/components/app/busy-button";
import { FormProblemBanner } from "@/components/app/form-problem";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { useSaveForm } from "@/components/app/use-save-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { CHANNEL_KIND_LABELS, CHANNEL_KINDS, CHANNEL_NAME_MAX, channelCreate, NTFY_PRIORITIES, type ChannelCreate, type ChannelDto, type ChannelKind } from "@/lib/alerts/channels/schema";
import { KIND_FIELDS, plainValues } from "./kind-fields";

const PRIORITY_LABELS: Record<(typeof NTFY_PRIORITIES)[number], string> = { min: "Min (1)", low: "Low (2)", default: "Default (3)", high: "High (4)", urgent: "Urgent (5)" };

/**
 * Adds a channel (its kind first) or edits one (its kind fixed). The form
 * checks with the API's own schema; a secret left blank on an edit keeps
 * the stored value, so nothing secret is ever filled in from the server.
 */
export function ChannelForm({ channel, onSubmit, onCancel }: { channel?: ChannelDto; onSubmit: (input: ChannelCreate) => Promise<unknown>; onCancel: () => void }) {
  const [name, setName] = useState(channel?.name ?? "");
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? "slack");
  const [values, setValues] = useState<Record<string, string>>(() => (channel ? plainValues(channel.settings) : { priority: "high" }));
  const { errors, problem, saving, save } = useSaveForm();
  const editing = channel !== undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const settings: Record<string, string> = { kind };
    for (const f of KIND_FIELDS[kind]) {
      const v = values[f.name]?.trim() ?? "";
      // Blank: the default (a server address), or on an edit the stored secret.
      if (v !== "") settings[f.name] = v;
    }
    if (kind === "ntfy" && values.priority) settings.priority = values.priority;
    const checked = channelCreate.safeParse({ name, settings });
    // A new channel needs its secrets; an edit may leave them out (the API keeps them). Every problem is shown at once.
    const missing = editing ? [] : KIND_FIELDS[kind].filter((f) => f.required && !settings[f.name]);
    const issues = [
      ...(checked.success ? [] : checked.error.issues),
      ...missing.map((f) => ({ path: ["settings", f.name], message: `Enter the ${f.label.charAt(0).toLowerCase()}${f.label.slice(1)}.` })),
    ];
    if (issues.length > 0) {
      void save({ success: false, error: { issues } }, onSubmit);
      return;
    }
    void save(checked, onSubmit);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate aria-label={editing ? "Edit channel" : "Add a channel"}>
      <FormProblemBanner problem={problem} />
      {editing ? null : (
        <Field label="Service" required>
          {(control) => (
            <OptionSelect
              control={control}
              value={kind}
              onChange={(v) => {
                setKind(v as ChannelKind);
                setValues({ priority: "high" });
              }}
              options={optionsOf(CHANNEL_KINDS, (k) => CHANNEL_KIND_LABELS[k])}
            />
          )}
        </Field>
      )}
      <Field label="Name" required error={errors.name} hint="How this channel is listed, e.g. “#ops on Slack”.">
        {(control) => <Input {...control} value={name} maxLength={CHANNEL_NAME_MAX} onChange={(e) => setName(e.target.value)} />}
      </Field>
      {KIND_FIELDS[kind].map((f) => (
        <Field
          key={`${kind}-${f.name}`}
          label={f.label}
          required={f.required && !(editing && f.secret)}
          error={errors[`settings.${f.name}`]}
          hint={editing && f.secret ? `${f.hint} Stored encrypted: leave blank to keep it.` : f.hint}
        >
          {(control) => (
            <Input
              {...control}
              type={f.secret ? "password" : "text"}
              autoComplete="off"
              spellCheck={false}
              placeholder={editing && f.secret ? "••••••••" : f.placeholder}
              value={values[f.name] ?? ""}
              onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
            />
          )}
        </Field>
      ))}
      {kind === "ntfy" ? (
        <Field label="Priority of an outage" hint="Recoveries never ring louder than Default.">
          {(control) => <OptionSelect control={control} value={values.priority ?? "high"} onChange={(v) => setValues((s) => ({ ...s, priority: v }))} options={optionsOf(NTFY_PRIORITIES, (p) => PRIORITY_LABELS[p])} />}
        </Field>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={saving} busyLabel="Saving">
          {editing ? "Save changes" : "Add channel"}
        </BusyButton>
      </div>
    </form>
  );
}
