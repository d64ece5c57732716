"use client";

import { nativeSelectClass } from "@/components/app/native-select";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import {
  BLOCK_SEVERITIES,
  RESULT_ACTIONS,
  UNCHECKED_ACTIONS,
  type BlockSeverity,
  type GatewayPolicy,
  type ResultAction,
  type ResultFindingKind,
  type UncheckedAction,
} from "@/lib/gateways/schema";
import { BLOCK_CHOICES, BLOCK_HINT, QUARANTINE_HINT, RESULT_CHOICES, RESULT_FIELDS, UNCHECKED_CHOICES, UNCHECKED_FIELD } from "./policy";

/** What the gateway keeps from agents: the finding severity that blocks, quarantine of changed definitions, and what the result guard does. */
export function PolicyFields({
  idPrefix,
  policy,
  disabled,
  onChange,
}: {
  idPrefix: string;
  policy: GatewayPolicy;
  disabled?: boolean;
  onChange: (policy: GatewayPolicy) => void;
}) {
  const switchId = `${idPrefix}-quarantine`;
  return (
    <div className="flex flex-col gap-5">
      <Field id={`${idPrefix}-block`} label="Block items with findings" hint={BLOCK_HINT}>
        {(control) => (
          <select
            {...control}
            className={`${nativeSelectClass} sm:w-72`}
            value={policy.blockSeverity}
            disabled={disabled}
            onChange={(e) => onChange({ ...policy, blockSeverity: e.target.value as BlockSeverity })}
          >
            {BLOCK_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {BLOCK_CHOICES[s].label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex items-start gap-3">
        <Switch
          id={switchId}
          checked={policy.quarantineChanged}
          disabled={disabled}
          aria-describedby={`${switchId}-hint`}
          onCheckedChange={(on) => onChange({ ...policy, quarantineChanged: on })}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor={switchId}>Quarantine changed definitions</Label>
          <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
            {QUARANTINE_HINT}
          </p>
        </div>
      </div>
      {(["secrets", "instructions"] as const satisfies ResultFindingKind[]).map((kind) => (
        <Field key={kind} id={`${idPrefix}-results-${kind}`} label={RESULT_FIELDS[kind].label} hint={RESULT_FIELDS[kind].hint}>
          {(control) => (
            <select
              {...control}
              className={`${nativeSelectClass} sm:w-72`}
              value={policy.results[kind]}
              disabled={disabled}
              onChange={(e) => onChange({ ...policy, results: { ...policy.results, [kind]: e.target.value as ResultAction } })}
            >
              {RESULT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {RESULT_CHOICES[a]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
      <Field id={`${idPrefix}-results-unchecked`} label={UNCHECKED_FIELD.label} hint={UNCHECKED_FIELD.hint}>
        {(control) => (
          <select
            {...control}
            className={`${nativeSelectClass} sm:w-72`}
            value={policy.results.unchecked}
            disabled={disabled}
            onChange={(e) => onChange({ ...policy, results: { ...policy.results, unchecked: e.target.value as UncheckedAction } })}
          >
            {UNCHECKED_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {UNCHECKED_CHOICES[a]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
