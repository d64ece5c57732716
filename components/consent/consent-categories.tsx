"use client";

import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import type { ConsentChoice } from "@/lib/consent/consent";

const OPTIONAL = [
  {
    key: "analytics",
    label: "Analytics",
    description:
      "First-party measurement: page views, page load times, errors and the campaign link that brought you. Stored on our own servers, never shared with a third party.",
  },
  {
    key: "marketing",
    label: "Marketing",
    description:
      "Campaign and advertising measurement. We set no marketing cookies today; this choice applies if we ever add them.",
  },
] as const;

/**
 * The three consent categories with their switches. Essential is always on:
 * its switch is disabled and says so, so a screen reader announces it as
 * checked, dimmed and "Always on".
 */
export function ConsentCategories({
  value,
  onChange,
  idPrefix,
}: {
  value: ConsentChoice;
  onChange: (next: ConsentChoice) => void;
  idPrefix: string;
}) {
  return (
    <ul className="flex flex-col gap-4">
      <li className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${idPrefix}-essential`}>Essential</Label>
          <p id={`${idPrefix}-essential-desc`} className="text-sm text-muted-foreground">
            Always on. Keeps you signed in, protects forms and remembers this choice. The site cannot work without them.
          </p>
        </div>
        <Switch
          id={`${idPrefix}-essential`}
          checked
          disabled
          aria-describedby={`${idPrefix}-essential-desc`}
          className="mt-0.5"
        />
      </li>
      {OPTIONAL.map((category) => (
        <li key={category.key} className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${idPrefix}-${category.key}`}>{category.label}</Label>
            <p id={`${idPrefix}-${category.key}-desc`} className="text-sm text-muted-foreground">
              {category.description}
            </p>
          </div>
          <Switch
            id={`${idPrefix}-${category.key}`}
            checked={value[category.key]}
            onCheckedChange={(checked) => onChange({ ...value, [category.key]: checked })}
            aria-describedby={`${idPrefix}-${category.key}-desc`}
            className="mt-0.5"
          />
        </li>
      ))}
    </ul>
  );
}
