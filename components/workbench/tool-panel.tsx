"use client";

import { Play } from "lucide-react";
import { useRef, type KeyboardEvent } from "react";
import { SchemaForm } from "./schema-form/schema-form";
import type { ToolDefinition } from "@/lib/mcp/types";
import type { JsonSchema } from "@/lib/workbench/schema-form/types";
import type { CallState } from "@/lib/workbench/use-call";
import { AnnotationBadges } from "./annotation-badges";
import { CallOptions, type ToolCallOptions } from "./call-options";
import { CallOutput } from "./call-output";
import { RunButtons } from "./run-buttons";

/** A tool as the workbench knows it. */
export type WorkbenchTool = ToolDefinition;

interface ToolPanelProps {
  tool: WorkbenchTool;
  args: Record<string, unknown>;
  onArgsChange: (args: Record<string, unknown>) => void;
  options: ToolCallOptions;
  onOptionsChange: (options: ToolCallOptions) => void;
  logging: boolean;
  taskSupport?: "required" | "optional";
  state: CallState;
  /** The call shown below is of this tool. */
  showsOutput: boolean;
  onRun: (args: Record<string, unknown>) => void;
  onCancel: () => void;
  onOpenResource: (uri: string) => void;
}

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** One tool: its description and hints, a form generated from its input schema, Run and Cancel, and its result. */
export function ToolPanel(props: ToolPanelProps) {
  const { tool, args, onArgsChange, options, onOptionsChange, state, showsOutput, onRun, onCancel } = props;
  const form = useRef<HTMLFormElement>(null);
  const running = state.status === "running";

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!running) form.current?.requestSubmit();
    }
  }

  return (
    <div className="grid min-w-0 content-start gap-4" onKeyDown={onKeyDown}>
      <header className="grid content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-mono text-lg font-semibold wrap-anywhere">{tool.name}</h2>
          {tool.title && tool.title !== tool.name ? <span className="text-sm text-muted-foreground">{tool.title}</span> : null}
        </div>
        <AnnotationBadges annotations={tool.annotations} />
        {tool.description ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">{tool.description}</p> : null}
      </header>

      <SchemaForm
        key={tool.name}
        ref={form}
        schema={tool.inputSchema as JsonSchema}
        value={args}
        onChange={onArgsChange}
        disabled={running}
        onSubmit={onRun}
        aria-label={`Arguments of ${tool.name}`}
      >
        <CallOptions value={options} onChange={onOptionsChange} disabled={running} logging={props.logging} taskSupport={props.taskSupport} />
        <RunButtons
          icon={<Play aria-hidden="true" />}
          label="Run tool"
          running={running}
          onCancel={onCancel}
          extra={
            <span className="text-xs text-muted-foreground">
              or <kbd className="rounded border px-1 font-mono">{isMac() ? "⌘" : "Ctrl"}</kbd>+<kbd className="rounded border px-1 font-mono">Enter</kbd>
            </span>
          }
        />
      </SchemaForm>

      {showsOutput ? <CallOutput state={state} title={tool.name} onOpenResource={props.onOpenResource} outputSchema={tool.outputSchema} /> : null}
    </div>
  );
}
