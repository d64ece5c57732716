"use client";

import { CardSection } from "@/components/app/card-section";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { Field } from "@/components/ui/field";
import { PROTOCOL_SETTINGS, type ProtocolSetting } from "@/lib/mcp/protocol-revisions";
import { PROTOCOL_HINT, protocolLabel } from "./protocols";
import type { ServerFormState } from "./use-server-form";

/** Settings most servers never need: the protocol revision the console speaks to the server. */
export function AdvancedSection({ form }: { form: ServerFormState }) {
  const { id, values, set, errors, saving } = form;
  return (
    <CardSection title="Advanced" description="Most servers need nothing here.">
      <Field id={id("protocol")} label="Protocol revision" error={errors.protocol} hint={PROTOCOL_HINT}>
        {(control) => (
          <OptionSelect
            control={control}
            className="sm:w-80"
            value={values.protocol}
            disabled={saving}
            onChange={(v) => set({ protocol: v as ProtocolSetting })}
            options={optionsOf(PROTOCOL_SETTINGS, protocolLabel)}
          />
        )}
      </Field>
    </CardSection>
  );
}
