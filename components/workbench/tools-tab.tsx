"use client";

import { useState } from "react";
import { defaultsFor } from "@/lib/workbench/schema-form/defaults";
import type { JsonSchema } from "@/lib/workbench/schema-form/types";
import type { CallRequest } from "@/lib/workbench/schema";
import { useCall } from "@/lib/workbench/use-call";
import { secondsToTimeout, type ToolCallOptions } from "./call-options";
import { ItemList } from "./item-list";
import { AnnotationBadges } from "./annotation-badges";
import { ToolPanel, type WorkbenchTool } from "./tool-panel";
import { useRerun, type RerunProps } from "./rerun";
import { useReveal } from "./use-reveal";

interface ToolsTabProps extends RerunProps {
  serverId: string;
  /** A tool, resource or prompt a link asked for, selected at first. */
  linkedItem?: string | null;
  tools: WorkbenchTool[];
  logging: boolean;
  /** The server runs tools as MCP tasks (capability `tasks.requests.tools.call`). */
  tasks: boolean;
  onOpenResource: (uri: string) => void;
}

function taskSupportOf(tool: WorkbenchTool, serverTasks: boolean): "required" | "optional" | undefined {
  if (!serverTasks) return undefined;
  // MCP: a tool that declares nothing does not run as a task.
  const declared = tool.execution?.taskSupport;
  return declared === "required" || declared === "optional" ? declared : undefined;
}

export function ToolsTab({ serverId, linkedItem = null, tools, logging, tasks, rerun, onRerunStarted, onOpenResource }: ToolsTabProps) {
  const [selected, setSelected] = useState<string | null>(tools.find((t) => t.name === linkedItem)?.name ?? tools[0]?.name ?? null);
  const [argsByTool, setArgsByTool] = useState<Record<string, Record<string, unknown>>>({});
  const [options, setOptions] = useState<ToolCallOptions>({ timeoutSec: 60, logLevel: "info", asTask: false });
  const [outputOf, setOutputOf] = useState<string | null>(null);
  const call = useCall(serverId);
  const [panelRef, revealPanel] = useReveal<HTMLDivElement>();

  const tool = tools.find((t) => t.name === selected) ?? null;
  const asTask = (t: WorkbenchTool, chosen: boolean) => {
    const support = taskSupportOf(t, tasks);
    return support === "required" || (support === "optional" && chosen);
  };
  const argsOf = (t: WorkbenchTool) => argsByTool[t.name] ?? defaultsFor(t.inputSchema as JsonSchema);

  const requestFor = (t: WorkbenchTool, args: Record<string, unknown>, task: boolean): CallRequest => ({
    method: "tools/call",
    params: { name: t.name, arguments: args, ...(task ? { task: {} } : {}) },
    timeoutMs: secondsToTimeout(options.timeoutSec),
    ...(logging ? { logLevel: options.logLevel } : {}),
  });

  function run(t: WorkbenchTool, args: Record<string, unknown>) {
    setOutputOf(t.name);
    void call.run(requestFor(t, args, asTask(t, options.asTask)));
  }

  // A call picked from the history: its tool and arguments are shown at once, then it runs.
  useRerun({ rerun, onRerunStarted }, serverId, "tools/call", {
    show: ({ params: { name, arguments: args } }) => {
      if (!tools.some((t) => t.name === name)) return;
      setSelected(name);
      setArgsByTool((all) => ({ ...all, [name]: args ?? {} }));
      setOutputOf(name);
    },
    start: ({ params }) => {
      const target = tools.find((t) => t.name === params.name);
      if (target) void call.run(requestFor(target, params.arguments ?? {}, asTask(target, params.task !== undefined)));
    },
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <ItemList
        noun="tools"
        selected={selected}
        onSelect={(name) => {
          setSelected(name);
          revealPanel();
        }}
        items={tools.map((t) => ({
          key: t.name,
          title: t.name,
          subtitle: t.title && t.title !== t.name ? t.title : undefined,
          description: t.description,
          badges: <AnnotationBadges annotations={t.annotations} />,
        }))}
      />
      <div ref={panelRef} className="min-w-0 scroll-mt-4">
        {tool ? (
          <ToolPanel
            tool={tool}
            args={argsOf(tool)}
            onArgsChange={(args) => setArgsByTool((all) => ({ ...all, [tool.name]: args }))}
            options={options}
            onOptionsChange={setOptions}
            logging={logging}
            taskSupport={taskSupportOf(tool, tasks)}
            state={call.state}
            showsOutput={outputOf === tool.name}
            onRun={(args) => run(tool, args)}
            onCancel={call.cancel}
            onOpenResource={onOpenResource}
          />
        ) : (
          <p className="text-sm text-muted-foreground">Choose a tool to run it.</p>
        )}
      </div>
    </div>
  );
}
