"use client";

import { Eye, EyeOff, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ControlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

/**
 * The parts a row of secret values shares, a request header's and a stdio
 * server's environment variable alike: the value, masked unless shown, with
 * its show/hide button, and the row's remove button.
 */

export function SecretValueInput({
  control,
  label,
  value,
  shown,
  disabled,
  placeholder,
  onChange,
  onToggleShown,
}: {
  control: ControlProps;
  /** What the value belongs to, for the button's name ("Show value of API_KEY"). */
  label: string;
  value: string;
  shown: boolean;
  disabled?: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
  onToggleShown: () => void;
}) {
  return (
    <div className="flex gap-1">
      <Input
        {...control}
        type={shown ? "text" : "password"}
        value={value}
        disabled={disabled}
        autoComplete="new-password"
        spellCheck={false}
        placeholder={placeholder}
        className="font-mono"
        onChange={(e) => onChange(e.target.value)}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        disabled={disabled}
        aria-pressed={shown}
        aria-label={`${shown ? "Hide" : "Show"} value of ${label}`}
        onClick={onToggleShown}
      >
        {shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </Button>
    </div>
  );
}

export function RemoveRowButton({ label, disabled, onRemove }: { label: string; disabled?: boolean; onRemove: () => void }) {
  return (
    <Button type="button" variant="ghost" size="icon" className="justify-self-end sm:mt-5" disabled={disabled} aria-label={`Remove ${label}`} onClick={onRemove}>
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
