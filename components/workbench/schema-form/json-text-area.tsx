"use client";

import { useEffect, useMemo, useState } from "react";

import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { jsonEqual, parseJsonText } from "@/lib/workbench/schema-form/json";

import type { ControlProps } from "@/components/ui/field";
import { isRecord } from "@/lib/guards";

interface JsonTextAreaProps extends ControlProps {
  value: unknown;
  /** Called with each parsed value; `undefined` when the text is emptied and `allowEmpty` is set. */
  onChange: (next: unknown) => void;
  allowEmpty?: boolean;
  /** The arguments object as a whole must be an object, not any JSON. */
  requireObject?: boolean;
  /** Text that is not (yet) a value: reported so the form can refuse to submit it. */
  onDraftError: (error: string | undefined) => void;
  rows?: number;
  className?: string;
}

const toText = (value: unknown) => (value === undefined ? "" : JSON.stringify(value, null, 2));

type Read = { ok: true; value: unknown } | { ok: false; error: string };

function read(text: string, allowEmpty: boolean, requireObject: boolean): Read {
  if (text.trim() === "") {
    if (allowEmpty) return { ok: true, value: undefined };
    return { ok: false, error: requireObject ? "Enter a JSON object, such as {}" : "Enter a JSON value" };
  }
  const parsed = parseJsonText(text);
  if (parsed.ok && requireObject && !isRecord(parsed.value)) {
    return { ok: false, error: "The arguments must be a JSON object, such as {}" };
  }
  return parsed;
}

/**
 * JSON text bound to a value both ways. What is typed is kept as typed
 * (including invalid JSON, with its error shown) until the value changes
 * from elsewhere to something the text does not say.
 */
export function JsonTextArea({
  value,
  onChange,
  allowEmpty = false,
  requireObject = false,
  onDraftError,
  rows = 4,
  className,
  ...control
}: JsonTextAreaProps) {
  const [draft, setDraft] = useState(() => ({ text: toText(value), source: value }));
  let current = draft;
  if (!jsonEqual(value, draft.source) && !textSays(draft.text, value)) {
    current = { text: toText(value), source: value };
    setDraft(current);
  }
  const problem = useMemo(() => {
    const result = read(current.text, allowEmpty, requireObject);
    return result.ok ? undefined : result.error;
  }, [current.text, allowEmpty, requireObject]);

  useEffect(() => {
    onDraftError(problem);
  }, [problem, onDraftError]);

  return (
    <Textarea
      {...control}
      aria-invalid={problem !== undefined || control["aria-invalid"] ? true : undefined}
      rows={rows}
      spellCheck={false}
      autoComplete="off"
      className={cn("font-mono text-xs leading-relaxed", className)}
      value={current.text}
      onChange={(e) => {
        const text = e.target.value;
        const result = read(text, allowEmpty, requireObject);
        if (!result.ok) {
          setDraft({ text, source: value });
          return;
        }
        setDraft({ text, source: result.value });
        onChange(result.value);
      }}
    />
  );
}

function textSays(text: string, value: unknown): boolean {
  if (text.trim() === "") return value === undefined;
  const parsed = parseJsonText(text);
  return parsed.ok && jsonEqual(parsed.value, value);
}
