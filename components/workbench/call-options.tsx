"use client";

import { useId } from "react";
import { OptionSelect, optionsOf } from "@/components/app/option-select";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { LOG_LEVELS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS, type LogLevel } from "@/lib/workbench/schema";

export interface ToolCallOptions {
  timeoutSec: number;
  logLevel: LogLevel;
  asTask: boolean;
}

interface CallOptionsProps {
  value: ToolCallOptions;
  onChange: (value: ToolCallOptions) => void;
  disabled?: boolean;
  /** The server declares logging: the level can be chosen. */
  logging: boolean;
  /** "required": always a task; "optional": the user chooses; undefined: not offered. */
  taskSupport?: "required" | "optional";
}

const clampSeconds = (n: number) => Math.min(MAX_TIMEOUT_MS / 1000, Math.max(MIN_TIMEOUT_MS / 1000, Math.round(n)));

/** How a tool runs: its timeout, the server's log level, and whether as an MCP task. */
export function CallOptions({ value, onChange, disabled, logging, taskSupport }: CallOptionsProps) {
  const id = useId();
  return (
    <fieldset disabled={disabled} className="m-0 flex flex-wrap items-end gap-4 border-0 p-0">
      <legend className="sr-only">Call options</legend>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-timeout`} className="text-xs">
          Timeout (s)
        </Label>
        <Input
          id={`${id}-timeout`}
          type="number"
          inputMode="numeric"
          min={MIN_TIMEOUT_MS / 1000}
          max={MAX_TIMEOUT_MS / 1000}
          value={value.timeoutSec}
          onChange={(e) => onChange({ ...value, timeoutSec: Number(e.target.value) })}
          onBlur={() => onChange({ ...value, timeoutSec: clampSeconds(value.timeoutSec || 60) })}
          aria-describedby={`${id}-timeout-help`}
          className="h-8 w-24"
        />
        <span id={`${id}-timeout-help`} className="sr-only">
          From {MIN_TIMEOUT_MS / 1000} to {MAX_TIMEOUT_MS / 1000} seconds without progress.
        </span>
      </div>
      {logging ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-log`} className="text-xs">
            Server log level
          </Label>
          <OptionSelect
            id={`${id}-log`}
            className="h-8 w-32"
            value={value.logLevel}
            onChange={(level) => onChange({ ...value, logLevel: level as LogLevel })}
            disabled={disabled}
            options={optionsOf(LOG_LEVELS, (level) => level)}
          />
        </div>
      ) : null}
      {taskSupport ? (
        <div className="flex h-8 items-center gap-2">
          <Switch
            id={`${id}-task`}
            checked={taskSupport === "required" || value.asTask}
            disabled={disabled || taskSupport === "required"}
            onCheckedChange={(asTask) => onChange({ ...value, asTask })}
          />
          <Label htmlFor={`${id}-task`} className="text-xs">
            Run as a task{taskSupport === "required" ? " (required by this tool)" : ""}
          </Label>
        </div>
      ) : null}
    </fieldset>
  );
}

export const secondsToTimeout = (seconds: number) => clampSeconds(seconds || 60) * 1000;
