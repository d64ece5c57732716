"use client";

import { MessageSquare } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { PromptDefinition } from "@/lib/mcp/types";
import { useCall } from "@/lib/workbench/use-call";
import { ArgumentFields, useMissingValues, type ArgumentFormProps } from "./argument-fields";
import { CallOutput } from "./call-output";
import { ItemList } from "./item-list";
import type { CallRequest } from "@/lib/workbench/schema";
import { useRerun, type RerunProps } from "./rerun";
import { RunButtons } from "./run-buttons";
import { useReveal } from "./use-reveal";

/** Optional arguments left empty are not sent. */
function requestFor(name: string, args: Record<string, string>): CallRequest {
  return { method: "prompts/get", params: { name, arguments: Object.fromEntries(Object.entries(args).filter(([, v]) => v !== "")) } };
}

interface PromptsTabProps extends RerunProps {
  serverId: string;
  /** A tool, resource or prompt a link asked for, selected at first. */
  linkedItem?: string | null;
  prompts: PromptDefinition[];
  /** The server suggests argument values (capability `completions`). */
  completions: boolean;
  onOpenResource: (uri: string) => void;
}

export function PromptsTab({ serverId, linkedItem = null, prompts, completions, rerun, onRerunStarted, onOpenResource }: PromptsTabProps) {
  const [selected, setSelected] = useState<string | null>(prompts.find((p) => p.name === linkedItem)?.name ?? prompts[0]?.name ?? null);
  const [argsByPrompt, setArgsByPrompt] = useState<Record<string, Record<string, string>>>({});
  const [outputOf, setOutputOf] = useState<string | null>(null);
  const call = useCall(serverId);
  const [panelRef, revealPanel] = useReveal<HTMLDivElement>();
  const prompt = prompts.find((p) => p.name === selected) ?? null;

  function get(name: string, args: Record<string, string>) {
    setOutputOf(name);
    void call.run(requestFor(name, args));
  }

  // A call picked from the history: its prompt and arguments are shown at once, then it runs.
  useRerun({ rerun, onRerunStarted }, serverId, "prompts/get", {
    show: ({ params: { name, arguments: args } }) => {
      if (!prompts.some((p) => p.name === name)) return;
      setSelected(name);
      setArgsByPrompt((all) => ({ ...all, [name]: args ?? {} }));
      setOutputOf(name);
    },
    start: ({ params: { name, arguments: args } }) => {
      if (prompts.some((p) => p.name === name)) void call.run(requestFor(name, args ?? {}));
    },
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <ItemList
        noun="prompts"
        selected={selected}
        onSelect={(name) => {
          setSelected(name);
          revealPanel();
        }}
        items={prompts.map((p) => ({
          key: p.name,
          title: p.name,
          subtitle: p.title && p.title !== p.name ? p.title : undefined,
          description: p.description,
        }))}
      />
      {prompt ? (
        <div ref={panelRef} className="grid min-w-0 scroll-mt-4 content-start gap-4">
          <PromptForm
            key={prompt.name}
            prompt={prompt}
            suggest={completions ? serverId : null}
            values={argsByPrompt[prompt.name] ?? {}}
            onValues={(v) => setArgsByPrompt((all) => ({ ...all, [prompt.name]: v }))}
            running={call.state.status === "running"}
            onGet={(args) => get(prompt.name, args)}
            onCancel={call.cancel}
          />
          {outputOf === prompt.name ? <CallOutput state={call.state} title={prompt.name} onOpenResource={onOpenResource} /> : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Choose a prompt to fill it in.</p>
      )}
    </div>
  );
}

function PromptForm(props: ArgumentFormProps & { prompt: PromptDefinition; onGet: (args: Record<string, string>) => void }) {
  const { prompt, values, running, onGet, onCancel } = props;
  const id = useId();
  const args = prompt.arguments ?? [];
  const required = useMissingValues(id, args.filter((a) => a.required && !values[a.name]?.trim()).map((a) => a.name));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (required.check()) onGet(values);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Arguments of ${prompt.name}`} className="grid gap-3">
      <header className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-mono text-lg font-semibold wrap-anywhere">{prompt.name}</h2>
          {prompt.title && prompt.title !== prompt.name ? <span className="text-sm text-muted-foreground">{prompt.title}</span> : null}
        </div>
        {prompt.description ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">{prompt.description}</p> : null}
      </header>
      {args.length === 0 ? <p className="text-sm text-muted-foreground">This prompt takes no arguments.</p> : null}
      <ArgumentFields form={props} idPrefix={id} fields={args} invalid={required.invalid} completing={{ type: "ref/prompt", name: prompt.name }} />
      <RunButtons icon={<MessageSquare aria-hidden="true" />} label="Get prompt" running={running} onCancel={onCancel} />
    </form>
  );
}

